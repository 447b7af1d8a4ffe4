import { and, asc, count, eq, ilike, or, type SQL } from "drizzle-orm";
import type { Executor } from "../../db/client.js";
import { likePattern } from "../../db/errors.js";
import { quickMessages } from "../../db/schema/index.js";

export type QuickMessageRow = typeof quickMessages.$inferSelect;
export type NewQuickMessageRow = typeof quickMessages.$inferInsert;
export type QuickMessageChanges = Partial<
  Pick<NewQuickMessageRow, "shortcode" | "message" | "geral" | "status" | "mediaPath" | "mediaName">
>;

/** What one user may see: their own quick messages plus the company-wide ones. */
function visibleTo(companyId: number, userId: number): SQL {
  return and(
    eq(quickMessages.companyId, companyId),
    or(eq(quickMessages.userId, userId), eq(quickMessages.geral, true)),
  ) as SQL;
}

export async function pageQuickMessages(
  db: Executor,
  companyId: number,
  userId: number,
  options: { search: string; limit: number; offset: number },
): Promise<{ rows: QuickMessageRow[]; count: number }> {
  const pattern = likePattern(options.search);
  const where = options.search
    ? and(
        visibleTo(companyId, userId),
        or(ilike(quickMessages.shortcode, pattern), ilike(quickMessages.message, pattern)),
      )
    : visibleTo(companyId, userId);
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(quickMessages)
      .where(where)
      .orderBy(asc(quickMessages.shortcode), asc(quickMessages.id))
      .limit(options.limit)
      .offset(options.offset),
    db.select({ value: count() }).from(quickMessages).where(where),
  ]);
  return { rows, count: total?.value ?? 0 };
}

export async function listQuickMessages(db: Executor, companyId: number, userId: number): Promise<QuickMessageRow[]> {
  return db
    .select()
    .from(quickMessages)
    .where(visibleTo(companyId, userId))
    .orderBy(asc(quickMessages.shortcode), asc(quickMessages.id));
}

/** Tenant-scoped lookup: another company's id is simply not found. `lock` holds the row until the transaction ends. */
export async function findQuickMessage(
  db: Executor,
  companyId: number,
  id: number,
  options: { lock?: boolean } = {},
): Promise<QuickMessageRow | undefined> {
  const query = db
    .select()
    .from(quickMessages)
    .where(and(eq(quickMessages.companyId, companyId), eq(quickMessages.id, id)))
    .limit(1);
  const [row] = options.lock ? await query.for("update") : await query;
  return row;
}

export async function insertQuickMessage(db: Executor, values: NewQuickMessageRow): Promise<QuickMessageRow> {
  const [row] = await db.insert(quickMessages).values(values).returning();
  return row!;
}

export async function updateQuickMessage(
  db: Executor,
  companyId: number,
  id: number,
  changes: QuickMessageChanges,
): Promise<QuickMessageRow | undefined> {
  if (Object.keys(changes).length === 0) return findQuickMessage(db, companyId, id);
  const [row] = await db
    .update(quickMessages)
    .set(changes)
    .where(and(eq(quickMessages.companyId, companyId), eq(quickMessages.id, id)))
    .returning();
  return row;
}

export async function deleteQuickMessage(
  db: Executor,
  companyId: number,
  id: number,
): Promise<QuickMessageRow | undefined> {
  const [row] = await db
    .delete(quickMessages)
    .where(and(eq(quickMessages.companyId, companyId), eq(quickMessages.id, id)))
    .returning();
  return row;
}
