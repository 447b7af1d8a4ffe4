/** Tiny date helpers for the spec's formats (dd/MM/yyyy, HH:mm, dd/MM/yy HH:mm), in local time. */

type DateInput = Date | string | number | null | undefined;

const pad = (value: number) => String(value).padStart(2, "0");

export function toDate(value: DateInput): Date | null {
  if (value === null || value === undefined || value === "") return null;
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** dd/MM/yyyy; an empty string for a missing or invalid date. */
export function formatDate(value: DateInput): string {
  const date = toDate(value);
  if (!date) return "";
  return `${pad(date.getDate())}/${pad(date.getMonth() + 1)}/${date.getFullYear()}`;
}

/** HH:mm */
export function formatTime(value: DateInput): string {
  const date = toDate(value);
  if (!date) return "";
  return `${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/** dd/MM/yyyy HH:mm */
export function formatDateTime(value: DateInput): string {
  const date = toDate(value);
  return date ? `${formatDate(date)} ${formatTime(date)}` : "";
}

/** dd/MM/yy HH:mm (connection last update). */
export function formatShortDateTime(value: DateInput): string {
  const date = toDate(value);
  if (!date) return "";
  return `${pad(date.getDate())}/${pad(date.getMonth() + 1)}/${String(date.getFullYear()).slice(-2)} ${formatTime(date)}`;
}

function isSameDay(a: Date, b: Date): boolean {
  return a.getFullYear() === b.getFullYear() && a.getMonth() === b.getMonth() && a.getDate() === b.getDate();
}

/** Today as HH:mm, otherwise dd/MM/yyyy (ticket list times). */
export function formatRelativeDay(value: DateInput, now = new Date()): string {
  const date = toDate(value);
  if (!date) return "";
  return isSameDay(date, now) ? formatTime(date) : formatDate(date);
}

export function addDays(value: Date, days: number): Date {
  const date = new Date(value);
  date.setDate(date.getDate() + days);
  return date;
}

/** Whole calendar days from today to the date (negative once past). */
export function daysUntil(value: DateInput, now = new Date()): number | null {
  const date = toDate(value);
  if (!date) return null;
  const start = new Date(now.getFullYear(), now.getMonth(), now.getDate()).getTime();
  const end = new Date(date.getFullYear(), date.getMonth(), date.getDate()).getTime();
  return Math.round((end - start) / 86_400_000);
}
