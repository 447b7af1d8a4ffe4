import { IdParams, MessageAnswer, Queue, QueueBody, QueueListQuery, QueueUpdateBody } from "@atendo/shared";
import { z } from "zod";
import type { AppContext } from "../../context.js";
import type { App } from "../../http/app.js";
import type { AuthHooks } from "../../http/auth.js";
import { createQueue, listCompanyQueues, removeQueue, showQueue, updateQueueById } from "./queues.service.js";

const tags = ["queues"];

export function registerQueuesRoutes(app: App, ctx: AppContext, auth: AuthHooks): void {
  // Attendants need the list too: the ticket screens filter and transfer by queue.
  app.get(
    "/queue",
    { onRequest: auth.user, schema: { tags, querystring: QueueListQuery, response: { 200: z.array(Queue) } } },
    async (request) => listCompanyQueues(ctx, request.auth, request.query.companyId),
  );

  app.get(
    "/queue/:id",
    { onRequest: auth.user, schema: { tags, params: IdParams, response: { 200: Queue } } },
    async (request) => showQueue(ctx, request.auth, request.params.id),
  );

  app.post(
    "/queue",
    { onRequest: auth.admin, schema: { tags, body: QueueBody, response: { 200: Queue } } },
    async (request) => createQueue(ctx, request.auth, request.body),
  );

  app.put(
    "/queue/:id",
    { onRequest: auth.admin, schema: { tags, params: IdParams, body: QueueUpdateBody, response: { 200: Queue } } },
    async (request) => updateQueueById(ctx, request.auth, request.params.id, request.body),
  );

  app.delete(
    "/queue/:id",
    { onRequest: auth.admin, schema: { tags, params: IdParams, response: { 200: MessageAnswer } } },
    async (request) => {
      await removeQueue(ctx, request.auth, request.params.id);
      return { message: "queueDeleted" };
    },
  );
}
