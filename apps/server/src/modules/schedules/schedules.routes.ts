import {
  IdParams,
  MessageAnswer,
  Schedule,
  ScheduleBody,
  ScheduleListQuery,
  SchedulesPage,
  ScheduleUpdateBody,
} from "@atendo/shared";
import type { AppContext } from "../../context.js";
import type { App } from "../../http/app.js";
import type { AuthHooks } from "../../http/auth.js";
import { readFilePart } from "../../media/upload.js";
import {
  attachScheduleMedia,
  createSchedule,
  detachScheduleMedia,
  pageCompanySchedules,
  removeSchedule,
  showSchedule,
  updateScheduleById,
} from "./schedules.service.js";

const tags = ["schedules"];

/** Every user of the company: the calendar is shared, changes are the author's or an admin's (the service). */
export function registerSchedulesRoutes(app: App, ctx: AppContext, auth: AuthHooks): void {
  app.get(
    "/schedules",
    { onRequest: auth.user, schema: { tags, querystring: ScheduleListQuery, response: { 200: SchedulesPage } } },
    async (request) => pageCompanySchedules(ctx, request.auth, request.query),
  );

  app.get(
    "/schedules/:id",
    { onRequest: auth.user, schema: { tags, params: IdParams, response: { 200: Schedule } } },
    async (request) => showSchedule(ctx, request.auth, request.params.id),
  );

  app.post(
    "/schedules",
    { onRequest: auth.user, schema: { tags, body: ScheduleBody, response: { 200: Schedule } } },
    async (request) => createSchedule(ctx, request.auth, request.body),
  );

  app.put(
    "/schedules/:id",
    { onRequest: auth.user, schema: { tags, params: IdParams, body: ScheduleUpdateBody, response: { 200: Schedule } } },
    async (request) => updateScheduleById(ctx, request.auth, request.params.id, request.body),
  );

  app.delete(
    "/schedules/:id",
    { onRequest: auth.user, schema: { tags, params: IdParams, response: { 200: MessageAnswer } } },
    async (request) => {
      await removeSchedule(ctx, request.auth, request.params.id);
      return { message: "scheduleDeleted" };
    },
  );

  app.post(
    "/schedules/:id/media-upload",
    {
      onRequest: auth.user,
      schema: { tags, params: IdParams, consumes: ["multipart/form-data"], response: { 200: Schedule } },
    },
    async (request) => attachScheduleMedia(ctx, request.auth, request.params.id, () => readFilePart(request)),
  );

  app.delete(
    "/schedules/:id/media-upload",
    { onRequest: auth.user, schema: { tags, params: IdParams, response: { 200: Schedule } } },
    async (request) => detachScheduleMedia(ctx, request.auth, request.params.id),
  );
}
