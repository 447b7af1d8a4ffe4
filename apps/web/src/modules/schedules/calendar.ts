import type { Schedule } from "@atendo/shared";

/** The calendar's views, as react-big-calendar names them. */
export const CALENDAR_VIEWS = ["month", "week", "day", "agenda"] as const;
export type CalendarView = (typeof CALENDAR_VIEWS)[number];

/** How many days react-big-calendar's agenda lists from its date. */
export const AGENDA_DAYS = 30;

export interface ScheduleEvent {
  id: number;
  title: string;
  start: Date;
  end: Date;
  schedule: Schedule;
}

/** How long an event looks in the week and day views: a message has no duration, but a line needs room. */
export const EVENT_DISPLAY_MS = 30 * 60_000;

/**
 * Each schedule is an event at its sendAt, titled with its contact's name. It is drawn half an
 * hour long, within its own day (an event past midnight would move to the all-day row).
 */
export function toCalendarEvents(schedules: readonly Schedule[]): ScheduleEvent[] {
  return schedules.map((schedule) => {
    const start = new Date(schedule.sendAt);
    const endOfDay = new Date(start.getFullYear(), start.getMonth(), start.getDate(), 23, 59, 59, 999);
    const end = new Date(Math.min(start.getTime() + EVENT_DISPLAY_MS, endOfDay.getTime()));
    return { id: schedule.id, title: schedule.contact.name, start, end, schedule };
  });
}

/** A local calendar day, as a key. */
export const dayKey = (date: Date) => `${date.getFullYear()}-${date.getMonth() + 1}-${date.getDate()}`;

/** How many schedules each local day holds. */
export function countByDay(events: readonly ScheduleEvent[]): ReadonlyMap<string, number> {
  const counts = new Map<string, number>();
  for (const event of events) counts.set(dayKey(event.start), (counts.get(dayKey(event.start)) ?? 0) + 1);
  return counts;
}

const dayOf = (date: Date, offset = 0) => new Date(date.getFullYear(), date.getMonth(), date.getDate() + offset);

/**
 * The schedules a view needs, [start, end) in local time, a little wider than what it shows:
 * a month view also shows the neighbouring months' days of its first and last weeks, and a
 * week starts on Sunday or Monday depending on the language.
 */
export function rangeOf(view: CalendarView, date: Date): { start: Date; end: Date } {
  switch (view) {
    case "month":
      return {
        start: new Date(date.getFullYear(), date.getMonth(), 1 - 7),
        end: new Date(date.getFullYear(), date.getMonth() + 1, 1 + 7),
      };
    case "week":
      return { start: dayOf(date, -7), end: dayOf(date, 8) };
    case "day":
      return { start: dayOf(date), end: dayOf(date, 1) };
    case "agenda":
      return { start: dayOf(date), end: dayOf(date, AGENDA_DAYS + 1) };
  }
}
