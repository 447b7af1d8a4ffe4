import NotificationsNoneOutlinedIcon from "@mui/icons-material/NotificationsNoneOutlined";
import {
  Badge,
  Box,
  Button,
  IconButton,
  List,
  ListItemAvatar,
  ListItemButton,
  ListItemText,
  Popover,
  Tooltip,
  Typography,
} from "@mui/material";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router-dom";
import { formatRelativeDay } from "../../utils/date";
import { ContactAvatar } from "../contacts/ContactAvatar";
import { WhatsappText } from "./conversation/WhatsappText";
import type { TicketListParams } from "./ticketsApi";
import { useMessageNotifications } from "./useMessageNotifications";
import { useTicketList } from "./useTicketList";
import { useTicketsRealtime } from "./useTicketsRealtime";

/** Pending tickets the server lets this user see: every queue's for allTicket users and admins, their queues' otherwise. */
const BELL_LIST: TicketListParams = { status: "pending", showAll: true };

/**
 * The top bar's ticket bell (document 1 sections 2 and 6): the count and list
 * of pending tickets; a click opens the ticket. It lives for the whole session,
 * so it also owns the live ticket lists and the new-message alerts.
 */
export function NotificationsBell() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  useTicketsRealtime();
  useMessageNotifications();
  const pending = useTicketList(BELL_LIST);

  return (
    <>
      <Tooltip title={t("notifications.bell")}>
        <IconButton
          color="inherit"
          aria-label={t("notifications.bell")}
          aria-haspopup="dialog"
          data-testid="notifications-bell"
          onClick={(event) => setAnchor(event.currentTarget)}
        >
          <Badge badgeContent={pending.count} color="error" max={99}>
            <NotificationsNoneOutlinedIcon />
          </Badge>
        </IconButton>
      </Tooltip>
      <Popover
        open={anchor !== null}
        anchorEl={anchor}
        onClose={() => setAnchor(null)}
        anchorOrigin={{ vertical: "bottom", horizontal: "right" }}
        transformOrigin={{ vertical: "top", horizontal: "right" }}
        slotProps={{ paper: { sx: { width: 340, maxHeight: 440, display: "flex", flexDirection: "column" } } }}
      >
        <Typography variant="subtitle2" sx={{ px: 2, pt: 1.5, pb: 1 }}>
          {t("notifications.title")}
        </Typography>
        {pending.tickets.length === 0 ? (
          <Typography variant="body2" color="text.secondary" sx={{ px: 2, pb: 2 }}>
            {t("notifications.empty")}
          </Typography>
        ) : (
          <List dense sx={{ overflow: "auto", py: 0 }}>
            {pending.tickets.map((ticket) => {
              const name = ticket.contact.name || ticket.contact.number;
              return (
                <ListItemButton
                  key={ticket.id}
                  onClick={() => {
                    setAnchor(null);
                    navigate(`/tickets/${ticket.uuid}`);
                  }}
                >
                  <ListItemAvatar sx={{ minWidth: 48 }}>
                    <ContactAvatar name={name} pictureUrl={ticket.contact.profilePicUrl} size={34} />
                  </ListItemAvatar>
                  <ListItemText
                    primary={
                      <Box component="span" sx={{ display: "flex", gap: 1 }}>
                        <Box
                          component="span"
                          sx={{ flex: 1, minWidth: 0, overflow: "hidden", textOverflow: "ellipsis" }}
                        >
                          {name} #{ticket.id}
                        </Box>
                        <Typography component="span" variant="caption" color="text.secondary">
                          {formatRelativeDay(ticket.updatedAt)}
                        </Typography>
                      </Box>
                    }
                    secondary={<WhatsappText text={ticket.lastMessage} />}
                    slotProps={{ secondary: { noWrap: true } }}
                  />
                </ListItemButton>
              );
            })}
          </List>
        )}
        <Button
          size="small"
          sx={{ m: 1, alignSelf: "flex-end" }}
          onClick={() => {
            setAnchor(null);
            navigate("/tickets");
          }}
        >
          {t("notifications.viewAll")}
        </Button>
      </Popover>
    </>
  );
}
