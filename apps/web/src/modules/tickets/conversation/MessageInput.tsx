import {
  COMPOSER_MAX_ROWS,
  type QuickMessage,
  STORAGE_KEYS,
  type Ticket,
  type TicketMessage,
  TOAST_DURATION_MS,
} from "@atendo/shared";
import AttachFileIcon from "@mui/icons-material/AttachFile";
import CancelIcon from "@mui/icons-material/Cancel";
import CheckCircleIcon from "@mui/icons-material/CheckCircle";
import CloseIcon from "@mui/icons-material/Close";
import InsertEmoticonIcon from "@mui/icons-material/InsertEmoticon";
import MicIcon from "@mui/icons-material/Mic";
import SendIcon from "@mui/icons-material/Send";
import {
  Box,
  Button,
  Chip,
  CircularProgress,
  FormControlLabel,
  IconButton,
  List,
  ListItemButton,
  ListItemText,
  Paper,
  Popover,
  Switch,
  TextField,
  Tooltip,
  Typography,
} from "@mui/material";
import { useQuery } from "@tanstack/react-query";
import {
  type ClipboardEvent,
  type KeyboardEvent,
  lazy,
  Suspense,
  useCallback,
  useEffect,
  useMemo,
  useRef,
  useState,
} from "react";
import { useTranslation } from "react-i18next";
import { toast } from "react-toastify";
import { toastError } from "../../../api/client";
import { useSession } from "../../../app/session";
import { ACCEPTED_FILE_TYPES, checkFiles, type FileRefusal, formatMegabytes, signedBody } from "./composerRules";
import { conversationKeys, fetchQuickMessages, sendMediaMessages, sendTextMessage } from "./conversationApi";
import { matchQuickAnswers, quickAnswerPreview } from "./quickAnswers";
import { formatDuration, useAudioRecorder } from "./useAudioRecorder";
import { useTicketActions } from "./useTicketActions";

const EmojiPicker = lazy(() => import("./EmojiPicker"));

interface MessageInputProps {
  ticket: Ticket;
  replyTo: TicketMessage | null;
  onCancelReply: () => void;
  onSent: (messages: TicketMessage[]) => void;
}

/** A picked file with a stable key for its preview chip. */
interface Attachment {
  key: string;
  file: File;
}

let attachmentCounter = 0;
const nextAttachmentKey = () => {
  attachmentCounter += 1;
  return `attachment-${attachmentCounter}`;
};

function readSignOption(): boolean {
  return localStorage.getItem(STORAGE_KEYS.signOption) !== "false";
}

export function MessageInput({ ticket, replyTo, onCancelReply, onSent }: MessageInputProps) {
  if (ticket.status !== "open") return <ReopenPrompt ticket={ticket} />;
  // Keyed by ticket: another ticket starts with an empty composer.
  return <Composer key={ticket.id} ticket={ticket} replyTo={replyTo} onCancelReply={onCancelReply} onSent={onSent} />;
}

/** The composer is closed unless the ticket is open: it asks to accept (pending) or reopen (closed). */
function ReopenPrompt({ ticket }: { ticket: Ticket }) {
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

function Composer({ ticket, replyTo, onCancelReply, onSent }: MessageInputProps) {
  const { t } = useTranslation();
  const { user } = useSession();
  const [text, setText] = useState("");
  const [attachments, setAttachments] = useState<Attachment[]>([]);
  const files = attachments.map((attachment) => attachment.file);
  const [sending, setSending] = useState(false);
  const [sign, setSign] = useState(readSignOption);
  const [emojiAnchor, setEmojiAnchor] = useState<HTMLElement | null>(null);
  const [highlighted, setHighlighted] = useState(0);
  const [suggestionsClosed, setSuggestionsClosed] = useState(false);
  const inputRef = useRef<HTMLTextAreaElement>(null);
  const fileInputRef = useRef<HTMLInputElement>(null);

  const wantsQuickAnswers = text.startsWith("/");
  const { data: quickMessages = [] } = useQuery({
    queryKey: conversationKeys.quickMessages,
    queryFn: ({ signal }) => fetchQuickMessages(signal),
    enabled: wantsQuickAnswers,
    staleTime: 60_000,
  });
  const suggestions = useMemo(
    () => (suggestionsClosed ? [] : matchQuickAnswers(text, quickMessages)),
    [text, quickMessages, suggestionsClosed],
  );

  useEffect(() => {
    if (replyTo) inputRef.current?.focus();
  }, [replyTo]);

  const toggleSign = (value: boolean) => {
    setSign(value);
    localStorage.setItem(STORAGE_KEYS.signOption, String(value));
  };

  const refuse = (refusals: FileRefusal[]) => {
    for (const refusal of refusals) {
      const message =
        refusal.reason === "type"
          ? t("conversation.composer.fileType", { name: refusal.fileName })
          : refusal.reason === "size"
            ? t("conversation.composer.fileSize", { name: refusal.fileName, max: formatMegabytes(refusal.maxBytes) })
            : t("conversation.composer.fileCount", { max: refusal.max });
      toast.error(message, { autoClose: TOAST_DURATION_MS * 2 });
    }
  };

  const addFiles = (picked: File[]) => {
    const { accepted, refused } = checkFiles(files, picked);
    refuse(refused);
    if (accepted.length) {
      setAttachments((current) => [...current, ...accepted.map((file) => ({ key: nextAttachmentKey(), file }))]);
    }
  };

  const sendFiles = useCallback(
    async (toSend: File[], caption: string) => {
      const sent = await sendMediaMessages(ticket.id, toSend, caption);
      onSent(sent);
    },
    [ticket.id, onSent],
  );

  const recorder = useAudioRecorder(
    useCallback(
      async (file: File) => {
        try {
          await sendFiles([file], "");
        } catch (error) {
          toastError(error);
        }
      },
      [sendFiles],
    ),
  );

  const send = async () => {
    if (sending) return;
    const trimmed = text.trim();
    if (!files.length && !trimmed) return;
    const body = signedBody(text, user?.name ?? "", sign);
    setSending(true);
    try {
      if (files.length) await sendFiles(files, trimmed ? body : "");
      else onSent(await sendTextMessage(ticket.id, body, replyTo?.id));
      // What was typed while the message travelled stays.
      setText((current) => (current === text ? "" : current));
      setAttachments([]);
      onCancelReply();
    } catch (error) {
      toastError(error);
    } finally {
      setSending(false);
      inputRef.current?.focus();
    }
  };

  const pickQuickAnswer = (answer: QuickMessage) => {
    setText(answer.message);
    setSuggestionsClosed(true);
    inputRef.current?.focus();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (suggestions.length) {
      if (event.key === "ArrowDown" || event.key === "ArrowUp") {
        event.preventDefault();
        const step = event.key === "ArrowDown" ? 1 : -1;
        setHighlighted((index) => (index + step + suggestions.length) % suggestions.length);
        return;
      }
      if (event.key === "Enter" && !event.shiftKey) {
        event.preventDefault();
        const answer = suggestions[Math.min(highlighted, suggestions.length - 1)];
        if (answer) pickQuickAnswer(answer);
        return;
      }
      if (event.key === "Escape") {
        event.preventDefault();
        setSuggestionsClosed(true);
        return;
      }
    }
    if (event.key === "Enter" && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      void send();
    }
  };

  const onPaste = (event: ClipboardEvent<HTMLDivElement>) => {
    const pasted = Array.from(event.clipboardData.files);
    if (!pasted.length) return;
    event.preventDefault();
    addFiles(pasted);
  };

  const insertEmoji = (emoji: string) => {
    const input = inputRef.current;
    const start = input?.selectionStart ?? text.length;
    const end = input?.selectionEnd ?? text.length;
    setText(text.slice(0, start) + emoji + text.slice(end));
    requestAnimationFrame(() => {
      input?.focus();
      input?.setSelectionRange(start + emoji.length, start + emoji.length);
    });
  };

  const recording = recorder.state !== "idle";
  const canSend = !!text.trim() || files.length > 0;

  return (
    <Paper square elevation={0} sx={{ borderTop: 1, borderColor: "divider", flexShrink: 0, position: "relative" }}>
      {suggestions.length ? (
        <Paper
          elevation={4}
          sx={{
            position: "absolute",
            bottom: "100%",
            left: 8,
            right: 8,
            mb: 0.5,
            maxHeight: 240,
            overflowY: "auto",
            zIndex: 2,
          }}
        >
          <List dense role="listbox" aria-label={t("conversation.composer.quickAnswers")} data-testid="quick-answers">
            {suggestions.map((answer, index) => (
              <ListItemButton
                key={answer.id}
                role="option"
                aria-selected={index === highlighted}
                selected={index === highlighted}
                onMouseDown={(event) => event.preventDefault()}
                onClick={() => pickQuickAnswer(answer)}
              >
                <ListItemText primary={`${answer.shortcode} - ${quickAnswerPreview(answer.message)}`} />
              </ListItemButton>
            ))}
          </List>
        </Paper>
      ) : null}
      {replyTo ? (
        <Box sx={{ display: "flex", alignItems: "center", gap: 1, px: 1.5, pt: 1 }} data-testid="reply-bar">
          <Box
            sx={{
              flex: 1,
              minWidth: 0,
              borderLeft: 4,
              borderColor: "primary.main",
              bgcolor: "action.hover",
              borderRadius: 1,
              px: 1,
              py: 0.5,
            }}
          >
            <Typography variant="caption" sx={{ fontWeight: 700 }}>
              {replyTo.fromMe ? t("conversation.messages.you") : (replyTo.contact?.name ?? ticket.contact.name)}
            </Typography>
            <Typography variant="body2" color="text.secondary" noWrap>
              {replyTo.body || t(`conversation.media.${replyTo.mediaType}`)}
            </Typography>
          </Box>
          <IconButton aria-label={t("conversation.composer.cancelReply")} onClick={onCancelReply} size="small">
            <CloseIcon fontSize="small" />
          </IconButton>
        </Box>
      ) : null}
      {files.length ? (
        <Box sx={{ display: "flex", flexWrap: "wrap", gap: 0.75, px: 1.5, pt: 1 }} data-testid="attachments">
          {attachments.map(({ key, file }) => (
            <Chip
              key={key}
              icon={<AttachFileIcon />}
              label={`${file.name} (${formatMegabytes(file.size)} MB)`}
              onDelete={() => setAttachments((current) => current.filter((attachment) => attachment.key !== key))}
              deleteIcon={<CancelIcon aria-label={t("conversation.composer.removeFile", { name: file.name })} />}
              sx={{ maxWidth: "100%" }}
            />
          ))}
        </Box>
      ) : null}
      <Box sx={{ display: "flex", alignItems: "flex-end", gap: 0.5, p: 1 }}>
        {recording ? (
          <Box
            sx={{ flex: 1, display: "flex", alignItems: "center", justifyContent: "flex-end", gap: 1, minHeight: 40 }}
          >
            <IconButton
              aria-label={t("conversation.composer.cancelRecording")}
              onClick={recorder.cancel}
              disabled={recorder.state === "encoding"}
            >
              <CancelIcon color="error" />
            </IconButton>
            {recorder.state === "encoding" ? (
              <CircularProgress size={20} />
            ) : (
              <Typography
                variant="body2"
                aria-live="polite"
                sx={{ fontVariantNumeric: "tabular-nums", display: "flex", alignItems: "center", gap: 0.75 }}
              >
                <Box component="span" sx={{ width: 8, height: 8, borderRadius: "50%", bgcolor: "error.main" }} />
                {formatDuration(recorder.seconds)}
              </Typography>
            )}
            <IconButton
              aria-label={t("conversation.composer.sendRecording")}
              onClick={recorder.send}
              disabled={recorder.state === "encoding"}
            >
              <CheckCircleIcon color="success" />
            </IconButton>
          </Box>
        ) : (
          <>
            <Tooltip title={t("conversation.composer.emoji")}>
              <IconButton
                aria-label={t("conversation.composer.emoji")}
                onClick={(event) => setEmojiAnchor(event.currentTarget)}
              >
                <InsertEmoticonIcon />
              </IconButton>
            </Tooltip>
            <Tooltip title={t("conversation.composer.attach")}>
              <IconButton aria-label={t("conversation.composer.attach")} onClick={() => fileInputRef.current?.click()}>
                <AttachFileIcon />
              </IconButton>
            </Tooltip>
            <input
              ref={fileInputRef}
              type="file"
              multiple
              hidden
              accept={ACCEPTED_FILE_TYPES}
              data-testid="composer-file-input"
              onChange={(event) => {
                addFiles(Array.from(event.target.files ?? []));
                event.target.value = "";
              }}
            />
            <TextField
              inputRef={inputRef}
              value={text}
              onChange={(event) => {
                setText(event.target.value);
                setSuggestionsClosed(false);
                setHighlighted(0);
              }}
              onKeyDown={onKeyDown}
              onPaste={onPaste}
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
      <Popover
        open={!!emojiAnchor}
        anchorEl={emojiAnchor}
        onClose={() => setEmojiAnchor(null)}
        anchorOrigin={{ vertical: "top", horizontal: "left" }}
        transformOrigin={{ vertical: "bottom", horizontal: "left" }}
      >
        <Suspense fallback={<CircularProgress size={24} sx={{ m: 2 }} />}>
          <EmojiPicker onPick={insertEmoji} />
        </Suspense>
      </Popover>
    </Paper>
  );
}
