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
  MessageAnswer,
} from "@atendo/shared";
import type { AppContext } from "../../context.js";
import type { App } from "../../http/app.js";
import type { AuthHooks } from "../../http/auth.js";
import {
  createChat,
  listChats,
  listMessages,
  readChat,
  removeChat,
  sendChatMessage,
  showChat,
  updateChatById,
} from "./chats.service.js";

const tags = ["chats"];

/**
 * Internal chat between a company's users (document 2): every signed-in user may
 * chat, and sees only the chats they are a member of; the owner alone edits or deletes.
 */
export function registerChatsRoutes(app: App, ctx: AppContext, auth: AuthHooks): void {
  app.get(
    "/chats",
    { onRequest: auth.user, schema: { tags, querystring: ChatListQuery, response: { 200: ChatsPage } } },
    async (request) => listChats(ctx, request.auth, request.query),
  );

  app.get(
    "/chats/:id",
    { onRequest: auth.user, schema: { tags, params: ChatParams, response: { 200: Chat } } },
    async (request) => showChat(ctx, request.auth, request.params.id),
  );

  app.post(
    "/chats",
    { onRequest: auth.user, schema: { tags, body: ChatBody, response: { 200: Chat } } },
    async (request) => createChat(ctx, request.auth, request.body),
  );

  app.put(
    "/chats/:id",
    { onRequest: auth.user, schema: { tags, params: ChatParams, body: ChatUpdateBody, response: { 200: Chat } } },
    async (request) => updateChatById(ctx, request.auth, request.params.id, request.body),
  );

  app.delete(
    "/chats/:id",
    { onRequest: auth.user, schema: { tags, params: ChatParams, response: { 200: MessageAnswer } } },
    async (request) => {
      await removeChat(ctx, request.auth, request.params.id);
      return { message: "chatDeleted" };
    },
  );

  app.post(
    "/chats/:id/read",
    { onRequest: auth.user, schema: { tags, params: ChatParams, body: ChatReadBody, response: { 200: Chat } } },
    async (request) => readChat(ctx, request.auth, request.params.id, request.body?.userId),
  );

  app.get(
    "/chats/:id/messages",
    {
      onRequest: auth.user,
      schema: { tags, params: ChatParams, querystring: ChatMessagesQuery, response: { 200: ChatMessagesPage } },
    },
    async (request) => listMessages(ctx, request.auth, request.params.id, request.query),
  );

  app.post(
    "/chats/:id/messages",
    {
      onRequest: auth.user,
      schema: { tags, params: ChatParams, body: ChatMessageBody, response: { 200: ChatMessage } },
    },
    async (request) => sendChatMessage(ctx, request.auth, request.params.id, request.body),
  );
}
