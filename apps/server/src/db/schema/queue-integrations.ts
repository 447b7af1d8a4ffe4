import type { IntegrationType } from "@atendo/shared";
import { index, integer, pgTable, text, varchar } from "drizzle-orm/pg-core";
import { id, timestamps } from "./columns.js";
import { companyId } from "./companies.js";

export const queueIntegrations = pgTable(
  "queue_integrations",
  {
    id: id(),
    companyId: companyId(),
    type: varchar({ length: 20 }).$type<IntegrationType>().notNull(),
    name: varchar({ length: 50 }).notNull(),
    projectName: varchar({ length: 100 }).notNull().default(""),
    jsonContent: text().notNull().default(""),
    language: varchar({ length: 10 }).notNull().default(""),
    urlN8N: text().notNull().default(""),
    typebotSlug: varchar({ length: 200 }).notNull().default(""),
    typebotExpires: integer().notNull().default(1),
    typebotKeywordFinish: varchar({ length: 100 }).notNull().default(""),
    typebotKeywordRestart: varchar({ length: 100 }).notNull().default(""),
    typebotUnknownMessage: text().notNull().default(""),
    typebotRestartMessage: text().notNull().default(""),
    typebotDelayMessage: integer().notNull().default(1000),
    ...timestamps(),
  },
  (t) => [index("queue_integrations_company_idx").on(t.companyId, t.name)],
);
