import { z } from "zod";
import { IsoDate, ListQuery, looseBoolean } from "./common.schemas.js";
import { ANNOUNCEMENT_DEFAULTS } from "./constants.js";
import { ANNOUNCEMENT_PRIORITIES } from "./enums.js";

export const ANNOUNCEMENT_TITLE_MAX = 200;
export const ANNOUNCEMENT_TEXT_MAX = 5000;

export const Announcement = z.object({
  id: z.number(),
  title: z.string(),
  text: z.string(),
  /** 1 high, 2 medium, 3 low. */
  priority: z.number(),
  /** Active (shown to every company) or not. */
  status: z.boolean(),
  /** Public URL of the image (served under /public/), or null. */
  mediaPath: z.string().nullable(),
  mediaName: z.string().nullable(),
  createdAt: IsoDate,
  updatedAt: IsoDate,
});
export type Announcement = z.infer<typeof Announcement>;

const priority = z.coerce
  .number()
  .int()
  .refine((value) => (ANNOUNCEMENT_PRIORITIES as readonly number[]).includes(value), "invalidPriority");

const announcementFields = {
  title: z.string().trim().min(1, "required").max(ANNOUNCEMENT_TITLE_MAX, "tooLong"),
  text: z.string().trim().min(1, "required").max(ANNOUNCEMENT_TEXT_MAX, "tooLong"),
  priority,
  status: looseBoolean,
};

/** A new announcement: priority 3 and active unless said (document 2 section 9). */
export const AnnouncementBody = z.object({
  title: announcementFields.title,
  text: announcementFields.text,
  priority: announcementFields.priority.default(ANNOUNCEMENT_DEFAULTS.priority),
  status: announcementFields.status.default(ANNOUNCEMENT_DEFAULTS.status),
});
export type AnnouncementBody = z.infer<typeof AnnouncementBody>;
/** Without defaults: a field left out of an update stays as it is. */
export const AnnouncementUpdateBody = z.object(announcementFields).partial();
export type AnnouncementUpdateBody = z.infer<typeof AnnouncementUpdateBody>;
/** The announcement dialog's form. */
export const AnnouncementForm = z.object(announcementFields);
export type AnnouncementForm = z.infer<typeof AnnouncementForm>;

/**
 * GET /announcements/: the super user's management list (every announcement,
 * searchable) or, for everyone else and with `active=true`, only the active
 * ones, highest priority then newest first.
 */
export const AnnouncementListQuery = ListQuery.extend({ active: looseBoolean.optional() });
export const AnnouncementsPage = z.object({
  records: z.array(Announcement),
  count: z.number(),
  hasMore: z.boolean(),
});
export type AnnouncementsPage = z.infer<typeof AnnouncementsPage>;
