import type { Ticket } from "@atendo/shared";
import { Button, Paper, Typography } from "@mui/material";
import { useTranslation } from "react-i18next";
import { useTicketActions } from "./useTicketActions";

/** The composer is closed unless the ticket is open: it asks to accept (pending) or reopen (closed). */
export function ReopenPrompt({ ticket }: { ticket: Ticket }) {
  const { t } = useTranslation();
  const { run, running } = useTicketActions(ticket);
  const action = ticket.status === "pending" ? "accept" : "reopen";
  return (
    <Paper
      square
      elevation={0}
      data-testid="composer-closed"
      sx={{
        borderTop: 1,
        borderColor: "divider",
        p: 1.5,
        display: "flex",
        alignItems: "center",
        gap: 1.5,
        flexWrap: "wrap",
        flexShrink: 0,
      }}
    >
      <Typography variant="body2" color="text.secondary" sx={{ flex: "1 1 200px" }}>
        {t("conversation.composer.reopenOrAccept")}
      </Typography>
      <Button variant="contained" size="small" disabled={running !== null} onClick={() => run(action)}>
        {t(`conversation.header.actions.${action}`)}
      </Button>
    </Paper>
  );
}
