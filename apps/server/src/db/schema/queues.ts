import type { WorkingHours } from "@atendo/shared";
import { type AnyPgColumn, index, integer, jsonb, pgTable, text, uniqueIndex, varchar } from "drizzle-orm/pg-core";
import { prompts, queueIntegrations } from "./automation.js";
import { id, timestamps } from "./columns.js";
import { companyId } from "./companies.js";

export const queues = pgTable(
  "queues",
  {
    id: id(),
    companyId: companyId(),
    name: varchar({ length: 50 }).notNull(),
    color: varchar({ length: 9 }).notNull(),
    greetingMessage: text().notNull().default(""),
    outOfHoursMessage: text().notNull().default(""),
    orderQueue: integer(),
    integrationId: integer().references((): AnyPgColumn => queueIntegrations.id, { onDelete: "set null" }),
    promptId: integer().references((): AnyPgColumn => prompts.id, { onDelete: "set null" }),
    schedules: jsonb().$type<WorkingHours[]>().notNull().default([]),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex("queues_company_color_unique").on(t.companyId, t.color),
    uniqueIndex("queues_company_name_unique").on(t.companyId, t.name),
  ],
);

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
