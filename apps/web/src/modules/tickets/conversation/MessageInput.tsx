import { COMPOSER_MAX_ROWS, type Ticket, type TicketMessage } from "@atendo/shared";
import MicIcon from "@mui/icons-material/Mic";
import SendIcon from "@mui/icons-material/Send";
import {
  Box,
  CircularProgress,
  FormControlLabel,
  IconButton,
  Paper,
  Switch,
  TextField,
  Typography,
} from "@mui/material";
import { useQuery } from "@tanstack/react-query";
import { type KeyboardEvent, useEffect } from "react";
import { useTranslation } from "react-i18next";
import { AttachButton } from "./AttachButton";
import { AttachmentChips } from "./AttachmentChips";
import { fetchSendWindow } from "./conversationApi";
import { EmojiButton } from "./EmojiButton";
import { QuickAnswersList } from "./QuickAnswersList";
import { RecordingBar } from "./RecordingBar";
import { ReopenPrompt } from "./ReopenPrompt";
import { ReplyBar } from "./ReplyBar";
import { TemplateComposer } from "./TemplateComposer";
import { useAttachments } from "./useAttachments";
import { useAudioRecorder } from "./useAudioRecorder";
import { useComposerSend } from "./useComposerSend";
import { useComposerText } from "./useComposerText";
import { useQuickAnswerSuggestions } from "./useQuickAnswerSuggestions";
import { useSignOption } from "./useSignOption";

interface MessageInputProps {
  ticket: Ticket;
  replyTo: TicketMessage | null;
  onCancelReply: () => void;
  onSent: (messages: TicketMessage[]) => void;
}

export function MessageInput({ ticket, replyTo, onCancelReply, onSent }: MessageInputProps) {
  // The WhatsApp Cloud API takes free text only within 24 hours of the customer's last message.
  const sendWindow = useQuery({
    queryKey: ["tickets", ticket.id, "send-window"],
    queryFn: ({ signal }) => fetchSendWindow(ticket.id, signal),
    enabled: ticket.status === "open",
    refetchInterval: 60_000,
  });
  if (ticket.status !== "open") return <ReopenPrompt ticket={ticket} />;
  if (sendWindow.data?.requiresTemplate) return <TemplateComposer key={ticket.id} ticket={ticket} onSent={onSent} />;
  // Keyed by ticket: another ticket starts with an empty composer.
  return <Composer key={ticket.id} ticket={ticket} replyTo={replyTo} onCancelReply={onCancelReply} onSent={onSent} />;
}

function Composer({ ticket, replyTo, onCancelReply, onSent }: MessageInputProps) {
  const { t } = useTranslation();
  const { text, setText, inputRef, focusInput, insertAtCaret } = useComposerText();
  const attachments = useAttachments();
  const [sign, toggleSign] = useSignOption();
  const quickAnswers = useQuickAnswerSuggestions(text, (answer) => {
    setText(answer.message);
    focusInput();
  });
  const { send, sending, sendRecording } = useComposerSend({
    ticketId: ticket.id,
    replyTo,
    text,
    files: attachments.files,
    sign,
    onSent,
    setText,
    clearFiles: attachments.clear,
    onCancelReply,
    focusInput,
  });
  const recorder = useAudioRecorder(sendRecording);

  useEffect(() => {
    if (replyTo) focusInput();
  }, [replyTo, focusInput]);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (quickAnswers.onKeyDown(event)) return;
    if (event.key === "Enter" && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      void send();
    }
  };

  const canSend = !!text.trim() || attachments.files.length > 0;

  return (
    <Paper square elevation={0} sx={{ borderTop: 1, borderColor: "divider", flexShrink: 0, position: "relative" }}>
      <QuickAnswersList
        suggestions={quickAnswers.suggestions}
        highlighted={quickAnswers.highlighted}
        onPick={quickAnswers.pick}
      />
      {replyTo ? <ReplyBar replyTo={replyTo} contactName={ticket.contact.name} onCancel={onCancelReply} /> : null}
      <AttachmentChips attachments={attachments.attachments} onRemove={attachments.remove} />
      <Box sx={{ display: "flex", alignItems: "flex-end", gap: 0.5, p: 1 }}>
        {recorder.state !== "idle" ? (
          <RecordingBar
            encoding={recorder.state === "encoding"}
            seconds={recorder.seconds}
            onCancel={recorder.cancel}
            onSend={recorder.send}
          />
        ) : (
          <>
            <EmojiButton onPick={insertAtCaret} />
            <AttachButton onPick={attachments.add} />
            <TextField
              inputRef={inputRef}
              value={text}
              onChange={(event) => {
                setText(event.target.value);
                quickAnswers.reset();
              }}
              onKeyDown={onKeyDown}
              onPaste={attachments.onPaste}
              multiline
              maxRows={COMPOSER_MAX_ROWS}
              fullWidth
              size="small"
              placeholder={t("conversation.composer.placeholder")}
              slotProps={{ htmlInput: { "aria-label": t("conversation.composer.label") } }}
              sx={{ flex: 1, "& .MuiInputBase-root": { borderRadius: 3 } }}
            />
            {canSend ? (
              <IconButton
                aria-label={t("conversation.composer.send")}
                color="primary"
                onClick={() => void send()}
                disabled={sending}
              >
                {sending ? <CircularProgress size={20} /> : <SendIcon />}
              </IconButton>
            ) : (
              <IconButton aria-label={t("conversation.composer.record")} onClick={() => void recorder.start()}>
                <MicIcon />
              </IconButton>
            )}
          </>
        )}
      </Box>
      <Box sx={{ px: 1.5, pb: 0.5, mt: -0.75 }}>
        <FormControlLabel
          control={<Switch size="small" checked={sign} onChange={(event) => toggleSign(event.target.checked)} />}
          label={<Typography variant="caption">{t("conversation.composer.sign")}</Typography>}
        />
      </Box>
    </Paper>
  );
}
