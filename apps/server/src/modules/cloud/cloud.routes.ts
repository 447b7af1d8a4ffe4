import {
  CloudTemplateList,
  CloudWebhookAnswer,
  CloudWebhookVerifyQuery,
  IdParams,
  SendTemplateBody,
  TicketMessage,
  TicketMessagesParams,
  TicketSendWindow,
} from "@atendo/shared";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { receiveCloudWebhook, verifyCloudWebhook } from "../../channels/cloud/cloud.webhook.js";
import type { AppContext } from "../../context.js";
import type { App } from "../../http/app.js";
import type { AuthHooks } from "../../http/auth.js";
import { listConnectionTemplates, sendTemplateMessage, ticketSendWindow } from "./cloud.service.js";

const tags = ["cloud"];

/** Meta's webhook posts are small (a batch of events); anything near this is not Meta. */
const WEBHOOK_BODY_LIMIT = 1024 * 1024;

/**
 * WhatsApp Cloud API (issue 16): Meta's webhook (public; the verify token and the body's
 * signature are its credentials) and what the composer needs of templates and the 24-hour window.
 */
export function registerCloudRoutes(app: App, ctx: AppContext, auth: AuthHooks): void {
  app.get(
    "/cloud/webhook/:id",
    {
      schema: {
        tags,
        description:
          "Meta's subscription check: answers hub.challenge as text when hub.verify_token is the connection's.",
        params: IdParams,
        querystring: CloudWebhookVerifyQuery,
        response: { 200: z.string() },
      },
    },
    async (request, reply) => {
      const challenge = await verifyCloudWebhook(ctx, request.params.id, {
        mode: request.query["hub.mode"],
        verifyToken: request.query["hub.verify_token"],
        challenge: request.query["hub.challenge"],
      });
      return reply.type("text/plain; charset=utf-8").send(challenge);
    },
  );

  // The signature covers the exact bytes Meta sent: this route alone takes its JSON body unparsed.
  app.register(async (scope) => {
    scope.removeContentTypeParser("application/json");
    scope.addContentTypeParser(
      "application/json",
      { parseAs: "buffer", bodyLimit: WEBHOOK_BODY_LIMIT },
      (_request, body, done) => done(null, body),
    );
    scope.withTypeProvider<ZodTypeProvider>().post(
      "/cloud/webhook/:id",
      {
        schema: {
          tags,
          description:
            "Meta's events (messages and statuses), signed in X-Hub-Signature-256 with the app secret. " +
            "Answers 200 once every event is stored; anything else makes Meta deliver them again.",
          params: IdParams,
          response: { 200: CloudWebhookAnswer },
        },
      },
      async (request) => {
        const body = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
        const header = request.headers["x-hub-signature-256"];
        await receiveCloudWebhook(ctx, request.params.id, body, Array.isArray(header) ? header[0] : header);
        return { received: true };
      },
    );
  });

  app.get(
    "/whatsapp/:id/templates",
    { onRequest: auth.user, schema: { tags, params: IdParams, response: { 200: CloudTemplateList } } },
    async (request) => listConnectionTemplates(ctx, request.auth, request.params.id),
  );

  app.get(
    "/messages/:ticketId/window",
    { onRequest: auth.user, schema: { tags, params: TicketMessagesParams, response: { 200: TicketSendWindow } } },
    async (request) => ticketSendWindow(ctx, request.auth, request.params.ticketId),
  );

  app.post(
    "/messages/:ticketId/template",
    {
      onRequest: auth.user,
      schema: { tags, params: TicketMessagesParams, body: SendTemplateBody, response: { 200: TicketMessage } },
    },
    async (request) => sendTemplateMessage(ctx, request.auth, request.params.ticketId, request.body),
  );
}
