import type { InvoiceStatus } from "@atendo/shared";
import { index, integer, numeric, pgTable, timestamp, uniqueIndex, varchar } from "drizzle-orm/pg-core";
import { id, timestamps } from "./columns.js";
import { companyId } from "./companies.js";
import { plans } from "./plans.js";

export const invoices = pgTable(
  "invoices",
  {
    id: id(),
    companyId: companyId(),
    detail: varchar({ length: 200 }).notNull(),
    value: numeric({ precision: 12, scale: 2, mode: "number" }).notNull(),
    dueDate: timestamp({ withTimezone: true }).notNull(),
    status: varchar({ length: 10 }).$type<InvoiceStatus>().notNull().default("open"),
    paidAt: timestamp({ withTimezone: true }),
    providerChargeId: varchar({ length: 100 }),
    /** The plan whose value the invoice carries; paying it moves the company to this plan. */
    planId: integer().references(() => plans.id, { onDelete: "set null" }),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex("invoices_company_due_unique").on(t.companyId, t.dueDate),
    index("invoices_company_status_idx").on(t.companyId, t.status),
    // The payment webhook finds its invoice by the provider's charge id.
    uniqueIndex("invoices_provider_charge_unique").on(t.providerChargeId),
  ],
);
