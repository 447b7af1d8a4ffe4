import {
  IdParams,
  MessageAnswer,
  SendTicketMessageBody,
  SendTicketMessageForm,
  TicketMessage,
  TicketMessagesPage,
  TicketMessagesParams,
  TicketMessagesQuery,
} from "@atendo/shared";
import type { FastifyRequest } from "fastify";
import { z } from "zod";
import type { AppContext } from "../../context.js";
import type { App } from "../../http/app.js";
import type { AuthHooks } from "../../http/auth.js";
import { compiledSerializerCompiler } from "../../http/json-writer.js";
import {
  deleteSentMessage,
  listTicketMessages,
  readTicket,
  type SendInput,
  sendFromAttendant,
} from "./messages.service.js";
import { outgoingMedias, readSendForm, validationError } from "./messages.upload.js";

const tags = ["messages"];

/**
 * JSON `{ body, quotedMsg? | quotedMsgId? }` or multipart `{ medias, body }`.
 * Validated here rather than by a route body schema, since one route takes both.
 */
async function readSendInput(request: FastifyRequest): Promise<SendInput> {
  if (request.isMultipart()) {
    const form = await readSendForm(request);
    const fields = SendTicketMessageForm.safeParse(form.fields);
    if (!fields.success) throw validationError(fields.error.issues);
    return { body: fields.data.body, quotedMsgId: fields.data.quotedMsgId, medias: await outgoingMedias(form.files) };
  }
  const parsed = SendTicketMessageBody.safeParse(request.body ?? {});
  if (!parsed.success) throw validationError(parsed.error.issues);
  return { body: parsed.data.body, quotedMsgId: parsed.data.quotedMsg?.id ?? parsed.data.quotedMsgId, medias: [] };
}

export function registerMessagesRoutes(app: App, ctx: AppContext, auth: AuthHooks): void {
  app.get(
    "/messages/:ticketId",
    {
      onRequest: auth.user,
      schema: {
        tags,
        params: TicketMessagesParams,
        querystring: TicketMessagesQuery,
        response: { 200: TicketMessagesPage },
      },
      // Every open of a conversation reads a page: written by the compiled writer rather than encoded by zod.
      serializerCompiler: compiledSerializerCompiler,
    },
    async (request) => listTicketMessages(ctx, request.auth, request.params.ticketId, request.query),
  );

  app.post(
    "/messages/:ticketId/read",
    {
      onRequest: auth.user,
      schema: {
        tags,
        description: "Ours: reads the ticket as opening it does (unread back to 0), without answering a page.",
        params: TicketMessagesParams,
        response: { 200: MessageAnswer },
      },
    },
    async (request) => {
      await readTicket(ctx, request.auth, request.params.ticketId);
      return { message: "read" };
    },
  );

  app.post(
    "/messages/:ticketId",
    {
      onRequest: auth.user,
      schema: {
        tags,
        description:
          "JSON `{ body, quotedMsg: { id } | quotedMsgId }` (read, fromMe and mediaUrl are accepted and ignored) " +
          "or multipart/form-data `{ medias: files, body }`: one message per file, the type taken from the bytes " +
          "(image 2 MB, audio 5 MB, video and documents 20 MB). Answers the sent messages.",
        params: TicketMessagesParams,
        consumes: ["application/json", "multipart/form-data"],
        response: { 200: z.array(TicketMessage) },
      },
    },
    async (request) => sendFromAttendant(ctx, request.auth, request.params.ticketId, await readSendInput(request)),
  );

  app.delete(
    "/messages/:id",
    { onRequest: auth.user, schema: { tags, params: IdParams, response: { 200: TicketMessage } } },
    async (request) => deleteSentMessage(ctx, request.auth, request.params.id),
  );
}
