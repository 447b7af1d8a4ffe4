import { randomUUID } from "node:crypto";
import type { AppContext } from "../../context.js";
import type { Executor } from "../../db/client.js";
import { OutboundRefused, outboundFetch, type PrivateTargets } from "../../integrations/outbound-url.js";
import { SIGNATURE_HEADER, signatureHeader } from "../../integrations/webhook-signature.js";
import { findContact } from "../../modules/contacts/contacts.repository.js";
import { findMessage, type MessageRow } from "../../modules/messages/messages.repository.js";
import { findTicketRow, type TicketRow } from "../../modules/tickets/tickets.repository.js";
import { findIntegration, type IntegrationRow } from "./integrations.repository.js";
import { type WebhookDelivery, webhookDeliveryJob } from "./webhook.jobs.js";

/*
 * n8n and webhook integrations: every customer message of a ticket handed to one is POSTed to
 * its URL (urlN8N) as JSON, signed with the integration's own key, by a job per delivery that
 * tries again with a growing wait while the receiver is down or failing. The remote side answers
 * the customer through the external API (POST /api/messages/send with the connection's token);
 * docs/decisions.md "n8n and webhook integrations" documents the body, the signature and the reply.
 */

export type WebhookDeps = Pick<AppContext, "db" | "log" | "jobs" | "secrets" | "config" | "media">;

/** Tries of one delivery before it is given up (logged). */
export const WEBHOOK_ATTEMPTS = 6;
/** The wait before the second try; it doubles with each further one (5 s, 10 s ... 80 s). */
export const WEBHOOK_RETRY_MS = 5_000;

const REQUEST_TIMEOUT_MS = 15_000;
export const DELIVERY_HEADER = "x-atendo-delivery";

/** The JSON a receiver gets for one customer message (version 1). */
export interface WebhookBody {
  event: "message";
  /** The same on every try of one delivery: a receiver that saw it already can ignore it. */
  deliveryId: string;
  message: {
    id: number;
    body: string;
    mediaType: string;
    /** Where the file is served (absolute when PUBLIC_URL is set), or null. */
    mediaUrl: string | null;
    fromMe: boolean;
    createdAt: string;
  };
  ticket: {
    id: number;
    uuid: string;
    status: string;
    queueId: number | null;
    userId: number | null;
    /** The connection to answer on: its token sends through POST /api/messages/send. */
    whatsappId: number | null;
  };
  contact: { id: number; name: string; number: string; isGroup: boolean };
  integration: { id: number; name: string; type: string };
}

/** Writes the delivery of a message, in the transaction that takes it for the integration. */
export async function enqueueWebhookDelivery(
  deps: Pick<AppContext, "jobs">,
  tx: Executor,
  target: Omit<WebhookDelivery, "deliveryId" | "attempt">,
): Promise<void> {
  await deps.jobs.enqueue(webhookDeliveryJob, { ...target, deliveryId: randomUUID(), attempt: 1 }, { tx });
}

export function webhookBody(
  deliveryId: string,
  parts: {
    message: MessageRow;
    ticket: TicketRow;
    contact: WebhookBody["contact"];
    integration: Pick<IntegrationRow, "id" | "name" | "type">;
  },
  publicUrl: (path: string) => string,
): WebhookBody {
  const { message, ticket, contact, integration } = parts;
  return {
    event: "message",
    deliveryId,
    message: {
      id: message.id,
      body: message.body,
      mediaType: message.mediaType,
      mediaUrl: message.mediaUrl ? publicUrl(message.mediaUrl) : null,
      fromMe: message.fromMe,
      createdAt: message.createdAt.toISOString(),
    },
    ticket: {
      id: ticket.id,
      uuid: ticket.uuid,
      status: ticket.status,
      queueId: ticket.queueId,
      userId: ticket.userId,
      whatsappId: ticket.whatsappId,
    },
    contact: { id: contact.id, name: contact.name, number: contact.number, isGroup: contact.isGroup },
    integration: { id: integration.id, name: integration.name, type: integration.type },
  };
}

/** One try's failure: worth another (unreachable, timed out, 5xx, 408, 429) or not (any other answer). */
class DeliveryFailure extends Error {
  constructor(
    message: string,
    readonly retryable: boolean,
  ) {
    super(message);
  }
}

/** One try: the signed POST; resolves on a 2xx. The answer's body is not read. */
async function post(
  url: string,
  privateTargets: PrivateTargets,
  secret: string,
  delivery: WebhookDelivery,
  body: WebhookBody,
): Promise<void> {
  const raw = JSON.stringify(body);
  const timestamp = Math.floor(Date.now() / 1000);
  let response: Response;
  try {
    response = await outboundFetch(
      url,
      {
        method: "POST",
        headers: {
          "content-type": "application/json",
          "user-agent": "Atendo-Webhook/1",
          [SIGNATURE_HEADER]: signatureHeader(secret, raw, timestamp),
          [DELIVERY_HEADER]: delivery.deliveryId,
        },
        body: raw,
        // A redirect would carry the signed body somewhere the admin did not name.
        redirect: "manual",
        signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
      },
      privateTargets,
    );
  } catch (error) {
    // A refused address stays refused: waiting would not make it public.
    if (error instanceof OutboundRefused) throw new DeliveryFailure(`refused (${error.reason})`, false);
    // The reason's code only: a message may quote the URL, whose path is often n8n's secret.
    const cause = (error as { cause?: { code?: unknown } }).cause?.code;
    throw new DeliveryFailure(`unreachable (${typeof cause === "string" ? cause : (error as Error).name})`, true);
  }
  await response.body?.cancel();
  if (response.ok) return;
  const status = response.status;
  throw new DeliveryFailure(`answered ${status}`, status >= 500 || status === 408 || status === 429);
}

/**
 * Runs one try of a delivery (the job's handler). A retryable failure writes the next try,
 * WEBHOOK_RETRY_MS doubled per try, until WEBHOOK_ATTEMPTS; anything else is logged and
 * dropped. Integration, ticket or message gone: nothing to deliver. The URL's query and the
 * key never reach a log line.
 */
export async function deliverWebhook(deps: WebhookDeps, delivery: WebhookDelivery): Promise<void> {
  const { companyId } = delivery;
  const [integration, ticket, message] = await Promise.all([
    findIntegration(deps.db, companyId, delivery.integrationId),
    findTicketRow(deps.db, companyId, delivery.ticketId),
    findMessage(deps.db, companyId, delivery.messageId),
  ]);
  if (!integration || !ticket || !message || (integration.type !== "n8n" && integration.type !== "webhook")) return;
  const contact = await findContact(deps.db, companyId, ticket.contactId);
  if (!contact) return;
  const log = { integrationId: integration.id, ticketId: ticket.id, deliveryId: delivery.deliveryId };
  let secret: string;
  try {
    secret = integration.signingSecret ? deps.secrets.open(integration.signingSecret) : "";
  } catch {
    secret = "";
  }
  if (!secret) {
    deps.log.error(log, "webhook not delivered: the integration has no signing key (make one on its page)");
    return;
  }
  const publicUrl = (path: string) =>
    `${deps.config.PUBLIC_URL?.replace(/\/+$/, "") ?? ""}${deps.media.publicUrl(path)}`;
  const body = webhookBody(delivery.deliveryId, { message, ticket, contact, integration }, publicUrl);
  try {
    await post(integration.urlN8N, deps.config.REMOTE_PRIVATE_TARGETS, secret, delivery, body);
    deps.log.info({ ...log, attempt: delivery.attempt }, "webhook delivered");
  } catch (error) {
    const failure = error instanceof DeliveryFailure ? error : new DeliveryFailure("failed", true);
    const last = delivery.attempt >= WEBHOOK_ATTEMPTS;
    if (!failure.retryable || last) {
      deps.log.warn({ ...log, attempt: delivery.attempt, reason: failure.message }, "webhook delivery given up");
      return;
    }
    const wait = WEBHOOK_RETRY_MS * 2 ** (delivery.attempt - 1);
    deps.log.info(
      { ...log, attempt: delivery.attempt, reason: failure.message, retryInMs: wait },
      "webhook delivery failed",
    );
    await deps.jobs.enqueue(
      webhookDeliveryJob,
      { ...delivery, attempt: delivery.attempt + 1 },
      {
        runAt: new Date(Date.now() + wait),
      },
    );
  }
}
