import type { Recurrence, WorkingHours } from "@atendo/shared";
import { and, asc, count, eq, ilike, inArray, ne, or, type SQL, sql } from "drizzle-orm";
import type { Executor } from "../../db/client.js";
import { likePattern } from "../../db/errors.js";
import { companies, plans, settings, users } from "../../db/schema/index.js";

export type CompanyRow = typeof companies.$inferSelect;
export type CompanyInsert = typeof companies.$inferInsert;
export type CompanyWithPlan = CompanyRow & { plan: { id: number; name: string; value: number } | null };

const withPlan = {
  company: companies,
  planId: plans.id,
  planName: plans.name,
  planValue: plans.value,
};

type JoinedRow = {
  company: CompanyRow;
  planId: number | null;
  planName: string | null;
  planValue: number | null;
};

const unjoin = (row: JoinedRow): CompanyWithPlan => ({
  ...row.company,
  plan: row.planId === null ? null : { id: row.planId, name: row.planName ?? "", value: Number(row.planValue ?? 0) },
});

const searchWhere = (searchParam: string): SQL | undefined =>
  searchParam
    ? or(ilike(companies.name, likePattern(searchParam)), ilike(companies.email, likePattern(searchParam)))
    : undefined;

export async function findCompany(db: Executor, id: number): Promise<CompanyWithPlan | undefined> {
  const [row] = await db
    .select(withPlan)
    .from(companies)
    .leftJoin(plans, eq(plans.id, companies.planId))
    .where(eq(companies.id, id))
    .limit(1);
  return row ? unjoin(row) : undefined;
}

export async function listCompanies(db: Executor): Promise<CompanyWithPlan[]> {
  const rows = await db
    .select(withPlan)
    .from(companies)
    .leftJoin(plans, eq(plans.id, companies.planId))
    .orderBy(asc(companies.name), asc(companies.id));
  return rows.map(unjoin);
}

export async function pageCompanies(
  db: Executor,
  input: { searchParam: string; limit: number; offset: number },
): Promise<{ rows: CompanyWithPlan[]; count: number }> {
  const where = searchWhere(input.searchParam);
  const [rows, [total]] = await Promise.all([
    db
      .select(withPlan)
      .from(companies)
      .leftJoin(plans, eq(plans.id, companies.planId))
      .where(where)
      .orderBy(asc(companies.name), asc(companies.id))
      .limit(input.limit)
      .offset(input.offset),
    db.select({ count: count() }).from(companies).where(where),
  ]);
  return { rows: rows.map(unjoin), count: total?.count ?? 0 };
}

/** The campaignsEnabled setting of several companies; absent rows mean the default. */
export async function campaignsSettingOf(db: Executor, companyIds: number[]): Promise<Map<number, string>> {
  const result = new Map<number, string>();
  if (companyIds.length === 0) return result;
  const rows = await db
    .select({ companyId: settings.companyId, value: settings.value })
    .from(settings)
    .where(and(inArray(settings.companyId, companyIds), eq(settings.key, "campaignsEnabled")));
  for (const row of rows) result.set(row.companyId, row.value);
  return result;
}

export async function companyEmailTaken(db: Executor, email: string, exceptId?: number): Promise<boolean> {
  const [row] = await db
    .select({ id: companies.id })
    .from(companies)
    .where(
      and(
        sql`lower(${companies.email}) = lower(${email})`,
        exceptId === undefined ? undefined : ne(companies.id, exceptId),
      ),
    )
    .limit(1);
  return Boolean(row);
}

export async function insertCompany(db: Executor, values: CompanyInsert): Promise<CompanyRow> {
  const [row] = await db.insert(companies).values(values).returning();
  return row!;
}

export async function updateCompany(
  db: Executor,
  id: number,
  values: Partial<CompanyInsert>,
): Promise<CompanyRow | undefined> {
  const [row] = await db
    .update(companies)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(companies.id, id))
    .returning();
  return row;
}

export async function updateSchedules(db: Executor, id: number, schedules: WorkingHours[]): Promise<boolean> {
  const rows = await db
    .update(companies)
    .set({ schedules, updatedAt: new Date() })
    .where(eq(companies.id, id))
    .returning({ id: companies.id });
  return rows.length > 0;
}

export async function setDueDate(db: Executor, id: number, dueDate: Date): Promise<void> {
  await db.update(companies).set({ dueDate, updatedAt: new Date() }).where(eq(companies.id, id));
}

/** Removes the company; every tenant table references it ON DELETE CASCADE. */
export async function deleteCompany(db: Executor, id: number): Promise<boolean> {
  const rows = await db.delete(companies).where(eq(companies.id, id)).returning({ id: companies.id });
  return rows.length > 0;
}

export async function lockCompanyForUpdate(
  db: Executor,
  id: number,
): Promise<{ dueDate: Date | null; recurrence: Recurrence } | undefined> {
  const [row] = await db
    .select({ dueDate: companies.dueDate, recurrence: companies.recurrence })
    .from(companies)
    .where(eq(companies.id, id))
    .for("update")
    .limit(1);
  return row;
}

/**
 * The platform company owns platform-wide switches such as userCreation: the
 * company of the first super user, else the first company, else none.
 */
export async function platformCompanyId(db: Executor): Promise<number | undefined> {
  const [superUser] = await db
    .select({ companyId: users.companyId })
    .from(users)
    .where(eq(users.super, true))
    .orderBy(asc(users.id))
    .limit(1);
  if (superUser) return superUser.companyId;
  const [first] = await db.select({ id: companies.id }).from(companies).orderBy(asc(companies.id)).limit(1);
  return first?.id;
}

export async function insertFirstAdmin(
  db: Executor,
  values: { companyId: number; name: string; email: string; passwordHash: string },
): Promise<void> {
  await db.insert(users).values({ ...values, profile: "admin" });
}
