import { useQuery } from "@tanstack/react-query";
import { chatsKeys, fetchChatsPage } from "./chatsApi";
import { useChatEvents } from "./useChatEvents";

/** How many of the user's chats hold unread messages, kept live. */
export function useUnreadChats(): number {
  const query = useQuery({
    queryKey: chatsKeys.unread,
    queryFn: ({ signal }) => fetchChatsPage("", 1, signal),
    select: (page) => page.unreadChats,
  });
  useChatEvents();
  return query.data ?? 0;
}
