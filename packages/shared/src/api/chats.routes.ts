import {
  Chat,
  ChatBody,
  ChatListQuery,
  ChatMessage,
  ChatMessageBody,
  ChatMessagesPage,
  ChatMessagesQuery,
  ChatParams,
  ChatReadBody,
  ChatsPage,
  ChatUpdateBody,
} from "../chats.schemas.js";
import { MessageAnswer } from "../common.schemas.js";
import type { RouteGroup } from "./contract.js";

/** Internal chat (document 2, /chats/:id?): every signed-in user, and only a chat's members see it. */
export const CHATS_ROUTES = {
  "GET /chats": { query: ChatListQuery, response: ChatsPage },
  "GET /chats/{id}": { params: ChatParams, response: Chat },
  "POST /chats": { body: ChatBody, response: Chat },
  "PUT /chats/{id}": { params: ChatParams, body: ChatUpdateBody, response: Chat },
  "DELETE /chats/{id}": { params: ChatParams, response: MessageAnswer },
  "POST /chats/{id}/read": { params: ChatParams, body: ChatReadBody, response: Chat },
  "GET /chats/{id}/messages": { params: ChatParams, query: ChatMessagesQuery, response: ChatMessagesPage },
  "POST /chats/{id}/messages": { params: ChatParams, body: ChatMessageBody, response: ChatMessage },
} satisfies RouteGroup;
