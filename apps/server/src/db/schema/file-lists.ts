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
    name: varchar({ length: 100 }).notNull(),
    path: text().notNull().default(""),
    mediaType: varchar({ length: 30 }).notNull().default(""),
    ...timestamps(),
  },
  (t) => [index("file_list_options_company_list_idx").on(t.companyId, t.fileListId)],
);
