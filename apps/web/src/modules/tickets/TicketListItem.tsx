import { SMALL_SCREEN_NAME_CHARS, type Ticket } from "@atendo/shared";
import CheckCircleOutlineIcon from "@mui/icons-material/CheckCircleOutlined";
import ReplayIcon from "@mui/icons-material/Replay";
import VisibilityOutlinedIcon from "@mui/icons-material/VisibilityOutlined";
import { Box, Button, Chip, IconButton, Tooltip, Typography } from "@mui/material";
import { type KeyboardEvent, memo } from "react";
import { useTranslation } from "react-i18next";
import { formatRelativeDay } from "../../utils/date";
import { ContactAvatar } from "../contacts/ContactAvatar";
import { WhatsappText } from "./conversation/WhatsappText";

export interface TicketItemActions {
  onOpen: (ticket: Ticket) => void;
  onAccept: (ticket: Ticket) => void;
  onClose: (ticket: Ticket) => void;
  onReopen: (ticket: Ticket) => void;
  onPeek: (ticket: Ticket) => void;
}

interface TicketListItemProps extends TicketItemActions {
  ticket: Ticket;
  selected: boolean;
  /** Admins see the peek icon. */
  canPeek: boolean;
  /** A transition of this ticket is on its way to the server. */
  busy: boolean;
  /** Small screens cut the contact name (document 1 section 2, top bar). */
  compact: boolean;
}

const NO_QUEUE_COLOR = "#9e9e9e";

function SmallChip({ label, color }: { label: string; color?: string }) {
  return (
    <Chip
      size="small"
      label={label}
      variant={color ? "filled" : "outlined"}
      sx={{
        height: 18,
        fontSize: 11,
        maxWidth: 120,
        ...(color ? { bgcolor: color, color: (theme) => theme.palette.getContrastText(color) } : {}),
      }}
    />
  );
}

/**
 * One row of the ticket list (document 1 section 2): queue colour bar, avatar,
 * name with #id, last message, connection/user/queue/tag chips, unread badge,
 * time, and the buttons of its status. Pending tickets open only by accepting.
 */
export const TicketListItem = memo(function TicketListItem({
  ticket,
  selected,
  canPeek,
  busy,
  compact,
  onOpen,
  onAccept,
  onClose,
  onReopen,
  onPeek,
}: TicketListItemProps) {
  const { t } = useTranslation();
  const pending = ticket.status === "pending";
  const unread = selected ? 0 : ticket.unreadMessages;
  const name = ticket.contact.name || ticket.contact.number;
  const shownName =
    compact && name.length > SMALL_SCREEN_NAME_CHARS ? `${name.slice(0, SMALL_SCREEN_NAME_CHARS)}…` : name;
  const open = () => {
    if (!pending) onOpen(ticket);
  };
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === "Enter" || event.key === " ") {
      event.preventDefault();
      open();
    }
  };

  return (
    <Box
      data-testid={`ticket-item-${ticket.id}`}
      sx={{
        display: "flex",
        alignItems: "stretch",
        borderBottom: 1,
        borderColor: "divider",
        bgcolor: selected ? "action.selected" : "background.paper",
        "&:hover": { bgcolor: selected ? "action.selected" : "action.hover" },
      }}
    >
      <Box sx={{ width: 5, flexShrink: 0, bgcolor: ticket.queue?.color ?? NO_QUEUE_COLOR }} aria-hidden />
      <Box
        role="button"
        tabIndex={pending ? -1 : 0}
        aria-disabled={pending}
        aria-current={selected ? "true" : undefined}
        aria-label={`${name} #${ticket.id}`}
        onClick={open}
        onKeyDown={onKeyDown}
        sx={{
          flex: 1,
          minWidth: 0,
          display: "flex",
          gap: 1.25,
          px: 1.25,
          py: 1,
          cursor: pending ? "default" : "pointer",
          outline: "none",
          "&:focus-visible": { boxShadow: (theme) => `inset 0 0 0 2px ${theme.palette.primary.main}` },
        }}
      >
        <ContactAvatar name={name} pictureUrl={ticket.contact.profilePicUrl} size={40} sx={{ mt: 0.25 }} />
        <Box sx={{ flex: 1, minWidth: 0 }}>
          <Box sx={{ display: "flex", alignItems: "baseline", gap: 0.75 }}>
            <Typography variant="body2" noWrap sx={{ fontWeight: 600, minWidth: 0 }}>
              {shownName}
            </Typography>
            <Typography variant="caption" color="text.secondary" sx={{ flexShrink: 0 }}>
              #{ticket.id}
            </Typography>
            <Typography
              variant="caption"
              color={unread > 0 ? "success.main" : "text.secondary"}
              sx={{ ml: "auto", flexShrink: 0 }}
            >
              {formatRelativeDay(ticket.updatedAt)}
            </Typography>
          </Box>
          <Box sx={{ display: "flex", alignItems: "center", gap: 1, minHeight: 22 }}>
            <Typography variant="body2" color="text.secondary" noWrap sx={{ flex: 1, minWidth: 0 }}>
              {/* One line: noWrap folds the message's line breaks into spaces. */}
              {ticket.lastMessage ? <WhatsappText text={ticket.lastMessage} /> : t("ticketsList.noMessage")}
            </Typography>
            {/* The ticket on screen is being read: its new messages are not news (the conversation marks them read). */}
            {unread > 0 ? (
              <Box
                component="span"
                aria-label={t("ticketsList.unread", { count: unread })}
                sx={{
                  flexShrink: 0,
                  minWidth: 20,
                  height: 20,
                  px: 0.75,
                  borderRadius: 10,
                  bgcolor: "success.main",
                  color: "success.contrastText",
                  fontSize: 12,
                  fontWeight: 600,
                  display: "inline-flex",
                  alignItems: "center",
                  justifyContent: "center",
                }}
              >
                {unread > 999 ? "999+" : unread}
              </Box>
            ) : null}
          </Box>
          <Box sx={{ display: "flex", gap: 0.5, mt: 0.25, overflow: "hidden", flexWrap: "nowrap" }}>
            {ticket.whatsapp ? <SmallChip label={ticket.whatsapp.name} /> : null}
            {ticket.user ? <SmallChip label={ticket.user.name} /> : null}
            <SmallChip
              label={ticket.queue?.name ?? t("ticketsManager.noQueue")}
              color={ticket.queue?.color ?? NO_QUEUE_COLOR}
            />
            {ticket.tags.map((tag) => (
              <SmallChip key={tag.id} label={tag.name} color={tag.color} />
            ))}
          </Box>
        </Box>
      </Box>
      <Box sx={{ display: "flex", flexDirection: "column", justifyContent: "center", gap: 0.25, pr: 0.75 }}>
        {pending ? (
          <Button size="small" variant="contained" disabled={busy} onClick={() => onAccept(ticket)}>
            {t("ticketsList.buttons.accept")}
          </Button>
        ) : null}
        <Box sx={{ display: "flex", justifyContent: "flex-end" }}>
          {ticket.status === "closed" ? (
            <Tooltip title={t("ticketsList.buttons.reopen")}>
              <span>
                <IconButton
                  size="small"
                  aria-label={t("ticketsList.buttons.reopen")}
                  disabled={busy}
                  onClick={() => onReopen(ticket)}
                >
                  <ReplayIcon fontSize="small" />
                </IconButton>
              </span>
            </Tooltip>
          ) : (
            <Tooltip title={t("ticketsList.buttons.close")}>
              <span>
                <IconButton
                  size="small"
                  aria-label={t("ticketsList.buttons.close")}
                  disabled={busy}
                  onClick={() => onClose(ticket)}
                >
                  <CheckCircleOutlineIcon fontSize="small" />
                </IconButton>
              </span>
            </Tooltip>
          )}
          {canPeek ? (
            <Tooltip title={t("ticketsList.buttons.peek")}>
              <IconButton size="small" aria-label={t("ticketsList.buttons.peek")} onClick={() => onPeek(ticket)}>
                <VisibilityOutlinedIcon fontSize="small" />
              </IconButton>
            </Tooltip>
          ) : null}
        </Box>
      </Box>
    </Box>
  );
});
