import { RATING_MAX } from "@atendo/shared";
import type { Executor } from "../../db/client.js";
import {
  claimRatingRequest,
  insertRating,
  latestTracking,
  type TicketRow,
  updateTracking,
} from "./tickets.repository.js";

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
 * The customer answered the rating request (a message joinsRatingRequest let in): the rate is
 * stored for the ticket's attendant and the tracking marked rated, in the ingestion transaction
 * that stores the message. Answers the ticket when this call took the request: only one of two
 * quick answers counts (the request is claimed atomically). The connection's completion message
 * goes out after the commit (automation/rating.ts).
 */
export async function recordRating(
  db: Executor,
  ticket: Pick<TicketRow, "id" | "companyId">,
  body: string,
): Promise<TicketRow | undefined> {
  const rate = parseRating(body);
  const claimed = await claimRatingRequest(db, ticket.companyId, ticket.id);
  if (!claimed || rate === undefined) return undefined;
  const { companyId } = claimed;
  await insertRating(db, { companyId, ticketId: claimed.id, userId: claimed.userId, rate });
  const tracking = await latestTracking(db, companyId, claimed.id);
  if (tracking) await updateTracking(db, companyId, tracking.id, { rated: true });
  return claimed;
}
