import {
  Dashboard,
  DashboardChartQuery,
  DashboardQuery,
  TicketsByPeriod,
  TicketsByUser,
} from "../dashboard.schemas.js";
import type { RouteGroup } from "./contract.js";

export const DASHBOARD_ROUTES = {
  "GET /dashboard": { query: DashboardQuery, response: Dashboard },
  "GET /dashboard/ticketsUsers": { query: DashboardChartQuery, response: TicketsByUser },
  "GET /dashboard/ticketsDay": { query: DashboardChartQuery, response: TicketsByPeriod },
} satisfies RouteGroup;
