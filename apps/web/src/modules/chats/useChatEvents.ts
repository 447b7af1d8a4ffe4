import { companyEvent } from "@atendo/shared";
import { useQueryClient } from "@tanstack/react-query";
import { useSession } from "../../app/session";
import { useSocketEvent, useSocketReconnect } from "../../realtime/socket";
import { appendMessage, type ChatMessagesPages, chatsKeys } from "./chatsApi";

/**
 * Keeps every cached chat list, the unread count and a loaded conversation in
 * step with `company-{id}-chat` (sent only to the chat's members), and reads them
 * all again after a reconnect. Mounted once, by the signed-in layout (ChatEvents):
 * the menu's dot, the top bar's count and the chats page read the cache it keeps,
 * so an event or a reconnect is handled once however many of them are on screen.
 */
export function useChatEvents() {
  const { user } = useSession();
  const queryClient = useQueryClient();
  useSocketEvent(user ? companyEvent.chat(user.companyId) : null, (payload) => {
    if (payload.action === "new-message") {
      queryClient.setQueryData<ChatMessagesPages>(chatsKeys.messages(payload.chat.id), (pages) =>
        appendMessage(pages, payload.newMessage),
      );
    }
    if (payload.action !== "delete") {
      queryClient.setQueryData(chatsKeys.detail(String(payload.chat.id)), payload.chat);
      queryClient.setQueryData(chatsKeys.detail(payload.chat.uuid), payload.chat);
    }
    void queryClient.invalidateQueries({ queryKey: chatsKeys.lists() });
    void queryClient.invalidateQueries({ queryKey: chatsKeys.unread });
  });
  // Events sent while disconnected are not replayed (a missed message would leave the menu's dot off).
  useSocketReconnect(() => void queryClient.invalidateQueries({ queryKey: chatsKeys.all }));
}

/** The chat subscription as the layout mounts it: renders nothing. */
export function ChatEvents(): null {
  useChatEvents();
  return null;
}
