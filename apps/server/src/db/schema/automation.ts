import type { IntegrationType } from "@atendo/shared";
import { type AnyPgColumn, boolean, index, integer, jsonb, pgTable, real, text, varchar } from "drizzle-orm/pg-core";
import { id, timestamps } from "./columns.js";
import { companyId } from "./companies.js";
import { queues } from "./queues.js";
import { whatsapps } from "./whatsapps.js";

export const prompts = pgTable(
  "prompts",
  {
    id: id(),
    companyId: companyId(),
    name: varchar({ length: 100 }).notNull(),
    prompt: text().notNull(),
    model: varchar({ length: 50 }).notNull().default("gpt-3.5-turbo-1106"),
    maxTokens: integer().notNull().default(100),
    temperature: real().notNull().default(1),
    apiKey: text().notNull(),
    queueId: integer().references((): AnyPgColumn => queues.id, { onDelete: "set null" }),
    maxMessages: integer().notNull().default(10),
    voice: varchar({ length: 50 }).notNull().default("texto"),
    voiceKey: text().notNull().default(""),
    voiceRegion: varchar({ length: 50 }).notNull().default(""),
    ...timestamps(),
  },
  (t) => [index("prompts_company_idx").on(t.companyId, t.name)],
);

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

/** A visual flow: its saved document holds nodes and connections. */
export const flows = pgTable(
  "flows",
  {
    id: id(),
    companyId: companyId(),
    userId: integer(),
    name: varchar({ length: 50 }).notNull(),
    active: boolean().notNull().default(true),
    flow: jsonb().$type<{ nodes: unknown[]; connections: unknown[] }>(),
    ...timestamps(),
  },
  (t) => [index("flows_company_idx").on(t.companyId, t.name)],
);

/** Phrase-triggered flow campaigns. */
export const flowCampaigns = pgTable(
  "flow_campaigns",
  {
    id: id(),
    companyId: companyId(),
    userId: integer(),
    name: varchar({ length: 100 }).notNull(),
    flowId: integer()
      .notNull()
      .references(() => flows.id, { onDelete: "cascade" }),
    whatsappId: integer()
      .notNull()
      .references((): AnyPgColumn => whatsapps.id, { onDelete: "cascade" }),
    phrase: text().notNull(),
    status: boolean().notNull().default(true),
    ...timestamps(),
  },
  (t) => [index("flow_campaigns_company_whatsapp_idx").on(t.companyId, t.whatsappId)],
);

/** Variables a flow run has collected (question answers), per ticket. */
export const flowVariables = pgTable(
  "flow_variables",
  {
    id: id(),
    companyId: companyId(),
    ticketId: integer().notNull(),
    values: jsonb().$type<Record<string, string>>().notNull().default({}),
    ...timestamps(),
  },
  (t) => [index("flow_variables_company_ticket_idx").on(t.companyId, t.ticketId)],
);
