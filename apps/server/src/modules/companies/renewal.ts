import { RECURRENCE_MONTHS, type Recurrence } from "@atendo/shared";

/**
 * Calendar months in UTC, keeping the time of day. A day that the target
 * month lacks becomes its last day (31 January + 1 month = 28 or 29 February).
 */
export function addMonths(date: Date, months: number): Date {
  const result = new Date(date.getTime());
  const day = result.getUTCDate();
  result.setUTCDate(1);
  result.setUTCMonth(result.getUTCMonth() + months);
  const lastDay = new Date(Date.UTC(result.getUTCFullYear(), result.getUTCMonth() + 1, 0)).getUTCDate();
  result.setUTCDate(Math.min(day, lastDay));
  return result;
}

/**
 * The renewal rule: a company still within its period is extended from its
 * current due date, so paying early loses no days. A company without a due
 * date, or whose due date has already passed, is extended from now, so a late
 * renewal does not hand back an already-expired period.
 */
export function renewedDueDate(dueDate: Date | null, recurrence: Recurrence, now: Date = new Date()): Date {
  const base = dueDate && dueDate.getTime() > now.getTime() ? dueDate : now;
  return addMonths(base, RECURRENCE_MONTHS[recurrence]);
}
