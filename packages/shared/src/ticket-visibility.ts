import type { Profile, TicketStatus } from "./enums.js";
import { isAdmin } from "./permissions.js";

/**
 * Who may see a ticket: one rule for the server's checks, the web's live
 * placement and, written as SQL from the same inputs, the server's lists,
 * kanban and realtime audience (apps/server/src/modules/tickets/ticket-visibility.sql.ts;
 * ticket-visibility.test.ts there holds the two against each other).
 */

/** What the rule reads about the user looking. */
export interface TicketViewer {
  id: number;
  profile: Profile;
  super: boolean;
  /** The user's allTicket setting is "enabled". */
  allTicket: boolean;
  queueIds: readonly number[];
}

/** What the rule reads about the ticket. */
export interface TicketVisibilityFacts {
  status: TicketStatus;
  userId: number | null;
  queueId: number | null;
}

/**
 * Whether the viewer may see (open, be told about) the ticket (document 1 section 6):
 * - admins and the super admin see every ticket of their company;
 * - a user sees the tickets assigned to them, the tickets with no queue yet (still
 *   in the chatbot, or created without one) and the tickets of their queues;
 * - a user with allTicket enabled also sees pending tickets of any queue: the spec
 *   shows them in that user's notification bell, whose click opens (and accepts) the ticket.
 */
export function canSeeTicket(viewer: TicketViewer, ticket: TicketVisibilityFacts): boolean {
  if (isAdmin(viewer)) return true;
  if (ticket.userId === viewer.id) return true;
  if (ticket.queueId === null) return true;
  if (viewer.allTicket && ticket.status === "pending") return true;
  return viewer.queueIds.includes(ticket.queueId);
}

/**
 * Whether a ticket list (and the kanban) shows the ticket: what the viewer may see,
 * narrowed to their own and unassigned tickets unless an admin turns show-all on
 * (document 1 section 4, live update: "the user's own, unassigned or show-all").
 */
export function listShowsTicket(viewer: TicketViewer, ticket: TicketVisibilityFacts, showAll: boolean): boolean {
  if (!canSeeTicket(viewer, ticket)) return false;
  return ticket.userId === null || ticket.userId === viewer.id || (showAll && isAdmin(viewer));
}
