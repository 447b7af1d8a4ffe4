import { and, asc, count, eq, gte, inArray, isNull, lte, ne, type SQL, sql } from "drizzle-orm";
import type { Executor } from "../../db/client.js";
import { queueOptions, queues } from "../../db/schema/index.js";

export type QueueOptionRow = typeof queueOptions.$inferSelect;
export type NewQueueOptionRow = typeof queueOptions.$inferInsert;
export type QueueOptionChanges = Partial<Pick<NewQueueOptionRow, "title" | "message" | "option">>;

/** The siblings of one level: same queue, same parent (null = root). */
function level(companyId: number, queueId: number, parentId: number | null): SQL {
  return and(
    eq(queueOptions.companyId, companyId),
    eq(queueOptions.queueId, queueId),
    parentId === null ? isNull(queueOptions.parentId) : eq(queueOptions.parentId, parentId),
  )!;
}

/**
 * Locks the company's queue row for the rest of the transaction, so writes to
 * one queue's tree (positions, renumbering) run one at a time.
 */
export async function lockCompanyQueue(db: Executor, companyId: number, queueId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: queues.id })
    .from(queues)
    .where(and(eq(queues.companyId, companyId), eq(queues.id, queueId)))
    .for("update")
    .limit(1);
  return Boolean(row);
}

/** Tenant-scoped lookup: another company's id is simply not found. */
export async function findQueueOption(
  db: Executor,
  companyId: number,
  id: number,
): Promise<QueueOptionRow | undefined> {
  const [row] = await db
    .select()
    .from(queueOptions)
    .where(and(eq(queueOptions.companyId, companyId), eq(queueOptions.id, id)))
    .limit(1);
  return row;
}

export async function listLevel(
  db: Executor,
  companyId: number,
  queueId: number,
  parentId: number | null,
): Promise<QueueOptionRow[]> {
  return db
    .select()
    .from(queueOptions)
    .where(level(companyId, queueId, parentId))
    .orderBy(asc(queueOptions.option), asc(queueOptions.id));
}

export async function countLevel(
  db: Executor,
  companyId: number,
  queueId: number,
  parentId: number | null,
): Promise<number> {
  const [row] = await db
    .select({ value: count() })
    .from(queueOptions)
    .where(level(companyId, queueId, parentId));
  return row?.value ?? 0;
}

/** How many children each of these options has. */
export async function countChildren(db: Executor, companyId: number, ids: number[]): Promise<Map<number, number>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ parentId: queueOptions.parentId, value: count() })
    .from(queueOptions)
    .where(and(eq(queueOptions.companyId, companyId), inArray(queueOptions.parentId, ids)))
    .groupBy(queueOptions.parentId);
  return new Map(rows.map((row) => [row.parentId!, row.value]));
}

/** Moves the siblings whose position lies in [from, to] by delta (±1), leaving out one option. */
export async function shiftLevel(
  db: Executor,
  scope: { companyId: number; queueId: number; parentId: number | null },
  range: { from: number; to?: number },
  delta: 1 | -1,
  exceptId?: number,
): Promise<void> {
  const conditions = [level(scope.companyId, scope.queueId, scope.parentId), gte(queueOptions.option, range.from)];
  if (range.to !== undefined) conditions.push(lte(queueOptions.option, range.to));
  if (exceptId !== undefined) conditions.push(ne(queueOptions.id, exceptId));
  await db
    .update(queueOptions)
    .set({ option: sql`${queueOptions.option} + ${delta}` })
    .where(and(...conditions));
}

/** Numbers a level 1..n in its current order. */
export async function renumberLevel(
  db: Executor,
  companyId: number,
  queueId: number,
  parentId: number | null,
): Promise<void> {
  const rows = await listLevel(db, companyId, queueId, parentId);
  for (const [index, row] of rows.entries()) {
    if (row.option !== index + 1) {
      await db
        .update(queueOptions)
        .set({ option: index + 1 })
        .where(and(eq(queueOptions.companyId, companyId), eq(queueOptions.id, row.id)));
    }
  }
}

export async function insertQueueOption(db: Executor, values: NewQueueOptionRow): Promise<QueueOptionRow> {
  const [row] = await db.insert(queueOptions).values(values).returning();
  return row!;
}

export async function updateQueueOption(
  db: Executor,
  companyId: number,
  id: number,
  changes: QueueOptionChanges,
): Promise<QueueOptionRow | undefined> {
  if (Object.keys(changes).length === 0) return findQueueOption(db, companyId, id);
  const [row] = await db
    .update(queueOptions)
    .set(changes)
    .where(and(eq(queueOptions.companyId, companyId), eq(queueOptions.id, id)))
    .returning();
  return row;
}

/** Deletes the option; its subtree goes with it through the parent foreign key's cascade. */
export async function deleteQueueOption(db: Executor, companyId: number, id: number): Promise<boolean> {
  const rows = await db
    .delete(queueOptions)
    .where(and(eq(queueOptions.companyId, companyId), eq(queueOptions.id, id)))
    .returning({ id: queueOptions.id });
  return rows.length > 0;
}

export { companyHasQueue } from "../../db/tenant.js";
