import {
  IdParams,
  MessageAnswer,
  QueueOption,
  QueueOptionBody,
  QueueOptionListQuery,
  QueueOptionUpdateBody,
} from "@atendo/shared";
import { z } from "zod";
import type { AppContext } from "../../context.js";
import type { App } from "../../http/app.js";
import type { AuthHooks } from "../../http/auth.js";
import {
  createQueueOption,
  listQueueOptions,
  removeQueueOption,
  updateQueueOptionById,
} from "./queue-options.service.js";

const tags = ["queue-options"];

export function registerQueueOptionsRoutes(app: App, ctx: AppContext, auth: AuthHooks): void {
  app.get(
    "/queue-options",
    {
      onRequest: auth.user,
      schema: { tags, querystring: QueueOptionListQuery, response: { 200: z.array(QueueOption) } },
    },
    async (request) => listQueueOptions(ctx, request.auth, request.query),
  );

  app.post(
    "/queue-options",
    { onRequest: auth.admin, schema: { tags, body: QueueOptionBody, response: { 200: QueueOption } } },
    async (request) => createQueueOption(ctx, request.auth, request.body),
  );

  app.put(
    "/queue-options/:id",
    {
      onRequest: auth.admin,
      schema: { tags, params: IdParams, body: QueueOptionUpdateBody, response: { 200: QueueOption } },
    },
    async (request) => updateQueueOptionById(ctx, request.auth, request.params.id, request.body),
  );

  app.delete(
    "/queue-options/:id",
    { onRequest: auth.admin, schema: { tags, params: IdParams, response: { 200: MessageAnswer } } },
    async (request) => {
      await removeQueueOption(ctx, request.auth, request.params.id);
      return { message: "queueOptionDeleted" };
    },
  );
}
