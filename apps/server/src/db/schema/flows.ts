import type { FlowContent } from "@atendo/shared";
import { sql } from "drizzle-orm";
import {
  type AnyPgColumn,
  boolean,
  foreignKey,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  varchar,
} from "drizzle-orm/pg-core";
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

/**
 * A file uploaded through the builder (/flowbuilder/img, /audio, /content), stored as
 * company{id}/{name}. A saved document may name only these (so never another company's file,
 * nor a message's media of the same company), and only these are deleted once no flow uses them.
 */
export const flowMedia = pgTable(
  "flow_media",
  {
    companyId: companyId(),
    name: varchar({ length: 120 }).notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.name] })],
);

/** Which flow's saved document names which of its company's flow media (rewritten at each save). */
export const flowMediaUses = pgTable(
  "flow_media_uses",
  {
    companyId: companyId(),
    flowId: integer()
      .notNull()
      .references(() => flows.id, { onDelete: "cascade" }),
    name: varchar({ length: 120 }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.companyId, t.flowId, t.name] }),
    // "Does any flow still use this file?" when a flow lets go of it.
    index("flow_media_uses_company_name_idx").on(t.companyId, t.name),
    foreignKey({ columns: [t.companyId, t.name], foreignColumns: [flowMedia.companyId, flowMedia.name] }),
  ],
);
