import type { TicketStatus } from "@atendo/shared";
import { and, desc, eq, gt, gte, inArray, isNull, lt, ne, or, type SQL, sql } from "drizzle-orm";
import type { Executor } from "../../db/client.js";
import { likePattern } from "../../db/errors.js";
import {
  contacts,
  messages,
  queues,
  tags,
  tickets,
  ticketTags,
  ticketTrackings,
  userQueues,
  userRatings,
  users,
  whatsapps,
} from "../../db/schema/index.js";

export type TicketRow = typeof tickets.$inferSelect;
export type TicketChanges = Partial<Omit<typeof tickets.$inferInsert, "id" | "companyId">>;
export type WhatsappRow = typeof whatsapps.$inferSelect;

/** Tenant-scoped lookup: another company's id is simply not found. */
export async function findTicketRow(db: Executor, companyId: number, id: number): Promise<TicketRow | undefined> {
  const [row] = await db
    .select()
    .from(tickets)
    .where(and(eq(tickets.companyId, companyId), eq(tickets.id, id)))
    .limit(1);
  return row;
}

export async function findTicketRowByUuid(
  db: Executor,
  companyId: number,
  uuid: string,
): Promise<TicketRow | undefined> {
  const [row] = await db
    .select()
    .from(tickets)
    .where(and(eq(tickets.companyId, companyId), eq(tickets.uuid, uuid)))
    .limit(1);
  return row;
}

/** What the visibility rule needs to know about a user: their queues and the allTicket flag. */
export async function viewerScope(
  db: Executor,
  companyId: number,
  userId: number,
): Promise<{ queueIds: number[]; allTicket: boolean }> {
  const [queueRows, [user]] = await Promise.all([
    db
      .select({ queueId: userQueues.queueId })
      .from(userQueues)
      .where(and(eq(userQueues.companyId, companyId), eq(userQueues.userId, userId))),
    db
      .select({ allTicket: users.allTicket })
      .from(users)
      .where(and(eq(users.companyId, companyId), eq(users.id, userId)))
      .limit(1),
  ]);
  return { queueIds: queueRows.map((row) => row.queueId), allTicket: user?.allTicket === "enabled" };
}

/**
 * The non-admin users who may see a ticket of `queueId`: members of the queue,
 * super users, and (for a pending ticket) users with allTicket enabled. Admins
 * are left out: the admins room reaches them.
 */
export async function audienceUserIds(
  db: Executor,
  companyId: number,
  queueId: number,
  pending: boolean,
): Promise<number[]> {
  const member = sql`exists (select 1 from ${userQueues} where ${userQueues.companyId} = ${companyId} and ${userQueues.userId} = ${users.id} and ${userQueues.queueId} = ${queueId})`;
  const reach = [member, eq(users.super, true)];
  if (pending) reach.push(eq(users.allTicket, "enabled"));
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.companyId, companyId), ne(users.profile, "admin"), or(...reach)));
  return rows.map((row) => row.id);
}

export interface TicketListFilters {
  search: string;
  status?: TicketStatus;
  tagIds?: number[];
  userIds?: number[];
  queueIds?: number[];
  createdFrom?: Date;
  createdTo?: Date;
  updatedFrom?: Date;
  updatedTo?: Date;
  withUnreadMessages: boolean;
  /** Undefined for an admin; otherwise what the user may see. */
  visibility?: { userId: number; queueIds: number[]; allTicket: boolean };
  /** Only the viewer's own and unassigned tickets (everything but an admin's showAll). */
  ownOrUnassignedOf?: number;
}

function listConditions(companyId: number, filters: TicketListFilters): SQL {
  const conditions: (SQL | undefined)[] = [eq(tickets.companyId, companyId)];
  const { visibility } = filters;
  if (visibility) {
    conditions.push(
      or(
        visibility.queueIds.length > 0 ? inArray(tickets.queueId, visibility.queueIds) : undefined,
        eq(tickets.userId, visibility.userId),
        isNull(tickets.queueId),
        visibility.allTicket ? eq(tickets.status, "pending") : undefined,
      ),
    );
  }
  if (filters.ownOrUnassignedOf !== undefined) {
    conditions.push(or(eq(tickets.userId, filters.ownOrUnassignedOf), isNull(tickets.userId)));
  }
  if (filters.status) conditions.push(eq(tickets.status, filters.status));
  if (filters.queueIds && filters.queueIds.length > 0) {
    conditions.push(or(inArray(tickets.queueId, filters.queueIds), isNull(tickets.queueId)));
  }
  if (filters.userIds && filters.userIds.length > 0) conditions.push(inArray(tickets.userId, filters.userIds));
  if (filters.tagIds && filters.tagIds.length > 0) {
    const tagIds = [...new Set(filters.tagIds)];
    conditions.push(
      sql`(select count(*) from ${ticketTags} where ${ticketTags.companyId} = ${companyId} and ${ticketTags.ticketId} = ${tickets.id} and ${inArray(ticketTags.tagId, tagIds)}) = ${tagIds.length}`,
    );
  }
  if (filters.createdFrom) conditions.push(gte(tickets.createdAt, filters.createdFrom));
  if (filters.createdTo) conditions.push(lt(tickets.createdAt, filters.createdTo));
  if (filters.updatedFrom) conditions.push(gte(tickets.updatedAt, filters.updatedFrom));
  if (filters.updatedTo) conditions.push(lt(tickets.updatedAt, filters.updatedTo));
  if (filters.withUnreadMessages) conditions.push(gt(tickets.unreadMessages, 0));
  if (filters.search) {
    const pattern = likePattern(filters.search);
    conditions.push(
      or(
        sql`${contacts.name} ilike ${pattern}`,
        sql`${contacts.number} ilike ${pattern}`,
        // One trigram-indexed scan of the company's messages (migration 0003), not a probe per ticket.
        sql`${tickets.id} in (select ${messages.ticketId} from ${messages} where ${messages.companyId} = ${companyId} and ${messages.body} ilike ${pattern})`,
      ),
    );
  }
  return and(...conditions)!;
}

const detailColumns = {
  ticket: tickets,
  contact: {
    id: contacts.id,
    name: contacts.name,
    number: contacts.number,
    profilePicUrl: contacts.profilePicUrl,
    email: contacts.email,
  },
  user: { id: users.id, name: users.name },
  queue: { id: queues.id, name: queues.name, color: queues.color },
  whatsapp: { id: whatsapps.id, name: whatsapps.name },
};

function detailQuery(db: Executor) {
  return db
    .select(detailColumns)
    .from(tickets)
    .innerJoin(contacts, eq(contacts.id, tickets.contactId))
    .leftJoin(users, eq(users.id, tickets.userId))
    .leftJoin(queues, eq(queues.id, tickets.queueId))
    .leftJoin(whatsapps, eq(whatsapps.id, tickets.whatsappId));
}

export type TicketDetailRow = Awaited<ReturnType<ReturnType<typeof detailQuery>["execute"]>>[number];

/** One page of tickets with their names, newest activity first, and the total: two queries. */
export async function pageTickets(
  db: Executor,
  companyId: number,
  filters: TicketListFilters,
  page: { limit: number; offset: number },
): Promise<{ rows: TicketDetailRow[]; count: number }> {
  const where = listConditions(companyId, filters);
  const counted = db.select({ count: sql<number>`count(*)::int` }).from(tickets);
  // Every ticket has a contact, so the join matters only when the search reads the contact's name.
  const countQuery = filters.search
    ? counted.innerJoin(contacts, eq(contacts.id, tickets.contactId)).where(where)
    : counted.where(where);
  const [rows, [total]] = await Promise.all([
    detailQuery(db)
      .where(where)
      .orderBy(desc(tickets.updatedAt), desc(tickets.id))
      .limit(page.limit)
      .offset(page.offset),
    countQuery,
  ]);
  return { rows, count: total?.count ?? 0 };
}

export async function ticketDetail(db: Executor, companyId: number, id: number): Promise<TicketDetailRow | undefined> {
  const [row] = await detailQuery(db)
    .where(and(eq(tickets.companyId, companyId), eq(tickets.id, id)))
    .limit(1);
  return row;
}

/** The tags of several tickets in one query. */
export async function tagsOfTickets(
  db: Executor,
  companyId: number,
  ticketIds: number[],
): Promise<Map<number, { id: number; name: string; color: string }[]>> {
  const byTicket = new Map<number, { id: number; name: string; color: string }[]>();
  if (ticketIds.length === 0) return byTicket;
  const rows = await db
    .select({ ticketId: ticketTags.ticketId, id: tags.id, name: tags.name, color: tags.color })
    .from(ticketTags)
    .innerJoin(tags, eq(tags.id, ticketTags.tagId))
    .where(and(eq(ticketTags.companyId, companyId), inArray(ticketTags.ticketId, ticketIds)))
    .orderBy(tags.name);
  for (const { ticketId, ...tag } of rows) {
    const list = byTicket.get(ticketId) ?? [];
    list.push(tag);
    byTicket.set(ticketId, list);
  }
  return byTicket;
}

/**
 * Locks the contact row until the commit, the same lock ingestion's upsert
 * takes: a ticket created by hand and one opened by an inbound message for the
 * same contact cannot both pass the "no open ticket" check.
 */
export async function lockContact(db: Executor, companyId: number, contactId: number) {
  const [row] = await db
    .select({ id: contacts.id, isGroup: contacts.isGroup })
    .from(contacts)
    .where(and(eq(contacts.companyId, companyId), eq(contacts.id, contactId)))
    .for("update")
    .limit(1);
  return row;
}

/** The open or pending ticket of a contact on a connection, with its owner's and queue's names. */
export async function findOtherOpenTicket(db: Executor, companyId: number, contactId: number, whatsappId: number) {
  const [row] = await db
    .select({
      id: tickets.id,
      uuid: tickets.uuid,
      userId: tickets.userId,
      userName: users.name,
      queueName: queues.name,
    })
    .from(tickets)
    .leftJoin(users, eq(users.id, tickets.userId))
    .leftJoin(queues, eq(queues.id, tickets.queueId))
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

export async function findWhatsapp(db: Executor, companyId: number, id: number): Promise<WhatsappRow | undefined> {
  const [row] = await db
    .select()
    .from(whatsapps)
    .where(and(eq(whatsapps.companyId, companyId), eq(whatsapps.id, id)))
    .limit(1);
  return row;
}

export async function findDefaultWhatsapp(db: Executor, companyId: number): Promise<WhatsappRow | undefined> {
  const [row] = await db
    .select()
    .from(whatsapps)
    .where(and(eq(whatsapps.companyId, companyId), eq(whatsapps.isDefault, true)))
    .orderBy(whatsapps.id)
    .limit(1);
  return row;
}

export async function findQueue(db: Executor, companyId: number, id: number) {
  const [row] = await db
    .select({ id: queues.id, name: queues.name })
    .from(queues)
    .where(and(eq(queues.companyId, companyId), eq(queues.id, id)))
    .limit(1);
  return row;
}

export async function findUserName(db: Executor, companyId: number, id: number) {
  const [row] = await db
    .select({ id: users.id, name: users.name })
    .from(users)
    .where(and(eq(users.companyId, companyId), eq(users.id, id)))
    .limit(1);
  return row;
}

/** Tickets are opened through one insert, shared with ingestion. */
export { insertTicket as insertTicketRow } from "../ingestion/ingestion.repository.js";

export async function updateTicketRow(
  db: Executor,
  companyId: number,
  id: number,
  changes: TicketChanges,
): Promise<TicketRow | undefined> {
  const [row] = await db
    .update(tickets)
    .set({ ...changes, updatedAt: new Date() })
    .where(and(eq(tickets.companyId, companyId), eq(tickets.id, id)))
    .returning();
  return row;
}

export async function deleteTicketRow(db: Executor, companyId: number, id: number): Promise<boolean> {
  const rows = await db
    .delete(tickets)
    .where(and(eq(tickets.companyId, companyId), eq(tickets.id, id)))
    .returning({ id: tickets.id });
  return rows.length > 0;
}

// Trackings: one row per life cycle of a ticket (created or reopened → closed).

export type TrackingRow = typeof ticketTrackings.$inferSelect;

/** The latest tracking row of a ticket. */
export async function latestTracking(
  db: Executor,
  companyId: number,
  ticketId: number,
): Promise<TrackingRow | undefined> {
  const [row] = await db
    .select()
    .from(ticketTrackings)
    .where(and(eq(ticketTrackings.companyId, companyId), eq(ticketTrackings.ticketId, ticketId)))
    .orderBy(desc(ticketTrackings.id))
    .limit(1);
  return row;
}

export async function insertTracking(db: Executor, values: typeof ticketTrackings.$inferInsert): Promise<TrackingRow> {
  const [row] = await db.insert(ticketTrackings).values(values).returning();
  return row!;
}

export async function updateTracking(
  db: Executor,
  companyId: number,
  id: number,
  changes: Partial<Pick<TrackingRow, "startedAt" | "finishedAt" | "ratingAt" | "rated" | "userId" | "whatsappId">>,
): Promise<void> {
  await db
    .update(ticketTrackings)
    .set(changes)
    .where(and(eq(ticketTrackings.companyId, companyId), eq(ticketTrackings.id, id)));
}

// Ratings.

const awaitingRating = sql`coalesce(${tickets.automationState} ->> 'awaitingRating', '') = 'true'`;

/** Marks a closed ticket as waiting for the customer's 1–3 answer. */
export async function markAwaitingRating(db: Executor, companyId: number, ticketId: number): Promise<void> {
  await db
    .update(tickets)
    .set({
      automationState: sql`coalesce(${tickets.automationState}, '{}'::jsonb) || '{"awaitingRating":true}'::jsonb`,
    })
    .where(and(eq(tickets.companyId, companyId), eq(tickets.id, ticketId)));
}

/**
 * Clears the waiting flag and answers the ticket only when this call cleared
 * it, so two quick answers store one rating.
 */
export async function claimRatingRequest(
  db: Executor,
  companyId: number,
  ticketId: number,
): Promise<TicketRow | undefined> {
  const [row] = await db
    .update(tickets)
    .set({ automationState: sql`${tickets.automationState} - 'awaitingRating'` })
    .where(and(eq(tickets.companyId, companyId), eq(tickets.id, ticketId), awaitingRating))
    .returning();
  return row;
}

export async function insertRating(db: Executor, values: typeof userRatings.$inferInsert): Promise<void> {
  await db.insert(userRatings).values(values);
}

export { companyHasIntegration, companyHasPrompt } from "../../db/tenant.js";
