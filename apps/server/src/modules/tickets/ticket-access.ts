import type { TicketStatus } from "@atendo/shared";
import type { AuthSession } from "../../http/auth.js";

/** Admins (and the super admin) see every ticket of their company. */
export const isTicketAdmin = (actor: Pick<AuthSession, "profile" | "super">) =>
  actor.profile === "admin" || actor.super;

/**
 * Whether the actor may see a ticket (document 1 section 6), the one rule
 * behind GET/PUT of a ticket, the list and the realtime audience:
 * - admins see every ticket;
 * - a user sees the tickets of their queues, the tickets assigned to them and
 *   the tickets with no queue yet (still in the chatbot, or created without one);
 * - a user with allTicket enabled also sees pending tickets of any queue: the
 *   spec shows them in that user's notification bell, and the bell's click
 *   opens (and accepts) the ticket, so the ticket itself must be readable.
 */
export function canSeeTicket(
  actor: Pick<AuthSession, "userId" | "profile" | "super">,
  ticket: { queueId: number | null; userId: number | null; status?: TicketStatus },
  userQueueIds: readonly number[],
  allTicket = false,
): boolean {
  if (isTicketAdmin(actor)) return true;
  if (ticket.userId === actor.userId) return true;
  if (ticket.queueId === null) return true;
  if (allTicket && ticket.status === "pending") return true;
  return userQueueIds.includes(ticket.queueId);
}
