import {
  companyEvent,
  type FileEventPayload,
  type FileList,
  type FileListBody,
  type FileListsPage,
  type FileListUpdateBody,
  Id,
  PAGE_SIZE,
} from "@atendo/shared";
import type { AppContext } from "../../context.js";
import type { AuthSession } from "../../http/auth.js";
import { AppError } from "../../http/errors.js";
import { detectUpload, UPLOAD_LIMIT_BY_KIND } from "../../media/upload.js";
import {
  deleteFileList,
  deleteFileListOptions,
  type FileListChanges,
  type FileListOptionFile,
  type FileListWithOptions,
  findFileList,
  insertFileList,
  insertFileListOptions,
  pageFileLists,
  renameFileListOption,
  setFileListOptionFile,
  updateFileList,
} from "./file-lists.repository.js";

type Deps = Pick<AppContext, "db" | "media" | "realtime" | "log">;

/** One part of an upload form, read lazily so that only one file is held in memory at a time. */
export type UploadPart =
  | { type: "file"; field: string; fileName: string; read: () => Promise<Buffer>; discard: () => Promise<void> }
  | { type: "field"; field: string; value: string };

const notFound = () => new AppError("ERR_NOT_FOUND");
const invalid = (path: string, message: string) => new AppError("ERR_VALIDATION", { fields: [{ path, message }] });

function toFileList(deps: Deps, row: FileListWithOptions): FileList {
  return {
    id: row.id,
    name: row.name,
    message: row.message,
    options: row.options.map((option) => ({
      id: option.id,
      name: option.name,
      path: option.path ? deps.media.publicUrl(option.path) : "",
      mediaType: option.mediaType,
      mediaName: option.mediaName,
    })),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

function emit(deps: Deps, companyId: number, payload: FileEventPayload) {
  deps.realtime.toCompany(companyId, companyEvent.file(companyId), payload);
}

/** Stored files are removed after the rows stop pointing at them; a failure only leaves an orphan. */
async function removeFiles(deps: Deps, paths: readonly string[]) {
  for (const path of paths) {
    if (!path) continue;
    await deps.media.remove(path).catch((error: unknown) => deps.log.warn({ err: error, path }, "media remove failed"));
  }
}

async function loadFileList(deps: Deps, companyId: number, id: number): Promise<FileListWithOptions> {
  const row = await findFileList(deps.db, companyId, id);
  if (!row) throw notFound();
  return row;
}

export async function pageCompanyFileLists(
  deps: Deps,
  actor: AuthSession,
  query: { searchParam: string; pageNumber: number },
): Promise<FileListsPage> {
  const offset = (query.pageNumber - 1) * PAGE_SIZE;
  const { rows, count } = await pageFileLists(deps.db, actor.companyId, {
    search: query.searchParam,
    limit: PAGE_SIZE,
    offset,
  });
  return { files: rows.map((row) => toFileList(deps, row)), count, hasMore: count > offset + rows.length };
}

export async function showFileList(deps: Deps, actor: AuthSession, id: number): Promise<FileList> {
  return toFileList(deps, await loadFileList(deps, actor.companyId, id));
}

/** The list and its entries; the entries' files follow through uploadFileListFiles. */
export async function createFileList(deps: Deps, actor: AuthSession, body: FileListBody): Promise<FileList> {
  const { companyId } = actor;
  const id = await deps.db.transaction(async (tx) => {
    const row = await insertFileList(tx, companyId, { name: body.name, message: body.message });
    await insertFileListOptions(
      tx,
      companyId,
      row.id,
      body.options.map((option) => option.name),
    );
    return row.id;
  });
  const fileList = toFileList(deps, await loadFileList(deps, companyId, id));
  emit(deps, companyId, { action: "create", file: fileList });
  return fileList;
}

/**
 * Name and details as sent; `options`, when sent, is the whole list of entries:
 * an entry with an id keeps its file and takes the new text, one without is
 * added, and an entry left out is removed with its file.
 */
export async function updateFileListById(
  deps: Deps,
  actor: AuthSession,
  id: number,
  body: FileListUpdateBody,
): Promise<FileList> {
  const { companyId } = actor;
  const removed = await deps.db.transaction(async (tx) => {
    const current = await findFileList(tx, companyId, id, { lock: true });
    if (!current) throw notFound();
    const changes: FileListChanges = {};
    if (body.name !== undefined) changes.name = body.name;
    if (body.message !== undefined) changes.message = body.message;
    await updateFileList(tx, companyId, id, changes);
    if (!body.options) return [];

    const existing = new Map(current.options.map((option) => [option.id, option]));
    for (const [index, option] of body.options.entries()) {
      if (option.id !== undefined && !existing.has(option.id)) throw invalid(`body.options.${index}.id`, "notFound");
    }
    const kept = new Set<number>();
    for (const option of body.options) {
      if (option.id === undefined) continue;
      kept.add(option.id);
      if (existing.get(option.id)?.name !== option.name)
        await renameFileListOption(tx, companyId, option.id, option.name);
    }
    const dropped = current.options.filter((option) => !kept.has(option.id));
    await deleteFileListOptions(
      tx,
      companyId,
      dropped.map((option) => option.id),
    );
    await insertFileListOptions(
      tx,
      companyId,
      id,
      body.options.filter((option) => option.id === undefined).map((option) => option.name),
    );
    return dropped.map((option) => option.path);
  });
  await removeFiles(deps, removed);
  const fileList = toFileList(deps, await loadFileList(deps, companyId, id));
  emit(deps, companyId, { action: "update", file: fileList });
  return fileList;
}

export async function removeFileList(deps: Deps, actor: AuthSession, id: number): Promise<void> {
  const { companyId } = actor;
  const paths = await deps.db.transaction(async (tx) => {
    const current = await findFileList(tx, companyId, id, { lock: true });
    if (!current || !(await deleteFileList(tx, companyId, id))) throw notFound();
    return current.options.map((option) => option.path);
  });
  await removeFiles(deps, paths);
  emit(deps, companyId, { action: "delete", fileId: id });
}

/** A checked file, stored under a generated name (media/storage.ts). */
async function storeUpload(
  deps: Deps,
  companyId: number,
  index: number,
  file: { data: Buffer; fileName: string },
): Promise<FileListOptionFile> {
  const path = `body.files.${index}`;
  if (file.data.length === 0) throw invalid(path, "required");
  const type = await detectUpload(file.data, file.fileName);
  if (!type) throw invalid(path, "unsupportedType");
  const limit = UPLOAD_LIMIT_BY_KIND[type.kind];
  if (file.data.length > limit)
    throw new AppError("ERR_PAYLOAD_TOO_LARGE", { data: { kind: type.kind, maxBytes: limit } });
  const stored = await deps.media.save(companyId, { data: file.data, originalName: file.fileName });
  return { path: stored.path, mediaType: stored.type.mimeType, mediaName: stored.name };
}

/** The entry ids of an upload, in order: each an id, none twice. */
function uploadTargets(values: string[], files: number): number[] {
  if (files === 0) throw invalid("body.files", "required");
  if (values.length !== files) throw invalid("body.id", "oneIdPerFile");
  const ids: number[] = [];
  for (const [index, value] of values.entries()) {
    const parsed = Id.safeParse(value.trim());
    if (!parsed.success || ids.includes(parsed.data)) throw invalid(`body.id.${index}`, "invalid");
    ids.push(parsed.data);
  }
  return ids;
}

/**
 * POST /files/uploadList/{id}, as the original client sends it: `files` parts
 * and `id` fields, the n-th file going to the entry named by the n-th id (its
 * `mediaType`, `typeArch` and `fileId` fields are not needed: the type comes
 * from the bytes). Each file is typed by its bytes and held to its type's
 * limit; a file replaces the entry's previous one, which is then deleted.
 * `parts` is called only once the list is found, so another company's id
 * answers 404 before any byte is stored. The whole form is read even after a
 * refusal, so the answer never races an unread request body.
 */
export async function uploadFileListFiles(
  deps: Deps,
  actor: AuthSession,
  id: number,
  parts: () => AsyncIterable<UploadPart>,
): Promise<FileList> {
  const { companyId } = actor;
  await loadFileList(deps, companyId, id);
  const stored: FileListOptionFile[] = [];
  const idValues: string[] = [];
  let refusal: unknown;
  let replaced: string[] = [];
  try {
    for await (const part of parts()) {
      if (part.type === "field") {
        if (part.field === "id") idValues.push(part.value);
      } else if (refusal !== undefined || part.field !== "files") {
        await part.discard();
      } else {
        try {
          const file = { data: await part.read(), fileName: part.fileName };
          stored.push(await storeUpload(deps, companyId, stored.length, file));
        } catch (error) {
          refusal = error;
        }
      }
    }
    if (refusal !== undefined) throw refusal;
    const targets = uploadTargets(idValues, stored.length);
    replaced = await deps.db.transaction(async (tx) => {
      const current = await findFileList(tx, companyId, id, { lock: true });
      if (!current) throw notFound();
      const previous: string[] = [];
      for (const [index, optionId] of targets.entries()) {
        const option = current.options.find((item) => item.id === optionId);
        if (!option) throw invalid(`body.id.${index}`, "notFound");
        previous.push(option.path);
        await setFileListOptionFile(tx, companyId, optionId, stored[index]!);
      }
      await updateFileList(tx, companyId, id, {});
      return previous;
    });
  } catch (error) {
    await removeFiles(
      deps,
      stored.map((file) => file.path),
    );
    throw error;
  }
  await removeFiles(deps, replaced);
  const fileList = toFileList(deps, await loadFileList(deps, companyId, id));
  emit(deps, companyId, { action: "update", file: fileList });
  return fileList;
}
