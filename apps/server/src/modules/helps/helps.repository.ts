import type { HelpBody, HelpUpdateBody } from "@atendo/shared";
import { asc, count, eq, ilike, or } from "drizzle-orm";
import type { Executor } from "../../db/client.js";
import { likePattern } from "../../db/errors.js";
import { helps } from "../../db/schema/index.js";

export type HelpRow = typeof helps.$inferSelect;

const searchWhere = (searchParam: string) =>
  searchParam
    ? or(ilike(helps.title, likePattern(searchParam)), ilike(helps.description, likePattern(searchParam)))
    : undefined;

export async function listAllHelps(db: Executor): Promise<HelpRow[]> {
  return db.select().from(helps).orderBy(asc(helps.title), asc(helps.id));
}

export async function pageHelps(
  db: Executor,
  input: { searchParam: string; limit: number; offset: number },
): Promise<{ rows: HelpRow[]; count: number }> {
  const where = searchWhere(input.searchParam);
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(helps)
      .where(where)
      .orderBy(asc(helps.title), asc(helps.id))
      .limit(input.limit)
      .offset(input.offset),
    db.select({ count: count() }).from(helps).where(where),
  ]);
  return { rows, count: total?.count ?? 0 };
}

export async function insertHelp(db: Executor, values: HelpBody): Promise<HelpRow> {
  const [row] = await db.insert(helps).values(values).returning();
  return row!;
}

export async function updateHelp(db: Executor, id: number, values: HelpUpdateBody): Promise<HelpRow | undefined> {
  const [row] = await db
    .update(helps)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(helps.id, id))
    .returning();
  return row;
}

export async function deleteHelp(db: Executor, id: number): Promise<boolean> {
  const rows = await db.delete(helps).where(eq(helps.id, id)).returning({ id: helps.id });
  return rows.length > 0;
}
