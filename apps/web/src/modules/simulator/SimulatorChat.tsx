import { companyEvent, SIMULATOR_NUMBER_PATTERN, type SimulatorInboundBody } from "@atendo/shared";
import AttachFileIcon from "@mui/icons-material/AttachFile";
import ContactPageOutlinedIcon from "@mui/icons-material/ContactPageOutlined";
import DoneAllIcon from "@mui/icons-material/DoneAll";
import ForumOutlinedIcon from "@mui/icons-material/ForumOutlined";
import GroupsOutlinedIcon from "@mui/icons-material/GroupsOutlined";
import PersonOutlineIcon from "@mui/icons-material/PersonOutlineOutlined";
import PlaceOutlinedIcon from "@mui/icons-material/PlaceOutlined";
import SendIcon from "@mui/icons-material/Send";
import {
  Alert,
  Avatar,
  Box,
  Button,
  CircularProgress,
  IconButton,
  Paper,
  Stack,
  TextField,
  Tooltip,
  Typography,
} from "@mui/material";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import {
  type ChangeEvent,
  type KeyboardEvent,
  type RefObject,
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
} from "react";
import { useTranslation } from "react-i18next";
import { toastError } from "../../api/client";
import { useSession } from "../../app/session";
import { EmptyState } from "../../components";
import { useSocketEvent } from "../../realtime/socket";
import { ContactCardDialog, LocationDialog } from "./ComposerDialogs";
import { MessageBubble } from "./MessageBubble";
import {
  type ChatTarget,
  fetchChatMessages,
  markRead,
  mediaTypeOf,
  readAsDataUrl,
  sendInbound,
  simulatorKeys,
} from "./simulatorApi";

/** How often the chat asks for the company's answers and acks; a realtime nudge comes sooner. */
const CHAT_POLL_MS = 1500;

export interface Customer {
  number: string;
  name: string;
}

interface SimulatorChatProps {
  whatsappId: number;
  connected: boolean;
  customer: Customer;
  customerValid: boolean;
  target: ChatTarget;
}

/** The chat of the simulated customer with the company: both directions, acks, and a composer. */
export function SimulatorChat({ whatsappId, connected, customer, customerValid, target }: SimulatorChatProps) {
  const { t } = useTranslation();
  const { user } = useSession();
  const queryClient = useQueryClient();
  const [text, setText] = useState("");
  const [sending, setSending] = useState(false);
  const [dialog, setDialog] = useState<"location" | "contact" | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const log = useRef<HTMLDivElement>(null);
  const content = useRef<HTMLDivElement>(null);
  // Previews of files sent from this page, shown until the company's stored copy is listed.
  const [previews, setPreviews] = useState<Record<string, string>>({});
  const previewUrls = useRef<string[]>([]);
  useEffect(
    () => () => {
      for (const url of previewUrls.current) URL.revokeObjectURL(url);
    },
    [],
  );

  const key = simulatorKeys.messages(whatsappId, `${target.kind}:${target.id}`);
  const messages = useQuery({
    queryKey: key,
    queryFn: ({ signal }) => fetchChatMessages(whatsappId, target, signal),
    // A number still being typed is not a chat yet.
    enabled: target.kind === "group" ? target.id !== "" : SIMULATOR_NUMBER_PATTERN.test(target.id),
    refetchInterval: CHAT_POLL_MS,
    meta: { silent: true },
  });

  // A request already on its way is kept, not cancelled for a new one: a burst of events (a message,
  // its ticket, its acks) cost one aborted request each. What it may miss, the next poll brings.
  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey: key }, { cancelRefetch: false });
    void queryClient.invalidateQueries({ queryKey: simulatorKeys.chats(whatsappId) }, { cancelRefetch: false });
  };
  // The company's side answered or an ack moved: ask now rather than at the next poll.
  useSocketEvent(user ? companyEvent.appMessage(user.companyId) : null, refresh);

  const list = messages.data ?? [];
  const newest = list.at(-1);
  useStickToNewest(log, content, `${target.kind}:${target.id}:${newest ? `${newest.direction}-${newest.id}` : ""}`);

  const send = async (
    content: Omit<SimulatorInboundBody, "whatsappId" | "from" | "name" | "group">,
    preview?: string,
  ) => {
    if (!customerValid || sending) return false;
    setSending(true);
    try {
      const { id } = await sendInbound({
        whatsappId,
        from: customer.number,
        name: customer.name.trim() || undefined,
        group: target.kind === "group" ? { id: target.id, name: target.groupName ?? target.id } : undefined,
        ...content,
      });
      if (preview) setPreviews((current) => ({ ...current, [id]: preview }));
      refresh();
      return true;
    } catch (err) {
      toastError(err);
      return false;
    } finally {
      setSending(false);
    }
  };

  const sendText = async () => {
    const body = text.trim();
    if (!body) return;
    if (await send({ body })) setText("");
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === "Enter" && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      void sendText();
    }
  };

  const onFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = "";
    if (!file) return;
    try {
      const base64 = await readAsDataUrl(file);
      const preview = URL.createObjectURL(file);
      previewUrls.current.push(preview);
      const caption = text.trim();
      const sent = await send(
        {
          body: caption || undefined,
          media: {
            type: mediaTypeOf(file.type),
            fileName: file.name,
            base64,
            mimeType: file.type || undefined,
          },
        },
        preview,
      );
      if (sent && caption) setText("");
    } catch (err) {
      toastError(err);
    }
  };

  const read = async () => {
    try {
      await markRead(whatsappId, target.id);
      refresh();
    } catch (err) {
      toastError(err);
    }
  };

  const title =
    target.kind === "group"
      ? t("simulator.chat.groupTitle", { group: target.groupName ?? target.id, name: customer.name || customer.number })
      : customer.name || customer.number;
  const subtitle = target.kind === "group" ? target.id : customer.number;

  return (
    <Paper
      variant="outlined"
      sx={{ display: "flex", flexDirection: "column", minHeight: 420, height: "100%", overflow: "hidden" }}
      aria-label={t("simulator.chat.title")}
    >
      <Stack
        direction="row"
        spacing={1.5}
        sx={{ alignItems: "center", px: 2, py: 1, borderBottom: 1, borderColor: "divider" }}
      >
        <Avatar sx={{ bgcolor: "success.main" }}>
          {target.kind === "group" ? <GroupsOutlinedIcon /> : <PersonOutlineIcon />}
        </Avatar>
        <Box sx={{ flex: 1, minWidth: 0 }}>
          <Typography
            variant="subtitle1"
            component="h2"
            noWrap
            sx={{ fontWeight: 700 }}
            data-testid="simulator-chat-title"
          >
            {title}
          </Typography>
          <Typography variant="caption" color="text.secondary" noWrap component="p">
            {subtitle}
          </Typography>
        </Box>
        <Tooltip title={t("simulator.chat.readHelp")}>
          <span>
            <Button
              size="small"
              startIcon={<DoneAllIcon />}
              onClick={read}
              disabled={!SIMULATOR_NUMBER_PATTERN.test(target.id)}
            >
              {t("simulator.buttons.read")}
            </Button>
          </span>
        </Tooltip>
      </Stack>

      {!connected ? (
        <Alert severity="warning" sx={{ borderRadius: 0 }}>
          {t("simulator.chat.notConnected")}
        </Alert>
      ) : null}
      {target.kind === "group" ? (
        <Alert severity="info" sx={{ borderRadius: 0 }}>
          {t("simulator.chat.groupHint")}
        </Alert>
      ) : null}

      <Box
        sx={(theme) => ({
          flex: 1,
          minHeight: 0,
          overflowY: "auto",
          p: 2,
          display: "flex",
          flexDirection: "column",
          gap: 1,
          bgcolor: theme.palette.mode === "light" ? "#efeae2" : "background.default",
        })}
        role="log"
        aria-live="polite"
        data-testid="simulator-messages"
        ref={log}
      >
        <Box ref={content} sx={{ display: "flex", flexDirection: "column", gap: 1, flex: "1 0 auto" }}>
          {messages.isPending ? (
            <Box sx={{ display: "flex", justifyContent: "center", py: 4 }}>
              <CircularProgress size={24} />
            </Box>
          ) : list.length === 0 ? (
            <EmptyState icon={<ForumOutlinedIcon sx={{ fontSize: 48 }} />} title={t("simulator.chat.empty")}>
              <Typography variant="body2">{t("simulator.chat.emptyHint")}</Typography>
            </EmptyState>
          ) : (
            list.map((message) => (
              <MessageBubble
                key={`${message.direction}-${message.id}`}
                message={message}
                mine={message.direction === "inbound" && message.from === customer.number}
                showSender={
                  target.kind === "group" && message.direction === "inbound" && message.from !== customer.number
                }
                localUrl={previews[message.id]}
              />
            ))
          )}
        </Box>
      </Box>

      <Stack
        direction="row"
        spacing={0.5}
        sx={{ alignItems: "flex-end", p: 1, borderTop: 1, borderColor: "divider" }}
        component="form"
        onSubmit={(event) => {
          event.preventDefault();
          void sendText();
        }}
      >
        <input
          ref={fileInput}
          type="file"
          hidden
          accept="image/*,audio/*,video/*,application/pdf,.doc,.docx,.xls,.xlsx,.txt,.csv,.zip"
          onChange={onFile}
          data-testid="simulator-file-input"
        />
        <Tooltip title={t("simulator.composer.attach")}>
          <span>
            <IconButton
              aria-label={t("simulator.composer.attach")}
              onClick={() => fileInput.current?.click()}
              disabled={!customerValid || sending}
            >
              <AttachFileIcon />
            </IconButton>
          </span>
        </Tooltip>
        <Tooltip title={t("simulator.composer.location")}>
          <span>
            <IconButton
              aria-label={t("simulator.composer.location")}
              onClick={() => setDialog("location")}
              disabled={!customerValid || sending}
            >
              <PlaceOutlinedIcon />
            </IconButton>
          </span>
        </Tooltip>
        <Tooltip title={t("simulator.composer.contact")}>
          <span>
            <IconButton
              aria-label={t("simulator.composer.contact")}
              onClick={() => setDialog("contact")}
              disabled={!customerValid || sending}
            >
              <ContactPageOutlinedIcon />
            </IconButton>
          </span>
        </Tooltip>
        <TextField
          value={text}
          onChange={(event) => setText(event.target.value)}
          onKeyDown={onKeyDown}
          placeholder={t("simulator.composer.placeholder")}
          multiline
          maxRows={5}
          size="small"
          fullWidth
          disabled={!customerValid}
          slotProps={{ htmlInput: { "aria-label": t("simulator.composer.placeholder") } }}
        />
        <Tooltip title={t("simulator.buttons.send")}>
          <span>
            <IconButton
              type="submit"
              color="primary"
              aria-label={t("simulator.buttons.send")}
              disabled={!customerValid || sending || text.trim() === ""}
            >
              {sending ? <CircularProgress size={20} /> : <SendIcon />}
            </IconButton>
          </span>
        </Tooltip>
      </Stack>

      <LocationDialog
        open={dialog === "location"}
        onClose={() => setDialog(null)}
        onSend={(location) => void send({ location })}
      />
      <ContactCardDialog
        open={dialog === "contact"}
        onClose={() => setDialog(null)}
        onSend={(vcard) => void send({ vcard })}
      />
    </Paper>
  );
}

/** How close to the bottom still counts as reading the newest messages. */
const AT_BOTTOM_PX = 48;

/**
 * Keeps the chat on its newest message: scrolled to the bottom when the chat or
 * its newest message changes, and kept there while the content grows (an image
 * that loads) unless the user scrolled up to read older messages.
 */
function useStickToNewest(
  log: RefObject<HTMLDivElement | null>,
  content: RefObject<HTMLDivElement | null>,
  newest: string,
) {
  const pinned = useRef(true);

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new chat or a new newest message scrolls to it
  useLayoutEffect(() => {
    const element = log.current;
    if (!element) return;
    pinned.current = true;
    element.scrollTop = element.scrollHeight;
  }, [newest]);

  useEffect(() => {
    const element = log.current;
    const inner = content.current;
    if (!element || !inner) return;
    const onScroll = () => {
      pinned.current = element.scrollHeight - element.scrollTop - element.clientHeight <= AT_BOTTOM_PX;
    };
    const observer = new ResizeObserver(() => {
      if (pinned.current) element.scrollTop = element.scrollHeight;
    });
    element.addEventListener("scroll", onScroll, { passive: true });
    observer.observe(inner);
    return () => {
      element.removeEventListener("scroll", onScroll);
      observer.disconnect();
    };
  }, [log, content]);
}
