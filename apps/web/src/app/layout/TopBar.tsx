import { can } from "@atendo/shared";
import DarkModeOutlinedIcon from "@mui/icons-material/DarkModeOutlined";
import LightModeOutlinedIcon from "@mui/icons-material/LightModeOutlined";
import LogoutIcon from "@mui/icons-material/Logout";
import MenuIcon from "@mui/icons-material/Menu";
import PersonOutlineIcon from "@mui/icons-material/PersonOutlined";
import RefreshIcon from "@mui/icons-material/Refresh";
import {
  AppBar,
  Avatar,
  Box,
  Divider,
  IconButton,
  ListItemIcon,
  ListItemText,
  Menu,
  MenuItem,
  Toolbar,
  Tooltip,
  Typography,
} from "@mui/material";
import { lazy, Suspense, useState } from "react";
import { useTranslation } from "react-i18next";
import { LanguageMenu } from "../../components/LanguageMenu";
import { AnnouncementsPopover } from "../../modules/announcements/AnnouncementsPopover";
import { ChatsPopover } from "../../modules/chats/ChatsPopover";
import { NotificationsBell } from "../../modules/tickets/NotificationsBell";
import { useThemeMode } from "../../theme/ThemeModeProvider";
import { useOpenedOnce } from "../../utils/useOpenedOnce";
import { useSession } from "../session";
import { DueDateChip } from "./DueDateChip";
import { VolumeControl } from "./VolumeControl";

// The profile form is fetched when first opened.
const UserModal = lazy(() => import("../../modules/users/UserModal"));

export function TopBar({ onToggleDrawer }: { onToggleDrawer: () => void }) {
  const { t } = useTranslation();
  const { user, logout, refreshUser } = useSession();
  const { mode, toggleMode } = useThemeMode();
  const [accountAnchor, setAccountAnchor] = useState<HTMLElement | null>(null);
  const [profileOpen, setProfileOpen] = useState(false);
  const profileMounted = useOpenedOnce(profileOpen);
  if (!user) return null;

  const showDueDate = can(user.profile, "drawer-admin-items:view") && Boolean(user.company.dueDate);

  return (
    <AppBar position="sticky" color="primary" elevation={0} sx={{ borderBottom: 1, borderColor: "divider" }}>
      <Toolbar sx={{ gap: 1, minHeight: { xs: 56, sm: 64 } }}>
        <Tooltip title={t("mainDrawer.toggle")}>
          <IconButton edge="start" color="inherit" aria-label={t("mainDrawer.toggle")} onClick={onToggleDrawer}>
            <MenuIcon />
          </IconButton>
        </Tooltip>
        <Box sx={{ flex: 1, minWidth: 0, display: "flex", alignItems: "center", gap: 1.5 }}>
          <Typography
            component="p"
            variant="subtitle1"
            noWrap
            // On a phone the top bar's buttons leave the greeting a few letters ("O…"): it goes.
            sx={{ fontWeight: 500, minWidth: 0, display: { xs: "none", sm: "block" } }}
            data-testid="greeting"
          >
            {t("mainHeader.greeting", { user: user.name, company: user.company.name })}
          </Typography>
          {showDueDate ? <DueDateChip dueDate={user.company.dueDate} /> : null}
        </Box>

        <NotificationsBell />
        <AnnouncementsPopover />
        <ChatsPopover />
        <LanguageMenu persist />
        <Tooltip title={mode === "light" ? t("userMenu.darkMode") : t("userMenu.lightMode")}>
          <IconButton color="inherit" aria-label={t("userMenu.toggleTheme")} onClick={toggleMode}>
            {mode === "light" ? <DarkModeOutlinedIcon /> : <LightModeOutlinedIcon />}
          </IconButton>
        </Tooltip>
        <Box sx={{ display: { xs: "none", sm: "inline-flex" } }}>
          <VolumeControl />
        </Box>
        <Tooltip title={t("userMenu.refresh")}>
          <IconButton
            color="inherit"
            aria-label={t("userMenu.refresh")}
            onClick={() => window.location.reload()}
            sx={{ display: { xs: "none", sm: "inline-flex" } }}
          >
            <RefreshIcon />
          </IconButton>
        </Tooltip>
        <Tooltip title={t("userMenu.account")}>
          <IconButton
            color="inherit"
            aria-label={t("userMenu.account")}
            aria-haspopup="menu"
            aria-controls={accountAnchor ? "account-menu" : undefined}
            aria-expanded={accountAnchor ? "true" : undefined}
            onClick={(event) => setAccountAnchor(event.currentTarget)}
          >
            <Avatar sx={{ width: 32, height: 32, fontSize: 15, bgcolor: "rgba(0,0,0,0.12)", color: "inherit" }}>
              {user.name.charAt(0).toUpperCase()}
            </Avatar>
          </IconButton>
        </Tooltip>
        <Menu
          id="account-menu"
          anchorEl={accountAnchor}
          open={Boolean(accountAnchor)}
          onClose={() => setAccountAnchor(null)}
          anchorOrigin={{ vertical: "bottom", horizontal: "right" }}
          transformOrigin={{ vertical: "top", horizontal: "right" }}
        >
          <Box sx={{ px: 2, py: 1, maxWidth: 260 }}>
            <Typography variant="subtitle2" noWrap>
              {user.name}
            </Typography>
            <Typography variant="body2" color="text.secondary" noWrap>
              {user.email}
            </Typography>
          </Box>
          <Divider />
          <MenuItem
            onClick={() => {
              setAccountAnchor(null);
              setProfileOpen(true);
            }}
          >
            <ListItemIcon>
              <PersonOutlineIcon fontSize="small" />
            </ListItemIcon>
            <ListItemText>{t("userMenu.profile")}</ListItemText>
          </MenuItem>
          <MenuItem
            onClick={() => {
              setAccountAnchor(null);
              window.location.reload();
            }}
            sx={{ display: { xs: "flex", sm: "none" } }}
          >
            <ListItemIcon>
              <RefreshIcon fontSize="small" />
            </ListItemIcon>
            <ListItemText>{t("userMenu.refresh")}</ListItemText>
          </MenuItem>
          <MenuItem
            onClick={() => {
              setAccountAnchor(null);
              void logout();
            }}
          >
            <ListItemIcon>
              <LogoutIcon fontSize="small" />
            </ListItemIcon>
            <ListItemText>{t("userMenu.logout")}</ListItemText>
          </MenuItem>
        </Menu>
      </Toolbar>
      {profileMounted ? (
        <Suspense fallback={null}>
          <UserModal
            open={profileOpen}
            userId={user.id}
            onClose={() => setProfileOpen(false)}
            onSaved={() => void refreshUser()}
          />
        </Suspense>
      ) : null}
    </AppBar>
  );
}
