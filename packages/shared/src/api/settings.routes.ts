import { z } from "zod";
import {
  Announcement,
  AnnouncementBody,
  AnnouncementListQuery,
  AnnouncementsPage,
  AnnouncementUpdateBody,
} from "../announcements.schemas.js";
import { IdParams, ListQuery, MessageAnswer } from "../common.schemas.js";
import { Help, HelpBody, HelpsPage, HelpUpdateBody } from "../helps.schemas.js";
import { SettingSchema, UpdateSettingBody } from "../settings.js";
import type { RouteGroup } from "./contract.js";

export const SettingKeyParams = z.object({ key: z.string().min(1).max(100) });

/** The company's settings, and what the super user publishes to every company: helps and announcements. */
export const SETTINGS_ROUTES = {
  "GET /settings": { response: z.array(SettingSchema) },
  "PUT /settings/{key}": { params: SettingKeyParams, body: UpdateSettingBody, response: SettingSchema },

  "GET /helps": { query: ListQuery, response: HelpsPage },
  "GET /helps/list": { response: z.array(Help) },
  "POST /helps": { body: HelpBody, response: Help },
  "PUT /helps/{id}": { params: IdParams, body: HelpUpdateBody, response: Help },
  "DELETE /helps/{id}": { params: IdParams, response: MessageAnswer },

  "GET /announcements": { query: AnnouncementListQuery, response: AnnouncementsPage },
  "GET /announcements/{id}": { params: IdParams, response: Announcement },
  "POST /announcements": { body: AnnouncementBody, response: Announcement },
  "PUT /announcements/{id}": { params: IdParams, body: AnnouncementUpdateBody, response: Announcement },
  "DELETE /announcements/{id}": { params: IdParams, response: MessageAnswer },
  /** The image, as the form's `file` part. */
  "POST /announcements/{id}/media-upload": { params: IdParams, multipart: true, response: Announcement },
  "DELETE /announcements/{id}/media-upload": { params: IdParams, response: Announcement },
} satisfies RouteGroup;
