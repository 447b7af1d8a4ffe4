import type { Ticket } from "@atendo/shared";
import MoreVertIcon from "@mui/icons-material/MoreVert";
import ReplayIcon from "@mui/icons-material/Replay";
import UndoIcon from "@mui/icons-material/Undo";
import { Box, Button, ButtonBase, CircularProgress, IconButton, Paper, Tooltip, Typography } from "@mui/material";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { ContactAvatar } from "../../contacts/ContactAvatar";
import { TagsSelector } from "./TagsSelector";
import { TicketOptionsMenu } from "./TicketOptionsMenu";
import { type TicketAction, useTicketActions } from "./useTicketActions";

interface TicketHeaderProps {
  ticket: Ticket;
  onOpenContact: () => void;
  onOpenNotes: () => void;
}

/** Which transitions a status offers (document 1 section 4). */
const ACTIONS_BY_STATUS: Record<Ticket["status"], TicketAction[]> = {
  pending: ["accept", "resolve"],
  open: ["return", "resolve"],
  closed: ["reopen"],
};

export function TicketHeader({ ticket, onOpenContact, onOpenNotes }: TicketHeaderProps) {
  const { t } = useTranslation();
  const { run, running } = useTicketActions(ticket);
  const [menuAnchor, setMenuAnchor] = useState<HTMLElement | null>(null);
  const { contact } = ticket;

  return (
    <Paper
      square
      elevation={0}
      sx={{ borderBottom: 1, borderColor: "divider", px: { xs: 1, sm: 2 }, py: 1, flexShrink: 0 }}
    >
      <Box sx={{ display: "flex", alignItems: "center", gap: 1, flexWrap: "wrap" }}>
        <ButtonBase
          onClick={onOpenContact}
          aria-label={t("conversation.header.openContact")}
          data-testid="ticket-contact"
          sx={{
            display: "flex",
            alignItems: "center",
            justifyContent: "flex-start",
            gap: 1.5,
            borderRadius: 1,
            p: 0.5,
            minWidth: 0,
            flex: "1 1 180px",
          }}
        >
          <ContactAvatar name={contact.name} pictureUrl={contact.profilePicUrl} alt={contact.name} />
          <Box sx={{ minWidth: 0, textAlign: "left" }}>
            <Typography variant="subtitle1" noWrap sx={{ fontWeight: 600 }}>
              {contact.name}{" "}
              <Typography component="span" variant="caption" color="text.secondary">
                #{ticket.id}
              </Typography>
            </Typography>
            <Typography variant="caption" color="text.secondary" noWrap component="div">
              {contact.number}
              {ticket.user ? ` · ${t("conversation.header.assignedTo", { name: ticket.user.name })}` : ""}
              {ticket.queue ? ` · ${ticket.queue.name}` : ""}
            </Typography>
          </Box>
        </ButtonBase>
        <Box sx={{ display: "flex", alignItems: "center", gap: 1, flexWrap: "wrap", justifyContent: "flex-end" }}>
          {ACTIONS_BY_STATUS[ticket.status].map((action) => (
            <ActionButton key={action} action={action} running={running} onClick={() => run(action)} />
          ))}
          <Tooltip title={t("conversation.header.options")}>
            <IconButton
              aria-label={t("conversation.header.options")}
              aria-haspopup="menu"
              onClick={(event) => setMenuAnchor(event.currentTarget)}
            >
              <MoreVertIcon />
            </IconButton>
          </Tooltip>
        </Box>
      </Box>
      <TagsSelector ticket={ticket} />
      <TicketOptionsMenu
        ticket={ticket}
        anchor={menuAnchor}
        onClose={() => setMenuAnchor(null)}
        onOpenNotes={onOpenNotes}
      />
    </Paper>
  );
}

function ActionButton({
  action,
  running,
  onClick,
}: {
  action: TicketAction;
  running: TicketAction | null;
  onClick: () => void;
}) {
  const { t } = useTranslation();
  const busy = running === action;
  const icon = busy ? (
    <CircularProgress size={16} color="inherit" />
  ) : action === "return" ? (
    <UndoIcon />
  ) : action === "reopen" ? (
    <ReplayIcon />
  ) : undefined;
  const primary = action === "accept" || action === "resolve" || action === "reopen";
  return (
    <Button
      size="small"
      variant={primary ? "contained" : "outlined"}
      color={action === "resolve" ? "success" : "primary"}
      disabled={running !== null}
      startIcon={icon}
      onClick={onClick}
      data-testid={`ticket-action-${action}`}
    >
      {t(`conversation.header.actions.${action}`)}
    </Button>
  );
}
