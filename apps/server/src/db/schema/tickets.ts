import type { TicketStatus } from "@atendo/shared";
import {
  type AnyPgColumn,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
  varchar,
} from "drizzle-orm/pg-core";
import { id, timestamps } from "./columns.js";
import { companyId } from "./companies.js";
import { contacts } from "./contacts.js";
import { prompts } from "./prompts.js";
import { queueIntegrations } from "./queue-integrations.js";
import { queueOptions } from "./queue-options.js";
import { queues } from "./queues.js";
import { users } from "./users.js";
import { whatsapps } from "./whatsapps.js";

export const tickets = pgTable(
  "tickets",
  {
    id: id(),
    companyId: companyId(),
    uuid: uuid().notNull().defaultRandom(),
    status: varchar({ length: 10 }).$type<TicketStatus>().notNull().default("pending"),
    contactId: integer()
      .notNull()
      .references(() => contacts.id, { onDelete: "cascade" }),
    whatsappId: integer().references(() => whatsapps.id, { onDelete: "set null" }),
    userId: integer().references(() => users.id, { onDelete: "set null" }),
    queueId: integer().references(() => queues.id, { onDelete: "set null" }),
    queueOptionId: integer().references(() => queueOptions.id, { onDelete: "set null" }),
    isGroup: boolean().notNull().default(false),
    chatbot: boolean().notNull().default(false),
    lastMessage: text().notNull().default(""),
    unreadMessages: integer().notNull().default(0),
    amountUsedBotQueues: integer().notNull().default(0),
    useIntegration: boolean().notNull().default(false),
    integrationId: integer().references((): AnyPgColumn => queueIntegrations.id, { onDelete: "set null" }),
    promptId: integer().references((): AnyPgColumn => prompts.id, { onDelete: "set null" }),
    /** State of a running flow or typebot session (engine-owned). */
    automationState: jsonb().$type<Record<string, unknown>>(),
    /**
     * The newest inbound message the automation step has taken (automation/inbound-step.ts): a
     * step retried after a crash finds its message taken and does not answer it twice.
     */
    automatedMessageId: integer(),
    code: varchar({ length: 50 }),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex("tickets_uuid_unique").on(t.uuid),
    // The lists page by (status, updatedAt); the owner and queue let an attendant's list and its
    // count (visibility rule) be read from the index alone, without visiting each ticket's row.
    index("tickets_company_status_updated_owner_idx").on(t.companyId, t.status, t.updatedAt, t.userId, t.queueId),
    index("tickets_company_contact_idx").on(t.companyId, t.contactId, t.whatsappId),
    index("tickets_company_queue_idx").on(t.companyId, t.queueId),
    index("tickets_company_user_idx").on(t.companyId, t.userId),
  ],
);

/** One row per ticket life cycle: what the dashboard's wait and talk times read. */
export const ticketTrackings = pgTable(
  "ticket_trackings",
  {
    id: id(),
    companyId: companyId(),
    ticketId: integer()
      .notNull()
      .references(() => tickets.id, { onDelete: "cascade" }),
    whatsappId: integer().references(() => whatsapps.id, { onDelete: "set null" }),
    userId: integer().references(() => users.id, { onDelete: "set null" }),
    queuedAt: timestamp({ withTimezone: true }),
    startedAt: timestamp({ withTimezone: true }),
    finishedAt: timestamp({ withTimezone: true }),
    ratingAt: timestamp({ withTimezone: true }),
    rated: boolean().notNull().default(false),
    ...timestamps(),
  },
  (t) => [
    index("ticket_trackings_company_created_idx").on(t.companyId, t.createdAt),
    index("ticket_trackings_company_ticket_idx").on(t.companyId, t.ticketId),
    /** The dashboard's period filter: life cycles by arrival. */
    index("ticket_trackings_company_queued_idx").on(t.companyId, t.queuedAt),
  ],
);

export const userRatings = pgTable(
  "user_ratings",
  {
    id: id(),
    companyId: companyId(),
    ticketId: integer()
      .notNull()
      .references(() => tickets.id, { onDelete: "cascade" }),
    userId: integer().references(() => users.id, { onDelete: "set null" }),
    rate: smallint().notNull(),
    ...timestamps(),
  },
  (t) => [index("user_ratings_company_user_idx").on(t.companyId, t.userId, t.createdAt)],
);
