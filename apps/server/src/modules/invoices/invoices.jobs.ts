import { z } from "zod";
import { defineJob } from "../../jobs/define.js";
import { createDueInvoices, expireOverdueInvoices } from "./invoices.service.js";

/** Daily at 03:00 UTC: issue the invoices coming due (docs/decisions.md: 10 days ahead). */
export const createDueInvoicesJob = defineJob({
  name: "invoices.create-due",
  payload: z.object({}),
  cron: "0 3 * * *",
  handler: async (ctx) => {
    const issued = await createDueInvoices(ctx, new Date());
    ctx.log.info({ issued }, "invoices issued");
  },
});

/** Daily just after midnight UTC: unpaid invoices past their due date become expired. */
export const expireOverdueInvoicesJob = defineJob({
  name: "invoices.expire-overdue",
  payload: z.object({}),
  cron: "5 0 * * *",
  handler: async (ctx) => {
    const expired = await expireOverdueInvoices(ctx, new Date());
    ctx.log.info({ expired }, "invoices expired");
  },
});
