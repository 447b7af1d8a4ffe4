import type { FlowContent } from "@atendo/shared";
import { sql } from "drizzle-orm";
import { type AnyPgColumn, boolean, index, integer, jsonb, pgTable, text, varchar } from "drizzle-orm/pg-core";
import { id, timestamps } from "./columns.js";
import { companyId } from "./companies.js";
import { whatsapps } from "./whatsapps.js";

/** A visual flow: its saved document holds nodes and connections. */
export const flows = pgTable(
  "flows",
  {
    id: id(),
    companyId: companyId(),
    userId: integer(),
    name: varchar({ length: 50 }).notNull(),
    active: boolean().notNull().default(true),
    /** Null until the builder's first save; written only once it passes the shared FlowDocument rules. */
    flow: jsonb().$type<FlowContent>(),
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
  // The engine looks up a connection's campaign by phrase, trimmed on save and compared lower-cased.
  (t) => [index("flow_campaigns_company_whatsapp_phrase_idx").on(t.companyId, t.whatsappId, sql`lower(${t.phrase})`)],
);
