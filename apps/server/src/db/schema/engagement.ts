import type { CampaignStatus, InvoiceStatus } from "@atendo/shared";
import {
  boolean,
  index,
  integer,
  numeric,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
  varchar,
} from "drizzle-orm/pg-core";
import { id, timestamps } from "./columns.js";
import { companyId, plans } from "./companies.js";
import { contactListItems, contactLists, contacts } from "./contacts.js";
import { tags, tickets } from "./tickets.js";
import { users } from "./users.js";
import { whatsapps } from "./whatsapps.js";

export const quickMessages = pgTable(
  "quick_messages",
  {
    id: id(),
    companyId: companyId(),
    userId: integer().references(() => users.id, { onDelete: "set null" }),
    shortcode: varchar({ length: 100 }).notNull(),
    message: text().notNull().default(""),
    /** Shared with the whole company rather than the author only. */
    geral: boolean().notNull().default(false),
    status: boolean().notNull().default(true),
    mediaPath: text(),
    mediaName: text(),
    ...timestamps(),
  },
  (t) => [index("quick_messages_company_shortcode_idx").on(t.companyId, t.shortcode)],
);

export const schedules = pgTable(
  "schedules",
  {
    id: id(),
    companyId: companyId(),
    contactId: integer()
      .notNull()
      .references(() => contacts.id, { onDelete: "cascade" }),
    ticketId: integer().references(() => tickets.id, { onDelete: "set null" }),
    userId: integer().references(() => users.id, { onDelete: "set null" }),
    body: text().notNull(),
    sendAt: timestamp({ withTimezone: true }).notNull(),
    sentAt: timestamp({ withTimezone: true }),
    status: varchar({ length: 20 }).notNull().default("PENDENTE"),
    mediaPath: text(),
    mediaName: text(),
    ...timestamps(),
  },
  (t) => [index("schedules_company_send_idx").on(t.companyId, t.sendAt)],
);

export const fileLists = pgTable(
  "file_lists",
  {
    id: id(),
    companyId: companyId(),
    name: varchar({ length: 100 }).notNull(),
    message: text().notNull().default(""),
    ...timestamps(),
  },
  (t) => [index("file_lists_company_idx").on(t.companyId, t.name)],
);

export const fileListOptions = pgTable(
  "file_list_options",
  {
    id: id(),
    companyId: companyId(),
    fileListId: integer()
      .notNull()
      .references(() => fileLists.id, { onDelete: "cascade" }),
    name: varchar({ length: 100 }).notNull(),
    path: text().notNull().default(""),
    mediaType: varchar({ length: 30 }).notNull().default(""),
    ...timestamps(),
  },
  (t) => [index("file_list_options_company_list_idx").on(t.companyId, t.fileListId)],
);

export const campaigns = pgTable(
  "campaigns",
  {
    id: id(),
    companyId: companyId(),
    name: varchar({ length: 50 }).notNull(),
    message1: text().notNull().default(""),
    message2: text().notNull().default(""),
    message3: text().notNull().default(""),
    message4: text().notNull().default(""),
    message5: text().notNull().default(""),
    status: varchar({ length: 20 }).$type<CampaignStatus>().notNull().default("INATIVA"),
    scheduledAt: timestamp({ withTimezone: true }),
    completedAt: timestamp({ withTimezone: true }),
    whatsappId: integer().references(() => whatsapps.id, { onDelete: "set null" }),
    contactListId: integer().references(() => contactLists.id, { onDelete: "set null" }),
    tagId: integer().references(() => tags.id, { onDelete: "set null" }),
    fileListId: integer().references(() => fileLists.id, { onDelete: "set null" }),
    mediaPath: text(),
    mediaName: text(),
    ...timestamps(),
  },
  (t) => [index("campaigns_company_status_idx").on(t.companyId, t.status)],
);

/** One row per contact a campaign sends to; unique so a send is never doubled. */
export const campaignShippings = pgTable(
  "campaign_shippings",
  {
    id: id(),
    companyId: companyId(),
    campaignId: integer()
      .notNull()
      .references(() => campaigns.id, { onDelete: "cascade" }),
    contactListItemId: integer().references(() => contactListItems.id, { onDelete: "set null" }),
    number: varchar({ length: 50 }).notNull(),
    message: text().notNull().default(""),
    jobId: varchar({ length: 100 }),
    deliveredAt: timestamp({ withTimezone: true }),
    ...timestamps(),
  },
  (t) => [uniqueIndex("campaign_shippings_campaign_number_unique").on(t.companyId, t.campaignId, t.number)],
);

export const campaignSettings = pgTable(
  "campaign_settings",
  {
    id: id(),
    companyId: companyId(),
    key: varchar({ length: 100 }).notNull(),
    value: text().notNull().default(""),
    ...timestamps(),
  },
  (t) => [uniqueIndex("campaign_settings_company_key_unique").on(t.companyId, t.key)],
);

/** Platform-wide notices written by the super admin (owned by the super admin's company). */
export const announcements = pgTable(
  "announcements",
  {
    id: id(),
    companyId: companyId(),
    title: varchar({ length: 200 }).notNull(),
    text: text().notNull(),
    priority: smallint().notNull().default(3),
    status: boolean().notNull().default(true),
    mediaPath: text(),
    mediaName: text(),
    ...timestamps(),
  },
  (t) => [index("announcements_company_status_idx").on(t.companyId, t.status, t.priority)],
);

export const chats = pgTable(
  "chats",
  {
    id: id(),
    companyId: companyId(),
    uuid: uuid().notNull().defaultRandom(),
    title: varchar({ length: 200 }).notNull(),
    ownerId: integer().references(() => users.id, { onDelete: "set null" }),
    lastMessage: text().notNull().default(""),
    ...timestamps(),
  },
  (t) => [uniqueIndex("chats_uuid_unique").on(t.uuid), index("chats_company_updated_idx").on(t.companyId, t.updatedAt)],
);

export const chatUsers = pgTable(
  "chat_users",
  {
    companyId: companyId(),
    chatId: integer()
      .notNull()
      .references(() => chats.id, { onDelete: "cascade" }),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    unreads: integer().notNull().default(0),
    ...timestamps(),
  },
  (t) => [
    primaryKey({ columns: [t.chatId, t.userId] }),
    index("chat_users_company_user_idx").on(t.companyId, t.userId),
  ],
);

export const chatMessages = pgTable(
  "chat_messages",
  {
    id: id(),
    companyId: companyId(),
    chatId: integer()
      .notNull()
      .references(() => chats.id, { onDelete: "cascade" }),
    senderId: integer().references(() => users.id, { onDelete: "set null" }),
    message: text().notNull(),
    mediaPath: text(),
    mediaName: text(),
    ...timestamps(),
  },
  (t) => [index("chat_messages_company_chat_idx").on(t.companyId, t.chatId, t.createdAt)],
);

export const invoices = pgTable(
  "invoices",
  {
    id: id(),
    companyId: companyId(),
    detail: varchar({ length: 200 }).notNull(),
    value: numeric({ precision: 12, scale: 2, mode: "number" }).notNull(),
    dueDate: timestamp({ withTimezone: true }).notNull(),
    status: varchar({ length: 10 }).$type<InvoiceStatus>().notNull().default("open"),
    paidAt: timestamp({ withTimezone: true }),
    providerChargeId: varchar({ length: 100 }),
    /** The plan whose value the invoice carries; paying it moves the company to this plan. */
    planId: integer().references(() => plans.id, { onDelete: "set null" }),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex("invoices_company_due_unique").on(t.companyId, t.dueDate),
    index("invoices_company_status_idx").on(t.companyId, t.status),
    // The payment webhook finds its invoice by the provider's charge id.
    uniqueIndex("invoices_provider_charge_unique").on(t.providerChargeId),
  ],
);
