import {
  companyEvent,
  type ErrorCode,
  type Schedule,
  type ScheduleEventPayload,
  type ScheduleStatus,
} from "@atendo/shared";
import type { AppContext } from "../../context.js";
import type { MediaStorage } from "../../media/storage.js";
import type { ScheduleWithRelations } from "./schedules.repository.js";

export function toSchedule(media: Pick<MediaStorage, "publicUrl">, row: ScheduleWithRelations): Schedule {
  return {
    id: row.id,
    body: row.body,
    sendAt: row.sendAt.toISOString(),
    sentAt: row.sentAt?.toISOString() ?? null,
    status: row.status as ScheduleStatus,
    errorCode: row.errorCode as ErrorCode | null,
    contactId: row.contactId,
    ticketId: row.ticketId,
    userId: row.userId,
    companyId: row.companyId,
    mediaPath: row.mediaPath === null ? null : media.publicUrl(row.mediaPath),
    mediaName: row.mediaName,
    template: row.template,
    contact: row.contact,
    user: row.user,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** Every user of the company sees the company's schedules, so every socket of it follows them. */
export function emitSchedule(deps: Pick<AppContext, "realtime">, companyId: number, payload: ScheduleEventPayload) {
  deps.realtime.toCompany(companyId, companyEvent.schedule(companyId), payload);
}
