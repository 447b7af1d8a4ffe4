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
import type { FastifyRequest } from "fastify";
import { z } from "zod";
import type { AppContext } from "../../context.js";
import type { App } from "../../http/app.js";
import type { AuthHooks } from "../../http/auth.js";
import { AppError } from "../../http/errors.js";
import { MAX_UPLOAD_BYTES } from "../../media/upload.js";
import {
  attachQuickMessageMedia,
  createQuickMessage,
  detachQuickMessageMedia,
  listVisibleQuickMessages,
  pageVisibleQuickMessages,
  removeQuickMessage,
  showQuickMessage,
  type UploadedFile,
  updateQuickMessageById,
} from "./quick-messages.service.js";

const tags = ["quick-messages"];

/**
 * Reads the multipart body: the `file` part (at most the largest per-type limit;
 * beyond it the multipart plugin answers 413) and the `typeArch` field, which the
 * original client sends as a folder hint and which we do not need: the type
 * comes from the file's bytes.
 */
async function readUpload(request: FastifyRequest): Promise<UploadedFile | undefined> {
  if (!request.isMultipart()) {
    throw new AppError("ERR_VALIDATION", { fields: [{ path: "body", message: "multipartRequired" }] });
  }
  let upload: UploadedFile | undefined;
  for await (const part of request.parts({ limits: { fileSize: MAX_UPLOAD_BYTES, files: 1, fields: 10 } })) {
    if (part.type !== "file") continue;
    const data = await part.toBuffer();
    if (part.fieldname === "file") upload = { data, fileName: part.filename ?? "" };
  }
  return upload;
}

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
    async (request) => attachQuickMessageMedia(ctx, request.auth, request.params.id, await readUpload(request)),
  );

  app.delete(
    "/quick-messages/:id/media-upload",
    { onRequest: auth.user, schema: { tags, params: IdParams, response: { 200: QuickMessage } } },
    async (request) => detachQuickMessageMedia(ctx, request.auth, request.params.id),
  );
}
