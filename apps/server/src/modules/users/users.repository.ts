import type { QueueSummary } from "@atendo/shared";
import { and, asc, count, eq, ilike, inArray, ne, or } from "drizzle-orm";
import type { Executor } from "../../db/client.js";
import { likePattern } from "../../db/errors.js";
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

export type NewUserRow = typeof users.$inferInsert;
export type UserChanges = Partial<
  Pick<NewUserRow, "name" | "email" | "passwordHash" | "profile" | "allTicket" | "whatsappId" | "language">
>;

/** Escapes LIKE wildcards so a search for "50%" means the text, not a pattern. */

/** One page of a company's users, by name, with the total that matches the search. */
export async function pageUsers(
  db: Executor,
  companyId: number,
  options: { search: string; limit: number; offset: number },
): Promise<{ rows: UserRow[]; count: number }> {
  const pattern = likePattern(options.search);
  const where = options.search
    ? and(eq(users.companyId, companyId), or(ilike(users.name, pattern), ilike(users.email, pattern)))
    : eq(users.companyId, companyId);
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(users)
      .where(where)
      .orderBy(asc(users.name), asc(users.id))
      .limit(options.limit)
      .offset(options.offset),
    db.select({ value: count() }).from(users).where(where),
  ]);
  return { rows, count: total?.value ?? 0 };
}

export async function listCompanyUsers(db: Executor, companyId: number): Promise<UserRow[]> {
  return db.select().from(users).where(eq(users.companyId, companyId)).orderBy(asc(users.name), asc(users.id));
}

export async function countCompanyUsers(db: Executor, companyId: number): Promise<number> {
  const [row] = await db.select({ value: count() }).from(users).where(eq(users.companyId, companyId));
  return row?.value ?? 0;
}

/** Any user with this email, whatever the company: emails are unique across the platform. */
export async function emailTaken(db: Executor, email: string, exceptUserId?: number): Promise<boolean> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(exceptUserId ? and(eq(users.email, email), ne(users.id, exceptUserId)) : eq(users.email, email))
    .limit(1);
  return Boolean(row);
}

export async function insertUser(db: Executor, values: NewUserRow): Promise<UserRow> {
  const [row] = await db.insert(users).values(values).returning();
  return row!;
}

export async function updateUser(
  db: Executor,
  companyId: number,
  id: number,
  changes: UserChanges,
): Promise<UserRow | undefined> {
  if (Object.keys(changes).length === 0) return findUser(db, companyId, id);
  const [row] = await db
    .update(users)
    .set(changes)
    .where(and(eq(users.companyId, companyId), eq(users.id, id)))
    .returning();
  return row;
}

export async function deleteUser(db: Executor, companyId: number, id: number): Promise<boolean> {
  const rows = await db
    .delete(users)
    .where(and(eq(users.companyId, companyId), eq(users.id, id)))
    .returning({ id: users.id });
  return rows.length > 0;
}

/** Replaces a user's queue links with exactly these queues (already checked to be the company's). */
export async function setUserQueues(db: Executor, companyId: number, userId: number, queueIds: number[]) {
  await db.delete(userQueues).where(and(eq(userQueues.companyId, companyId), eq(userQueues.userId, userId)));
  if (queueIds.length > 0) {
    await db.insert(userQueues).values(queueIds.map((queueId) => ({ companyId, userId, queueId })));
  }
}

export { companyHasWhatsapp } from "../../db/tenant.js";
