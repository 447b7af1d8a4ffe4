import { boolean, index, pgTable, smallint, text, varchar } from "drizzle-orm/pg-core";
import { id, timestamps } from "./columns.js";
import { companyId } from "./companies.js";

/** Platform-wide notices written by the super admin (owned by the super admin's company). */
export const announcements = pgTable(
  "announcements",
  {
    id: id(),
    companyId: companyId(),
    title: varchar({ length: 200 }).notNull(),
    text: text().notNull(),
    priority: smallint().notNull().default(3),
    status: boolean().notNull().default(true),
    mediaPath: text(),
    mediaName: text(),
    ...timestamps(),
  },
  (t) => [index("announcements_company_status_idx").on(t.companyId, t.status, t.priority)],
);
