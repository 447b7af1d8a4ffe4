import {
  isScheduleFinal,
  mayChangeSchedule,
  PAGE_SIZE,
  SCHEDULE_MEDIA_EXTENSIONS,
  type Schedule,
  type ScheduleBody,
  type ScheduleListQuery,
  type SchedulesPage,
  type ScheduleUpdateBody,
} from "@atendo/shared";
import type { AppContext } from "../../context.js";
import type { Executor } from "../../db/client.js";
import type { AuthSession } from "../../http/auth.js";
import { AppError } from "../../http/errors.js";
import type { UploadedFile } from "../../media/upload.js";
import { detectUpload, UPLOAD_LIMIT_BY_KIND } from "../../media/upload.js";
import { findContact } from "../contacts/contacts.repository.js";
import { findSendingConnection } from "../messages/messages.repository.js";
import { findTicketRow } from "../tickets/tickets.repository.js";
import { emitSchedule, toSchedule } from "./schedules.events.js";
import { enqueueScheduleSend, sendScheduleJob } from "./schedules.jobs.js";
import {
  deleteSchedule,
  findSchedule,
  findScheduleWithRelations,
  insertSchedule,
  pageSchedules,
  type ScheduleChanges,
  type ScheduleRow,
  updateSchedule,
} from "./schedules.repository.js";

type Deps = Pick<AppContext, "db" | "media" | "log" | "realtime" | "jobs">;

/** Images only (document 1 section 5), judged by their bytes, within the image limit. */
const MEDIA_EXTENSIONS: ReadonlySet<string> = new Set(SCHEDULE_MEDIA_EXTENSIONS);
const MEDIA_MAX_BYTES = UPLOAD_LIMIT_BY_KIND.image;

const actorOf = (actor: AuthSession) => ({ id: actor.userId, profile: actor.profile, super: actor.super });

/**
 * Reading: any user of the company (the calendar is shared). Changing: who scheduled it, or
 * an admin; someone else's answers ERR_NO_PERMISSION. A sent one is history (409).
 */
function assertChangeable(actor: AuthSession, row: ScheduleRow | undefined): asserts row is ScheduleRow {
  if (!row) throw new AppError("ERR_NOT_FOUND");
  if (!mayChangeSchedule(actorOf(actor), row)) throw new AppError("ERR_NO_PERMISSION");
}

function assertNotSent(row: ScheduleRow): void {
  if (isScheduleFinal(row)) {
    throw new AppError("ERR_SCHEDULE_ALREADY_SENT");
  }
}

/** A stored file is removed after the row stops pointing at it; a failure only leaves an orphan. */
async function removeFile(deps: Deps, path: string | null | undefined) {
  if (!path) return;
  await deps.media.remove(path).catch((error: unknown) => deps.log.warn({ err: error, path }, "media remove failed"));
}

async function present(deps: Deps, companyId: number, id: number): Promise<Schedule> {
  const row = await findScheduleWithRelations(deps.db, companyId, id);
  if (!row) throw new AppError("ERR_NOT_FOUND");
  return toSchedule(deps.media, row);
}

/** After the commit: the saved schedule to the company's sockets, and a due one sent now rather than at the next poll. */
async function announce(deps: Deps, action: "create" | "update", schedule: Schedule, rearmed: boolean) {
  emitSchedule(deps, schedule.companyId, { action, schedule });
  if (rearmed && Date.parse(schedule.sendAt) <= Date.now()) deps.jobs.wake(sendScheduleJob);
}

export async function pageCompanySchedules(
  deps: Deps,
  actor: AuthSession,
  query: ScheduleListQuery,
): Promise<SchedulesPage> {
  const offset = (query.pageNumber - 1) * PAGE_SIZE;
  const { rows, count } = await pageSchedules(
    deps.db,
    actor.companyId,
    {
      search: query.searchParam,
      contactId: query.contactId,
      userId: query.userId,
      start: query.start ? new Date(query.start) : undefined,
      end: query.end ? new Date(query.end) : undefined,
    },
    { limit: PAGE_SIZE, offset },
  );
  return {
    schedules: rows.map((row) => toSchedule(deps.media, row)),
    count,
    hasMore: count > offset + rows.length,
  };
}

export async function showSchedule(deps: Deps, actor: AuthSession, id: number): Promise<Schedule> {
  return present(deps, actor.companyId, id);
}

async function assertContact(db: Executor, companyId: number, contactId: number): Promise<void> {
  if (!(await findContact(db, companyId, contactId))) throw new AppError("ERR_NO_CONTACT_FOUND");
}

/** Templates are the WhatsApp Cloud API's: the connection that will send (the ticket's, else the default) must be one. */
async function assertTemplateConnection(db: Executor, companyId: number, ticketWhatsappId: number | null) {
  const whatsapp = await findSendingConnection(db, companyId, ticketWhatsappId);
  if (whatsapp?.provider !== "cloud") {
    throw new AppError("ERR_VALIDATION", { fields: [{ path: "body.template", message: "notOffered" }] });
  }
}

export async function createSchedule(deps: Deps, actor: AuthSession, body: ScheduleBody): Promise<Schedule> {
  const { companyId } = actor;
  const row = await deps.db.transaction(async (tx) => {
    await assertContact(tx, companyId, body.contactId);
    // The ticket it was scheduled from lends its connection; it must be the same contact's.
    const origin = body.ticketId === undefined ? undefined : await findTicketRow(tx, companyId, body.ticketId);
    if (body.ticketId !== undefined && origin?.contactId !== body.contactId) throw new AppError("ERR_NO_TICKET_FOUND");
    if (body.template) await assertTemplateConnection(tx, companyId, origin?.whatsappId ?? null);
    const inserted = await insertSchedule(tx, {
      companyId,
      userId: actor.userId,
      contactId: body.contactId,
      ticketId: origin?.id ?? null,
      body: body.body,
      sendAt: new Date(body.sendAt),
      template: body.template ?? null,
    });
    await enqueueScheduleSend(deps, tx, inserted);
    return inserted;
  });
  const schedule = await present(deps, companyId, row.id);
  await announce(deps, "create", schedule, true);
  return schedule;
}

/**
 * Fields left out stay. A new sendAt moves the send: a new version's job is written and the
 * waiting one will find nothing to do. Saving a failed (ERRO) schedule sends it again at its
 * sendAt (at once when that has passed).
 */
export async function updateScheduleById(
  deps: Deps,
  actor: AuthSession,
  id: number,
  body: ScheduleUpdateBody,
): Promise<Schedule> {
  const { companyId } = actor;
  let rearmed = false;
  await deps.db.transaction(async (tx) => {
    const current = await findSchedule(tx, companyId, id, { lock: true });
    assertChangeable(actor, current);
    assertNotSent(current);
    if (body.contactId !== undefined && body.contactId !== current.contactId) {
      await assertContact(tx, companyId, body.contactId);
    }
    const changes: ScheduleChanges = {};
    if (body.body !== undefined) changes.body = body.body;
    if (body.template !== undefined) changes.template = body.template;
    if (body.contactId !== undefined && body.contactId !== current.contactId) {
      changes.contactId = body.contactId;
      // The ticket it came from is another contact's now.
      changes.ticketId = null;
    }
    if (body.template) {
      const ticketId = changes.ticketId === undefined ? current.ticketId : changes.ticketId;
      const origin = ticketId === null ? undefined : await findTicketRow(tx, companyId, ticketId);
      await assertTemplateConnection(tx, companyId, origin?.whatsappId ?? null);
    }
    const sendAt = body.sendAt === undefined ? current.sendAt : new Date(body.sendAt);
    rearmed = sendAt.getTime() !== current.sendAt.getTime() || current.status === "ERRO";
    if (rearmed) {
      Object.assign(changes, { sendAt, status: "PENDENTE", errorCode: null, sendVersion: current.sendVersion + 1 });
    }
    const updated = await updateSchedule(tx, companyId, id, changes);
    if (rearmed && updated) await enqueueScheduleSend(deps, tx, updated);
  });
  const schedule = await present(deps, companyId, id);
  await announce(deps, "update", schedule, rearmed);
  return schedule;
}

/** Removed at any time; a waiting send finds nothing to take. */
export async function removeSchedule(deps: Deps, actor: AuthSession, id: number): Promise<void> {
  const { companyId } = actor;
  const row = await deps.db.transaction(async (tx) => {
    assertChangeable(actor, await findSchedule(tx, companyId, id, { lock: true }));
    return deleteSchedule(tx, companyId, id);
  });
  await removeFile(deps, row?.mediaPath);
  emitSchedule(deps, companyId, { action: "delete", scheduleId: id });
}

/**
 * Attaches the image sent with the message, replacing (and deleting) any previous one. The
 * type comes from the bytes: png or jpeg only, at most the image limit (2 MB). The body is
 * read once the schedule is known to be the caller's to change.
 */
export async function attachScheduleMedia(
  deps: Deps,
  actor: AuthSession,
  id: number,
  readFile: () => Promise<UploadedFile | undefined>,
): Promise<Schedule> {
  const { companyId } = actor;
  const before = await findSchedule(deps.db, companyId, id);
  assertChangeable(actor, before);
  assertNotSent(before);
  const file = await readFile();
  if (!file || file.data.length === 0) {
    throw new AppError("ERR_VALIDATION", { fields: [{ path: "body.file", message: "required" }] });
  }
  const type = await detectUpload(file.data, file.fileName);
  if (!type || !MEDIA_EXTENSIONS.has(type.extension)) {
    throw new AppError("ERR_VALIDATION", { fields: [{ path: "body.file", message: "unsupportedType" }] });
  }
  if (file.data.length > MEDIA_MAX_BYTES) {
    throw new AppError("ERR_PAYLOAD_TOO_LARGE", { data: { kind: type.kind, maxBytes: MEDIA_MAX_BYTES } });
  }
  const stored = await deps.media.save(companyId, { data: file.data, originalName: file.fileName });
  let previous: string | null = null;
  try {
    await deps.db.transaction(async (tx) => {
      const locked = await findSchedule(tx, companyId, id, { lock: true });
      assertChangeable(actor, locked);
      assertNotSent(locked);
      previous = locked.mediaPath;
      await updateSchedule(tx, companyId, id, { mediaPath: stored.path, mediaName: stored.name });
    });
  } catch (error) {
    await removeFile(deps, stored.path);
    throw error;
  }
  await removeFile(deps, previous);
  const schedule = await present(deps, companyId, id);
  await announce(deps, "update", schedule, false);
  return schedule;
}

export async function detachScheduleMedia(deps: Deps, actor: AuthSession, id: number): Promise<Schedule> {
  const { companyId } = actor;
  let previous: string | null = null;
  await deps.db.transaction(async (tx) => {
    const locked = await findSchedule(tx, companyId, id, { lock: true });
    assertChangeable(actor, locked);
    assertNotSent(locked);
    previous = locked.mediaPath;
    await updateSchedule(tx, companyId, id, { mediaPath: null, mediaName: null });
  });
  await removeFile(deps, previous);
  const schedule = await present(deps, companyId, id);
  await announce(deps, "update", schedule, false);
  return schedule;
}
