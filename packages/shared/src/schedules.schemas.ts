import { z } from "zod";
import { TemplateChoice } from "./cloud.schemas.js";
import { Id, Instant, IsoDate, ListQuery } from "./common.schemas.js";
import { SCHEDULE_BODY_MIN } from "./constants.js";
import { SCHEDULE_STATUSES } from "./enums.js";
import { ERROR_CODES } from "./errors.js";
import { isAdmin, type PermissionHolder } from "./permissions.js";

/** A scheduled message's text; WhatsApp takes far longer ones, a schedule is a short note to a customer. */
export const SCHEDULE_BODY_MAX = 4096;

/**
 * A scheduled message (document 1 section 3): sent to its contact at sendAt, on the contact's
 * open ticket or a new one. `status` moves PENDENTE → ENVIANDO (taken by the sender) → ENVIADA
 * (sentAt set) or ERRO, whose reason is `errorCode`.
 */
export const Schedule = z.object({
  id: z.number(),
  body: z.string(),
  sendAt: IsoDate,
  sentAt: IsoDate.nullable(),
  status: z.enum(SCHEDULE_STATUSES),
  /** Why the send failed (status ERRO), an ERR_* code of the catalogue; null otherwise. */
  errorCode: z.enum(ERROR_CODES as [string, ...string[]]).nullable(),
  contactId: z.number(),
  /** The ticket it went out on (or was scheduled from, until it is sent). */
  ticketId: z.number().nullable(),
  /** Who scheduled it. */
  userId: z.number().nullable(),
  companyId: z.number(),
  /** Public URL of the attached image (served under /public/), or null. */
  mediaPath: z.string().nullable(),
  mediaName: z.string().nullable(),
  /**
   * WhatsApp Cloud API connections: the approved template sent instead of the text when the
   * contact is outside the 24-hour window at sendAt, or null.
   */
  template: TemplateChoice.nullable().optional(),
  contact: z.object({ id: z.number(), name: z.string(), number: z.string(), profilePicUrl: z.string() }),
  user: z.object({ id: z.number(), name: z.string() }).nullable(),
  createdAt: IsoDate,
  updatedAt: IsoDate,
});
export type Schedule = z.infer<typeof Schedule>;

/**
 * GET /schedules/: the spec's search and page, plus the filters the original client sends
 * (contactId, userId) and ours for the calendar: the schedules due within [start, end).
 */
export const ScheduleListQuery = ListQuery.extend({
  contactId: Id.optional(),
  userId: Id.optional(),
  start: Instant.optional(),
  end: Instant.optional(),
});
export type ScheduleListQuery = z.infer<typeof ScheduleListQuery>;

export const SchedulesPage = z.object({ schedules: z.array(Schedule), count: z.number(), hasMore: z.boolean() });
export type SchedulesPage = z.infer<typeof SchedulesPage>;

const scheduleFields = {
  body: z
    .string()
    .trim()
    .min(1, { error: "required", abort: true })
    .min(SCHEDULE_BODY_MIN, "tooShort")
    .max(SCHEDULE_BODY_MAX, "tooLong"),
  contactId: Id,
  /** An instant; without an offset, the server's local time ("local datetime" in the spec). A past one is due at once. */
  sendAt: Instant,
  /** Cloud API connections only (issue 16): sent instead of the text outside the 24-hour window; null for none. */
  template: TemplateChoice.nullable().optional(),
};

/**
 * POST /schedules. The original client also sends sentAt, status and userId: the server
 * decides those. `ticketId` (ours) names the ticket it was scheduled from: its connection sends it.
 */
export const ScheduleBody = z.object({ ...scheduleFields, ticketId: Id.optional() });
export type ScheduleBody = z.infer<typeof ScheduleBody>;

/** PUT /schedules/{id}: fields left out stay as they are. */
export const ScheduleUpdateBody = z.object(scheduleFields).partial();
export type ScheduleUpdateBody = z.infer<typeof ScheduleUpdateBody>;

/** A schedule is changed or removed by who scheduled it, or by an admin. */
export function mayChangeSchedule(
  user: (PermissionHolder & { id: number }) | null | undefined,
  schedule: Pick<Schedule, "userId">,
): boolean {
  return !!user && (schedule.userId === user.id || isAdmin(user));
}

/** Once it left (or while it leaves) a schedule is history: it is no longer edited. */
export function isScheduleFinal(schedule: { status: string; sentAt: string | Date | null }): boolean {
  return schedule.sentAt !== null || schedule.status === "ENVIADA" || schedule.status === "ENVIANDO";
}
