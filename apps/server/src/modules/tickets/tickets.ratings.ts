import { RATING_MAX } from "@atendo/shared";
import type { Executor } from "../../db/client.js";
import { sendTicketMessage } from "../messages/send.js";
import { findWhatsapp } from "../whatsapps/whatsapps.repository.js";
import {
  claimRatingRequest,
  insertRating,
  latestTracking,
  type TicketRow,
  updateTracking,
} from "./tickets.repository.js";
import type { TicketsDeps } from "./tickets.service.js";

/** A customer's answer to the rating request: a lone 1, 2 or 3 (document 1 section 9). */
export function parseRating(body: string): number | undefined {
  const match = /^\s*([1-9])\s*$/.exec(body);
  const rate = match ? Number(match[1]) : Number.NaN;
  return rate >= 1 && rate <= RATING_MAX ? rate : undefined;
}

/**
 * Ingestion's one exception to "a new ticket after closed": when the contact's
 * newest ticket on the connection is closed and waiting for a rating, and the
 * message is a rating, the message belongs to that ticket. Any other message
 * drops the request (the customer moved on) and a new ticket opens as usual.
 */
export async function joinsRatingRequest(
  db: Executor,
  newest: Pick<TicketRow, "id" | "companyId" | "status" | "automationState">,
  body: string,
): Promise<boolean> {
  if (newest.status !== "closed" || newest.automationState?.awaitingRating !== true) return false;
  if (parseRating(body) !== undefined) return true;
  await claimRatingRequest(db, newest.companyId, newest.id);
  return false;
}

/**
 * The customer answered the rating request: store the rate for the ticket's
 * attendant, mark the tracking rated, and send the connection's completion
 * message. Answers whether the message was taken as a rating. Only one of two
 * quick answers counts (the request is claimed atomically).
 */
export async function handleRatingReply(
  deps: TicketsDeps,
  ticket: Pick<TicketRow, "id" | "companyId">,
  body: string,
): Promise<boolean> {
  const rate = parseRating(body);
  const claimed = await claimRatingRequest(deps.db, ticket.companyId, ticket.id);
  if (!claimed || rate === undefined) return false;
  const { companyId } = claimed;
  await insertRating(deps.db, { companyId, ticketId: claimed.id, userId: claimed.userId, rate });
  const tracking = await latestTracking(deps.db, companyId, claimed.id);
  if (tracking) await updateTracking(deps.db, companyId, tracking.id, { rated: true });

  const whatsapp = claimed.whatsappId === null ? undefined : await findWhatsapp(deps.db, companyId, claimed.whatsappId);
  if (whatsapp?.complationMessage.trim()) {
    try {
      await sendTicketMessage(
        deps,
        { id: claimed.id, companyId, whatsappId: whatsapp.id, contactId: claimed.contactId },
        { body: whatsapp.complationMessage, automatic: true },
      );
    } catch (error) {
      deps.log.warn({ err: error, ticketId: claimed.id }, "completion message after rating not sent");
    }
  }
  return true;
}
