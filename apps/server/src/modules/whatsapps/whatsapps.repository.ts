import { and, asc, count, eq, inArray, ne, sql } from "drizzle-orm";
import type { Executor } from "../../db/client.js";
import { queues, whatsappQueues, whatsapps } from "../../db/schema/index.js";

export type WhatsappRow = typeof whatsapps.$inferSelect;
export type NewWhatsappRow = typeof whatsapps.$inferInsert;
export type WhatsappChanges = Partial<Omit<NewWhatsappRow, "id" | "companyId" | "createdAt" | "updatedAt">>;
export interface QueueSummaryRow {
  id: number;
  name: string;
  color: string;
}

/** Oldest first, so the list is stable and the oldest is the one promoted to default. */
export async function listWhatsapps(db: Executor, companyId: number): Promise<WhatsappRow[]> {
  return db
    .select()
    .from(whatsapps)
    .where(eq(whatsapps.companyId, companyId))
    .orderBy(asc(whatsapps.createdAt), asc(whatsapps.id));
}

/** Tenant-scoped lookup: another company's id is simply not found. */
export async function findWhatsapp(db: Executor, companyId: number, id: number): Promise<WhatsappRow | undefined> {
  const [row] = await db
    .select()
    .from(whatsapps)
    .where(and(eq(whatsapps.companyId, companyId), eq(whatsapps.id, id)))
    .limit(1);
  return row;
}

/** The company's default connection (the lowest id when several are marked). */
export async function findDefaultWhatsapp(db: Executor, companyId: number): Promise<WhatsappRow | undefined> {
  const [row] = await db
    .select()
    .from(whatsapps)
    .where(and(eq(whatsapps.companyId, companyId), eq(whatsapps.isDefault, true)))
    .orderBy(whatsapps.id)
    .limit(1);
  return row;
}

export async function countWhatsapps(db: Executor, companyId: number): Promise<number> {
  const [row] = await db.select({ value: count() }).from(whatsapps).where(eq(whatsapps.companyId, companyId));
  return row?.value ?? 0;
}

/** Whether another connection of the company already has this name (case-insensitive). */
export async function whatsappNameTaken(
  db: Executor,
  companyId: number,
  name: string,
  exceptId?: number,
): Promise<boolean> {
  const conditions = [eq(whatsapps.companyId, companyId), sql`lower(${whatsapps.name}) = lower(${name})`];
  if (exceptId) conditions.push(ne(whatsapps.id, exceptId));
  const [row] = await db
    .select({ id: whatsapps.id })
    .from(whatsapps)
    .where(and(...conditions))
    .limit(1);
  return Boolean(row);
}

/** Tokens are unique across the platform: the external API finds the connection by its token alone. */
export async function whatsappTokenTaken(db: Executor, token: string, exceptId?: number): Promise<boolean> {
  const conditions = [eq(whatsapps.token, token)];
  if (exceptId) conditions.push(ne(whatsapps.id, exceptId));
  const [row] = await db
    .select({ id: whatsapps.id })
    .from(whatsapps)
    .where(and(...conditions))
    .limit(1);
  return Boolean(row);
}

/** The queues of each connection, in the queue list's order. */
export async function queuesOfWhatsapps(
  db: Executor,
  companyId: number,
  whatsappIds: number[],
): Promise<Map<number, QueueSummaryRow[]>> {
  const result = new Map<number, QueueSummaryRow[]>();
  if (whatsappIds.length === 0) return result;
  const rows = await db
    .select({ whatsappId: whatsappQueues.whatsappId, id: queues.id, name: queues.name, color: queues.color })
    .from(whatsappQueues)
    .innerJoin(queues, eq(queues.id, whatsappQueues.queueId))
    .where(and(eq(whatsappQueues.companyId, companyId), inArray(whatsappQueues.whatsappId, whatsappIds)))
    .orderBy(sql`${queues.orderQueue} asc nulls last`, asc(queues.name), asc(queues.id));
  for (const { whatsappId, ...queue } of rows) {
    const list = result.get(whatsappId) ?? [];
    list.push(queue);
    result.set(whatsappId, list);
  }
  return result;
}

export async function countWhatsappQueues(db: Executor, companyId: number, whatsappId: number): Promise<number> {
  const [row] = await db
    .select({ value: count() })
    .from(whatsappQueues)
    .where(and(eq(whatsappQueues.companyId, companyId), eq(whatsappQueues.whatsappId, whatsappId)));
  return row?.value ?? 0;
}

export async function setWhatsappQueues(db: Executor, companyId: number, whatsappId: number, queueIds: number[]) {
  await db
    .delete(whatsappQueues)
    .where(and(eq(whatsappQueues.companyId, companyId), eq(whatsappQueues.whatsappId, whatsappId)));
  if (queueIds.length > 0) {
    await db.insert(whatsappQueues).values(queueIds.map((queueId) => ({ companyId, whatsappId, queueId })));
  }
}

/** Clears the default flag on the company's other connections; answers the ones it changed. */
export async function clearOtherDefaults(db: Executor, companyId: number, exceptId: number): Promise<WhatsappRow[]> {
  return db
    .update(whatsapps)
    .set({ isDefault: false })
    .where(and(eq(whatsapps.companyId, companyId), eq(whatsapps.isDefault, true), ne(whatsapps.id, exceptId)))
    .returning();
}

export async function insertWhatsapp(db: Executor, values: NewWhatsappRow): Promise<WhatsappRow> {
  const [row] = await db.insert(whatsapps).values(values).returning();
  return row!;
}

export async function updateWhatsapp(
  db: Executor,
  companyId: number,
  id: number,
  changes: WhatsappChanges,
): Promise<WhatsappRow | undefined> {
  if (Object.keys(changes).length === 0) return findWhatsapp(db, companyId, id);
  const [row] = await db
    .update(whatsapps)
    .set(changes)
    .where(and(eq(whatsapps.companyId, companyId), eq(whatsapps.id, id)))
    .returning();
  return row;
}

export async function deleteWhatsapp(db: Executor, companyId: number, id: number): Promise<WhatsappRow | undefined> {
  const [row] = await db
    .delete(whatsapps)
    .where(and(eq(whatsapps.companyId, companyId), eq(whatsapps.id, id)))
    .returning();
  return row;
}

export { companyHasIntegration, companyHasPrompt } from "../../db/tenant.js";
