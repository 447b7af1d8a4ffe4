import type { AuthSession } from "../../http/auth.js";

/**
 * Whether the actor may see a ticket (document 1 section 6): admins see every
 * ticket; a user sees tickets of their queues, tickets assigned to them and
 * tickets with no queue yet.
 * TODO(tickets): this rule belongs to the tickets module; move it there when it lands.
 */
export function canSeeTicket(
  actor: Pick<AuthSession, "userId" | "profile" | "super">,
  ticket: { queueId: number | null; userId: number | null },
  userQueueIds: readonly number[],
): boolean {
  if (actor.profile === "admin" || actor.super) return true;
  if (ticket.userId === actor.userId) return true;
  if (ticket.queueId === null) return true;
  return userQueueIds.includes(ticket.queueId);
}
