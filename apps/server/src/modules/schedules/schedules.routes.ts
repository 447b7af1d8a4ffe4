import {
  IdParams,
  MessageAnswer,
  Schedule,
  ScheduleBody,
  ScheduleListQuery,
  SchedulesPage,
  ScheduleUpdateBody,
} from "@atendo/shared";
import type { FastifyRequest } from "fastify";
import type { AppContext } from "../../context.js";
import type { App } from "../../http/app.js";
import type { AuthHooks } from "../../http/auth.js";
import { AppError } from "../../http/errors.js";
import { MAX_UPLOAD_BYTES } from "../../media/upload.js";
import {
  attachScheduleMedia,
  createSchedule,
  detachScheduleMedia,
  pageCompanySchedules,
  removeSchedule,
  showSchedule,
  type UploadedFile,
  updateScheduleById,
} from "./schedules.service.js";

const tags = ["schedules"];

/**
 * Reads the multipart body's `file` part (at most the largest upload limit; beyond it the
 * multipart plugin answers 413); the image limit is the service's, once the type is known.
 */
async function readUpload(request: FastifyRequest): Promise<UploadedFile | undefined> {
  if (!request.isMultipart()) {
    throw new AppError("ERR_VALIDATION", { fields: [{ path: "body", message: "multipartRequired" }] });
  }
  let upload: UploadedFile | undefined;
  for await (const part of request.parts({ limits: { fileSize: MAX_UPLOAD_BYTES, files: 1, fields: 10 } })) {
    if (part.type !== "file") continue;
    const data = await part.toBuffer();
    if (part.fieldname === "file") upload = { data, fileName: part.filename ?? "" };
  }
  return upload;
}

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
    async (request) => attachScheduleMedia(ctx, request.auth, request.params.id, () => readUpload(request)),
  );

  app.delete(
    "/schedules/:id/media-upload",
    { onRequest: auth.user, schema: { tags, params: IdParams, response: { 200: Schedule } } },
    async (request) => detachScheduleMedia(ctx, request.auth, request.params.id),
  );
}
