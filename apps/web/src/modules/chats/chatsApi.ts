import type { Chat, ChatMessage, ChatMessagesPage } from "@atendo/shared";
import type { InfiniteData } from "@tanstack/react-query";
import { api } from "../../api/client";
import type { RequestBody } from "../../api/routes";

export const chatsKeys = {
  all: ["chats"] as const,
  /** Every cached search of the chat list (the page's and the top bar's). */
  lists: () => ["chats", "list"] as const,
  list: (searchParam: string) => ["chats", "list", searchParam] as const,
  /** The caller's count of chats with unread messages: the menu's dot, the top bar's badge. */
  unread: ["chats", "unread"] as const,
  detail: (key: string) => ["chats", "detail", key] as const,
  messages: (chatId: number) => ["chats", "messages", chatId] as const,
};

export type ChatMessagesPages = InfiniteData<ChatMessagesPage, number>;

export function fetchChatsPage(searchParam: string, pageNumber: number, signal?: AbortSignal) {
  return api.get("/chats", { query: { searchParam, pageNumber }, signal });
}

/** A chat by its id or its uuid (the page's address). */
export function fetchChat(key: string | number, signal?: AbortSignal) {
  return api.get("/chats/{id}", { params: { id: key }, signal });
}

export function createChat(body: RequestBody<"POST /chats">) {
  return api.post("/chats", { body });
}

export function updateChat(id: number, body: RequestBody<"PUT /chats/{id}">) {
  return api.put("/chats/{id}", { params: { id }, body });
}

export function deleteChat(id: number) {
  return api.delete("/chats/{id}", { params: { id } });
}

export function markChatRead(id: number, userId: number) {
  return api.post("/chats/{id}/read", { params: { id }, body: { userId } });
}

export function fetchChatMessages(chatId: number, pageNumber: number, signal?: AbortSignal) {
  return api.get("/chats/{id}/messages", { params: { id: chatId }, query: { pageNumber }, signal });
}

export function sendChatMessage(chatId: number, message: string) {
  return api.post("/chats/{id}/messages", { params: { id: chatId }, body: { message } });
}

export function fetchCompanyUsers(signal?: AbortSignal) {
  return api.get("/users/list", { signal });
}

/** The caller's unread count in a chat. */
export const unreadsOf = (chat: Chat, userId: number) =>
  chat.users.find((member) => member.userId === userId)?.unreads ?? 0;

/** Adds a message to the newest page of a loaded conversation, once. */
export function appendMessage(pages: ChatMessagesPages | undefined, message: ChatMessage) {
  if (!pages || pages.pages.length === 0) return pages;
  if (pages.pages.some((page) => page.records.some((record) => record.id === message.id))) return pages;
  const [newest, ...older] = pages.pages;
  return {
    ...pages,
    pages: [{ ...newest!, records: [...newest!.records, message], count: newest!.count + 1 }, ...older],
  };
}
