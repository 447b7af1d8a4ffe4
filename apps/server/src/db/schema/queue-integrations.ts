import type { IntegrationType } from "@atendo/shared";
import { type AnyPgColumn, index, integer, pgTable, text, varchar } from "drizzle-orm/pg-core";
import { id, timestamps } from "./columns.js";
import { companyId } from "./companies.js";
import { flows } from "./flows.js";

export const queueIntegrations = pgTable(
  "queue_integrations",
  {
    id: id(),
    companyId: companyId(),
    type: varchar({ length: 20 }).$type<IntegrationType>().notNull(),
    name: varchar({ length: 50 }).notNull(),
    projectName: varchar({ length: 100 }).notNull().default(""),
    /** Dialogflow's service account JSON, sealed (secrets/secrets.ts); "" for the other types. */
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
    /**
     * The flow a flowbuilder integration runs. Deleting the flow deletes its integrations: the
     * flow list's delete confirmation warns that related integrations are lost (document 2).
     */
    flowId: integer().references((): AnyPgColumn => flows.id, { onDelete: "cascade" }),
    /** The key n8n and webhook calls are signed with (HMAC-SHA256), sealed; "" for the other types. */
    signingSecret: text().notNull().default(""),
    ...timestamps(),
  },
  (t) => [
    index("queue_integrations_company_idx").on(t.companyId, t.name),
    // Deleting a flow finds its integrations through this index.
    index("queue_integrations_flow_idx").on(t.flowId),
  ],
);
