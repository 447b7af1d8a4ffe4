import type { AppContext } from "../context.js";
import { sendTicketMessage } from "../modules/messages/send.js";
import type { TicketRow } from "../modules/tickets/tickets.repository.js";
import { findWhatsapp } from "../modules/whatsapps/whatsapps.repository.js";

export type RatingDeps = Pick<AppContext, "db" | "realtime" | "media" | "log" | "sessions">;

/**
 * After a rating is stored (tickets.ratings.ts's recordRating, in the ingestion transaction): the
 * connection's completion message. Best effort: the rating is committed, a failed send is logged.
 */
export async function thankForRating(
  deps: RatingDeps,
  ticket: Pick<TicketRow, "id" | "companyId" | "whatsappId" | "contactId">,
): Promise<void> {
  const { companyId } = ticket;
  const whatsapp = ticket.whatsappId === null ? undefined : await findWhatsapp(deps.db, companyId, ticket.whatsappId);
  if (!whatsapp?.complationMessage.trim()) return;
  try {
    await sendTicketMessage(
      deps,
      { id: ticket.id, companyId, whatsappId: whatsapp.id, contactId: ticket.contactId },
      { body: whatsapp.complationMessage, automatic: true },
    );
  } catch (error) {
    deps.log.warn({ err: error, ticketId: ticket.id }, "completion message after rating not sent");
  }
}
