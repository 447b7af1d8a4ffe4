import { z } from "zod";
import { CloudTemplateList, SendTemplateBody, TicketSendWindow } from "../cloud.schemas.js";
import { IdParams } from "../common.schemas.js";
import { TicketMessage, TicketMessagesParams } from "../messages.schemas.js";
import type { RouteGroup } from "./contract.js";

/** Meta's subscription check (hub.mode=subscribe, hub.verify_token, hub.challenge). */
export const CloudWebhookVerifyQuery = z.object({
  "hub.mode": z.string().max(50).default(""),
  "hub.verify_token": z.string().max(200).default(""),
  "hub.challenge": z.string().max(200).default(""),
});

export const CloudWebhookAnswer = z.object({ received: z.boolean() });

/**
 * WhatsApp Cloud API (issue 16, beyond the spec). The webhook takes no session: Meta calls it,
 * proving itself with the verify token (GET) and the body's X-Hub-Signature-256 (POST, whose
 * JSON body the server reads raw to check that signature, so no body schema here).
 */
export const CLOUD_ROUTES = {
  /** Answers hub.challenge as plain text. */
  "GET /cloud/webhook/{id}": { params: IdParams, query: CloudWebhookVerifyQuery, response: z.string() },
  "POST /cloud/webhook/{id}": { params: IdParams, response: CloudWebhookAnswer },
  "GET /whatsapp/{id}/templates": { params: IdParams, response: CloudTemplateList },
  "GET /messages/{ticketId}/window": { params: TicketMessagesParams, response: TicketSendWindow },
  "POST /messages/{ticketId}/template": {
    params: TicketMessagesParams,
    body: SendTemplateBody,
    response: TicketMessage,
  },
} satisfies RouteGroup;
