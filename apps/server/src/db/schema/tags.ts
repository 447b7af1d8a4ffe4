import { index, integer, pgTable, primaryKey, smallint, uniqueIndex, varchar } from "drizzle-orm/pg-core";
import { id, timestamps } from "./columns.js";
import { companyId } from "./companies.js";
import { tickets } from "./tickets.js";
import { users } from "./users.js";

export const tags = pgTable(
  "tags",
  {
    id: id(),
    companyId: companyId(),
    name: varchar({ length: 100 }).notNull(),
    color: varchar({ length: 9 }).notNull().default("#A4CCCC"),
    kanban: smallint().notNull().default(0),
    userId: integer().references(() => users.id, { onDelete: "set null" }),
    ...timestamps(),
  },
  (t) => [uniqueIndex("tags_company_name_unique").on(t.companyId, t.name)],
);

export const ticketTags = pgTable(
  "ticket_tags",
  {
    companyId: companyId(),
    ticketId: integer()
      .notNull()
      .references(() => tickets.id, { onDelete: "cascade" }),
    tagId: integer()
      .notNull()
      .references(() => tags.id, { onDelete: "cascade" }),
  },
  (t) => [
    primaryKey({ columns: [t.ticketId, t.tagId] }),
    index("ticket_tags_company_tag_idx").on(t.companyId, t.tagId),
  ],
);
