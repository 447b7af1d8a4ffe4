import { Dashboard, DashboardChartQuery, DashboardQuery, TicketsByPeriod, TicketsByUser } from "@atendo/shared";
import type { AppContext } from "../../context.js";
import type { App } from "../../http/app.js";
import type { AuthHooks } from "../../http/auth.js";
import { getDashboard, ticketsByDay, ticketsByUser } from "./dashboard.service.js";

const tags = ["dashboard"];

/** The dashboard is the admin's (dashboard:view, document 1 section 6); figures are always the session's company. */
export function registerDashboardRoutes(app: App, ctx: AppContext, auth: AuthHooks): void {
  app.get(
    "/dashboard",
    { onRequest: auth.admin, schema: { tags, querystring: DashboardQuery, response: { 200: Dashboard } } },
    async (request) => getDashboard(ctx, request.auth, request.query),
  );

  app.get(
    "/dashboard/ticketsUsers",
    { onRequest: auth.admin, schema: { tags, querystring: DashboardChartQuery, response: { 200: TicketsByUser } } },
    async (request) => ticketsByUser(ctx, request.auth, request.query),
  );

  app.get(
    "/dashboard/ticketsDay",
    { onRequest: auth.admin, schema: { tags, querystring: DashboardChartQuery, response: { 200: TicketsByPeriod } } },
    async (request) => ticketsByDay(ctx, request.auth, request.query),
  );
}
