import type { InvoiceStatus } from "@atendo/shared";
import { and, count, desc, eq, gt, ilike, isNotNull, lte, ne, or, type SQL, sql } from "drizzle-orm";
import type { Executor } from "../../db/client.js";
import { likePattern } from "../../db/errors.js";
import { companies, invoices, plans } from "../../db/schema/index.js";

export type InvoiceRow = typeof invoices.$inferSelect;

const DAY_MS = 24 * 60 * 60 * 1000;
const INSERT_CHUNK = 1000;

/** Matches the detail (the plan's name) or an exact invoice number. */
function searchWhere(searchParam: string): SQL | undefined {
  if (!searchParam) return undefined;
  const byDetail = ilike(invoices.detail, likePattern(searchParam));
  return /^\d{1,9}$/.test(searchParam) ? or(byDetail, eq(invoices.id, Number(searchParam))) : byDetail;
}

export async function pageInvoices(
  db: Executor,
  companyId: number,
  input: { searchParam: string; limit: number; offset: number },
): Promise<{ rows: InvoiceRow[]; count: number }> {
  const where = and(eq(invoices.companyId, companyId), searchWhere(input.searchParam));
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(invoices)
      .where(where)
      .orderBy(desc(invoices.dueDate), desc(invoices.id))
      .limit(input.limit)
      .offset(input.offset),
    db.select({ count: count() }).from(invoices).where(where),
  ]);
  return { rows, count: total?.count ?? 0 };
}

export async function findInvoice(db: Executor, companyId: number, id: number): Promise<InvoiceRow | undefined> {
  const [row] = await db
    .select()
    .from(invoices)
    .where(and(eq(invoices.companyId, companyId), eq(invoices.id, id)))
    .limit(1);
  return row;
}

/**
 * Issues the invoice of every active company whose due date falls within the
 * lead time, from its plan's value. The unique (company, due date) index makes
 * a second run, or a run racing another, a no-op. Free plans are not billed.
 */
export async function insertDueInvoices(
  db: Executor,
  input: { now: Date; leadDays: number; companyId?: number },
): Promise<number> {
  const horizon = new Date(input.now.getTime() + input.leadDays * DAY_MS);
  const due = await db
    .select({
      companyId: companies.id,
      dueDate: companies.dueDate,
      planId: plans.id,
      name: plans.name,
      value: plans.value,
    })
    .from(companies)
    .innerJoin(plans, eq(plans.id, companies.planId))
    .where(
      and(
        eq(companies.status, true),
        isNotNull(companies.dueDate),
        lte(companies.dueDate, horizon),
        gt(plans.value, 0),
        input.companyId === undefined ? undefined : eq(companies.id, input.companyId),
      ),
    );
  let issued = 0;
  // Chunks keep each statement well under PostgreSQL's limit of bind parameters.
  for (let start = 0; start < due.length; start += INSERT_CHUNK) {
    const rows = await db
      .insert(invoices)
      .values(
        due.slice(start, start + INSERT_CHUNK).map((company) => {
          const dueDate = company.dueDate as Date;
          const status: InvoiceStatus = dueDate.getTime() <= input.now.getTime() ? "expired" : "open";
          return {
            companyId: company.companyId,
            detail: company.name,
            value: company.value,
            dueDate,
            status,
            planId: company.planId,
          };
        }),
      )
      .onConflictDoNothing({ target: [invoices.companyId, invoices.dueDate] })
      .returning({ id: invoices.id });
    issued += rows.length;
  }
  return issued;
}

/** Open invoices whose due date has passed become expired. */
export async function expireInvoices(db: Executor, input: { now: Date; companyId?: number }): Promise<number> {
  const rows = await db
    .update(invoices)
    .set({ status: "expired", updatedAt: input.now })
    .where(
      and(
        eq(invoices.status, "open"),
        sql`${invoices.dueDate} <= ${input.now.toISOString()}::timestamptz`,
        input.companyId === undefined ? undefined : eq(invoices.companyId, input.companyId),
      ),
    )
    .returning({ id: invoices.id });
  return rows.length;
}

/** Records the charge created for an unpaid invoice, with the plan and value it was created for. */
export async function attachCharge(
  db: Executor,
  companyId: number,
  id: number,
  charge: { providerChargeId: string; planId: number; value: number; detail: string },
): Promise<boolean> {
  const rows = await db
    .update(invoices)
    .set({ ...charge, updatedAt: new Date() })
    .where(and(eq(invoices.companyId, companyId), eq(invoices.id, id), ne(invoices.status, "paid")))
    .returning({ id: invoices.id });
  return rows.length > 0;
}

/**
 * The invoice a provider charge belongs to, locked for the payment's
 * transaction so two deliveries (of one charge, or of two charges of the same
 * invoice) are applied one after the other: by the invoice id the charge
 * carries in its reference, else by the charge id on record (charges created
 * before they carried a reference).
 */
export async function lockInvoiceOfCharge(
  db: Executor,
  charge: { invoiceId: number | null; providerChargeId: string },
): Promise<InvoiceRow | undefined> {
  const byColumn = async (where: SQL) => {
    const [row] = await db.select().from(invoices).where(where).for("update").limit(1);
    return row;
  };
  const referenced = charge.invoiceId === null ? undefined : await byColumn(eq(invoices.id, charge.invoiceId));
  return referenced ?? byColumn(eq(invoices.providerChargeId, charge.providerChargeId));
}

/** Marks an invoice paid by the given charge, which becomes the invoice's charge on record. */
export async function markInvoicePaid(
  db: Executor,
  id: number,
  payment: { providerChargeId: string; paidAt: Date },
): Promise<void> {
  await db
    .update(invoices)
    .set({
      status: "paid",
      paidAt: payment.paidAt,
      providerChargeId: payment.providerChargeId,
      updatedAt: payment.paidAt,
    })
    .where(eq(invoices.id, id));
}
