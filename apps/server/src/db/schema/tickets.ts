import type { MediaType, TicketStatus } from "@atendo/shared";
import {
  type AnyPgColumn,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
  varchar,
} from "drizzle-orm/pg-core";
import { prompts, queueIntegrations } from "./automation.js";
import { id, timestamps } from "./columns.js";
import { companyId } from "./companies.js";
import { contacts } from "./contacts.js";
import { queueOptions, queues } from "./queues.js";
import { users } from "./users.js";
import { whatsapps } from "./whatsapps.js";

export const tags = pgTable(
  "tags",
  {
    id: id(),
    companyId: companyId(),
    name: varchar({ length: 100 }).notNull(),
    color: varchar({ length: 9 }).notNull().default("#A4CCCC"),
    kanban: smallint().notNull().default(0),
    userId: integer().references(() => users.id, { onDelete: "set null" }),
    ...timestamps(),
  },
  (t) => [uniqueIndex("tags_company_name_unique").on(t.companyId, t.name)],
);

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
    code: varchar({ length: 50 }),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex("tickets_uuid_unique").on(t.uuid),
    index("tickets_company_status_updated_idx").on(t.companyId, t.status, t.updatedAt),
    index("tickets_company_contact_idx").on(t.companyId, t.contactId, t.whatsappId),
    index("tickets_company_queue_idx").on(t.companyId, t.queueId),
    index("tickets_company_user_idx").on(t.companyId, t.userId),
  ],
);

export const ticketTags = pgTable(
  "ticket_tags",
  {
    companyId: companyId(),
    ticketId: integer()
      .notNull()
      .references(() => tickets.id, { onDelete: "cascade" }),
    tagId: integer()
      .notNull()
      .references(() => tags.id, { onDelete: "cascade" }),
  },
  (t) => [
    primaryKey({ columns: [t.ticketId, t.tagId] }),
    index("ticket_tags_company_tag_idx").on(t.companyId, t.tagId),
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

export const ticketNotes = pgTable(
  "ticket_notes",
  {
    id: id(),
    companyId: companyId(),
    ticketId: integer()
      .notNull()
      .references(() => tickets.id, { onDelete: "cascade" }),
    contactId: integer()
      .notNull()
      .references(() => contacts.id, { onDelete: "cascade" }),
    userId: integer().references(() => users.id, { onDelete: "set null" }),
    note: text().notNull(),
    ...timestamps(),
  },
  (t) => [index("ticket_notes_company_ticket_idx").on(t.companyId, t.ticketId, t.contactId)],
);

export const messages = pgTable(
  "messages",
  {
    id: id(),
    companyId: companyId(),
    ticketId: integer()
      .notNull()
      .references(() => tickets.id, { onDelete: "cascade" }),
    contactId: integer().references(() => contacts.id, { onDelete: "set null" }),
    whatsappId: integer().references(() => whatsapps.id, { onDelete: "set null" }),
    /** The provider's message id: inbound redeliveries collide on it. */
    providerId: varchar({ length: 200 }),
    body: text().notNull().default(""),
    fromMe: boolean().notNull().default(false),
    mediaType: varchar({ length: 30 }).$type<MediaType>().notNull().default("chat"),
    mediaUrl: text(),
    mediaName: text(),
    isDeleted: boolean().notNull().default(false),
    isEdited: boolean().notNull().default(false),
    ack: smallint().notNull().default(0),
    read: boolean().notNull().default(false),
    quotedMsgId: integer().references((): AnyPgColumn => messages.id, { onDelete: "set null" }),
    /** The sender's name in group chats. */
    participant: varchar({ length: 100 }),
    dataJson: jsonb(),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex("messages_whatsapp_provider_unique").on(t.whatsappId, t.providerId),
    index("messages_company_ticket_created_idx").on(t.companyId, t.ticketId, t.createdAt),
    index("messages_company_created_idx").on(t.companyId, t.createdAt),
  ],
);
