import {
  isAdmin,
  PAGE_SIZE,
  type QuickMessage,
  type QuickMessageBody,
  type QuickMessagesPage,
  type QuickMessageUpdateBody,
} from "@atendo/shared";
import type { AppContext } from "../../context.js";
import type { AuthSession } from "../../http/auth.js";
import { AppError } from "../../http/errors.js";
import type { UploadedFile } from "../../media/upload.js";
import { detectUpload, UPLOAD_LIMIT_BY_KIND } from "../../media/upload.js";
import {
  deleteQuickMessage,
  findQuickMessage,
  insertQuickMessage,
  listQuickMessages,
  pageQuickMessages,
  type QuickMessageChanges,
  type QuickMessageRow,
  updateQuickMessage,
} from "./quick-messages.repository.js";

type Deps = Pick<AppContext, "db" | "media" | "log">;

function toQuickMessage(deps: Deps, row: QuickMessageRow): QuickMessage {
  return {
    id: row.id,
    shortcode: row.shortcode,
    message: row.message,
    geral: row.geral,
    status: row.status,
    userId: row.userId,
    isMedia: row.mediaPath !== null,
    mediaPath: row.mediaPath === null ? null : deps.media.publicUrl(row.mediaPath),
    mediaName: row.mediaName,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/**
 * A user sees their own quick messages and the company-wide (geral) ones; an
 * admin may also open anyone's, since an admin may edit and delete them.
 * Someone else's private one is not found rather than forbidden.
 */
function assertReadable(actor: AuthSession, row: QuickMessageRow | undefined): asserts row is QuickMessageRow {
  if (!row || !(row.userId === actor.userId || row.geral || isAdmin(actor))) throw new AppError("ERR_NOT_FOUND");
}

/** Edit and delete: the author or an admin. */
function assertWritable(actor: AuthSession, row: QuickMessageRow | undefined): asserts row is QuickMessageRow {
  assertReadable(actor, row);
  if (row.userId !== actor.userId && !isAdmin(actor)) throw new AppError("ERR_NO_PERMISSION");
}

/** A stored file is removed after the row stops pointing at it; a failure only leaves an orphan. */
async function removeFile(deps: Deps, path: string | null | undefined) {
  if (!path) return;
  await deps.media.remove(path).catch((error: unknown) => deps.log.warn({ err: error, path }, "media remove failed"));
}

export async function pageVisibleQuickMessages(
  deps: Deps,
  actor: AuthSession,
  query: { searchParam: string; pageNumber: number },
): Promise<QuickMessagesPage> {
  const offset = (query.pageNumber - 1) * PAGE_SIZE;
  const { rows, count } = await pageQuickMessages(deps.db, actor.companyId, actor.userId, {
    search: query.searchParam,
    limit: PAGE_SIZE,
    offset,
  });
  return { records: rows.map((row) => toQuickMessage(deps, row)), count, hasMore: count > offset + rows.length };
}

export async function listVisibleQuickMessages(deps: Deps, actor: AuthSession): Promise<QuickMessage[]> {
  return (await listQuickMessages(deps.db, actor.companyId, actor.userId)).map((row) => toQuickMessage(deps, row));
}

export async function showQuickMessage(deps: Deps, actor: AuthSession, id: number): Promise<QuickMessage> {
  const row = await findQuickMessage(deps.db, actor.companyId, id);
  assertReadable(actor, row);
  return toQuickMessage(deps, row);
}

export async function createQuickMessage(
  deps: Deps,
  actor: AuthSession,
  body: QuickMessageBody,
): Promise<QuickMessage> {
  const row = await insertQuickMessage(deps.db, {
    companyId: actor.companyId,
    userId: actor.userId,
    shortcode: body.shortcode,
    message: body.message,
    geral: body.geral,
    status: body.status,
  });
  return toQuickMessage(deps, row);
}

export async function updateQuickMessageById(
  deps: Deps,
  actor: AuthSession,
  id: number,
  body: QuickMessageUpdateBody,
): Promise<QuickMessage> {
  const changes: QuickMessageChanges = {};
  for (const key of ["shortcode", "message", "geral", "status"] as const) {
    if (body[key] !== undefined) (changes as Record<string, unknown>)[key] = body[key];
  }
  const row = await deps.db.transaction(async (tx) => {
    assertWritable(actor, await findQuickMessage(tx, actor.companyId, id, { lock: true }));
    return updateQuickMessage(tx, actor.companyId, id, changes);
  });
  if (!row) throw new AppError("ERR_NOT_FOUND");
  return toQuickMessage(deps, row);
}

export async function removeQuickMessage(deps: Deps, actor: AuthSession, id: number): Promise<void> {
  const row = await deps.db.transaction(async (tx) => {
    assertWritable(actor, await findQuickMessage(tx, actor.companyId, id, { lock: true }));
    return deleteQuickMessage(tx, actor.companyId, id);
  });
  await removeFile(deps, row?.mediaPath);
}

/**
 * Attaches a file, replacing (and deleting) any previous one. The type comes
 * from the bytes, and the limit from the type (document 2 section 9).
 */
export async function attachQuickMessageMedia(
  deps: Deps,
  actor: AuthSession,
  id: number,
  file: UploadedFile | undefined,
): Promise<QuickMessage> {
  const { companyId } = actor;
  assertWritable(actor, await findQuickMessage(deps.db, companyId, id));
  if (!file || file.data.length === 0) {
    throw new AppError("ERR_VALIDATION", { fields: [{ path: "body.file", message: "required" }] });
  }
  const type = await detectUpload(file.data, file.fileName);
  if (!type) throw new AppError("ERR_VALIDATION", { fields: [{ path: "body.file", message: "unsupportedType" }] });
  const limit = UPLOAD_LIMIT_BY_KIND[type.kind];
  if (file.data.length > limit) {
    throw new AppError("ERR_PAYLOAD_TOO_LARGE", { data: { kind: type.kind, maxBytes: limit } });
  }
  const stored = await deps.media.save(companyId, { data: file.data, originalName: file.fileName });
  let previous: string | null = null;
  try {
    const row = await deps.db.transaction(async (tx) => {
      const locked = await findQuickMessage(tx, companyId, id, { lock: true });
      assertWritable(actor, locked);
      previous = locked.mediaPath;
      return updateQuickMessage(tx, companyId, id, {
        mediaPath: stored.path,
        mediaName: stored.name,
      });
    });
    if (!row) throw new AppError("ERR_NOT_FOUND");
    await removeFile(deps, previous);
    return toQuickMessage(deps, row);
  } catch (error) {
    await removeFile(deps, stored.path);
    throw error;
  }
}

export async function detachQuickMessageMedia(deps: Deps, actor: AuthSession, id: number): Promise<QuickMessage> {
  const { companyId } = actor;
  let previous: string | null = null;
  const row = await deps.db.transaction(async (tx) => {
    const locked = await findQuickMessage(tx, companyId, id, { lock: true });
    assertWritable(actor, locked);
    previous = locked.mediaPath;
    return updateQuickMessage(tx, companyId, id, { mediaPath: null, mediaName: null });
  });
  if (!row) throw new AppError("ERR_NOT_FOUND");
  await removeFile(deps, previous);
  return toQuickMessage(deps, row);
}
