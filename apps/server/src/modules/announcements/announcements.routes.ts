import {
  Announcement,
  AnnouncementBody,
  AnnouncementListQuery,
  AnnouncementsPage,
  AnnouncementUpdateBody,
  IdParams,
  MessageAnswer,
  UPLOAD_LIMITS_BYTES,
} from "@atendo/shared";
import type { AppContext } from "../../context.js";
import type { App } from "../../http/app.js";
import type { AuthHooks } from "../../http/auth.js";
import { readFilePart } from "../../media/upload.js";
import {
  attachAnnouncementMedia,
  createAnnouncement,
  detachAnnouncementMedia,
  listAnnouncements,
  removeAnnouncement,
  showAnnouncement,
  updateAnnouncementById,
} from "./announcements.service.js";

const tags = ["announcements"];

/** Reading is for every signed-in user (the top bar); managing is for the super user (document 2 section 6). */
export function registerAnnouncementsRoutes(app: App, ctx: AppContext, auth: AuthHooks): void {
  app.get(
    "/announcements",
    {
      onRequest: auth.user,
      schema: { tags, querystring: AnnouncementListQuery, response: { 200: AnnouncementsPage } },
    },
    async (request) => listAnnouncements(ctx, request.auth, request.query),
  );

  app.get(
    "/announcements/:id",
    { onRequest: auth.super, schema: { tags, params: IdParams, response: { 200: Announcement } } },
    async (request) => showAnnouncement(ctx, request.params.id),
  );

  app.post(
    "/announcements",
    { onRequest: auth.super, schema: { tags, body: AnnouncementBody, response: { 200: Announcement } } },
    async (request) => createAnnouncement(ctx, request.auth, request.body),
  );

  app.put(
    "/announcements/:id",
    {
      onRequest: auth.super,
      schema: { tags, params: IdParams, body: AnnouncementUpdateBody, response: { 200: Announcement } },
    },
    async (request) => updateAnnouncementById(ctx, request.params.id, request.body),
  );

  app.delete(
    "/announcements/:id",
    { onRequest: auth.super, schema: { tags, params: IdParams, response: { 200: MessageAnswer } } },
    async (request) => {
      await removeAnnouncement(ctx, request.params.id);
      return { message: "announcementDeleted" };
    },
  );

  app.post(
    "/announcements/:id/media-upload",
    {
      onRequest: auth.super,
      schema: { tags, params: IdParams, consumes: ["multipart/form-data"], response: { 200: Announcement } },
    },
    async (request) =>
      attachAnnouncementMedia(
        ctx,
        request.auth,
        request.params.id,
        await readFilePart(request, UPLOAD_LIMITS_BYTES.image),
      ),
  );

  app.delete(
    "/announcements/:id/media-upload",
    { onRequest: auth.super, schema: { tags, params: IdParams, response: { 200: Announcement } } },
    async (request) => detachAnnouncementMedia(ctx, request.params.id),
  );
}
