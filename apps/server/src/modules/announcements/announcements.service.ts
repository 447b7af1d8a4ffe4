import {
  ANNOUNCEMENT_EVENT,
  type Announcement,
  type AnnouncementBody,
  type AnnouncementEventPayload,
  type AnnouncementsPage,
  type AnnouncementUpdateBody,
  PAGE_SIZE,
  UPLOAD_LIMITS_BYTES,
} from "@atendo/shared";
import type { AppContext } from "../../context.js";
import type { AuthSession } from "../../http/auth.js";
import { AppError } from "../../http/errors.js";
import { displayName } from "../../media/storage.js";
import type { UploadedFile } from "../../media/upload.js";
import { detectUpload } from "../../media/upload.js";
import {
  type AnnouncementChanges,
  type AnnouncementRow,
  deleteAnnouncement,
  findAnnouncement,
  insertAnnouncement,
  pageAnnouncements,
  updateAnnouncement,
} from "./announcements.repository.js";

type Deps = Pick<AppContext, "db" | "media" | "realtime" | "log">;

function toAnnouncement(deps: Pick<Deps, "media">, row: AnnouncementRow): Announcement {
  return {
    id: row.id,
    title: row.title,
    text: row.text,
    priority: row.priority,
    status: row.status,
    mediaPath: row.mediaPath === null ? null : deps.media.publicUrl(row.mediaPath),
    mediaName: row.mediaName,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** Every change reaches every connected user: announcements are for all companies. */
function emit(deps: Deps, payload: AnnouncementEventPayload): void {
  deps.realtime.toEveryone(ANNOUNCEMENT_EVENT, payload);
}

async function removeFile(deps: Deps, path: string | null | undefined) {
  if (!path) return;
  await deps.media.remove(path).catch((error: unknown) => deps.log.warn({ err: error, path }, "media remove failed"));
}

/**
 * The super user manages every announcement (`active` narrows to the active
 * ones, as the top bar asks); everyone else reads only the active ones.
 */
export async function listAnnouncements(
  deps: Deps,
  actor: AuthSession,
  query: { searchParam: string; pageNumber: number; active?: boolean },
): Promise<AnnouncementsPage> {
  const offset = (query.pageNumber - 1) * PAGE_SIZE;
  const { rows, count } = await pageAnnouncements(deps.db, {
    search: query.searchParam,
    activeOnly: !actor.super || query.active === true,
    limit: PAGE_SIZE,
    offset,
  });
  return { records: rows.map((row) => toAnnouncement(deps, row)), count, hasMore: count > offset + rows.length };
}

export async function showAnnouncement(deps: Deps, id: number): Promise<Announcement> {
  const row = await findAnnouncement(deps.db, id);
  if (!row) throw new AppError("ERR_NOT_FOUND");
  return toAnnouncement(deps, row);
}

/** The row belongs to the super admin's company (docs/decisions.md); it is read by all. */
export async function createAnnouncement(
  deps: Deps,
  actor: AuthSession,
  body: AnnouncementBody,
): Promise<Announcement> {
  const row = await insertAnnouncement(deps.db, { companyId: actor.companyId, ...body });
  const record = toAnnouncement(deps, row);
  emit(deps, { action: "create", record });
  return record;
}

export async function updateAnnouncementById(
  deps: Deps,
  id: number,
  body: AnnouncementUpdateBody,
): Promise<Announcement> {
  const changes: AnnouncementChanges = {};
  for (const key of ["title", "text", "priority", "status"] as const) {
    if (body[key] !== undefined) (changes as Record<string, unknown>)[key] = body[key];
  }
  const row = await updateAnnouncement(deps.db, id, changes);
  if (!row) throw new AppError("ERR_NOT_FOUND");
  const record = toAnnouncement(deps, row);
  emit(deps, { action: "update", record });
  return record;
}

export async function removeAnnouncement(deps: Deps, id: number): Promise<void> {
  const row = await deleteAnnouncement(deps.db, id);
  if (!row) throw new AppError("ERR_NOT_FOUND");
  emit(deps, { action: "delete", id });
  await removeFile(deps, row.mediaPath);
}

/**
 * Attaches the announcement's image, replacing (and deleting) any previous
 * one. Only png and jpg/jpeg (document 2 section 5), known by their bytes, up
 * to the image limit.
 */
export async function attachAnnouncementMedia(
  deps: Deps,
  actor: AuthSession,
  id: number,
  file: UploadedFile | undefined,
): Promise<Announcement> {
  if (!(await findAnnouncement(deps.db, id))) throw new AppError("ERR_NOT_FOUND");
  if (!file || file.data.length === 0) {
    throw new AppError("ERR_VALIDATION", { fields: [{ path: "body.file", message: "required" }] });
  }
  const type = await detectUpload(file.data, file.fileName);
  if (type?.kind !== "image") {
    throw new AppError("ERR_VALIDATION", { fields: [{ path: "body.file", message: "unsupportedType" }] });
  }
  if (file.data.length > UPLOAD_LIMITS_BYTES.image) {
    throw new AppError("ERR_PAYLOAD_TOO_LARGE", { data: { kind: "image", maxBytes: UPLOAD_LIMITS_BYTES.image } });
  }
  const stored = await deps.media.save(actor.companyId, { data: file.data, originalName: file.fileName });
  let previous: string | null = null;
  try {
    const row = await deps.db.transaction(async (tx) => {
      const locked = await findAnnouncement(tx, id, { lock: true });
      if (!locked) throw new AppError("ERR_NOT_FOUND");
      previous = locked.mediaPath;
      return updateAnnouncement(tx, id, {
        mediaPath: stored.path,
        mediaName: displayName(file.fileName, `image.${type.extension}`),
      });
    });
    if (!row) throw new AppError("ERR_NOT_FOUND");
    await removeFile(deps, previous);
    const record = toAnnouncement(deps, row);
    emit(deps, { action: "update", record });
    return record;
  } catch (error) {
    await removeFile(deps, stored.path);
    throw error;
  }
}

export async function detachAnnouncementMedia(deps: Deps, id: number): Promise<Announcement> {
  let previous: string | null = null;
  const row = await deps.db.transaction(async (tx) => {
    const locked = await findAnnouncement(tx, id, { lock: true });
    if (!locked) throw new AppError("ERR_NOT_FOUND");
    previous = locked.mediaPath;
    return updateAnnouncement(tx, id, { mediaPath: null, mediaName: null });
  });
  if (!row) throw new AppError("ERR_NOT_FOUND");
  await removeFile(deps, previous);
  const record = toAnnouncement(deps, row);
  emit(deps, { action: "update", record });
  return record;
}
