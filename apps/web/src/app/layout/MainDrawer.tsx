import { APP_VERSION } from "@atendo/shared";
import ChevronLeftIcon from "@mui/icons-material/ChevronLeft";
import ExpandLessIcon from "@mui/icons-material/ExpandLess";
import ExpandMoreIcon from "@mui/icons-material/ExpandMore";
import PriorityHighIcon from "@mui/icons-material/PriorityHigh";
import {
  Badge,
  Box,
  Collapse,
  Divider,
  Drawer,
  IconButton,
  List,
  ListItemButton,
  ListItemIcon,
  ListItemText,
  ListSubheader,
  Toolbar,
  Tooltip,
  Typography,
} from "@mui/material";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link as RouterLink, useLocation } from "react-router-dom";
import { hasCampaignsEntry } from "../../api/credentials";
import { Logo, LogoMark } from "../../components/Logo";
import { useConnectionsAlert } from "../../modules/connections/useConnectionsAlert";
import { useSimulatorEnabled } from "../../modules/simulator/useSimulatorStatus";
import { useSession } from "../session";
import { usePlan } from "../usePlan";
import { adminEntries, isGroup, type MenuEntry, type MenuGroup, type MenuLink, mainEntries } from "./menu";

const DRAWER_WIDTH = 260;
const DRAWER_MINI_WIDTH = 72;

function isActive(pathname: string, to: string): boolean {
  if (to === "/") return pathname === "/";
  return pathname === to || pathname.startsWith(`${to}/`);
}

interface ItemProps {
  entry: MenuLink;
  expanded: boolean;
  nested?: boolean;
  alert?: boolean;
  onNavigate: () => void;
}

function DrawerLink({ entry, expanded, nested, alert, onNavigate }: ItemProps) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const label = t(entry.labelKey);
  const showAlert = entry.badge === "connections" && alert;
  const icon = showAlert ? (
    <Badge
      color="error"
      overlap="circular"
      badgeContent={<PriorityHighIcon sx={{ fontSize: 12 }} />}
      title={t("mainDrawer.connectionsAlert")}
    >
      {entry.icon}
    </Badge>
  ) : (
    entry.icon
  );
  return (
    <Tooltip title={expanded ? "" : label} placement="right" disableInteractive>
      <ListItemButton
        component={RouterLink}
        to={entry.to}
        onClick={onNavigate}
        selected={isActive(pathname, entry.to)}
        aria-label={label}
        aria-current={isActive(pathname, entry.to) ? "page" : undefined}
        data-testid={`menu-${entry.id}`}
        sx={{
          minHeight: 44,
          mx: 1,
          my: 0.25,
          borderRadius: 2,
          pl: nested && expanded ? 4 : 2,
          "&.Mui-selected": {
            bgcolor: (theme) => (theme.palette.mode === "light" ? "rgba(255, 196, 0, 0.22)" : "rgba(255,255,255,0.12)"),
            fontWeight: 700,
          },
        }}
      >
        <ListItemIcon sx={{ minWidth: 40, color: "inherit" }}>{icon}</ListItemIcon>
        <ListItemText
          primary={label}
          sx={{ opacity: expanded ? 1 : 0, whiteSpace: "nowrap", transition: "opacity 150ms" }}
          slotProps={{ primary: { noWrap: true } }}
        />
      </ListItemButton>
    </Tooltip>
  );
}

function DrawerGroup({
  entry,
  expanded,
  onExpand,
  onNavigate,
}: {
  entry: MenuGroup;
  expanded: boolean;
  onExpand: () => void;
  onNavigate: () => void;
}) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const containsActive = entry.children.some((child) => isActive(pathname, child.to));
  const [open, setOpen] = useState(containsActive);
  const label = t(entry.labelKey);
  const listId = `menu-group-${entry.id}`;
  return (
    <>
      <Tooltip title={expanded ? "" : label} placement="right" disableInteractive>
        <ListItemButton
          onClick={() => {
            if (!expanded) {
              onExpand();
              setOpen(true);
            } else setOpen((value) => !value);
          }}
          aria-label={label}
          aria-expanded={open && expanded}
          aria-controls={listId}
          data-testid={`menu-${entry.id}`}
          sx={{ minHeight: 44, mx: 1, my: 0.25, borderRadius: 2 }}
        >
          <ListItemIcon sx={{ minWidth: 40, color: "inherit" }}>{entry.icon}</ListItemIcon>
          <ListItemText primary={label} sx={{ opacity: expanded ? 1 : 0, whiteSpace: "nowrap" }} />
          {expanded ? open ? <ExpandLessIcon /> : <ExpandMoreIcon /> : null}
        </ListItemButton>
      </Tooltip>
      <Collapse in={open && expanded} timeout="auto" unmountOnExit>
        <List id={listId} disablePadding>
          {entry.children.map((child) => (
            <DrawerLink key={child.id} entry={child} expanded={expanded} nested onNavigate={onNavigate} />
          ))}
        </List>
      </Collapse>
    </>
  );
}

interface MainDrawerProps {
  open: boolean;
  temporary: boolean;
  onOpen: () => void;
  onClose: () => void;
}

/** The side menu: temporary below 600 px, a mini drawer that expands elsewhere. */
export function MainDrawer({ open, temporary, onOpen, onClose }: MainDrawerProps) {
  const { t } = useTranslation();
  const { user } = useSession();
  const { data: plan } = usePlan();
  const alert = useConnectionsAlert();
  const simulator = useSimulatorEnabled();
  if (!user) return null;

  const context = { user, plan, campaignsEntry: hasCampaignsEntry(), simulator };
  const main = mainEntries(context);
  const admin = adminEntries(context);
  const expanded = temporary || open;
  const onNavigate = () => {
    if (temporary) onClose();
  };

  const renderEntry = (entry: MenuEntry) =>
    isGroup(entry) ? (
      <DrawerGroup key={entry.id} entry={entry} expanded={expanded} onExpand={onOpen} onNavigate={onNavigate} />
    ) : (
      <DrawerLink key={entry.id} entry={entry} expanded={expanded} alert={alert} onNavigate={onNavigate} />
    );

  const content = (
    <Box sx={{ display: "flex", flexDirection: "column", height: "100%" }}>
      <Toolbar sx={{ justifyContent: expanded ? "space-between" : "center", px: expanded ? 2 : 1 }} disableGutters>
        {expanded ? <Logo size={30} /> : <LogoMark size={30} />}
        {expanded ? (
          <IconButton aria-label={t("mainDrawer.close")} onClick={onClose} size="small">
            <ChevronLeftIcon />
          </IconButton>
        ) : null}
      </Toolbar>
      <Divider />
      <Box
        component="nav"
        aria-label={t("mainDrawer.navigation")}
        sx={{ flex: 1, overflowY: "auto", overflowX: "hidden", py: 1 }}
      >
        <List disablePadding>{main.map(renderEntry)}</List>
        {admin.length > 0 ? (
          <List
            disablePadding
            aria-label={t("mainDrawer.listItems.administration")}
            subheader={
              expanded ? (
                <ListSubheader
                  component="div"
                  disableSticky
                  sx={{ bgcolor: "transparent", lineHeight: "36px", mt: 1, fontWeight: 700, letterSpacing: 0.4 }}
                >
                  {t("mainDrawer.listItems.administration")}
                </ListSubheader>
              ) : (
                <Divider sx={{ my: 1 }} />
              )
            }
          >
            {admin.map(renderEntry)}
          </List>
        ) : null}
      </Box>
      <Divider />
      <Typography
        variant="caption"
        color="text.secondary"
        sx={{ textAlign: "center", py: 1.25 }}
        data-testid="app-version"
      >
        {expanded ? t("common.version", { version: APP_VERSION }) : `v${APP_VERSION}`}
      </Typography>
    </Box>
  );

  if (temporary) {
    return (
      <Drawer
        variant="temporary"
        open={open}
        onClose={onClose}
        ModalProps={{ keepMounted: true }}
        sx={{ "& .MuiDrawer-paper": { width: DRAWER_WIDTH, boxSizing: "border-box" } }}
      >
        {content}
      </Drawer>
    );
  }

  const width = open ? DRAWER_WIDTH : DRAWER_MINI_WIDTH;
  return (
    <Drawer
      variant="permanent"
      open={open}
      sx={{
        width,
        flexShrink: 0,
        transition: (theme) => theme.transitions.create("width"),
        "& .MuiDrawer-paper": {
          width,
          boxSizing: "border-box",
          overflowX: "hidden",
          transition: (theme) => theme.transitions.create("width"),
        },
      }}
    >
      {content}
    </Drawer>
  );
}
