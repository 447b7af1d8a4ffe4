import { boolean, index, integer, pgTable, text, varchar } from "drizzle-orm/pg-core";
import { id, timestamps } from "./columns.js";
import { companyId } from "./companies.js";
import { users } from "./users.js";

export const quickMessages = pgTable(
  "quick_messages",
  {
    id: id(),
    companyId: companyId(),
    userId: integer().references(() => users.id, { onDelete: "set null" }),
    shortcode: varchar({ length: 100 }).notNull(),
    message: text().notNull().default(""),
    /** Shared with the whole company rather than the author only. */
    geral: boolean().notNull().default(false),
    status: boolean().notNull().default(true),
    mediaPath: text(),
    mediaName: text(),
    ...timestamps(),
  },
  (t) => [index("quick_messages_company_shortcode_idx").on(t.companyId, t.shortcode)],
);
