import type { WorkingHours } from "@atendo/shared";
import { type AnyPgColumn, integer, jsonb, pgTable, text, uniqueIndex, varchar } from "drizzle-orm/pg-core";
import { id, timestamps } from "./columns.js";
import { companyId } from "./companies.js";
import { prompts } from "./prompts.js";
import { queueIntegrations } from "./queue-integrations.js";

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
