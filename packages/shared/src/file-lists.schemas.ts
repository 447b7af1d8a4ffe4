import { z } from "zod";
import { Id, IsoDate, ListQuery } from "./common.schemas.js";
import { FILE_LIST_MAX_OPTIONS, FILE_LIST_NAME_MIN } from "./constants.js";

/** A file list's name and details, and one entry's caption (WhatsApp cuts captions near 1024). */
export const FILE_LIST_NAME_MAX = 100;
export const FILE_LIST_MESSAGE_MAX = 5000;
export const FILE_LIST_OPTION_NAME_MAX = 1000;

/**
 * One entry of a file list (document 2: options with name, path, mediaType):
 * the text sent with the file and the stored file itself, which arrives
 * through POST /files/uploadList/{id} after the entry exists.
 */
export const FileListOption = z.object({
  id: z.number(),
  /** The text sent with the file (its caption); may be empty. */
  name: z.string(),
  /** The file's public path (/public/...); "" until a file is uploaded. */
  path: z.string(),
  /** The stored file's MIME type, read from its bytes; "" until a file is uploaded. */
  mediaType: z.string(),
  /** The uploaded file's own name, for display. */
  mediaName: z.string(),
});
export type FileListOption = z.infer<typeof FileListOption>;

export const FileList = z.object({
  id: z.number(),
  name: z.string(),
  message: z.string(),
  /** In the order they were added. */
  options: z.array(FileListOption),
  createdAt: IsoDate,
  updatedAt: IsoDate,
});
export type FileList = z.infer<typeof FileList>;

/** GET /files/: the campaign form also sends companyId, which the session decides instead. */
export const FileListListQuery = ListQuery;
export const FileListsPage = z.object({ files: z.array(FileList), count: z.number(), hasMore: z.boolean() });
export type FileListsPage = z.infer<typeof FileListsPage>;

const fileListFields = {
  name: z.string().trim().min(1, "required").min(FILE_LIST_NAME_MIN, "tooShort").max(FILE_LIST_NAME_MAX, "tooLong"),
  message: z.string().trim().min(1, "required").max(FILE_LIST_MESSAGE_MAX, "tooLong"),
};

/**
 * An entry as the dialog sends it: with the id of an existing entry, which
 * keeps its file, or without one for a new entry. A path or type sent by the
 * client (the original client sends both) is dropped: only an upload sets them.
 */
export const FileListOptionInput = z.object({
  id: Id.optional(),
  name: z.string().trim().max(FILE_LIST_OPTION_NAME_MAX, "tooLong").optional().default(""),
});
export type FileListOptionInput = z.infer<typeof FileListOptionInput>;

const optionInputs = z
  .array(FileListOptionInput)
  .max(FILE_LIST_MAX_OPTIONS, "tooMany")
  .superRefine((options, ctx) => {
    const seen = new Set<number>();
    options.forEach((option, index) => {
      if (option.id === undefined) return;
      if (seen.has(option.id)) ctx.addIssue({ code: "custom", path: [index, "id"], message: "duplicate" });
      seen.add(option.id);
    });
  });

export const FileListBody = z.object({
  name: fileListFields.name,
  message: fileListFields.message,
  options: optionInputs.optional().default([]),
});
export type FileListBody = z.infer<typeof FileListBody>;

/**
 * Fields left out stay as they are. `options`, when sent, is the whole list:
 * entries whose id is missing from it are removed with their files.
 */
export const FileListUpdateBody = z.object({
  name: fileListFields.name.optional(),
  message: fileListFields.message.optional(),
  options: optionInputs.optional(),
});
export type FileListUpdateBody = z.infer<typeof FileListUpdateBody>;

/**
 * The dialog's fields: an entry carries the id of the stored entry it edits
 * (`optionId`: the form library keeps `id` for itself); the web adds the files.
 */
export const FileListForm = z.object({
  name: fileListFields.name,
  message: fileListFields.message,
  options: z
    .array(
      z.object({
        optionId: z.number().optional(),
        name: z.string().trim().max(FILE_LIST_OPTION_NAME_MAX, "tooLong"),
      }),
    )
    .max(FILE_LIST_MAX_OPTIONS, "tooMany"),
});
export type FileListForm = z.infer<typeof FileListForm>;
