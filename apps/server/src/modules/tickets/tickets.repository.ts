import type { TicketStatus } from "@atendo/shared";
import {
  type AnyColumn,
  and,
  desc,
  eq,
  getTableColumns,
  getTableName,
  gt,
  gte,
  inArray,
  isNull,
  lt,
  ne,
  or,
  type SQL,
  sql,
} from "drizzle-orm";
import { toSnakeCase } from "drizzle-orm/casing";
import type { Executor } from "../../db/client.js";
import { likePattern } from "../../db/errors.js";
import {
  contacts,
  flowCampaigns,
  flowRuns,
  messages,
  queues,
  tags,
  tickets,
  ticketTags,
  ticketTrackings,
  userQueues,
  userRatings,
  users,
  whatsappQueues,
  whatsapps,
} from "../../db/schema/index.js";
import { listedTicketsSql, type SessionViewer, selectedQueuesSql } from "./ticket-visibility.sql.js";

export type TicketRow = typeof tickets.$inferSelect;
export type TicketChanges = Partial<Omit<typeof tickets.$inferInsert, "id" | "companyId">>;

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
 * The non-admin users of the company among `viewers` (ticket-visibility.sql.ts's
 * ticketViewersSql). Admins are left out: the admins room reaches them.
 */
export async function audienceUserIds(db: Executor, companyId: number, viewers: SQL): Promise<number[]> {
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.companyId, companyId), ne(users.profile, "admin"), viewers));
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
  /** Whose list it is: the visibility rule (ticket-visibility.sql.ts) reads their queues and allTicket flag in the same statement. */
  viewer: SessionViewer;
  showAll: boolean;
}

function listConditions(companyId: number, filters: TicketListFilters): SQL {
  const conditions: (SQL | undefined)[] = [
    eq(tickets.companyId, companyId),
    listedTicketsSql(companyId, filters.viewer, filters.showAll),
  ];
  if (filters.status) conditions.push(eq(tickets.status, filters.status));
  conditions.push(selectedQueuesSql(filters.queueIds));
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
    // Two lookups in the company's trigram indexes (migration 0004), each hashed once, instead of
    // testing every ticket's contact and messages: the matching contacts and the matching messages.
    conditions.push(
      or(
        sql`${tickets.contactId} in (select ${contacts.id} from ${contacts} where ${contacts.companyId} = ${companyId} and (${contacts.name} ilike ${pattern} or ${contacts.number} ilike ${pattern}))`,
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

function detailQuery(db: Executor, companyId: number) {
  return db
    .select({ ...detailColumns, tags: tagsColumn(companyId) })
    .from(tickets)
    .innerJoin(contacts, eq(contacts.id, tickets.contactId))
    .leftJoin(users, eq(users.id, tickets.userId))
    .leftJoin(queues, eq(queues.id, tickets.queueId))
    .leftJoin(whatsapps, eq(whatsapps.id, tickets.whatsappId));
}

export type TicketDetailRow = Awaited<ReturnType<ReturnType<typeof detailQuery>["execute"]>>[number];

type TicketTag = { id: number; name: string; color: string };

/** A ticket's tags, sorted by name, as a JSON array built by PostgreSQL. */
function tagsColumn(companyId: number) {
  return sql<
    TicketTag[]
  >`(select coalesce(json_agg(json_build_object('id', ${tags.id}, 'name', ${tags.name}, 'color', ${tags.color}) order by ${tags.name}), '[]'::json) from ${ticketTags} inner join ${tags} on ${tags.id} = ${ticketTags.tagId} where ${ticketTags.companyId} = ${companyId} and ${ticketTags.ticketId} = ${tickets.id})`;
}

export type TicketPageRow = TicketDetailRow & { total: number };

/**
 * One page of tickets with their names and tags, newest activity first, and the
 * total of the whole filter: a single statement whatever the page size. The page
 * is chosen on `tickets` alone (the filters never need a join); names and tags
 * are then read for its rows only. A list counts with an uncorrelated subquery
 * (an index-only count, computed once); a search counts its matches with a
 * window, since it gathers them all to sort anyway.
 */
export async function pageTickets(
  db: Executor,
  companyId: number,
  filters: TicketListFilters,
  page: { limit: number; offset: number },
): Promise<{ rows: TicketPageRow[]; count: number }> {
  const where = listConditions(companyId, filters);
  const total = filters.search
    ? sql<number>`(count(*) over ())::int`
    : sql<number>`(select count(*)::int from ${tickets} where ${where})`;
  const chosen = db.$with("page").as(
    db
      .select({ id: sql<number>`${tickets.id}`.as("page_id"), total: total.as("page_total") })
      .from(tickets)
      .where(where)
      .orderBy(desc(tickets.updatedAt), desc(tickets.id))
      .limit(page.limit)
      .offset(page.offset),
  );
  const rows = await db
    .with(chosen)
    .select({ ...detailColumns, tags: tagsColumn(companyId), total: chosen.total })
    .from(chosen)
    .innerJoin(tickets, eq(tickets.id, chosen.id))
    .innerJoin(contacts, eq(contacts.id, tickets.contactId))
    .leftJoin(users, eq(users.id, tickets.userId))
    .leftJoin(queues, eq(queues.id, tickets.queueId))
    .leftJoin(whatsapps, eq(whatsapps.id, tickets.whatsappId))
    .orderBy(desc(tickets.updatedAt), desc(tickets.id));
  if (rows.length > 0 || page.offset === 0) return { rows, count: rows[0]?.total ?? 0 };
  // Past the last page there is no row to carry the total.
  const [counted] = await db.select({ count: sql<number>`count(*)::int` }).from(tickets).where(where);
  return { rows, count: counted?.count ?? 0 };
}

export async function ticketDetail(db: Executor, companyId: number, id: number): Promise<TicketDetailRow | undefined> {
  const [row] = await detailQuery(db, companyId)
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

export async function findUserName(db: Executor, companyId: number, id: number) {
  const [row] = await db
    .select({ id: users.id, name: users.name })
    .from(users)
    .where(and(eq(users.companyId, companyId), eq(users.id, id)))
    .limit(1);
  return row;
}

/** Tickets are opened through one insert (by hand, by the external API; ingestion's adds relations). */
export async function insertTicket(db: Executor, values: typeof tickets.$inferInsert): Promise<TicketRow> {
  const [row] = await db.insert(tickets).values(values).returning();
  return row!;
}

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

/** The contact's open or pending ticket on a connection (the external API writes to it). */
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

/**
 * What an inbound message needs to know about its connection, read by the statement that writes
 * the ticket: its timeouts (tickets.jobs.ts and the bot's idle timer start their clocks) and
 * whether it has queues (without, the bot has nothing to offer).
 */
export interface InboundConnection {
  expiresTicket: number;
  timeUseBotQueues: number;
  timeToTransfer: number | null;
  transferQueueId: number | null;
  hasQueues: boolean;
  /** The connection has an active phrase campaign: any message may start a flow (automation/flows). */
  phraseCampaigns: boolean;
  /** The connection starts a flow on the first message of a new ticket (flowIdNotPhrase). */
  welcomeFlow: boolean;
  /** The ticket (not the connection) has an active flow run, which takes its messages. */
  flowRun: boolean;
  /** A prompt may answer the ticket: its own, its queue's, or the connection's while it has no queue (automation/ai). */
  prompt: boolean;
  /**
   * A queue integration may take the ticket's message: one has it (useIntegration), or its
   * queue names one, or it has no queue and the connection names one (automation/integrations).
   */
  integration: boolean;
}

/**
 * A column with its table's name. Drizzle writes columns bare in RETURNING, where a bare name
 * inside a subquery binds to the subquery's own table first (flowRun compared a run's ticket_id
 * with the run's own id, so it held only when the two ids happened to match): every column of
 * connectionColumn is written qualified, in the database's snake_case (db/client.ts casing).
 */
const q = (column: AnyColumn) =>
  sql`${sql.identifier(getTableName(column.table))}.${sql.identifier(column.keyAsName ? toSnakeCase(column.name) : column.name)}`;

const connectionColumn = sql<InboundConnection | null>`(select json_build_object('expiresTicket', ${q(whatsapps.expiresTicket)}, 'timeUseBotQueues', ${q(whatsapps.timeUseBotQueues)}, 'timeToTransfer', ${q(whatsapps.timeToTransfer)}, 'transferQueueId', ${q(whatsapps.transferQueueId)}, 'hasQueues', exists (select 1 from ${whatsappQueues} where ${q(whatsappQueues.whatsappId)} = ${q(whatsapps.id)} and ${q(whatsappQueues.companyId)} = ${q(whatsapps.companyId)}), 'phraseCampaigns', exists (select 1 from ${flowCampaigns} where ${q(flowCampaigns.companyId)} = ${q(whatsapps.companyId)} and ${q(flowCampaigns.whatsappId)} = ${q(whatsapps.id)} and ${q(flowCampaigns.status)}), 'welcomeFlow', ${q(whatsapps.flowIdNotPhrase)} is not null, 'flowRun', exists (select 1 from ${flowRuns} where ${q(flowRuns.companyId)} = ${q(tickets.companyId)} and ${q(flowRuns.ticketId)} = ${q(tickets.id)} and ${q(flowRuns.status)} = 'active'), 'prompt', ${q(tickets.promptId)} is not null or case when ${q(tickets.queueId)} is null then ${q(whatsapps.promptId)} is not null else exists (select 1 from ${queues} where ${q(queues.id)} = ${q(tickets.queueId)} and ${q(queues.companyId)} = ${q(tickets.companyId)} and ${q(queues.promptId)} is not null) end, 'integration', ${q(tickets.useIntegration)} or case when ${q(tickets.queueId)} is null then ${q(whatsapps.integrationId)} is not null else exists (select 1 from ${queues} where ${q(queues.id)} = ${q(tickets.queueId)} and ${q(queues.companyId)} = ${q(tickets.companyId)} and ${q(queues.integrationId)} is not null) end) from ${whatsapps} where ${q(whatsapps.id)} = ${q(tickets.whatsappId)} and ${q(whatsapps.companyId)} = ${q(tickets.companyId)})`;

type WrittenTicket = { ticket: TicketRow; relations: TicketRelations; connection: InboundConnection | null };

function splitWritten(
  row: Parameters<typeof splitRelations>[0] & { connection: InboundConnection | null },
): WrittenTicket {
  const { connection, ...rest } = row;
  return { ...splitRelations(rest), connection };
}

/** insertTicket answering the names a ticket event carries (ticketRelations) and its InboundConnection. */
export async function insertTicketWithRelations(
  db: Executor,
  values: typeof tickets.$inferInsert,
): Promise<WrittenTicket> {
  const [row] = await db
    .insert(tickets)
    .values(values)
    .returning({ ...ticketWithRelations, connection: connectionColumn });
  return splitWritten(row!);
}

/** The ticket update for a new message, answering its relations and its InboundConnection with the row. */
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
    .returning({ ...ticketWithRelations, connection: connectionColumn });
  return splitWritten(row!);
}

/**
 * A sent message moves the ticket up with its text; unlike inbound, unread stays
 * as it is. Answers the row with the names its event carries (ticketRelations).
 */
export async function touchTicketWithSent(
  db: Executor,
  companyId: number,
  ticketId: number,
  values: { lastMessage: string; whatsappId: number },
): Promise<{ ticket: TicketRow; relations: TicketRelations }> {
  const [row] = await db
    .update(tickets)
    .set({
      lastMessage: values.lastMessage,
      // A ticket without a connection adopts the one its reply went out on.
      whatsappId: sql`coalesce(${tickets.whatsappId}, ${values.whatsappId})`,
      updatedAt: new Date(),
    })
    .where(and(eq(tickets.companyId, companyId), eq(tickets.id, ticketId)))
    .returning(ticketWithRelations);
  return splitRelations(row!);
}

/**
 * Takes inbound message `messageId` for the automation step (automation/inbound-step.ts),
 * answering the ticket when this call took it: a message is taken once, so a step retried after
 * a crash does not act on it twice. Message ids grow with each ticket's messages (one customer's
 * messages are ingested one after the other), so "taken" is the newest id taken.
 */
export async function takeInboundMessage(
  db: Executor,
  companyId: number,
  ticketId: number,
  messageId: number,
): Promise<TicketRow | undefined> {
  const [row] = await db
    .update(tickets)
    // Automation is not activity: the ticket keeps its place in the lists.
    .set({ automatedMessageId: messageId, updatedAt: sql`${tickets.updatedAt}` })
    .where(
      and(
        eq(tickets.companyId, companyId),
        eq(tickets.id, ticketId),
        or(isNull(tickets.automatedMessageId), lt(tickets.automatedMessageId, messageId)),
      ),
    )
    .returning();
  return row;
}
