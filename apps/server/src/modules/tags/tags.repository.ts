import { and, asc, count, desc, eq, ilike, inArray, ne, notInArray, type SQL, sql } from "drizzle-orm";
import type { Executor } from "../../db/client.js";
import { likePattern } from "../../db/errors.js";
import { contacts, tags, tickets, ticketTags } from "../../db/schema/index.js";
import { listedTicketsSql, type SessionViewer, selectedQueuesSql } from "../tickets/ticket-visibility.sql.js";

export type TagRow = typeof tags.$inferSelect;
export type NewTagRow = typeof tags.$inferInsert;
export type TagChanges = Partial<Pick<NewTagRow, "name" | "color" | "kanban">>;
export type TagWithCount = TagRow & { ticketsCount: number };
export type TagSummaryRow = Pick<TagRow, "id" | "name" | "color" | "kanban">;

/** Tags with how many tickets carry each: one aggregate, whatever the number of tags. */
function tagsWithCount(db: Executor, companyId: number) {
  return db
    .select({
      id: tags.id,
      companyId: tags.companyId,
      name: tags.name,
      color: tags.color,
      kanban: tags.kanban,
      userId: tags.userId,
      createdAt: tags.createdAt,
      updatedAt: tags.updatedAt,
      ticketsCount: count(ticketTags.ticketId),
    })
    .from(tags)
    .leftJoin(ticketTags, and(eq(ticketTags.tagId, tags.id), eq(ticketTags.companyId, companyId)))
    .groupBy(tags.id)
    .$dynamic();
}

export async function pageTags(
  db: Executor,
  companyId: number,
  options: { search: string; limit: number; offset: number },
): Promise<{ rows: TagWithCount[]; count: number }> {
  const where = options.search
    ? and(eq(tags.companyId, companyId), ilike(tags.name, likePattern(options.search)))
    : eq(tags.companyId, companyId);
  const [rows, [total]] = await Promise.all([
    tagsWithCount(db, companyId)
      .where(where)
      .orderBy(asc(tags.name), asc(tags.id))
      .limit(options.limit)
      .offset(options.offset),
    db.select({ value: count() }).from(tags).where(where),
  ]);
  return { rows, count: total?.value ?? 0 };
}

export async function listTags(db: Executor, companyId: number, kanban?: number): Promise<TagWithCount[]> {
  const conditions: SQL[] = [eq(tags.companyId, companyId)];
  if (kanban !== undefined) conditions.push(eq(tags.kanban, kanban));
  return tagsWithCount(db, companyId)
    .where(and(...conditions))
    .orderBy(asc(tags.name), asc(tags.id));
}

/** Tenant-scoped lookup, with the count: another company's id is simply not found. */
export async function findTagWithCount(db: Executor, companyId: number, id: number): Promise<TagWithCount | undefined> {
  const [row] = await tagsWithCount(db, companyId).where(and(eq(tags.companyId, companyId), eq(tags.id, id)));
  return row;
}

export async function findTag(db: Executor, companyId: number, id: number): Promise<TagRow | undefined> {
  const [row] = await db
    .select()
    .from(tags)
    .where(and(eq(tags.companyId, companyId), eq(tags.id, id)))
    .limit(1);
  return row;
}

/** Which of these ids are the company's tags. */
export async function companyTagIds(db: Executor, companyId: number, ids: number[]): Promise<number[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .select({ id: tags.id })
    .from(tags)
    .where(and(eq(tags.companyId, companyId), inArray(tags.id, ids)));
  return rows.map((row) => row.id);
}

export async function tagNameTaken(db: Executor, companyId: number, name: string, exceptId?: number): Promise<boolean> {
  const conditions = [eq(tags.companyId, companyId), eq(tags.name, name)];
  if (exceptId) conditions.push(ne(tags.id, exceptId));
  const [row] = await db
    .select({ id: tags.id })
    .from(tags)
    .where(and(...conditions))
    .limit(1);
  return Boolean(row);
}

export async function insertTag(db: Executor, values: NewTagRow): Promise<TagRow> {
  const [row] = await db.insert(tags).values(values).returning();
  return row!;
}

export async function updateTag(
  db: Executor,
  companyId: number,
  id: number,
  changes: TagChanges,
): Promise<TagRow | undefined> {
  if (Object.keys(changes).length === 0) return findTag(db, companyId, id);
  const [row] = await db
    .update(tags)
    .set(changes)
    .where(and(eq(tags.companyId, companyId), eq(tags.id, id)))
    .returning();
  return row;
}

export async function deleteTag(db: Executor, companyId: number, id: number): Promise<boolean> {
  const rows = await db
    .delete(tags)
    .where(and(eq(tags.companyId, companyId), eq(tags.id, id)))
    .returning({ id: tags.id });
  return rows.length > 0;
}

/** Locks the ticket row for the rest of the transaction, so concurrent tag changes to it queue up. */
export async function lockTicket(db: Executor, companyId: number, ticketId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: tickets.id })
    .from(tickets)
    .where(and(eq(tickets.companyId, companyId), eq(tickets.id, ticketId)))
    .for("update")
    .limit(1);
  return Boolean(row);
}

export async function replaceTicketTags(
  db: Executor,
  companyId: number,
  ticketId: number,
  tagIds: number[],
): Promise<void> {
  const where = and(eq(ticketTags.companyId, companyId), eq(ticketTags.ticketId, ticketId));
  await db.delete(ticketTags).where(tagIds.length > 0 ? and(where, notInArray(ticketTags.tagId, tagIds)) : where);
  await addTicketTags(db, companyId, ticketId, tagIds);
}

export async function addTicketTags(db: Executor, companyId: number, ticketId: number, tagIds: number[]) {
  if (tagIds.length === 0) return;
  await db
    .insert(ticketTags)
    .values(tagIds.map((tagId) => ({ companyId, ticketId, tagId })))
    .onConflictDoNothing();
}

export async function clearTicketTags(db: Executor, companyId: number, ticketId: number): Promise<void> {
  await db.delete(ticketTags).where(and(eq(ticketTags.companyId, companyId), eq(ticketTags.ticketId, ticketId)));
}

/** The tags of several tickets at once, by name, keyed by ticket id. */
export async function tagsOfTickets(
  db: Executor,
  companyId: number,
  ticketIds: number[],
): Promise<Map<number, TagSummaryRow[]>> {
  const result = new Map<number, TagSummaryRow[]>();
  if (ticketIds.length === 0) return result;
  const rows = await db
    .select({ ticketId: ticketTags.ticketId, id: tags.id, name: tags.name, color: tags.color, kanban: tags.kanban })
    .from(ticketTags)
    .innerJoin(tags, eq(tags.id, ticketTags.tagId))
    .where(and(eq(ticketTags.companyId, companyId), inArray(ticketTags.ticketId, ticketIds)))
    .orderBy(asc(tags.name), asc(tags.id));
  for (const { ticketId, ...tag } of rows) {
    const list = result.get(ticketId) ?? [];
    list.push(tag);
    result.set(ticketId, list);
  }
  return result;
}

export type KanbanTicketRow = Pick<
  typeof tickets.$inferSelect,
  "id" | "uuid" | "status" | "queueId" | "userId" | "lastMessage" | "updatedAt"
> & { contact: { id: number; name: string; number: string } };

/** Whose board it is, and its switches: the ticket list's inputs (GET /tickets). */
export interface KanbanView {
  viewer: SessionViewer;
  showAll: boolean;
  queueIds?: number[];
}

/**
 * The company's tickets that are not closed, most recent first: what the
 * viewer's open and pending ticket lists show with the same switches (the
 * shared visibility rule, and the lists' queue filter).
 */
export async function kanbanTickets(
  db: Executor,
  companyId: number,
  view: KanbanView,
  limit: number,
): Promise<KanbanTicketRow[]> {
  const conditions = [
    eq(tickets.companyId, companyId),
    ne(tickets.status, "closed"),
    listedTicketsSql(companyId, view.viewer, view.showAll),
    selectedQueuesSql(view.queueIds),
  ];
  return db
    .select({
      id: tickets.id,
      uuid: tickets.uuid,
      status: tickets.status,
      queueId: tickets.queueId,
      userId: tickets.userId,
      lastMessage: tickets.lastMessage,
      updatedAt: tickets.updatedAt,
      contact: { id: contacts.id, name: contacts.name, number: contacts.number },
    })
    .from(tickets)
    .innerJoin(contacts, eq(contacts.id, tickets.contactId))
    .where(and(...conditions))
    .orderBy(desc(tickets.updatedAt), desc(tickets.id))
    .limit(limit);
}

/**
 * The campaign audience of a tag as a query (item, number, name, position): one row per number among the
 * contacts of the tag's tickets, groups left out, ordered by number. The campaign planner writes
 * its recipients from it in one statement, so a large audience never passes through the process.
 */
export function tagAudienceSql(companyId: number, tagId: number): SQL {
  return sql`
    SELECT d.item, d.number, d.name, row_number() OVER (ORDER BY d.number) AS position
    FROM (
      SELECT DISTINCT ON (c.number) NULL::int AS item, c.number, c.name
      FROM ${ticketTags} tt
      JOIN ${tickets} t ON t.id = tt.ticket_id
      JOIN ${contacts} c ON c.id = t.contact_id
      WHERE tt.company_id = ${companyId} AND tt.tag_id = ${tagId} AND c.is_group = false
      ORDER BY c.number
    ) d`;
}
