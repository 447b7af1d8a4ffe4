import { and, desc, eq } from "drizzle-orm";
import type { Executor } from "../../db/client.js";
import { ticketNotes, tickets, users } from "../../db/schema/index.js";

export type TicketNoteRow = typeof ticketNotes.$inferSelect;
export type NewTicketNoteRow = typeof ticketNotes.$inferInsert;
/** A note with its author's name (null once the author is removed). */
export type TicketNoteWithUser = TicketNoteRow & { userName: string | null };

/** The ticket fields the note rules read; tenant-scoped. */
export async function findTicketAccess(db: Executor, companyId: number, id: number) {
  const [row] = await db
    .select({
      id: tickets.id,
      contactId: tickets.contactId,
      queueId: tickets.queueId,
      userId: tickets.userId,
      status: tickets.status,
    })
    .from(tickets)
    .where(and(eq(tickets.companyId, companyId), eq(tickets.id, id)))
    .limit(1);
  return row;
}
export type TicketAccess = NonNullable<Awaited<ReturnType<typeof findTicketAccess>>>;

const withUser = { note: ticketNotes, userName: users.name };

/** Tenant-scoped lookup: another company's id is simply not found. */
export async function findTicketNote(
  db: Executor,
  companyId: number,
  id: number,
): Promise<TicketNoteWithUser | undefined> {
  const [row] = await db
    .select(withUser)
    .from(ticketNotes)
    .leftJoin(users, eq(users.id, ticketNotes.userId))
    .where(and(eq(ticketNotes.companyId, companyId), eq(ticketNotes.id, id)))
    .limit(1);
  return row && { ...row.note, userName: row.userName };
}

/** A ticket's notes, newest first, optionally only those about one contact. */
export async function listTicketNotes(
  db: Executor,
  companyId: number,
  ticketId: number,
  contactId?: number,
): Promise<TicketNoteWithUser[]> {
  const conditions = [eq(ticketNotes.companyId, companyId), eq(ticketNotes.ticketId, ticketId)];
  if (contactId) conditions.push(eq(ticketNotes.contactId, contactId));
  const rows = await db
    .select(withUser)
    .from(ticketNotes)
    .leftJoin(users, eq(users.id, ticketNotes.userId))
    .where(and(...conditions))
    .orderBy(desc(ticketNotes.createdAt), desc(ticketNotes.id));
  return rows.map((row) => ({ ...row.note, userName: row.userName }));
}

export async function insertTicketNote(db: Executor, values: NewTicketNoteRow): Promise<TicketNoteRow> {
  const [row] = await db.insert(ticketNotes).values(values).returning();
  return row!;
}

export async function deleteTicketNote(db: Executor, companyId: number, id: number): Promise<boolean> {
  const rows = await db
    .delete(ticketNotes)
    .where(and(eq(ticketNotes.companyId, companyId), eq(ticketNotes.id, id)))
    .returning({ id: ticketNotes.id });
  return rows.length > 0;
}
