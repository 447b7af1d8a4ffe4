import { index, integer, pgTable, text, varchar } from "drizzle-orm/pg-core";
import { id, timestamps } from "./columns.js";
import { companyId } from "./companies.js";

export const fileLists = pgTable(
  "file_lists",
  {
    id: id(),
    companyId: companyId(),
    name: varchar({ length: 100 }).notNull(),
    message: text().notNull().default(""),
    ...timestamps(),
  },
  (t) => [index("file_lists_company_idx").on(t.companyId, t.name)],
);

export const fileListOptions = pgTable(
  "file_list_options",
  {
    id: id(),
    companyId: companyId(),
    fileListId: integer()
      .notNull()
      .references(() => fileLists.id, { onDelete: "cascade" }),
    /** The text sent with the file (a caption). */
    name: text().notNull().default(""),
    /** The stored file, relative to the media root; "" until a file is uploaded. */
    path: text().notNull().default(""),
    /** The stored file's MIME type, from its bytes (office types are longer than 30 characters). */
    mediaType: varchar({ length: 100 }).notNull().default(""),
    /** The uploaded file's own name, for display only. */
    mediaName: text().notNull().default(""),
    ...timestamps(),
  },
  (t) => [index("file_list_options_company_list_idx").on(t.companyId, t.fileListId)],
);
