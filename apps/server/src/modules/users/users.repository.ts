import type { QueueSummary } from "@atendo/shared";
import { and, asc, eq, inArray } from "drizzle-orm";
import type { Executor } from "../../db/client.js";
import { queues, userQueues, users } from "../../db/schema/index.js";

export type UserRow = typeof users.$inferSelect;

export async function findUserByEmail(db: Executor, email: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.email, email.toLowerCase())).limit(1);
  return row;
}

/** Tenant-scoped lookup: another company's id is simply not found. */
export async function findUser(db: Executor, companyId: number, id: number): Promise<UserRow | undefined> {
  const [row] = await db
    .select()
    .from(users)
    .where(and(eq(users.companyId, companyId), eq(users.id, id)))
    .limit(1);
  return row;
}

/** Queues of several users at once, keyed by user id. */
export async function queuesOfUsers(db: Executor, companyId: number, userIds: number[]) {
  const result = new Map<number, QueueSummary[]>();
  if (userIds.length === 0) return result;
  const rows = await db
    .select({ userId: userQueues.userId, id: queues.id, name: queues.name, color: queues.color })
    .from(userQueues)
    .innerJoin(queues, eq(queues.id, userQueues.queueId))
    .where(and(eq(userQueues.companyId, companyId), inArray(userQueues.userId, userIds)))
    .orderBy(asc(queues.orderQueue), asc(queues.name));
  for (const row of rows) {
    const list = result.get(row.userId) ?? [];
    list.push({ id: row.id, name: row.name, color: row.color });
    result.set(row.userId, list);
  }
  return result;
}
