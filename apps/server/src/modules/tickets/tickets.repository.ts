import { createHash } from "node:crypto";
import { isAdmin, type TicketStatus } from "@atendo/shared";
import {
  type AnyColumn,
  and,
  desc,
  eq,
  getTableColumns,
  getTableName,
  gt,
  inArray,
  isNull,
  lt,
  ne,
  or,
  type SQL,
  sql,
} from "drizzle-orm";
import { toSnakeCase } from "drizzle-orm/casing";
import type { WithSubqueryWithSelection } from "drizzle-orm/pg-core";
import type { Executor } from "../../db/client.js";
import { likePattern } from "../../db/errors.js";
import { preparedStatement, preparedStatements, placeholder as value } from "../../db/prepared.js";
import {
  companyWords,
  contacts,
  flowCampaigns,
  flowRuns,
  messages,
  messageWords,
  messageWordsPending,
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

/**
 * A search looks at the tickets of the newest SEARCH_MESSAGE_CANDIDATES messages that match (and
 * every ticket of a matching contact), not at all of them: the work of a common word stays bounded,
 * and the count it answers is that of this candidate set (docs/decisions.md, ticket search).
 */
export const SEARCH_MESSAGE_CANDIDATES = 500;

/**
 * A search contained in more of the company's words than this (a short or common piece of words)
 * takes the substring path: the word path reads up to SEARCH_MESSAGE_CANDIDATES occurrences per word.
 */
export const WORDS_PER_SEARCH = 64;

/** Where a page starts: an offset (pageNumber), or after the row a cursor names. */
export type TicketPageStart = { limit: number; offset: number } | { limit: number; cursor: TicketCursor };

/** The last row of a page: its updated_at in microseconds since the epoch (a Date would cut them) and its id. */
export interface TicketCursor {
  updatedAtMicros: string;
  id: number;
}

/**
 * Pages by number (the spec's paging) count the whole filter, as they always did. Pages by cursor,
 * the web's scroll after its first page, do not: the count feeds the tab badges, which the first page
 * already answered, and counting ~7,000 open tickets again on every page of a scroll was a quarter to
 * a third of PostgreSQL's share of it (docs/decisions.md).
 */
const countsTotal = (page: TicketPageStart): boolean => !("cursor" in page);

/** A page by number past the first: the only pages whose offset is a value of the statement. */
const skipsRows = (page: TicketPageStart): page is { limit: number; offset: number } =>
  "offset" in page && page.offset > 0;

/**
 * A statement's shape: the filters present, not their values. One prepared statement serves each shape.
 * The page size and a zero offset are part of the shape, written into the statement rather than sent:
 * a generic plan that does not know the LIMIT guesses 222 rows and joins them to every contact by
 * hash (2.8 ms against 0.3), so PostgreSQL planned each execution anew; with the LIMIT known the
 * generic plan is the custom one and PostgreSQL keeps it after five executions, saving the
 * ~0.6 ms of planning a custom plan costs on every page (bench/README.md, tickets, fourth round).
 */
function listShape(filters: TicketListFilters, page: TicketPageStart): string {
  return [
    isAdmin(filters.viewer) ? "admin" : "user",
    filters.showAll ? "all" : "",
    filters.status ? "status" : "",
    filters.tagIds?.length ? "tags" : "",
    filters.userIds?.length ? "users" : "",
    filters.queueIds?.length ? "queues" : "",
    filters.createdFrom ? "created" : "",
    filters.updatedFrom ? "updated" : "",
    filters.withUnreadMessages ? "unread" : "",
    filters.search ? "search" : "",
    "cursor" in page ? "cursor" : "",
    countsTotal(page) ? "counted" : "",
    `limit${page.limit}`,
    skipsRows(page) ? "offset" : "",
  ].join(",");
}

/** Every value of the list statement, by placeholder name. */
function listValues(companyId: number, filters: TicketListFilters, page: TicketPageStart): Record<string, unknown> {
  const tagIds = filters.tagIds?.length ? [...new Set(filters.tagIds)] : [];
  return {
    companyId,
    viewerId: filters.viewer.id,
    status: filters.status,
    tagIds,
    tagCount: tagIds.length,
    userIds: filters.userIds,
    queueIds: filters.queueIds,
    createdFrom: filters.createdFrom,
    createdTo: filters.createdTo,
    updatedFrom: filters.updatedFrom,
    updatedTo: filters.updatedTo,
    pattern: filters.search ? likePattern(filters.search) : undefined,
    search: filters.search || undefined,
    offset: skipsRows(page) ? page.offset : undefined,
    cursorMicros: "cursor" in page ? page.cursor.updatedAtMicros : undefined,
    cursorId: "cursor" in page ? page.cursor.id : undefined,
  };
}

function listConditions(filters: TicketListFilters): SQL {
  const companyId = value("companyId");
  const viewer = { id: value("viewerId"), profile: filters.viewer.profile, super: filters.viewer.super };
  const conditions: (SQL | undefined)[] = [
    sql`${tickets.companyId} = ${companyId}`,
    listedTicketsSql(companyId, viewer, filters.showAll),
  ];
  if (filters.status) conditions.push(sql`${tickets.status} = ${value("status")}`);
  if (filters.queueIds?.length) conditions.push(selectedQueuesSql(sql`${value("queueIds")}::int[]`));
  if (filters.userIds?.length) conditions.push(sql`${tickets.userId} = any(${value("userIds")}::int[])`);
  if (filters.tagIds?.length) {
    conditions.push(
      sql`(select count(*) from ${ticketTags} where ${ticketTags.companyId} = ${companyId} and ${ticketTags.ticketId} = ${tickets.id} and ${ticketTags.tagId} = any(${value("tagIds")}::int[])) = ${value("tagCount")}::int`,
    );
  }
  if (filters.createdFrom) {
    conditions.push(
      sql`${tickets.createdAt} >= ${value("createdFrom")}`,
      sql`${tickets.createdAt} < ${value("createdTo")}`,
    );
  }
  if (filters.updatedFrom) {
    conditions.push(
      sql`${tickets.updatedAt} >= ${value("updatedFrom")}`,
      sql`${tickets.updatedAt} < ${value("updatedTo")}`,
    );
  }
  if (filters.withUnreadMessages) conditions.push(gt(tickets.unreadMessages, 0));
  if (filters.search) conditions.push(searchCandidatesSql(companyId));
  return and(...conditions)!;
}

/**
 * The tickets a search looks at (docs/decisions.md, ticket search): every ticket of the contacts whose
 * name or number matches, and the tickets of the newest SEARCH_MESSAGE_CANDIDATES messages whose body
 * matches. The ids are gathered first and the tickets then read by primary key: as an `IN` over the
 * union, a generic plan read all the company's tickets to hash-join them (1.5 ms of 5 on shape B).
 *
 * The messages are found in one of two ways, chosen inside the statement (a one-time filter skips the
 * other branch):
 * - a search of 3 to 64 letters and digits, contained in at most WORDS_PER_SEARCH of the company's
 *   words: each such word's newest occurrences, read in time order from the word index alone
 *   (message_words, migration 0027), and the bodies of the messages not indexed yet (the few since the
 *   indexer's last round, search-words.ts). The same messages as ILIKE finds: a run of letters and
 *   digits inside a body lies inside one of its words;
 * - any other search: the trigram index over the bodies, which must visit and recheck one heap page
 *   per match (a word in 1% of shape B's messages: 1,980 pages, ~3 ms against ~0.1 for the words).
 * The test is this database's own `[[:alnum:]]`, the same the words were split by.
 */
function searchCandidatesSql(companyId: SQL): SQL {
  const pattern = value("pattern");
  const limit = sql.raw(String(SEARCH_MESSAGE_CANDIDATES));
  return sql`${tickets.id} = any(array(
    with shape as materialized (
      select lower(${value("search")}::text) ~ '^[[:alnum:]]{3,64}$' as letters_and_digits
    ),
    vocabulary as materialized (
      select distinct ${companyWords.word} from ${companyWords}
      where ${companyWords.companyId} = ${companyId} and (select letters_and_digits from shape)
        and ${companyWords.word} like lower(${pattern}::text)
      limit ${sql.raw(String(WORDS_PER_SEARCH + 1))}
    ),
    by_words as materialized (
      select (select letters_and_digits from shape) and not exists (select from vocabulary offset ${sql.raw(String(WORDS_PER_SEARCH))}) as chosen
    )
    select ${tickets.id} from ${tickets} where ${tickets.companyId} = ${companyId} and ${tickets.contactId} in (select ${contacts.id} from ${contacts} where ${contacts.companyId} = ${companyId} and (${contacts.name} ilike ${pattern} or ${contacts.number} ilike ${pattern}))
    union
    select by_word.ticket_id from (
      select distinct occurrence.created_at, occurrence.message_id, occurrence.ticket_id from (
        select indexed.* from vocabulary cross join lateral (
          select ${messageWords.createdAt}, ${messageWords.messageId}, ${messageWords.ticketId} from ${messageWords}
          where ${messageWords.companyId} = ${companyId} and ${messageWords.word} = vocabulary.word
          order by ${messageWords.createdAt} desc limit ${limit}
        ) as indexed
        union all
        select ${messages.createdAt}, ${messages.id}, ${messages.ticketId}
        from ${messageWordsPending} inner join ${messages} on ${messages.id} = ${messageWordsPending.messageId}
        where ${messageWordsPending.companyId} = ${companyId} and ${messages.companyId} = ${companyId}
          and ${messages.body} ilike ${pattern}
      ) as occurrence (created_at, message_id, ticket_id)
      where (select chosen from by_words)
      order by occurrence.created_at desc limit ${limit}
    ) as by_word
    union
    select by_substring.ticket_id from (
      select ${messages.ticketId} from ${messages}
      where ${messages.companyId} = ${companyId} and ${messages.body} ilike ${pattern} and not (select chosen from by_words)
      order by ${messages.createdAt} desc limit ${limit}
    ) as by_substring
  ))`;
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
function tagsColumn(companyId: number | SQL) {
  return sql<
    TicketTag[]
  >`(select coalesce(json_agg(json_build_object('id', ${tags.id}, 'name', ${tags.name}, 'color', ${tags.color}) order by ${tags.name}), '[]'::json) from ${ticketTags} inner join ${tags} on ${tags.id} = ${ticketTags.tagId} where ${ticketTags.companyId} = ${companyId} and ${ticketTags.ticketId} = ${tickets.id})`;
}

export type TicketPageRow = TicketDetailRow & { total: number | null; cursorMicros: string };

/**
 * The list statement of one shape (listShape), built once per database and prepared: Drizzle
 * writes its text once, and each PostgreSQL connection parses and plans it once. One page of
 * tickets with their names and tags, newest activity first, and on a page by number (countsTotal) the
 * total of the whole filter. The page is chosen on `tickets` alone (the filters never need a join)
 * and carries its rows' columns out of the CTE, so each ticket is read once; names and tags are then
 * read for its rows only. A list counts with an uncorrelated subquery (an index-only count, computed
 * once); a search counts its candidates with a window, since it gathers them all to sort anyway.
 *
 * The CTE is named `tickets`: in the outer query it stands for the table, so the table's own columns
 * select, decode and join the page's rows (columns reached through a CTE of another name are decoded
 * through Drizzle's proxies, ~0.15-0.3 ms of Node CPU per page, measured). Inside its body the name
 * still means the table: a WITH query does not see itself unless it is RECURSIVE.
 */
function buildListStatement(db: Executor, filters: TicketListFilters, page: TicketPageStart, name: string) {
  const where = listConditions(filters);
  /** Rows after the cursor's, in the list's order (updatedAt, id descending). */
  const after = (updatedAt: SQL | AnyColumn, id: SQL | AnyColumn) =>
    "cursor" in page
      ? sql`(${updatedAt}, ${id}) < (timestamptz 'epoch' + ${value("cursorMicros")}::bigint * interval '1 microsecond', ${value("cursorId")}::int)`
      : undefined;
  const counted = countsTotal(page);
  const noTotal = sql<number | null>`null::int`;
  // One row past the page tells whether there is more. Drizzle sends a number as a parameter; an
  // SQL chunk is written in (listShape: the size is part of the shape).
  const limit = sql.raw(String(page.limit + 1)) as unknown as number;
  const offset = skipsRows(page) ? sql.placeholder("offset") : undefined;
  let chosen: WithSubqueryWithSelection<typeof tickets._.columns & { total: SQL.Aliased<number | null> }, "tickets">;
  if (filters.search) {
    // The matches are counted before the cursor cuts them.
    const matches = db
      .select({
        ...getTableColumns(tickets),
        total: (counted ? sql<number | null>`(count(*) over ())::int` : noTotal).as("match_total"),
      })
      .from(tickets)
      .where(where)
      .as("matches");
    const { total, ...row } = matches._.selectedFields;
    const query = db
      .select({ ...row, total: sql<number | null>`${total}`.as("page_total") })
      .from(matches)
      .where(after(matches.updatedAt, matches.id))
      .orderBy(desc(matches.updatedAt), desc(matches.id))
      .limit(limit);
    chosen = db.$with("tickets").as(offset ? query.offset(offset) : query);
  } else {
    const query = db
      .select({
        ...getTableColumns(tickets),
        total: (counted ? sql<number | null>`(select count(*)::int from ${tickets} where ${where})` : noTotal).as(
          "page_total",
        ),
      })
      .from(tickets)
      .where(and(where, after(tickets.updatedAt, tickets.id)))
      .orderBy(desc(tickets.updatedAt), desc(tickets.id))
      .limit(limit);
    chosen = db.$with("tickets").as(offset ? query.offset(offset) : query);
  }
  // Each page row's user, queue and connection, looked up by primary key and named as its table (so
  // detailColumns select from them). Joined as plain tables, the page's rows had PostgreSQL hash the
  // whole users, queues and connections tables of every company on each request: with 1,000 companies
  // (bench shape A) 0.75-1.3 ms of execution, against 0.4-0.5 ms with these lookups. The LIMIT keeps
  // the planner from flattening a lookup back into that join.
  const rowUser = db.select(detailColumns.user).from(users).where(eq(users.id, tickets.userId)).limit(1).as("users");
  const rowQueue = db
    .select(detailColumns.queue)
    .from(queues)
    .where(eq(queues.id, tickets.queueId))
    .limit(1)
    .as("queues");
  const rowWhatsapp = db
    .select(detailColumns.whatsapp)
    .from(whatsapps)
    .where(eq(whatsapps.id, tickets.whatsappId))
    .limit(1)
    .as("whatsapps");
  return db
    .with(chosen)
    .select({
      ...detailColumns,
      tags: tagsColumn(value("companyId")),
      total: chosen.total,
      cursorMicros: sql<string>`(extract(epoch from ${tickets.updatedAt}) * 1000000)::bigint::text`,
    })
    .from(chosen)
    .innerJoin(contacts, eq(contacts.id, tickets.contactId))
    .leftJoinLateral(rowUser, sql`true`)
    .leftJoinLateral(rowQueue, sql`true`)
    .leftJoinLateral(rowWhatsapp, sql`true`)
    .orderBy(desc(tickets.updatedAt), desc(tickets.id))
    .prepare(name);
}

type ListStatement = ReturnType<typeof buildListStatement>;

/** The list statements by shape: a few dozen at most. */
const listStatements = preparedStatements<string, ListStatement>();

function listStatement(db: Executor, filters: TicketListFilters, page: TicketPageStart): ListStatement {
  const shape = listShape(filters, page);
  return listStatements(db, shape, (built) =>
    buildListStatement(
      built,
      filters,
      page,
      `tickets_list_${createHash("sha1").update(shape).digest("hex").slice(0, 16)}`,
    ),
  );
}

/**
 * One page of tickets (the list statement) and, on a page by number (countsTotal), the total of the
 * whole filter; a page by cursor answers no count. `hasMore` comes from one row read past the page; `next` names
 * the page's last row for a cursor that continues it.
 */
export async function pageTickets(
  db: Executor,
  companyId: number,
  filters: TicketListFilters,
  page: TicketPageStart,
): Promise<{ rows: TicketPageRow[]; count: number | undefined; hasMore: boolean; next: TicketCursor | null }> {
  const found = await listStatement(db, filters, page).execute(listValues(companyId, filters, page));
  const hasMore = found.length > page.limit;
  const rows = hasMore ? found.slice(0, page.limit) : found;
  const last = rows.at(-1);
  const next = hasMore && last ? { updatedAtMicros: last.cursorMicros, id: last.ticket.id } : null;
  if (!countsTotal(page)) return { rows, count: undefined, hasMore, next };
  if (rows.length > 0 || ("offset" in page && page.offset === 0)) {
    return { rows, count: rows[0]?.total ?? 0, hasMore, next };
  }
  // Past the last page there is no row to carry the total.
  const [total] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(tickets)
    .where(listConditions(filters))
    .execute(listValues(companyId, filters, page));
  return { rows, count: total?.count ?? 0, hasMore, next };
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
  const [row] = await readerStatement(db, viewerId !== undefined).execute({ companyId, ticketId, viewerId });
  if (!row) return undefined;
  const { contact, viewerQueueIds, viewerAllTicket, ...rest } = row;
  return {
    ...splitRelations(rest),
    contact,
    viewer: { queueIds: viewerQueueIds ?? [], allTicket: viewerAllTicket },
  };
}

/** findTicketForReader's statement, with or without a viewer, prepared once per database (every message page runs it). */
function buildReaderStatement(db: Executor, withViewer: boolean) {
  const companyId = value("companyId");
  const viewerId = value("viewerId");
  const viewer = withViewer
    ? {
        viewerQueueIds: sql<
          number[] | null
        >`(select array_agg(${userQueues.queueId}) from ${userQueues} where ${userQueues.companyId} = ${companyId} and ${userQueues.userId} = ${viewerId})`,
        viewerAllTicket: sql<boolean>`exists (select 1 from ${users} where ${users.companyId} = ${companyId} and ${users.id} = ${viewerId} and ${users.allTicket} = 'enabled')`,
      }
    : { viewerQueueIds: sql<number[] | null>`null`, viewerAllTicket: sql<boolean>`false` };
  return db
    .select({ ...ticketWithRelations, contact: contacts, ...viewer })
    .from(tickets)
    .innerJoin(contacts, eq(contacts.id, tickets.contactId))
    .where(and(sql`${tickets.companyId} = ${companyId}`, sql`${tickets.id} = ${value("ticketId")}`))
    .limit(1)
    .prepare(withViewer ? "tickets_reader_viewer" : "tickets_reader");
}

const readerStatements = preparedStatements<boolean, ReturnType<typeof buildReaderStatement>>();

function readerStatement(db: Executor, withViewer: boolean) {
  return readerStatements(db, withViewer, (built) => buildReaderStatement(built, withViewer));
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
  const [row] = await activeOrNewestStatement(db).execute({ companyId, contactId, whatsappId });
  return row;
}

/** Every inbound message runs it (ingest.ts): prepared once per database. */
const activeOrNewestStatement = preparedStatement((db) =>
  db
    .select()
    .from(tickets)
    .where(
      and(
        eq(tickets.companyId, value("companyId")),
        eq(tickets.contactId, value("contactId")),
        eq(tickets.whatsappId, value("whatsappId")),
      ),
    )
    .orderBy(sql`(${tickets.status} in ('open', 'pending')) desc`, desc(tickets.id))
    .limit(1)
    .prepare("tickets_active_or_newest"),
);

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

export const connectionColumn = sql<InboundConnection | null>`(select json_build_object('expiresTicket', ${q(whatsapps.expiresTicket)}, 'timeUseBotQueues', ${q(whatsapps.timeUseBotQueues)}, 'timeToTransfer', ${q(whatsapps.timeToTransfer)}, 'transferQueueId', ${q(whatsapps.transferQueueId)}, 'hasQueues', exists (select 1 from ${whatsappQueues} where ${q(whatsappQueues.whatsappId)} = ${q(whatsapps.id)} and ${q(whatsappQueues.companyId)} = ${q(whatsapps.companyId)}), 'phraseCampaigns', exists (select 1 from ${flowCampaigns} where ${q(flowCampaigns.companyId)} = ${q(whatsapps.companyId)} and ${q(flowCampaigns.whatsappId)} = ${q(whatsapps.id)} and ${q(flowCampaigns.status)}), 'welcomeFlow', ${q(whatsapps.flowIdNotPhrase)} is not null, 'flowRun', exists (select 1 from ${flowRuns} where ${q(flowRuns.companyId)} = ${q(tickets.companyId)} and ${q(flowRuns.ticketId)} = ${q(tickets.id)} and ${q(flowRuns.status)} = 'active'), 'prompt', ${q(tickets.promptId)} is not null or case when ${q(tickets.queueId)} is null then ${q(whatsapps.promptId)} is not null else exists (select 1 from ${queues} where ${q(queues.id)} = ${q(tickets.queueId)} and ${q(queues.companyId)} = ${q(tickets.companyId)} and ${q(queues.promptId)} is not null) end, 'integration', ${q(tickets.useIntegration)} or case when ${q(tickets.queueId)} is null then ${q(whatsapps.integrationId)} is not null else exists (select 1 from ${queues} where ${q(queues.id)} = ${q(tickets.queueId)} and ${q(queues.companyId)} = ${q(tickets.companyId)} and ${q(queues.integrationId)} is not null) end) from ${whatsapps} where ${q(whatsapps.id)} = ${q(tickets.whatsappId)} and ${q(whatsapps.companyId)} = ${q(tickets.companyId)})`;

export type WrittenTicket = { ticket: TicketRow; relations: TicketRelations; connection: InboundConnection | null };

export function splitWritten(
  row: Parameters<typeof splitRelations>[0] & { connection: InboundConnection | null },
): WrittenTicket {
  const { connection, ...rest } = row;
  return { ...splitRelations(rest), connection };
}

/** The columns ingestion writes into the ticket a message opens. */
export type InboundTicketValues = Pick<
  typeof tickets.$inferInsert,
  "companyId" | "contactId" | "whatsappId" | "status" | "isGroup" | "lastMessage" | "unreadMessages"
> & { updatedAt: Date };

/** insertTicket answering the names a ticket event carries (ticketRelations) and its InboundConnection. */
export async function insertTicketWithRelations(db: Executor, values: InboundTicketValues): Promise<WrittenTicket> {
  const [row] = await insertWithRelationsStatement(db).execute(values);
  return splitWritten(row!);
}

/** The ingestion transaction's ticket statements (a new ticket, or a message on one), prepared once per database. */
const insertWithRelationsStatement = preparedStatement((db) =>
  db
    .insert(tickets)
    .values({
      companyId: value("companyId"),
      contactId: value("contactId"),
      whatsappId: value("whatsappId"),
      status: value("status"),
      isGroup: value("isGroup"),
      lastMessage: value("lastMessage"),
      unreadMessages: value("unreadMessages"),
      updatedAt: value("updatedAt"),
    })
    .returning({ ...ticketWithRelations, connection: connectionColumn })
    .prepare("tickets_insert_inbound"),
);

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
