import { eq } from "drizzle-orm";
import type { Executor } from "../../db/client.js";
import { companies, plans, whatsapps } from "../../db/schema/index.js";
import { upsertContact } from "../contacts/contacts.repository.js";
import { findActiveTicket, insertTicket, type TicketRow } from "../tickets/tickets.repository.js";

/** The connection a bearer token belongs to, with its company's plan flag (false without a plan). */
export async function findConnectionByToken(db: Executor, token: string) {
  const [row] = await db
    .select({ whatsapp: whatsapps, useExternalApi: plans.useExternalApi })
    .from(whatsapps)
    .innerJoin(companies, eq(companies.id, whatsapps.companyId))
    .leftJoin(plans, eq(plans.id, companies.planId))
    .where(eq(whatsapps.token, token))
    .limit(1);
  return row && { whatsapp: row.whatsapp, useExternalApi: row.useExternalApi === true };
}

/**
 * The contact's open or pending ticket on this connection, or a new open one.
 * The contact upsert locks its row until the commit, so two calls for a new
 * number cannot open two tickets.
 */
export async function ticketForNumber(
  db: Executor,
  whatsapp: { id: number; companyId: number },
  number: string,
): Promise<{ ticket: TicketRow; created: boolean }> {
  const { companyId } = whatsapp;
  const { contact, created } = await upsertContact(db, companyId, { number, name: number, isGroup: false });
  // A contact this statement created has no ticket yet.
  const existing = created ? undefined : await findActiveTicket(db, companyId, contact.id, whatsapp.id);
  if (existing) return { ticket: existing, created: false };
  const ticket = await insertTicket(db, {
    companyId,
    contactId: contact.id,
    whatsappId: whatsapp.id,
    status: "open",
    isGroup: false,
  });
  return { ticket, created: true };
}
