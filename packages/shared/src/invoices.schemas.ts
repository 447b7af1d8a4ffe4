import { z } from "zod";
import { INVOICE_STATUSES } from "./enums.js";

/** An invoice of the company (document 1 section 3). Money travels as a number of reais. */
export const Invoice = z.object({
  id: z.number(),
  detail: z.string(),
  value: z.number(),
  dueDate: z.string(),
  status: z.enum(INVOICE_STATUSES),
  paidAt: z.string().nullable(),
  createdAt: z.string(),
});
export type Invoice = z.infer<typeof Invoice>;

/** GET /invoices/all: the page of invoices, newest due date first. */
export const InvoicesPage = z.object({ invoices: z.array(Invoice), count: z.number(), hasMore: z.boolean() });
export type InvoicesPage = z.infer<typeof InvoicesPage>;
