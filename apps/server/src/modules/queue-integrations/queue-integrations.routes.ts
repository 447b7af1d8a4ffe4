import {
  IdParams,
  ListQuery,
  MessageAnswer,
  QueueIntegration,
  QueueIntegrationBody,
  QueueIntegrationSaved,
  QueueIntegrationsPage,
  QueueIntegrationTestAnswer,
  QueueIntegrationTestBody,
  QueueIntegrationUpdateBody,
  SigningSecretAnswer,
} from "@atendo/shared";
import type { AppContext } from "../../context.js";
import type { App } from "../../http/app.js";
import type { AuthHooks } from "../../http/auth.js";
import {
  createQueueIntegration,
  pageCompanyQueueIntegrations,
  removeQueueIntegration,
  rotateSigningSecret,
  showQueueIntegration,
  testQueueIntegration,
  updateQueueIntegrationById,
} from "./queue-integrations.service.js";

const tags = ["queue-integrations"];

/**
 * Queue integrations: an administration screen of plans with the useIntegrations flag (document
 * 2 section 6). The list alone is for every admin: the connection and queue forms, which every
 * plan has, choose an integration from it (a company whose plan lost the flag still sees the
 * integrations it has, as with prompts).
 */
export function registerQueueIntegrationsRoutes(app: App, ctx: AppContext, auth: AuthHooks): void {
  const withPlan = auth.adminWithPlan("useIntegrations");

  app.get(
    "/queueIntegration",
    { onRequest: auth.admin, schema: { tags, querystring: ListQuery, response: { 200: QueueIntegrationsPage } } },
    async (request) => pageCompanyQueueIntegrations(ctx, request.auth, request.query),
  );

  // Declared before /:id routes only for readers: Fastify matches the static segment first anyway.
  app.post(
    "/queueIntegration/testSession",
    {
      onRequest: withPlan,
      schema: { tags, body: QueueIntegrationTestBody, response: { 200: QueueIntegrationTestAnswer } },
    },
    async (request) => testQueueIntegration(ctx, request.auth, request.body),
  );

  app.get(
    "/queueIntegration/:id",
    { onRequest: withPlan, schema: { tags, params: IdParams, response: { 200: QueueIntegration } } },
    async (request) => showQueueIntegration(ctx, request.auth, request.params.id),
  );

  app.post(
    "/queueIntegration",
    { onRequest: withPlan, schema: { tags, body: QueueIntegrationBody, response: { 200: QueueIntegrationSaved } } },
    async (request) => createQueueIntegration(ctx, request.auth, request.body),
  );

  app.put(
    "/queueIntegration/:id",
    {
      onRequest: withPlan,
      schema: { tags, params: IdParams, body: QueueIntegrationUpdateBody, response: { 200: QueueIntegrationSaved } },
    },
    async (request) => updateQueueIntegrationById(ctx, request.auth, request.params.id, request.body),
  );

  app.delete(
    "/queueIntegration/:id",
    { onRequest: withPlan, schema: { tags, params: IdParams, response: { 200: MessageAnswer } } },
    async (request) => {
      await removeQueueIntegration(ctx, request.auth, request.params.id);
      return { message: "queueIntegrationDeleted" };
    },
  );

  app.post(
    "/queueIntegration/:id/signingSecret",
    { onRequest: withPlan, schema: { tags, params: IdParams, response: { 200: SigningSecretAnswer } } },
    async (request) => rotateSigningSecret(ctx, request.auth, request.params.id),
  );
}
