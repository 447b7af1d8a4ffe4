import { and, asc, count, eq, ilike, inArray, ne } from "drizzle-orm";
import type { Executor } from "../../db/client.js";
import { likePattern } from "../../db/errors.js";
import { fileListOptions, fileLists } from "../../db/schema/index.js";

export type FileListRow = typeof fileLists.$inferSelect;
export type FileListOptionRow = typeof fileListOptions.$inferSelect;
export type FileListWithOptions = FileListRow & { options: FileListOptionRow[] };
export type FileListChanges = Partial<Pick<FileListRow, "name" | "message">>;
export type FileListOptionFile = Pick<FileListOptionRow, "path" | "mediaType" | "mediaName">;

/** The entries of some lists, each list's in the order they were added. */
async function optionsOf(
  db: Executor,
  companyId: number,
  fileListIds: number[],
): Promise<Map<number, FileListOptionRow[]>> {
  const byList = new Map<number, FileListOptionRow[]>(fileListIds.map((id) => [id, []]));
  if (fileListIds.length === 0) return byList;
  const rows = await db
    .select()
    .from(fileListOptions)
    .where(and(eq(fileListOptions.companyId, companyId), inArray(fileListOptions.fileListId, fileListIds)))
    .orderBy(asc(fileListOptions.id));
  for (const row of rows) byList.get(row.fileListId)?.push(row);
  return byList;
}

export async function pageFileLists(
  db: Executor,
  companyId: number,
  page: { search: string; limit: number; offset: number },
): Promise<{ rows: FileListWithOptions[]; count: number }> {
  const where = page.search
    ? and(eq(fileLists.companyId, companyId), ilike(fileLists.name, likePattern(page.search)))
    : eq(fileLists.companyId, companyId);
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(fileLists)
      .where(where)
      .orderBy(asc(fileLists.name), asc(fileLists.id))
      .limit(page.limit)
      .offset(page.offset),
    db.select({ value: count() }).from(fileLists).where(where),
  ]);
  const options = await optionsOf(
    db,
    companyId,
    rows.map((row) => row.id),
  );
  return { rows: rows.map((row) => ({ ...row, options: options.get(row.id) ?? [] })), count: total?.value ?? 0 };
}

/** Tenant-scoped: another company's id is simply not found. `lock` holds the list until the transaction ends. */
export async function findFileList(
  db: Executor,
  companyId: number,
  id: number,
  options: { lock?: boolean } = {},
): Promise<FileListWithOptions | undefined> {
  const query = db
    .select()
    .from(fileLists)
    .where(and(eq(fileLists.companyId, companyId), eq(fileLists.id, id)))
    .limit(1);
  const [row] = options.lock ? await query.for("update") : await query;
  if (!row) return undefined;
  return { ...row, options: (await optionsOf(db, companyId, [id])).get(id) ?? [] };
}

export async function insertFileList(
  db: Executor,
  companyId: number,
  values: { name: string; message: string },
): Promise<FileListRow> {
  const [row] = await db
    .insert(fileLists)
    .values({ companyId, ...values })
    .returning();
  return row!;
}

export async function updateFileList(
  db: Executor,
  companyId: number,
  id: number,
  changes: FileListChanges,
): Promise<void> {
  await db
    .update(fileLists)
    // updatedAt moves even when only the entries changed.
    .set({ ...changes, updatedAt: new Date() })
    .where(and(eq(fileLists.companyId, companyId), eq(fileLists.id, id)));
}

export async function deleteFileList(db: Executor, companyId: number, id: number): Promise<boolean> {
  const rows = await db
    .delete(fileLists)
    .where(and(eq(fileLists.companyId, companyId), eq(fileLists.id, id)))
    .returning({ id: fileLists.id });
  return rows.length > 0;
}

export async function insertFileListOptions(
  db: Executor,
  companyId: number,
  fileListId: number,
  names: string[],
): Promise<void> {
  if (names.length === 0) return;
  await db.insert(fileListOptions).values(names.map((name) => ({ companyId, fileListId, name })));
}

export async function renameFileListOption(db: Executor, companyId: number, id: number, name: string): Promise<void> {
  await db
    .update(fileListOptions)
    .set({ name })
    .where(and(eq(fileListOptions.companyId, companyId), eq(fileListOptions.id, id)));
}

export async function setFileListOptionFile(
  db: Executor,
  companyId: number,
  id: number,
  file: FileListOptionFile,
): Promise<void> {
  await db
    .update(fileListOptions)
    .set(file)
    .where(and(eq(fileListOptions.companyId, companyId), eq(fileListOptions.id, id)));
}

export async function deleteFileListOptions(db: Executor, companyId: number, ids: number[]): Promise<void> {
  if (ids.length === 0) return;
  await db
    .delete(fileListOptions)
    .where(and(eq(fileListOptions.companyId, companyId), inArray(fileListOptions.id, ids)));
}

/**
 * The files a campaign sends from a list, in the list's order: only entries
 * that have a file. `path` is relative to the media root (ctx.media.root),
 * `name` the text to send with the file, `mediaName` the file's own name.
 */
export async function fileListFiles(
  db: Executor,
  companyId: number,
  fileListId: number,
): Promise<{ id: number; name: string; path: string; mediaName: string; mimeType: string }[]> {
  return db
    .select({
      id: fileListOptions.id,
      name: fileListOptions.name,
      path: fileListOptions.path,
      mediaName: fileListOptions.mediaName,
      mimeType: fileListOptions.mediaType,
    })
    .from(fileListOptions)
    .where(
      and(
        eq(fileListOptions.companyId, companyId),
        eq(fileListOptions.fileListId, fileListId),
        ne(fileListOptions.path, ""),
      ),
    )
    .orderBy(asc(fileListOptions.id));
}
