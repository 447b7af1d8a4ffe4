import { useQuery } from "@tanstack/react-query";
import { chatsKeys, fetchChatsPage } from "./chatsApi";

/** How many of the user's chats hold unread messages, kept live by the layout's ChatEvents. */
export function useUnreadChats(): number {
  const query = useQuery({
    queryKey: chatsKeys.unread,
    queryFn: ({ signal }) => fetchChatsPage("", 1, signal),
    select: (page) => page.unreadChats,
  });
  return query.data ?? 0;
}
