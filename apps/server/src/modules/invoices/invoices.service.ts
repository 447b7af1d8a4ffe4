import { INVOICE_LEAD_DAYS, type Invoice, type ListQuery, PAGE_SIZE } from "@atendo/shared";
import type { AppContext } from "../../context.js";
import { AppError } from "../../http/errors.js";
import * as repo from "./invoices.repository.js";

type Deps = Pick<AppContext, "db">;

export function toInvoice(row: repo.InvoiceRow): Invoice {
  return {
    id: row.id,
    detail: row.detail,
    value: Number(row.value),
    dueDate: row.dueDate.toISOString(),
    status: row.status,
    paidAt: row.paidAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
  };
}

/**
 * The daily job's first half: every company due within INVOICE_LEAD_DAYS gets
 * its invoice, once. Answers how many were issued.
 */
export async function createDueInvoices(deps: Deps, now: Date = new Date(), companyId?: number): Promise<number> {
  return repo.insertDueInvoices(deps.db, { now, leadDays: INVOICE_LEAD_DAYS, companyId });
}

/** The daily job's second half: unpaid invoices past their due date become expired. */
export async function expireOverdueInvoices(deps: Deps, now: Date = new Date(), companyId?: number): Promise<number> {
  return repo.expireInvoices(deps.db, { now, companyId });
}

/**
 * The company's invoices. The page first brings the caller's own invoices up
 * to date (both steps are idempotent), so a company created or expired since
 * the last daily run can already see, and pay, what it owes.
 */
export async function listInvoices(
  deps: Deps,
  companyId: number,
  query: ListQuery,
  now: Date = new Date(),
): Promise<{ invoices: Invoice[]; count: number; hasMore: boolean }> {
  await createDueInvoices(deps, now, companyId);
  await expireOverdueInvoices(deps, now, companyId);
  const offset = (query.pageNumber - 1) * PAGE_SIZE;
  const { rows, count } = await repo.pageInvoices(deps.db, companyId, {
    searchParam: query.searchParam,
    limit: PAGE_SIZE,
    offset,
  });
  return { invoices: rows.map(toInvoice), count, hasMore: offset + rows.length < count };
}

export async function showInvoice(deps: Deps, companyId: number, id: number): Promise<Invoice> {
  const row = await repo.findInvoice(deps.db, companyId, id);
  if (!row) throw new AppError("ERR_NO_INVOICE_FOUND");
  return toInvoice(row);
}
