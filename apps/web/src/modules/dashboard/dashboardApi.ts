import type { TicketsByPeriod } from "@atendo/shared";
import { api } from "../../api/client";

/** The viewer's time zone: the server cuts days and hours in it. */
export const viewerTimeZone = (): string => Intl.DateTimeFormat().resolvedOptions().timeZone || "UTC";

/** The dashboard's filter: a period of the last N days, or a date range (yyyy-MM-dd). */
export type DashboardFilter = { days: number } | { dateFrom: string; dateTo: string };

export interface ChartRange {
  initialDate: string;
  finalDate: string;
}

export const dashboardKeys = {
  all: ["dashboard"] as const,
  counters: (filter: DashboardFilter) => ["dashboard", "counters", filter] as const,
  byUser: (range: ChartRange) => ["dashboard", "ticketsUsers", range] as const,
  byDay: (range: ChartRange) => ["dashboard", "ticketsDay", range] as const,
};

export function fetchDashboard(filter: DashboardFilter, signal?: AbortSignal) {
  const query =
    "days" in filter
      ? { days: filter.days, tz: viewerTimeZone() }
      : { date_from: filter.dateFrom, date_to: filter.dateTo, tz: viewerTimeZone() };
  return api.get("/dashboard", { query, signal });
}

export function fetchTicketsByUser(range: ChartRange, signal?: AbortSignal) {
  return api.get("/dashboard/ticketsUsers", { query: { ...range, tz: viewerTimeZone() }, signal });
}

export function fetchTicketsByDay(range: ChartRange, signal?: AbortSignal) {
  return api.get("/dashboard/ticketsDay", { query: { ...range, tz: viewerTimeZone() }, signal });
}

/** A local calendar day as yyyy-MM-dd. */
export function isoDay(date: Date): string {
  const pad = (value: number) => String(value).padStart(2, "0");
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** Today and the days before it, as a range of `days` calendar days. */
export function lastDays(days: number, today = new Date()): ChartRange {
  const first = new Date(today);
  first.setDate(today.getDate() - (days - 1));
  return { initialDate: isoDay(first), finalDate: isoDay(today) };
}

/** Minutes as a card shows them: "1h 05m", "36m 15s", "0m". */
export function formatMinutes(minutes: number): string {
  const seconds = Math.round(minutes * 60);
  const hours = Math.floor(seconds / 3600);
  const rest = Math.floor((seconds % 3600) / 60);
  if (hours > 0) return `${hours}h ${String(rest).padStart(2, "0")}m`;
  const secs = seconds % 60;
  return secs > 0 ? `${rest}m ${String(secs).padStart(2, "0")}s` : `${rest}m`;
}

/** A day bucket (yyyy-MM-dd) as dd/MM, an hour bucket (HH) as HHh. */
export function bucketLabel(bucket: string, unit: TicketsByPeriod["unit"]): string {
  if (unit === "hour") return `${bucket}h`;
  const [, month, day] = bucket.split("-");
  return `${day}/${month}`;
}
