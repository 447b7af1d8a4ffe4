import type { AppContext } from "../../context.js";
import type { Executor } from "../../db/client.js";
import { findContact } from "../../modules/contacts/contacts.repository.js";
import { insertTicketNote } from "../../modules/ticket-notes/ticket-notes.repository.js";
import { emitTicketEvent } from "../../modules/tickets/tickets.events.js";
import { findTicketRow, type TicketRow, ticketRelations } from "../../modules/tickets/tickets.repository.js";
import { ticketPayload } from "../../modules/tickets/tickets.serializers.js";

/*
 * Notes from no one (userId null): what the AI and the integrations tell the attendants about a
 * ticket (a remote service that failed, an answer that went out as text). The web labels them as
 * the system's. The realtime contract has no event of its own for notes, so the ticket's update
 * goes out after the note's commit: an open ticket's notes read it again (web TicketNotes).
 */

/** Writes the note, in the caller's transaction when given; announce it with announceSystemNote after the commit. */
export async function writeSystemNote(
  db: Executor,
  ticket: Pick<TicketRow, "companyId" | "id" | "contactId">,
  text: string,
): Promise<void> {
  await insertTicketNote(db, {
    companyId: ticket.companyId,
    ticketId: ticket.id,
    contactId: ticket.contactId,
    userId: null,
    note: text,
  });
}

/** The ticket's update to whoever may see it, so its open conversation shows the note. Never throws. */
export async function announceSystemNote(
  deps: Pick<AppContext, "db" | "realtime" | "log">,
  ticket: Pick<TicketRow, "companyId" | "id">,
): Promise<void> {
  try {
    const row = await findTicketRow(deps.db, ticket.companyId, ticket.id);
    if (!row) return;
    const contact = await findContact(deps.db, row.companyId, row.contactId);
    if (!contact) return;
    const relations = await ticketRelations(deps.db, row.companyId, row.id);
    await emitTicketEvent(deps, row, { action: "update", ticket: ticketPayload(row, contact, relations) });
  } catch (error) {
    // The note is stored: a reload shows it.
    deps.log.error({ err: error, ticketId: ticket.id }, "system note event failed");
  }
}

/** Writes the note on its own and announces it. */
export async function noteForAttendants(
  deps: Pick<AppContext, "db" | "realtime" | "log">,
  ticket: Pick<TicketRow, "companyId" | "id" | "contactId">,
  text: string,
): Promise<void> {
  await writeSystemNote(deps.db, ticket, text);
  await announceSystemNote(deps, ticket);
}
