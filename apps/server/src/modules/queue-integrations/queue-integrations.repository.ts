import { and, asc, count, eq, ilike } from "drizzle-orm";
import type { Executor } from "../../db/client.js";
import { likePattern } from "../../db/errors.js";
import { flows, queueIntegrations } from "../../db/schema/index.js";

export type QueueIntegrationRow = typeof queueIntegrations.$inferSelect;
/** Every stored field but the keys and dates: what a create writes and an edit replaces. */
export type QueueIntegrationValues = Omit<QueueIntegrationRow, "id" | "companyId" | "createdAt" | "updatedAt">;

export async function pageQueueIntegrations(
  db: Executor,
  companyId: number,
  page: { search: string; limit: number; offset: number },
): Promise<{ rows: QueueIntegrationRow[]; count: number }> {
  const where = page.search
    ? and(eq(queueIntegrations.companyId, companyId), ilike(queueIntegrations.name, likePattern(page.search)))
    : eq(queueIntegrations.companyId, companyId);
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(queueIntegrations)
      .where(where)
      .orderBy(asc(queueIntegrations.name), asc(queueIntegrations.id))
      .limit(page.limit)
      .offset(page.offset),
    db.select({ value: count() }).from(queueIntegrations).where(where),
  ]);
  return { rows, count: total?.value ?? 0 };
}

/** Tenant-scoped: another company's id is simply not found. `lock` holds the row until the transaction ends. */
export async function findQueueIntegration(
  db: Executor,
  companyId: number,
  id: number,
  options: { lock?: boolean } = {},
): Promise<QueueIntegrationRow | undefined> {
  const query = db
    .select()
    .from(queueIntegrations)
    .where(and(eq(queueIntegrations.companyId, companyId), eq(queueIntegrations.id, id)))
    .limit(1);
  const [row] = options.lock ? await query.for("update") : await query;
  return row;
}

export async function insertQueueIntegration(
  db: Executor,
  companyId: number,
  values: QueueIntegrationValues,
): Promise<QueueIntegrationRow> {
  const [row] = await db
    .insert(queueIntegrations)
    .values({ companyId, ...values })
    .returning();
  return row!;
}

export async function updateQueueIntegration(
  db: Executor,
  companyId: number,
  id: number,
  values: Partial<QueueIntegrationValues>,
): Promise<QueueIntegrationRow | undefined> {
  const [row] = await db
    .update(queueIntegrations)
    .set({ ...values, updatedAt: new Date() })
    .where(and(eq(queueIntegrations.companyId, companyId), eq(queueIntegrations.id, id)))
    .returning();
  return row;
}

export async function deleteQueueIntegration(db: Executor, companyId: number, id: number): Promise<boolean> {
  const rows = await db
    .delete(queueIntegrations)
    .where(and(eq(queueIntegrations.companyId, companyId), eq(queueIntegrations.id, id)))
    .returning({ id: queueIntegrations.id });
  return rows.length > 0;
}

/**
 * A flowbuilder integration runs one of the company's own flows. The flow is held (FOR KEY
 * SHARE) until the transaction ends, so it cannot be deleted between this check and the write.
 */
export async function lockCompanyFlow(db: Executor, companyId: number, flowId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: flows.id })
    .from(flows)
    .where(and(eq(flows.companyId, companyId), eq(flows.id, flowId)))
    .limit(1)
    .for("key share");
  return Boolean(row);
}

/** The company's integrations that run a flow (deleted with it: their live delete events need the ids). */
export async function integrationIdsOfFlow(db: Executor, companyId: number, flowId: number): Promise<number[]> {
  const rows = await db
    .select({ id: queueIntegrations.id })
    .from(queueIntegrations)
    .where(and(eq(queueIntegrations.companyId, companyId), eq(queueIntegrations.flowId, flowId)));
  return rows.map((row) => row.id);
}
