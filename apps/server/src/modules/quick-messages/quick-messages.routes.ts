import {
  IdParams,
  MessageAnswer,
  QuickMessage,
  QuickMessageBody,
  QuickMessageListQuery,
  QuickMessagesListQuery,
  QuickMessagesPage,
  QuickMessageUpdateBody,
} from "@atendo/shared";
import { z } from "zod";
import type { AppContext } from "../../context.js";
import type { App } from "../../http/app.js";
import type { AuthHooks } from "../../http/auth.js";
import { readFilePart } from "../../media/upload.js";
import {
  attachQuickMessageMedia,
  createQuickMessage,
  detachQuickMessageMedia,
  listVisibleQuickMessages,
  pageVisibleQuickMessages,
  removeQuickMessage,
  showQuickMessage,
  updateQuickMessageById,
} from "./quick-messages.service.js";

const tags = ["quick-messages"];

export function registerQuickMessagesRoutes(app: App, ctx: AppContext, auth: AuthHooks): void {
  app.get(
    "/quick-messages",
    {
      onRequest: auth.user,
      schema: { tags, querystring: QuickMessageListQuery, response: { 200: QuickMessagesPage } },
    },
    async (request) => pageVisibleQuickMessages(ctx, request.auth, request.query),
  );

  // companyId and userId are the session's: other values change nothing.
  app.get(
    "/quick-messages/list",
    {
      onRequest: auth.user,
      schema: { tags, querystring: QuickMessagesListQuery, response: { 200: z.array(QuickMessage) } },
    },
    async (request) => listVisibleQuickMessages(ctx, request.auth),
  );

  app.get(
    "/quick-messages/:id",
    { onRequest: auth.user, schema: { tags, params: IdParams, response: { 200: QuickMessage } } },
    async (request) => showQuickMessage(ctx, request.auth, request.params.id),
  );

  app.post(
    "/quick-messages",
    { onRequest: auth.user, schema: { tags, body: QuickMessageBody, response: { 200: QuickMessage } } },
    async (request) => createQuickMessage(ctx, request.auth, request.body),
  );

  app.put(
    "/quick-messages/:id",
    {
      onRequest: auth.user,
      schema: { tags, params: IdParams, body: QuickMessageUpdateBody, response: { 200: QuickMessage } },
    },
    async (request) => updateQuickMessageById(ctx, request.auth, request.params.id, request.body),
  );

  app.delete(
    "/quick-messages/:id",
    { onRequest: auth.user, schema: { tags, params: IdParams, response: { 200: MessageAnswer } } },
    async (request) => {
      await removeQuickMessage(ctx, request.auth, request.params.id);
      return { message: "quickMessageDeleted" };
    },
  );

  app.post(
    "/quick-messages/:id/media-upload",
    {
      onRequest: auth.user,
      schema: { tags, params: IdParams, consumes: ["multipart/form-data"], response: { 200: QuickMessage } },
    },
    async (request) => attachQuickMessageMedia(ctx, request.auth, request.params.id, await readFilePart(request)),
  );

  app.delete(
    "/quick-messages/:id/media-upload",
    { onRequest: auth.user, schema: { tags, params: IdParams, response: { 200: QuickMessage } } },
    async (request) => detachQuickMessageMedia(ctx, request.auth, request.params.id),
  );
}
