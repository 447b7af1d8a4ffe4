/** The rule lives with the tickets module; re-exported so existing imports keep working. */
export { canSeeTicket } from "../tickets/ticket-access.js";
