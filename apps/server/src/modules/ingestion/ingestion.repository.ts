import { and, desc, eq, getTableColumns, inArray, lt, sql } from "drizzle-orm";
import type { Executor } from "../../db/client.js";
import { contacts, messages, queues, tickets, userQueues, users, whatsapps } from "../../db/schema/index.js";

export type ContactRow = typeof contacts.$inferSelect;
export type TicketRow = typeof tickets.$inferSelect;
export type MessageRow = typeof messages.$inferSelect;

export async function findActiveTicket(
  db: Executor,
  companyId: number,
  contactId: number,
  whatsappId: number,
): Promise<TicketRow | undefined> {
  const [row] = await db
    .select()
    .from(tickets)
    .where(
      and(
        eq(tickets.companyId, companyId),
        eq(tickets.contactId, contactId),
        eq(tickets.whatsappId, whatsappId),
        inArray(tickets.status, ["open", "pending"]),
      ),
    )
    .orderBy(desc(tickets.id))
    .limit(1);
  return row;
}

export async function insertTicket(db: Executor, values: typeof tickets.$inferInsert): Promise<TicketRow> {
  const [row] = await db.insert(tickets).values(values).returning();
  return row!;
}

export async function messageIdByProviderId(
  db: Executor,
  companyId: number,
  whatsappId: number,
  providerId: string,
): Promise<number | undefined> {
  const [row] = await db
    .select({ id: messages.id })
    .from(messages)
    .where(
      and(eq(messages.companyId, companyId), eq(messages.whatsappId, whatsappId), eq(messages.providerId, providerId)),
    )
    .limit(1);
  return row?.id;
}

/** Answers undefined when the provider id is already stored: the redelivery is a no-op. */
export async function insertInboundMessage(
  db: Executor,
  values: typeof messages.$inferInsert,
): Promise<MessageRow | undefined> {
  const [row] = await db
    .insert(messages)
    .values(values)
    .onConflictDoNothing({ target: [messages.whatsappId, messages.providerId] })
    .returning();
  return row;
}

/** The names a ticket event carries with it. */
export async function ticketRelations(db: Executor, companyId: number, ticketId: number) {
  const [row] = await db
    .select({
      queue: { id: queues.id, name: queues.name, color: queues.color },
      user: { id: users.id, name: users.name },
      whatsapp: { id: whatsapps.id, name: whatsapps.name },
    })
    .from(tickets)
    .leftJoin(queues, eq(queues.id, tickets.queueId))
    .leftJoin(users, eq(users.id, tickets.userId))
    .leftJoin(whatsapps, eq(whatsapps.id, tickets.whatsappId))
    .where(and(eq(tickets.companyId, companyId), eq(tickets.id, ticketId)))
    .limit(1);
  return row ?? { queue: null, user: null, whatsapp: null };
}

/** Moves an outbound message's ack forward (acks never go back), answering the row when it changed. */
export async function advanceMessageAck(
  db: Executor,
  whatsappId: number,
  providerId: string,
  ack: number,
): Promise<MessageRow | undefined> {
  const [row] = await db
    .update(messages)
    .set({ ack, updatedAt: new Date() })
    .where(and(eq(messages.whatsappId, whatsappId), eq(messages.providerId, providerId), lt(messages.ack, ack)))
    .returning();
  return row;
}

/*
 * The message hot paths (ingest.ts, messages/send.ts): contact and ticket reads
 * and writes folded so a message costs fewer round trips.
 */

export type TicketRelations = Awaited<ReturnType<typeof ticketRelations>>;

/** ticketRelations as scalar subqueries, for the RETURNING of the statement that writes the ticket. */
const relationColumns = {
  relationQueue: sql<
    TicketRelations["queue"]
  >`(select json_build_object('id', ${queues.id}, 'name', ${queues.name}, 'color', ${queues.color}) from ${queues} where ${queues.id} = ${tickets.queueId})`,
  relationUser: sql<
    TicketRelations["user"]
  >`(select json_build_object('id', ${users.id}, 'name', ${users.name}) from ${users} where ${users.id} = ${tickets.userId})`,
  relationWhatsapp: sql<
    TicketRelations["whatsapp"]
  >`(select json_build_object('id', ${whatsapps.id}, 'name', ${whatsapps.name}) from ${whatsapps} where ${whatsapps.id} = ${tickets.whatsappId})`,
};

/** A ticket row with ticketRelations, for the RETURNING of a statement that writes the ticket (see splitRelations). */
export const ticketWithRelations = { ...getTableColumns(tickets), ...relationColumns };

export function splitRelations(row: TicketRow & { [K in keyof typeof relationColumns]: unknown }): {
  ticket: TicketRow;
  relations: TicketRelations;
} {
  const { relationQueue, relationUser, relationWhatsapp, ...ticket } = row;
  return {
    ticket,
    relations: {
      queue: (relationQueue ?? null) as TicketRelations["queue"],
      user: (relationUser ?? null) as TicketRelations["user"],
      whatsapp: (relationWhatsapp ?? null) as TicketRelations["whatsapp"],
    },
  };
}

/**
 * Everything a reader of a ticket needs, in one statement: the ticket, its
 * contact, its relations and, for a non-admin viewer, the queues and allTicket
 * flag that decide whether they may see it (ticket-access.ts applies the rule).
 */
export async function findTicketForReader(db: Executor, companyId: number, ticketId: number, viewerId?: number) {
  const viewer =
    viewerId === undefined
      ? { viewerQueueIds: sql<number[] | null>`null`, viewerAllTicket: sql<boolean>`false` }
      : {
          viewerQueueIds: sql<
            number[] | null
          >`(select array_agg(${userQueues.queueId}) from ${userQueues} where ${userQueues.companyId} = ${companyId} and ${userQueues.userId} = ${viewerId})`,
          viewerAllTicket: sql<boolean>`exists (select 1 from ${users} where ${users.companyId} = ${companyId} and ${users.id} = ${viewerId} and ${users.allTicket} = 'enabled')`,
        };
  const [row] = await db
    .select({ ...ticketWithRelations, contact: contacts, ...viewer })
    .from(tickets)
    .innerJoin(contacts, eq(contacts.id, tickets.contactId))
    .where(and(eq(tickets.companyId, companyId), eq(tickets.id, ticketId)))
    .limit(1);
  if (!row) return undefined;
  const { contact, viewerQueueIds, viewerAllTicket, ...rest } = row;
  return {
    ...splitRelations(rest),
    contact,
    viewer: { queueIds: viewerQueueIds ?? [], allTicket: viewerAllTicket },
  };
}

/**
 * Creates the contact or answers the existing one, telling whether this
 * statement created it (then it has no ticket yet). The conflict branch writes
 * the row, which locks it until the commit: two messages of one customer are
 * ingested one after the other, so they cannot open two tickets.
 * A private contact keeps the name it has (an attendant may have edited it);
 * a group follows its current subject.
 */
export async function upsertContact(
  db: Executor,
  companyId: number,
  values: { number: string; name: string; isGroup: boolean },
): Promise<{ contact: ContactRow; created: boolean }> {
  const [row] = await db
    .insert(contacts)
    .values({ companyId, number: values.number, name: values.name, isGroup: values.isGroup })
    .onConflictDoUpdate({
      target: [contacts.companyId, contacts.number],
      set: values.isGroup ? { name: values.name, updatedAt: new Date() } : { number: sql`${contacts.number}` },
    })
    .returning({ ...getTableColumns(contacts), created: sql<boolean>`(xmax = 0)` });
  const { created, ...contact } = row!;
  return { contact, created: created === true };
}

/**
 * findActiveTicket, and without one the contact's newest ticket on the connection
 * (what newestTicketAwaitingRating looks at), in one query.
 */
export async function findActiveOrNewestTicket(
  db: Executor,
  companyId: number,
  contactId: number,
  whatsappId: number,
): Promise<TicketRow | undefined> {
  const [row] = await db
    .select()
    .from(tickets)
    .where(and(eq(tickets.companyId, companyId), eq(tickets.contactId, contactId), eq(tickets.whatsappId, whatsappId)))
    .orderBy(sql`(${tickets.status} in ('open', 'pending')) desc`, desc(tickets.id))
    .limit(1);
  return row;
}

/** The connection's timeouts (tickets.jobs.ts starts their clocks), read by the statement that writes the ticket. */
export interface ConnectionTimers {
  expiresTicket: number;
  timeUseBotQueues: number;
  timeToTransfer: number | null;
  transferQueueId: number | null;
}

const timersColumn = sql<ConnectionTimers | null>`(select json_build_object('expiresTicket', ${whatsapps.expiresTicket}, 'timeUseBotQueues', ${whatsapps.timeUseBotQueues}, 'timeToTransfer', ${whatsapps.timeToTransfer}, 'transferQueueId', ${whatsapps.transferQueueId}) from ${whatsapps} where ${whatsapps.id} = ${tickets.whatsappId} and ${whatsapps.companyId} = ${tickets.companyId})`;

type WrittenTicket = { ticket: TicketRow; relations: TicketRelations; timers: ConnectionTimers | null };

function splitWritten(row: Parameters<typeof splitRelations>[0] & { timers: ConnectionTimers | null }): WrittenTicket {
  const { timers, ...rest } = row;
  return { ...splitRelations(rest), timers };
}

/** insertTicket answering the names a ticket event carries (ticketRelations) and the connection's timeouts. */
export async function insertTicketWithRelations(
  db: Executor,
  values: typeof tickets.$inferInsert,
): Promise<WrittenTicket> {
  const [row] = await db
    .insert(tickets)
    .values(values)
    .returning({ ...ticketWithRelations, timers: timersColumn });
  return splitWritten(row!);
}

/** The ticket update for a new message, answering its relations and the connection's timeouts with the row. */
export async function touchTicketWithRelations(
  db: Executor,
  companyId: number,
  ticketId: number,
  lastMessage: string,
): Promise<WrittenTicket> {
  const [row] = await db
    .update(tickets)
    .set({ lastMessage, unreadMessages: sql`${tickets.unreadMessages} + 1`, updatedAt: new Date() })
    .where(and(eq(tickets.companyId, companyId), eq(tickets.id, ticketId)))
    .returning({ ...ticketWithRelations, timers: timersColumn });
  return splitWritten(row!);
}
