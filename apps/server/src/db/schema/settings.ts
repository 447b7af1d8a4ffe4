import { pgTable, text, uniqueIndex, varchar } from "drizzle-orm/pg-core";
import { id, timestamps } from "./columns.js";
import { companyId } from "./companies.js";

/** Key/value settings per company; absent keys answer the shared defaults. */
export const settings = pgTable(
  "settings",
  {
    id: id(),
    companyId: companyId(),
    key: varchar({ length: 100 }).notNull(),
    value: text().notNull().default(""),
    ...timestamps(),
  },
  (t) => [uniqueIndex("settings_company_key_unique").on(t.companyId, t.key)],
);
