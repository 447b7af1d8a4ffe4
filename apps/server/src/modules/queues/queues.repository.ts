import { and, asc, count, eq, inArray, ne } from "drizzle-orm";
import type { Executor } from "../../db/client.js";
import { queues } from "../../db/schema/index.js";

export type QueueRow = typeof queues.$inferSelect;
export type NewQueueRow = typeof queues.$inferInsert;
export type QueueChanges = Partial<Omit<NewQueueRow, "id" | "companyId" | "createdAt" | "updatedAt">>;

export async function listQueues(db: Executor, companyId: number): Promise<QueueRow[]> {
  return db
    .select()
    .from(queues)
    .where(eq(queues.companyId, companyId))
    .orderBy(asc(queues.orderQueue), asc(queues.name), asc(queues.id));
}

/** Tenant-scoped lookup: another company's id is simply not found. */
export async function findQueue(db: Executor, companyId: number, id: number): Promise<QueueRow | undefined> {
  const [row] = await db
    .select()
    .from(queues)
    .where(and(eq(queues.companyId, companyId), eq(queues.id, id)))
    .limit(1);
  return row;
}

export async function countQueues(db: Executor, companyId: number): Promise<number> {
  const [row] = await db.select({ value: count() }).from(queues).where(eq(queues.companyId, companyId));
  return row?.value ?? 0;
}

/** Whether another queue of the company already uses this value of a unique column. */
export async function queueFieldTaken(
  db: Executor,
  companyId: number,
  field: "name" | "color",
  value: string,
  exceptId?: number,
): Promise<boolean> {
  const conditions = [eq(queues.companyId, companyId), eq(queues[field], value)];
  if (exceptId) conditions.push(ne(queues.id, exceptId));
  const [row] = await db
    .select({ id: queues.id })
    .from(queues)
    .where(and(...conditions))
    .limit(1);
  return Boolean(row);
}

export async function insertQueue(db: Executor, values: NewQueueRow): Promise<QueueRow> {
  const [row] = await db.insert(queues).values(values).returning();
  return row!;
}

export async function updateQueue(
  db: Executor,
  companyId: number,
  id: number,
  changes: QueueChanges,
): Promise<QueueRow | undefined> {
  if (Object.keys(changes).length === 0) return findQueue(db, companyId, id);
  const [row] = await db
    .update(queues)
    .set(changes)
    .where(and(eq(queues.companyId, companyId), eq(queues.id, id)))
    .returning();
  return row;
}

export async function deleteQueue(db: Executor, companyId: number, id: number): Promise<boolean> {
  const rows = await db
    .delete(queues)
    .where(and(eq(queues.companyId, companyId), eq(queues.id, id)))
    .returning({ id: queues.id });
  return rows.length > 0;
}

export { companyHasIntegration, companyHasPrompt } from "../../db/tenant.js";

/** How many of these queue ids belong to the company. */
export async function countCompanyQueues(db: Executor, companyId: number, queueIds: number[]): Promise<number> {
  if (queueIds.length === 0) return 0;
  const [row] = await db
    .select({ value: count() })
    .from(queues)
    .where(and(eq(queues.companyId, companyId), inArray(queues.id, queueIds)));
  return row?.value ?? 0;
}
