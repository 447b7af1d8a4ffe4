import type { ConnectionProvider, ConnectionStatus } from "@atendo/shared";
import {
  type AnyPgColumn,
  boolean,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
  varchar,
} from "drizzle-orm/pg-core";
import { id, timestamps } from "./columns.js";
import { companyId } from "./companies.js";
import { flows } from "./flows.js";
import { prompts } from "./prompts.js";
import { queueIntegrations } from "./queue-integrations.js";
import { queues } from "./queues.js";

/** A WhatsApp connection, whatever its provider. */
export const whatsapps = pgTable(
  "whatsapps",
  {
    id: id(),
    companyId: companyId(),
    name: varchar({ length: 50 }).notNull(),
    session: text().notNull().default(""),
    qrcode: text().notNull().default(""),
    status: varchar({ length: 20 }).$type<ConnectionStatus>().notNull().default("DISCONNECTED"),
    provider: varchar({ length: 20 }).$type<ConnectionProvider>().notNull().default("beta"),
    number: varchar({ length: 30 }),
    isDefault: boolean().notNull().default(false),
    greetingMessage: text().notNull().default(""),
    complationMessage: text().notNull().default(""),
    outOfHoursMessage: text().notNull().default(""),
    ratingMessage: text().notNull().default(""),
    expiresInactiveMessage: text().notNull().default(""),
    token: varchar({ length: 100 }).notNull(),
    expiresTicket: integer().notNull().default(0),
    timeUseBotQueues: integer().notNull().default(0),
    maxUseBotQueues: integer().notNull().default(3),
    timeToTransfer: integer(),
    transferQueueId: integer().references((): AnyPgColumn => queues.id, { onDelete: "set null" }),
    promptId: integer().references((): AnyPgColumn => prompts.id, { onDelete: "set null" }),
    integrationId: integer().references((): AnyPgColumn => queueIntegrations.id, { onDelete: "set null" }),
    flowIdNotPhrase: integer().references((): AnyPgColumn => flows.id, { onDelete: "set null" }),
    retries: integer().notNull().default(0),
    /** Why the provider refused to run (a Cloud API token Meta refused), shown with DISCONNECTED. */
    statusReason: varchar({ length: 300 }),
    // WhatsApp Cloud API (provider `cloud`): Meta's ids, the secrets sealed (secrets/secrets.ts),
    // and the verify token Meta echoes when the webhook is registered.
    cloudPhoneNumberId: varchar({ length: 30 }),
    cloudBusinessAccountId: varchar({ length: 30 }),
    cloudAccessToken: text(),
    cloudAppSecret: text(),
    cloudVerifyToken: varchar({ length: 64 }),
    ...timestamps(),
  },
  (t) => [index("whatsapps_company_idx").on(t.companyId, t.name), uniqueIndex("whatsapps_token_unique").on(t.token)],
);

export const whatsappQueues = pgTable(
  "whatsapp_queues",
  {
    companyId: companyId(),
    whatsappId: integer()
      .notNull()
      .references(() => whatsapps.id, { onDelete: "cascade" }),
    queueId: integer()
      .notNull()
      .references(() => queues.id, { onDelete: "cascade" }),
  },
  (t) => [
    primaryKey({ columns: [t.whatsappId, t.queueId] }),
    index("whatsapp_queues_company_idx").on(t.companyId, t.queueId),
  ],
);
