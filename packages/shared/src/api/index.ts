import { CAMPAIGN_SETTINGS_ROUTES } from "./campaign-settings.routes.js";
import { CAMPAIGNS_ROUTES } from "./campaigns.routes.js";
import { CHATS_ROUTES } from "./chats.routes.js";
import { CLOUD_ROUTES } from "./cloud.routes.js";
import { COMPANIES_ROUTES } from "./companies.routes.js";
import { CONNECTIONS_ROUTES } from "./connections.routes.js";
import { CONTACT_LISTS_ROUTES } from "./contact-lists.routes.js";
import { CONTACTS_ROUTES } from "./contacts.routes.js";
import type { RouteGroup } from "./contract.js";
import { DASHBOARD_ROUTES } from "./dashboard.routes.js";
import { FILE_LISTS_ROUTES } from "./file-lists.routes.js";
import { FLOWS_ROUTES } from "./flows.routes.js";
import { PROMPTS_ROUTES } from "./prompts.routes.js";
import { QUEUE_INTEGRATIONS_ROUTES } from "./queue-integrations.routes.js";
import { QUEUES_ROUTES } from "./queues.routes.js";
import { QUICK_MESSAGES_ROUTES } from "./quick-messages.routes.js";
import { SCHEDULES_ROUTES } from "./schedules.routes.js";
import { SESSION_ROUTES } from "./session.routes.js";
import { SETTINGS_ROUTES } from "./settings.routes.js";
import { TICKETS_ROUTES } from "./tickets.routes.js";
import { USERS_ROUTES } from "./users.routes.js";

export { CloudWebhookAnswer, CloudWebhookVerifyQuery } from "./cloud.routes.js";
export { AsaasWebhookAnswer, AsaasWebhookBody, CompanyIdParams, PlansQuery } from "./companies.routes.js";
export { SimulatorCallAnswer, SimulatorCallBody } from "./connections.routes.js";
export type { HttpMethod, RouteContract, RouteGroup, RouteKey } from "./contract.js";
export { SettingKeyParams } from "./settings.routes.js";

/**
 * Every HTTP route of the API, one entry each, keyed `"METHOD /path/{param}"`
 * as the OpenAPI document at /docs names them. The web client's calls are
 * typed from this map; the server's test holds it equal to the routes served.
 */
export const API_ROUTES = {
  ...SESSION_ROUTES,
  ...COMPANIES_ROUTES,
  ...SETTINGS_ROUTES,
  ...USERS_ROUTES,
  ...QUEUES_ROUTES,
  ...TICKETS_ROUTES,
  ...CONTACTS_ROUTES,
  ...QUICK_MESSAGES_ROUTES,
  ...CONNECTIONS_ROUTES,
  ...CLOUD_ROUTES,
  ...DASHBOARD_ROUTES,
  ...CONTACT_LISTS_ROUTES,
  ...FILE_LISTS_ROUTES,
  ...SCHEDULES_ROUTES,
  ...CAMPAIGN_SETTINGS_ROUTES,
  ...CAMPAIGNS_ROUTES,
  ...FLOWS_ROUTES,
  ...QUEUE_INTEGRATIONS_ROUTES,
  ...PROMPTS_ROUTES,
  ...CHATS_ROUTES,
} satisfies RouteGroup;

export type ApiRoutes = typeof API_ROUTES;
export type ApiRoute = keyof ApiRoutes;
