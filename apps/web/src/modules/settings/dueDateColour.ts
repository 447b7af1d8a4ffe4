import { COMPANY_DUE_ORANGE_RANGE, COMPANY_DUE_RED_DAYS, COMPANY_DUE_YELLOW_DAYS } from "@atendo/shared";
import { daysUntil } from "../../utils/date";

export type DueDateColour = "yellow" | "orange" | "red";

/**
 * The row colour of a company in the super admin's table (document 1 section 9):
 * yellow when due in exactly 5 days, orange from -3 to 4 days, red at -4 days or
 * less; no colour otherwise (or without a due date). Days are whole calendar days.
 */
export function dueDateColour(dueDate: string | Date | null | undefined, now: Date = new Date()): DueDateColour | null {
  const days = daysUntil(dueDate, now);
  if (days === null) return null;
  if (days === COMPANY_DUE_YELLOW_DAYS) return "yellow";
  if (days >= COMPANY_DUE_ORANGE_RANGE.from && days <= COMPANY_DUE_ORANGE_RANGE.to) return "orange";
  if (days <= COMPANY_DUE_RED_DAYS) return "red";
  return null;
}

/** Row backgrounds for each colour, readable in light and dark themes. */
export const DUE_DATE_ROW_BACKGROUND: Record<DueDateColour, string> = {
  yellow: "rgba(255, 214, 0, 0.28)",
  orange: "rgba(255, 145, 0, 0.30)",
  red: "rgba(244, 67, 54, 0.30)",
};
