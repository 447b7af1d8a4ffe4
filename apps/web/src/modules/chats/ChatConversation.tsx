import { CHAT_MESSAGE_MAX, CHAT_MESSAGES_LOAD_OLDER_THRESHOLD_PX, type Chat } from "@atendo/shared";
import ChatBubbleOutlineIcon from "@mui/icons-material/ChatBubbleOutlineOutlined";
import DeleteOutlineIcon from "@mui/icons-material/DeleteOutlined";
import EditOutlinedIcon from "@mui/icons-material/EditOutlined";
import SendIcon from "@mui/icons-material/Send";
import { Box, CircularProgress, IconButton, Paper, Stack, TextField, Tooltip, Typography } from "@mui/material";
import { useInfiniteQuery, useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useEffect, useLayoutEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { toastError } from "../../api/client";
import { useSession } from "../../app/session";
import { EmptyState, Loading, uniqueById } from "../../components";
import {
  appendMessage,
  type ChatMessagesPages,
  chatsKeys,
  fetchChatMessages,
  markChatRead,
  sendChatMessage,
  unreadsOf,
} from "./chatsApi";

const formatStamp = (iso: string, language: string) =>
  new Intl.DateTimeFormat(language, { dateStyle: "short", timeStyle: "short" }).format(new Date(iso));

interface ChatConversationProps {
  chat: Chat;
  /** The conversation is on screen (on a phone, its tab is the one shown): only then is it read. */
  visible: boolean;
  onEdit: () => void;
  onDelete: () => void;
}

/**
 * One chat: its messages paged from the newest (older ones load when scrolled within
 * 600 px of the top, keeping the reader's place), a box that sends only non-blank text,
 * and the chat marked read while it is on screen.
 */
export function ChatConversation({ chat, visible, onEdit, onDelete }: ChatConversationProps) {
  const { t, i18n } = useTranslation();
  const { user } = useSession();
  const queryClient = useQueryClient();
  const boxRef = useRef<HTMLDivElement>(null);
  const [text, setText] = useState("");
  const [sending, setSending] = useState(false);
  const query = useInfiniteQuery({
    queryKey: chatsKeys.messages(chat.id),
    queryFn: ({ pageParam, signal }) => fetchChatMessages(chat.id, pageParam, signal),
    initialPageParam: 1,
    getNextPageParam: (lastPage, pages) => (lastPage.hasMore ? pages.length + 1 : undefined),
  });
  // Page 1 is the newest; each page is oldest first, so the older pages go on top.
  const messages = uniqueById([...(query.data?.pages ?? [])].reverse().map((page) => page.records));
  const isOwner = user !== null && chat.ownerId === user.id;
  const unreads = user ? unreadsOf(chat, user.id) : 0;

  useEffect(() => {
    if (!visible || unreads === 0 || !user) return;
    markChatRead(chat.id, user.id)
      .then((read) => {
        queryClient.setQueryData(chatsKeys.detail(read.uuid), read);
        void queryClient.invalidateQueries({ queryKey: chatsKeys.lists() });
        void queryClient.invalidateQueries({ queryKey: chatsKeys.unread });
      })
      .catch(toastError);
  }, [visible, unreads, chat.id, user, queryClient]);

  // Where the view goes when messages arrive: to the bottom (the first page, a new message
  // while the reader is at the bottom, one's own message), or, when older messages come in
  // on top, to where the reader was. A message arriving below someone reading the history
  // leaves the view alone.
  const scrollPlan = useRef<{ kind: "bottom" } | { kind: "keep"; fromBottom: number }>({ kind: "bottom" });
  const shownPages = useRef(0);
  const lastMessageId = messages.at(-1)?.id;
  const pageCount = query.data?.pages.length ?? 0;
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when a message or a page arrives
  useLayoutEffect(() => {
    const box = boxRef.current;
    if (!box) return;
    const olderArrived = pageCount > shownPages.current;
    shownPages.current = pageCount;
    const plan = scrollPlan.current;
    if (plan.kind === "bottom") box.scrollTop = box.scrollHeight;
    else if (olderArrived) box.scrollTop = box.scrollHeight - plan.fromBottom;
  }, [lastMessageId, pageCount, visible]);

  const loadOlderIfNear = (box: HTMLDivElement) => {
    const atBottom = box.scrollHeight - box.scrollTop - box.clientHeight < 40;
    scrollPlan.current = atBottom ? { kind: "bottom" } : { kind: "keep", fromBottom: box.scrollHeight - box.scrollTop };
    if (box.scrollTop < CHAT_MESSAGES_LOAD_OLDER_THRESHOLD_PX && query.hasNextPage && !query.isFetchingNextPage) {
      scrollPlan.current = { kind: "keep", fromBottom: box.scrollHeight - box.scrollTop };
      void query.fetchNextPage();
    }
  };

  // A first page that does not fill the box leaves nothing to scroll: load on until it does.
  // biome-ignore lint/correctness/useExhaustiveDependencies: re-check when a page arrives
  useEffect(() => {
    const box = boxRef.current;
    if (box && visible && box.scrollHeight <= box.clientHeight && query.hasNextPage && !query.isFetchingNextPage) {
      void query.fetchNextPage();
    }
  }, [pageCount, visible, query.hasNextPage]);

  const send = async (event: FormEvent) => {
    event.preventDefault();
    const message = text.trim();
    if (!message || sending) return;
    setSending(true);
    try {
      const sent = await sendChatMessage(chat.id, message);
      scrollPlan.current = { kind: "bottom" };
      queryClient.setQueryData<ChatMessagesPages>(chatsKeys.messages(chat.id), (pages) => appendMessage(pages, sent));
      setText("");
    } catch (error) {
      toastError(error);
    } finally {
      setSending(false);
    }
  };

  const names = chat.users.map((member) => member.user.name).join(", ");

  return (
    <Stack sx={{ height: "100%", minHeight: 0 }} data-testid="chat-conversation">
      <Stack
        direction="row"
        sx={{ alignItems: "center", gap: 1, px: 2, py: 1, borderBottom: 1, borderColor: "divider" }}
      >
        <Box sx={{ flex: 1, minWidth: 0 }}>
          <Typography variant="subtitle1" noWrap sx={{ fontWeight: 600 }} data-testid="chat-conversation-title">
            {chat.title}
          </Typography>
          <Typography variant="caption" color="text.secondary" noWrap component="p">
            {t("chat.conversation.members", { names })}
          </Typography>
        </Box>
        {isOwner ? (
          <>
            <Tooltip title={t("chat.buttons.edit")}>
              <IconButton aria-label={t("chat.buttons.edit")} onClick={onEdit} data-testid="chat-edit">
                <EditOutlinedIcon fontSize="small" />
              </IconButton>
            </Tooltip>
            <Tooltip title={t("chat.buttons.delete")}>
              <IconButton aria-label={t("chat.buttons.delete")} onClick={onDelete} data-testid="chat-delete">
                <DeleteOutlineIcon fontSize="small" />
              </IconButton>
            </Tooltip>
          </>
        ) : null}
      </Stack>

      <Box
        ref={boxRef}
        onScroll={(event) => loadOlderIfNear(event.currentTarget)}
        sx={{ flex: 1, minHeight: 0, overflowY: "auto", px: 2, py: 1.5, bgcolor: "action.hover" }}
        data-testid="chat-messages"
        role="log"
        aria-live="polite"
      >
        {query.isFetchingNextPage ? (
          <Stack sx={{ alignItems: "center", py: 1 }} aria-label={t("chat.conversation.loadingOlder")}>
            <CircularProgress size={20} />
          </Stack>
        ) : null}
        {query.isPending ? (
          <Loading />
        ) : messages.length === 0 ? (
          <EmptyState icon={<ChatBubbleOutlineIcon sx={{ fontSize: 48 }} />} title={t("chat.conversation.empty")}>
            <Typography variant="body2">{t("chat.conversation.emptyHint")}</Typography>
          </EmptyState>
        ) : (
          messages.map((message) => {
            const mine = user !== null && message.senderId === user.id;
            return (
              <Stack key={message.id} sx={{ alignItems: mine ? "flex-end" : "flex-start", mb: 1 }}>
                <Paper
                  elevation={0}
                  data-testid="chat-message"
                  sx={{
                    px: 1.5,
                    py: 1,
                    maxWidth: "80%",
                    borderRadius: 2,
                    bgcolor: mine ? "primary.main" : "background.paper",
                    color: mine ? "primary.contrastText" : "text.primary",
                  }}
                >
                  {mine ? null : (
                    <Typography variant="caption" sx={{ fontWeight: 700, display: "block" }}>
                      {message.sender?.name ?? t("chat.conversation.unknownSender")}
                    </Typography>
                  )}
                  <Typography variant="body2" sx={{ whiteSpace: "pre-wrap", wordBreak: "break-word" }}>
                    {message.message}
                  </Typography>
                  <Typography variant="caption" sx={{ display: "block", textAlign: "right", opacity: 0.7 }}>
                    {formatStamp(message.createdAt, i18n.language)}
                  </Typography>
                </Paper>
              </Stack>
            );
          })
        )}
      </Box>

      <Stack
        component="form"
        onSubmit={send}
        direction="row"
        sx={{ gap: 1, p: 1.5, borderTop: 1, borderColor: "divider", alignItems: "flex-end" }}
      >
        <TextField
          value={text}
          onChange={(event) => setText(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === "Enter" && !event.shiftKey) {
              event.preventDefault();
              event.currentTarget.closest("form")?.requestSubmit();
            }
          }}
          placeholder={t("chat.conversation.placeholder")}
          multiline
          maxRows={4}
          size="small"
          slotProps={{
            htmlInput: { "aria-label": t("chat.conversation.placeholder"), maxLength: CHAT_MESSAGE_MAX },
          }}
          data-testid="chat-input"
        />
        <Tooltip title={t("chat.buttons.send")}>
          <span>
            <IconButton
              type="submit"
              color="primary"
              aria-label={t("chat.buttons.send")}
              disabled={sending || text.trim() === ""}
              data-testid="chat-send"
            >
              <SendIcon />
            </IconButton>
          </span>
        </Tooltip>
      </Stack>
    </Stack>
  );
}
