import { z } from "zod";
import { CalendarDay, Id, TimeZone } from "./common.schemas.js";
import { DASHBOARD_MAX_RANGE_DAYS } from "./constants.js";

const dayNumber = (day: string) => Date.parse(`${day}T00:00:00Z`) / 86_400_000;
/** Days a range covers, both ends included. */
export const rangeDays = (from: string, to: string) => dayNumber(to) - dayNumber(from) + 1;

/**
 * GET /dashboard: the last `days` days (today included), or the calendar days
 * date_from..date_to (date_to defaults to today). `days` wins when both come.
 */
export const DashboardQuery = z
  .object({
    days: z.coerce.number().int().min(1).max(DASHBOARD_MAX_RANGE_DAYS).optional(),
    date_from: CalendarDay.optional(),
    date_to: CalendarDay.optional(),
    tz: TimeZone.optional().default("UTC"),
  })
  .superRefine((query, context) => {
    if (query.days !== undefined) return;
    if (!query.date_from) {
      context.addIssue({ code: "custom", path: ["date_from"], message: "filterRequired" });
      return;
    }
    if (query.date_to && rangeDays(query.date_from, query.date_to) < 1) {
      context.addIssue({ code: "custom", path: ["date_to"], message: "beforeStart" });
    } else if (query.date_to && rangeDays(query.date_from, query.date_to) > DASHBOARD_MAX_RANGE_DAYS) {
      context.addIssue({ code: "custom", path: ["date_to"], message: "rangeTooLong" });
    }
  });
export type DashboardQuery = z.infer<typeof DashboardQuery>;

/** Document 1 section 3's counters, plus the new contacts card. Times in minutes. */
export const DashboardCounters = z.object({
  supportHappening: z.number(),
  supportPending: z.number(),
  supportFinished: z.number(),
  newContacts: z.number(),
  avgSupportTime: z.number(),
  avgWaitTime: z.number(),
});
export type DashboardCounters = z.infer<typeof DashboardCounters>;

export const DashboardAttendant = z.object({
  id: z.number(),
  name: z.string(),
  /** Mean rate on the 1–3 scale, 0 without any rating. */
  rating: z.number(),
  /** Minutes. */
  avgSupportTime: z.number(),
  online: z.boolean(),
});
export type DashboardAttendant = z.infer<typeof DashboardAttendant>;

export const Dashboard = z.object({ counters: DashboardCounters, attendants: z.array(DashboardAttendant) });
export type Dashboard = z.infer<typeof Dashboard>;

/** The charts' query: calendar days, both ends included; companyId is accepted and ignored (the session's). */
export const DashboardChartQuery = z
  .object({
    initialDate: CalendarDay,
    finalDate: CalendarDay,
    companyId: Id.optional(),
    tz: TimeZone.optional().default("UTC"),
  })
  .superRefine((query, context) => {
    const days = rangeDays(query.initialDate, query.finalDate);
    if (days < 1) context.addIssue({ code: "custom", path: ["finalDate"], message: "beforeStart" });
    else if (days > DASHBOARD_MAX_RANGE_DAYS) {
      context.addIssue({ code: "custom", path: ["finalDate"], message: "rangeTooLong" });
    }
  });
export type DashboardChartQuery = z.infer<typeof DashboardChartQuery>;

/** GET /dashboard/ticketsUsers: services per attendant, most first. */
export const TicketsByUser = z.object({
  data: z.array(z.object({ userId: z.number(), name: z.string(), total: z.number() })),
  count: z.number(),
});
export type TicketsByUser = z.infer<typeof TicketsByUser>;

/**
 * GET /dashboard/ticketsDay: services per day (bucket yyyy-MM-dd) or, for a
 * one-day range, per hour (bucket HH, 00–23). Every bucket of the range is present.
 */
export const TicketsByPeriod = z.object({
  unit: z.enum(["day", "hour"]),
  data: z.array(z.object({ bucket: z.string(), total: z.number() })),
  count: z.number(),
});
export type TicketsByPeriod = z.infer<typeof TicketsByPeriod>;
