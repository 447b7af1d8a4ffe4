import type { PlanBody } from "@atendo/shared";
import { and, asc, eq, ilike, ne, sql } from "drizzle-orm";
import type { Executor } from "../../db/client.js";
import { likePattern } from "../../db/errors.js";
import { companies, plans } from "../../db/schema/index.js";

export type PlanRow = typeof plans.$inferSelect;

export async function listPlans(db: Executor, searchParam = ""): Promise<PlanRow[]> {
  return db
    .select()
    .from(plans)
    .where(searchParam ? ilike(plans.name, likePattern(searchParam)) : undefined)
    .orderBy(asc(plans.value), asc(plans.name), asc(plans.id));
}

export async function findPlan(db: Executor, id: number): Promise<PlanRow | undefined> {
  const [row] = await db.select().from(plans).where(eq(plans.id, id)).limit(1);
  return row;
}

/** Names are compared without case: "Gold" and "gold" would confuse whoever picks a plan. */
export async function planNameTaken(db: Executor, name: string, exceptId?: number): Promise<boolean> {
  const [row] = await db
    .select({ id: plans.id })
    .from(plans)
    .where(and(sql`lower(${plans.name}) = lower(${name})`, exceptId === undefined ? undefined : ne(plans.id, exceptId)))
    .limit(1);
  return Boolean(row);
}

export async function insertPlan(db: Executor, values: PlanBody): Promise<PlanRow> {
  const [row] = await db.insert(plans).values(values).returning();
  return row!;
}

export async function updatePlan(db: Executor, id: number, values: Partial<PlanBody>): Promise<PlanRow | undefined> {
  const [row] = await db
    .update(plans)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(plans.id, id))
    .returning();
  return row;
}

export async function deletePlan(db: Executor, id: number): Promise<boolean> {
  const rows = await db.delete(plans).where(eq(plans.id, id)).returning({ id: plans.id });
  return rows.length > 0;
}

export async function planInUse(db: Executor, id: number): Promise<boolean> {
  const [row] = await db.select({ id: companies.id }).from(companies).where(eq(companies.planId, id)).limit(1);
  return Boolean(row);
}
