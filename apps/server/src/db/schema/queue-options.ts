import { type AnyPgColumn, index, integer, pgTable, text, varchar } from "drizzle-orm/pg-core";
import { id, timestamps } from "./columns.js";
import { companyId } from "./companies.js";
import { queues } from "./queues.js";

/** The chatbot option tree of a queue (document 2). */
export const queueOptions = pgTable(
  "queue_options",
  {
    id: id(),
    companyId: companyId(),
    queueId: integer()
      .notNull()
      .references(() => queues.id, { onDelete: "cascade" }),
    parentId: integer().references((): AnyPgColumn => queueOptions.id, { onDelete: "cascade" }),
    title: varchar({ length: 200 }).notNull(),
    message: text().notNull().default(""),
    option: integer().notNull(),
    ...timestamps(),
  },
  (t) => [index("queue_options_company_queue_parent_idx").on(t.companyId, t.queueId, t.parentId)],
);
