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

/** Each schedule is an event at its sendAt, titled with its contact's name. */
export function toCalendarEvents(schedules: readonly Schedule[]): ScheduleEvent[] {
  return schedules.map((schedule) => {
    const at = new Date(schedule.sendAt);
    return { id: schedule.id, title: schedule.contact.name, start: at, end: at, schedule };
  });
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
