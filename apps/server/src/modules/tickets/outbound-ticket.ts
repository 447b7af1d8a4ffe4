import type { Executor } from "../../db/client.js";
import { AppError } from "../../http/errors.js";
import { upsertContact } from "../contacts/contacts.repository.js";
import { findActiveTicket, insertTicket, lockContact, type TicketRow } from "./tickets.repository.js";

/*
 * The ticket an outbound message goes out on when nobody opened one for it (the external
 * API, scheduled messages, campaigns): the contact's open or pending ticket on the connection,
 * or a new open one, with no queue and no attendant. Run inside the caller's transaction: the
 * contact's row stays locked until it commits, so two sends to one contact cannot open two tickets.
 */

/** The connection the message goes out on. */
export interface OutboundConnection {
  id: number;
  companyId: number;
}

/** For a number: its contact is created (named after the number) when the company has none. */
export async function ticketForNumber(
  db: Executor,
  whatsapp: OutboundConnection,
  number: string,
): Promise<{ ticket: TicketRow; created: boolean }> {
  const { companyId } = whatsapp;
  // The upsert writes the row, which locks it until the commit.
  const { contact, created } = await upsertContact(db, companyId, { number, name: number, isGroup: false });
  // A contact this statement created has no ticket yet.
  const existing = created ? undefined : await findActiveTicket(db, companyId, contact.id, whatsapp.id);
  if (existing) return { ticket: existing, created: false };
  return { ticket: await openTicket(db, whatsapp, contact), created: true };
}

/** For a contact of the company (ERR_NO_CONTACT_FOUND otherwise). */
export async function ticketForContact(
  db: Executor,
  whatsapp: OutboundConnection,
  contactId: number,
): Promise<{ ticket: TicketRow; created: boolean }> {
  const { companyId } = whatsapp;
  const contact = await lockContact(db, companyId, contactId);
  if (!contact) throw new AppError("ERR_NO_CONTACT_FOUND");
  const existing = await findActiveTicket(db, companyId, contact.id, whatsapp.id);
  if (existing) return { ticket: existing, created: false };
  return { ticket: await openTicket(db, whatsapp, contact), created: true };
}

function openTicket(db: Executor, whatsapp: OutboundConnection, contact: { id: number; isGroup: boolean }) {
  return insertTicket(db, {
    companyId: whatsapp.companyId,
    contactId: contact.id,
    whatsappId: whatsapp.id,
    status: "open",
    isGroup: contact.isGroup,
  });
}
