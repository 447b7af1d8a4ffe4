import { type TicketVisibilityFacts, canSeeTicket as ticketVisibleTo } from "@atendo/shared";
import type { AuthSession } from "../../http/auth.js";

/**
 * The shared visibility rule (packages/shared ticket-visibility.ts) for a session,
 * with the queues and allTicket flag read for it: the check behind GET, PUT, the
 * messages and the notes of one ticket. The lists and the realtime audience use
 * the same rule as SQL (ticket-visibility.sql.ts).
 */
export function canSeeTicket(
  actor: Pick<AuthSession, "userId" | "profile" | "super">,
  ticket: TicketVisibilityFacts,
  userQueueIds: readonly number[],
  allTicket = false,
): boolean {
  const viewer = { id: actor.userId, profile: actor.profile, super: actor.super, queueIds: userQueueIds, allTicket };
  return ticketVisibleTo(viewer, ticket);
}
