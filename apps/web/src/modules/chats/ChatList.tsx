import type { Chat } from "@atendo/shared";
import ForumOutlinedIcon from "@mui/icons-material/ForumOutlined";
import { Badge, Box, CircularProgress, List, ListItemButton, ListItemText, Stack, Typography } from "@mui/material";
import { useTranslation } from "react-i18next";
import { useSession } from "../../app/session";
import { EmptyState, Loading, useDebouncedSearch, usePagedList } from "../../components";
import { chatsKeys, fetchChatsPage, unreadsOf } from "./chatsApi";

const formatTime = (iso: string, language: string) => {
  const date = new Date(iso);
  const today = new Date();
  const sameDay = date.toDateString() === today.toDateString();
  return new Intl.DateTimeFormat(language, sameDay ? { timeStyle: "short" } : { dateStyle: "short" }).format(date);
};

interface ChatListProps {
  /** The search box's text; the list follows it 500 ms after the last change. */
  searchText: string;
  selectedId: number | null;
  onSelect: (chat: Chat) => void;
  /** The list scrolls within its own box (the page) or grows to fit (the popover's box scrolls). */
  maxHeight?: number | string;
  testId: string;
}

/** The user's chats, most recently active first, each with its unread count; loads more near the bottom. */
export function ChatList({ searchText, selectedId, onSelect, maxHeight, testId }: ChatListProps) {
  const { t, i18n } = useTranslation();
  const { user } = useSession();
  const searchParam = useDebouncedSearch(searchText);
  const { query, rows, boxRef, onScroll } = usePagedList({
    queryKey: chatsKeys.list(searchParam),
    fetchPage: (page, signal) => fetchChatsPage(searchParam, page, signal),
    rowsOf: (page) => page.records,
  });

  if (query.isPending) return <Loading />;
  if (rows.length === 0) {
    return (
      <EmptyState icon={<ForumOutlinedIcon sx={{ fontSize: 48 }} />} title={t("chat.list.empty")}>
        <Typography variant="body2">{searchParam ? t("chat.list.emptySearch") : t("chat.list.emptyHint")}</Typography>
      </EmptyState>
    );
  }
  return (
    <Box ref={boxRef} onScroll={onScroll} sx={{ overflowY: "auto", maxHeight, flex: 1, minHeight: 0 }}>
      <List disablePadding data-testid={testId}>
        {rows.map((chat) => {
          const unreads = user ? unreadsOf(chat, user.id) : 0;
          return (
            <ListItemButton
              key={chat.id}
              selected={chat.id === selectedId}
              onClick={() => onSelect(chat)}
              divider
              data-testid="chat-item"
              aria-label={unreads > 0 ? `${chat.title}, ${t("chat.unreads", { count: unreads })}` : chat.title}
            >
              <ListItemText
                primary={
                  <Stack direction="row" sx={{ alignItems: "center", gap: 1 }}>
                    <Typography
                      component="span"
                      variant="subtitle2"
                      noWrap
                      sx={{ flex: 1, fontWeight: unreads > 0 ? 700 : 500 }}
                    >
                      {chat.title}
                    </Typography>
                    {chat.lastMessageAt ? (
                      <Typography component="span" variant="caption" color="text.secondary">
                        {formatTime(chat.lastMessageAt, i18n.language)}
                      </Typography>
                    ) : null}
                  </Stack>
                }
                secondary={
                  <Stack component="span" direction="row" sx={{ alignItems: "center", gap: 1 }}>
                    <Typography component="span" variant="body2" color="text.secondary" noWrap sx={{ flex: 1 }}>
                      {chat.lastMessage || t("chat.list.noMessages")}
                    </Typography>
                    {unreads > 0 ? (
                      <Badge
                        component="span"
                        badgeContent={unreads}
                        color="error"
                        max={99}
                        data-testid="chat-unreads"
                        sx={{ mr: 1.5, "& .MuiBadge-badge": { position: "static", transform: "none" } }}
                      />
                    ) : null}
                  </Stack>
                }
                slotProps={{ secondary: { component: "span" } }}
              />
            </ListItemButton>
          );
        })}
      </List>
      {query.isFetchingNextPage ? (
        <Stack sx={{ alignItems: "center", py: 1 }} aria-label={t("chat.list.loadingMore")}>
          <CircularProgress size={20} />
        </Stack>
      ) : null}
    </Box>
  );
}
