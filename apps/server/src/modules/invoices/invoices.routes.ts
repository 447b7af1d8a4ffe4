import { IdParams, Invoice, InvoicesPage, ListQuery } from "@atendo/shared";
import type { AppContext } from "../../context.js";
import type { App } from "../../http/app.js";
import type { AuthHooks } from "../../http/auth.js";
import { listInvoices, showInvoice } from "./invoices.service.js";

export function registerInvoicesRoutes(app: App, ctx: AppContext, auth: AuthHooks): void {
  const tags = ["invoices"];

  app.get(
    "/invoices/all",
    { onRequest: auth.admin, schema: { tags, querystring: ListQuery, response: { 200: InvoicesPage } } },
    async (request) => listInvoices(ctx, request.auth.companyId, request.query),
  );

  app.get(
    "/invoices/:id",
    { onRequest: auth.admin, schema: { tags, params: IdParams, response: { 200: Invoice } } },
    async (request) => showInvoice(ctx, request.auth.companyId, request.params.id),
  );
}
