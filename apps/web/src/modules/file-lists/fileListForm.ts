import { FILE_LIST_MAX_OPTIONS, type FileList, type FileListBody, FileListForm } from "@atendo/shared";
import { z } from "zod";

/**
 * One entry of the dialog: the shared form's caption and entry id, what is
 * stored for it (an empty path while it has no file), and the file chosen to
 * upload on save.
 */
export const FileListEntry = FileListForm.shape.options.element.extend({
  path: z.string(),
  mediaName: z.string(),
  mediaType: z.string(),
  file: z.custom<File>((value) => value instanceof File).optional(),
});
export type FileListEntry = z.infer<typeof FileListEntry>;

/** The dialog's form: the shared rules, and a file for every entry (a campaign sends the files). */
export const FileListDialogForm = FileListForm.extend({
  options: z.array(FileListEntry).max(FILE_LIST_MAX_OPTIONS, "tooMany"),
}).superRefine((values, ctx) => {
  values.options.forEach((entry, index) => {
    if (!entry.file && !entry.path)
      ctx.addIssue({ code: "custom", path: ["options", index, "file"], message: "fileRequired" });
  });
});
export type FileListDialogValues = z.infer<typeof FileListDialogForm>;

export function storedEntry(option: FileList["options"][number]): FileListEntry {
  return {
    optionId: option.id,
    name: option.name,
    path: option.path,
    mediaName: option.mediaName,
    mediaType: option.mediaType,
  };
}

export const newEntry = (file: File): FileListEntry => ({ name: "", path: "", mediaName: "", mediaType: "", file });

export function formValues(initial: FileList | null): FileListDialogValues {
  return {
    name: initial?.name ?? "",
    message: initial?.message ?? "",
    options: initial?.options.map(storedEntry) ?? [],
  };
}

/** What POST or PUT /files takes: entries with their id keep their file, the others are new. */
export function requestBody(values: FileListDialogValues): FileListBody {
  return {
    name: values.name,
    message: values.message,
    options: values.options.map((entry) =>
      entry.optionId === undefined ? { name: entry.name } : { id: entry.optionId, name: entry.name },
    ),
  };
}

/**
 * The entries after a save: each new entry gets the id the server gave it (new
 * entries are added in order, after the kept ones) and every entry what is
 * stored for it now; chosen files stay, still to be uploaded.
 */
export function withSavedEntries(entries: readonly FileListEntry[], saved: FileList): FileListEntry[] {
  const kept = new Set(entries.flatMap((entry) => (entry.optionId === undefined ? [] : [entry.optionId])));
  const created = saved.options.filter((option) => !kept.has(option.id));
  let next = 0;
  return entries.map((entry) => {
    const option =
      entry.optionId === undefined
        ? created[next++]
        : saved.options.find((candidate) => candidate.id === entry.optionId);
    if (!option) throw new Error(`file list ${saved.id}: the saved entries do not match the form`);
    return { ...storedEntry(option), file: entry.file };
  });
}

/** The whole upload's progress in percent, files weighed by their size; `fraction` is of the file at `index`. */
export function overallProgress(sizes: readonly number[], index: number, fraction: number): number {
  const total = sizes.reduce((sum, size) => sum + size, 0);
  if (total === 0) return 100;
  const done = sizes.slice(0, index).reduce((sum, size) => sum + size, 0) + (sizes[index] ?? 0) * fraction;
  return Math.min(100, Math.round((done / total) * 100));
}
