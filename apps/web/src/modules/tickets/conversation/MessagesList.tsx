import { MESSAGES_LOAD_OLDER_THRESHOLD_PX, type Ticket, type TicketMessage } from "@atendo/shared";
import ChatBubbleOutlinedIcon from "@mui/icons-material/ChatBubbleOutlined";
import { Box, Chip, CircularProgress, Divider, Typography } from "@mui/material";
import { useCallback, useLayoutEffect, useMemo, useRef } from "react";
import { useTranslation } from "react-i18next";
import { EmptyState } from "../../../components/EmptyState";
import { formatDateTime } from "../../../utils/date";
import { MessageBubble } from "./MessageBubble";
import { buildTimeline } from "./timeline";
import type { useTicketMessages } from "./useTicketMessages";

/** How close to the bottom still counts as "reading the latest", so new messages scroll into view. */
const STICK_TO_BOTTOM_PX = 120;

interface MessagesListProps {
  ticket: Ticket;
  state: ReturnType<typeof useTicketMessages>;
  onReply: (message: TicketMessage) => void;
}

export function MessagesList({ ticket, state, onReply }: MessagesListProps) {
  const { t } = useTranslation();
  const { messages, hasMore, loading, prepended, loadOlder, upsert } = state;
  const timeline = useMemo(() => buildTimeline(messages), [messages]);
  const scroller = useRef<HTMLDivElement>(null);
  const snapshot = useRef({ height: 0, top: 0, count: 0, prepended: 0, nearBottom: true });

  const scrollToBottom = useCallback(() => {
    const element = scroller.current;
    if (element) element.scrollTop = element.scrollHeight;
  }, []);

  // Older pages go above without moving what the user reads; new messages follow the bottom.
  useLayoutEffect(() => {
    const element = scroller.current;
    if (!element) return;
    const before = snapshot.current;
    if (prepended !== before.prepended) {
      element.scrollTop = before.top + (element.scrollHeight - before.height);
    } else if (messages.length !== before.count) {
      const last = messages[messages.length - 1];
      if (before.count === 0 || before.nearBottom || last?.fromMe) scrollToBottom();
    }
    snapshot.current = {
      height: element.scrollHeight,
      top: element.scrollTop,
      count: messages.length,
      prepended,
      nearBottom: element.scrollHeight - element.scrollTop - element.clientHeight < STICK_TO_BOTTOM_PX,
    };
    // A first page that does not fill the pane cannot be scrolled: fetch the next one at once.
    if (hasMore && !loading && element.scrollHeight <= element.clientHeight) loadOlder();
  }, [messages, prepended, hasMore, loading, loadOlder, scrollToBottom]);

  const onScroll = () => {
    const element = scroller.current;
    if (!element) return;
    snapshot.current.top = element.scrollTop;
    snapshot.current.height = element.scrollHeight;
    snapshot.current.nearBottom = element.scrollHeight - element.scrollTop - element.clientHeight < STICK_TO_BOTTOM_PX;
    if (element.scrollTop < MESSAGES_LOAD_OLDER_THRESHOLD_PX && hasMore && !loading) loadOlder();
  };

  // Media load after the first layout: keep the latest message in view if the user was there.
  const onMediaLoad = useCallback(() => {
    if (snapshot.current.nearBottom) scrollToBottom();
  }, [scrollToBottom]);

  return (
    <Box
      ref={scroller}
      onScroll={onScroll}
      data-testid="messages-list"
      role="log"
      aria-live="polite"
      aria-label={t("conversation.messages.label")}
      sx={{
        flex: 1,
        minHeight: 0,
        overflowY: "auto",
        px: { xs: 1, sm: 2 },
        py: 1.5,
        display: "flex",
        flexDirection: "column",
        gap: 0.75,
        bgcolor: (theme) => (theme.palette.mode === "dark" ? "background.default" : "#efeae2"),
      }}
    >
      {loading && messages.length > 0 ? (
        <Box sx={{ display: "flex", justifyContent: "center", py: 1 }}>
          <CircularProgress size={20} aria-label={t("conversation.messages.loadingOlder")} />
        </Box>
      ) : null}
      {loading && messages.length === 0 ? (
        <Box sx={{ m: "auto" }}>
          <CircularProgress aria-label={t("common.loading")} />
        </Box>
      ) : null}
      {!loading && messages.length === 0 ? (
        <Box sx={{ m: "auto" }}>
          <EmptyState icon={<ChatBubbleOutlinedIcon fontSize="large" />} title={t("conversation.messages.empty")} />
        </Box>
      ) : null}
      {timeline.map((item) => {
        if (item.kind === "date") {
          return (
            <Box key={item.key} sx={{ display: "flex", justifyContent: "center", my: 1 }}>
              <Chip
                size="small"
                label={item.date}
                data-testid="date-separator"
                sx={{ bgcolor: "background.paper", boxShadow: 1 }}
              />
            </Box>
          );
        }
        if (item.kind === "conversation") {
          return (
            <Box key={item.key} data-testid="conversation-marker" sx={{ my: 1.5 }}>
              <Divider>
                <Typography variant="caption" color="error.main" component="div">
                  {t("conversation.messages.ended", { date: formatDateTime(item.endedAt) })}
                </Typography>
                <Typography variant="caption" color="success.main" component="div">
                  {t("conversation.messages.started", { date: formatDateTime(item.startedAt) })}
                </Typography>
              </Divider>
            </Box>
          );
        }
        return (
          <MessageBubble
            key={item.key}
            message={item.message}
            isGroup={ticket.isGroup}
            onReply={onReply}
            onChanged={(message) => upsert([message])}
            onMediaLoad={onMediaLoad}
          />
        );
      })}
    </Box>
  );
}
