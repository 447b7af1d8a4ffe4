import { IdParams, MessageAnswer } from "../common.schemas.js";
import { Schedule, ScheduleBody, ScheduleListQuery, SchedulesPage, ScheduleUpdateBody } from "../schedules.schemas.js";
import type { RouteGroup } from "./contract.js";

/** Scheduled messages (document 1 section 7, document 2 /schedules). */
export const SCHEDULES_ROUTES = {
  "GET /schedules": { query: ScheduleListQuery, response: SchedulesPage },
  "GET /schedules/{id}": { params: IdParams, response: Schedule },
  "POST /schedules": { body: ScheduleBody, response: Schedule },
  "PUT /schedules/{id}": { params: IdParams, body: ScheduleUpdateBody, response: Schedule },
  "DELETE /schedules/{id}": { params: IdParams, response: MessageAnswer },
  /** The image (png or jpeg, by its bytes), as the form's `file` part. */
  "POST /schedules/{id}/media-upload": { params: IdParams, multipart: true, response: Schedule },
  "DELETE /schedules/{id}/media-upload": { params: IdParams, response: Schedule },
} satisfies RouteGroup;
