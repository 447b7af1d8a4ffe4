import { IdParams, ListQuery, MessageAnswer } from "../common.schemas.js";
import {
  QueueIntegration,
  QueueIntegrationBody,
  QueueIntegrationSaved,
  QueueIntegrationsPage,
  QueueIntegrationTestAnswer,
  QueueIntegrationTestBody,
  QueueIntegrationUpdateBody,
  SigningSecretAnswer,
} from "../queue-integrations.schemas.js";
import type { RouteGroup } from "./contract.js";

/** Queue integrations (document 2, /queue-integration): secrets travel in, only masks come back. */
export const QUEUE_INTEGRATIONS_ROUTES = {
  "GET /queueIntegration": { query: ListQuery, response: QueueIntegrationsPage },
  "GET /queueIntegration/{id}": { params: IdParams, response: QueueIntegration },
  "POST /queueIntegration": { body: QueueIntegrationBody, response: QueueIntegrationSaved },
  "PUT /queueIntegration/{id}": { params: IdParams, body: QueueIntegrationUpdateBody, response: QueueIntegrationSaved },
  "DELETE /queueIntegration/{id}": { params: IdParams, response: MessageAnswer },
  "POST /queueIntegration/testSession": { body: QueueIntegrationTestBody, response: QueueIntegrationTestAnswer },
  /** Ours: a new signing key for an n8n or webhook integration, answered this once. */
  "POST /queueIntegration/{id}/signingSecret": { params: IdParams, response: SigningSecretAnswer },
} satisfies RouteGroup;
