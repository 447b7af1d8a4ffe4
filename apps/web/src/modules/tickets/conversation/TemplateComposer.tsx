import { type CloudTemplate, renderTemplate, type Ticket, type TicketMessage } from "@atendo/shared";
import SendIcon from "@mui/icons-material/Send";
import { Alert, Box, Button, CircularProgress, MenuItem, Paper, Stack, TextField, Typography } from "@mui/material";
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { toastError } from "../../../api/client";
import { fetchTemplates, sendTemplate } from "./conversationApi";

interface TemplateComposerProps {
  ticket: Ticket;
  onSent: (messages: TicketMessage[]) => void;
}

const templateKey = (template: CloudTemplate) => `${template.name}|${template.language}`;

/**
 * What the composer becomes outside the WhatsApp Cloud API's 24-hour window: WhatsApp takes only
 * an approved template until the customer writes again, so it says why and offers the business
 * account's templates with a field per {{n}} variable and a preview.
 */
export function TemplateComposer({ ticket, onSent }: TemplateComposerProps) {
  const { t } = useTranslation();
  const whatsappId = ticket.whatsappId ?? 0;
  const templates = useQuery({
    queryKey: ["whatsapp", whatsappId, "templates"],
    queryFn: ({ signal }) => fetchTemplates(whatsappId, signal),
    enabled: whatsappId > 0,
  });
  const [chosen, setChosen] = useState("");
  const [variables, setVariables] = useState<string[]>([]);
  const [sending, setSending] = useState(false);
  const template = templates.data?.templates.find((candidate) => templateKey(candidate) === chosen);
  const ready = template && variables.length === template.variables && variables.every((value) => value.trim());

  const send = async () => {
    if (!template || !ready) return;
    setSending(true);
    try {
      const message = await sendTemplate(ticket.id, {
        name: template.name,
        language: template.language,
        variables: variables.map((value) => value.trim()),
      });
      onSent([message]);
      setChosen("");
      setVariables([]);
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
        <TextField
          select
          size="small"
          id="composer-template"
          label={t("conversation.templates.choose")}
          value={chosen}
          onChange={(event) => {
            setChosen(event.target.value);
            const next = templates.data?.templates.find((candidate) => templateKey(candidate) === event.target.value);
            setVariables(Array.from({ length: next?.variables ?? 0 }, () => ""));
          }}
          helperText={
            templates.isError
              ? t("conversation.templates.loadError")
              : templates.data?.templates.length === 0
                ? t("conversation.templates.none")
                : undefined
          }
        >
          {(templates.data?.templates ?? []).map((option) => (
            <MenuItem key={templateKey(option)} value={templateKey(option)}>
              {option.name} ({option.language})
            </MenuItem>
          ))}
        </TextField>
        {template && (
          <>
            {variables.map((value, index) => (
              <TextField
                // biome-ignore lint/suspicious/noArrayIndexKey: a variable is its position ({{1}}, {{2}}...)
                key={index}
                size="small"
                label={t("conversation.templates.variable", { n: index + 1 })}
                value={value}
                onChange={(event) =>
                  setVariables((current) => current.map((old, at) => (at === index ? event.target.value : old)))
                }
              />
            ))}
            <Box sx={{ bgcolor: "action.hover", borderRadius: 1, p: 1 }}>
              <Typography variant="caption" color="text.secondary">
                {t("conversation.templates.preview")}
              </Typography>
              <Typography variant="body2" sx={{ whiteSpace: "pre-wrap" }}>
                {renderTemplate(template.body, variables)}
              </Typography>
            </Box>
          </>
        )}
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
