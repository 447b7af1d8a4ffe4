import type { TemplateChoice, Ticket, TicketMessage } from "@atendo/shared";
import SendIcon from "@mui/icons-material/Send";
import { Alert, Box, Button, CircularProgress, Paper, Stack } from "@mui/material";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { toastError } from "../../../api/client";
import { TemplatePicker, templateChoiceComplete, useChosenTemplate } from "../../cloud/TemplatePicker";
import { sendTemplate } from "./conversationApi";

interface TemplateComposerProps {
  ticket: Ticket;
  onSent: (messages: TicketMessage[]) => void;
}

/**
 * What the composer becomes outside the WhatsApp Cloud API's 24-hour window: WhatsApp takes only
 * an approved template until the customer writes again, so it says why and offers the business
 * account's templates with a field per {{n}} variable and a preview.
 */
export function TemplateComposer({ ticket, onSent }: TemplateComposerProps) {
  const { t } = useTranslation();
  const whatsappId = ticket.whatsappId ?? 0;
  const [choice, setChoice] = useState<TemplateChoice | null>(null);
  const [sending, setSending] = useState(false);
  const ready = templateChoiceComplete(choice, useChosenTemplate(whatsappId, choice));

  const send = async () => {
    if (!choice || !ready) return;
    setSending(true);
    try {
      const message = await sendTemplate(ticket.id, {
        ...choice,
        variables: choice.variables.map((value) => value.trim()),
      });
      onSent([message]);
      setChoice(null);
    } catch (error) {
      toastError(error);
    } finally {
      setSending(false);
    }
  };

  return (
    <Paper square elevation={0} sx={{ borderTop: 1, borderColor: "divider", flexShrink: 0, p: 1.5 }}>
      <Stack spacing={1.5}>
        <Alert severity="info" data-testid="window-notice">
          {t("conversation.templates.outsideWindow")}
        </Alert>
        <TemplatePicker whatsappId={whatsappId} value={choice} onChange={setChoice} disabled={sending} />
        <Box sx={{ display: "flex", justifyContent: "flex-end" }}>
          <Button
            variant="contained"
            endIcon={sending ? <CircularProgress size={16} /> : <SendIcon />}
            disabled={!ready || sending}
            onClick={() => void send()}
          >
            {t("conversation.templates.send")}
          </Button>
        </Box>
      </Stack>
    </Paper>
  );
}
