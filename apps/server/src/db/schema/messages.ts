import type { MediaType } from "@atendo/shared";
import { sql } from "drizzle-orm";
import {
  type AnyPgColumn,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  smallint,
  text,
  uniqueIndex,
  varchar,
} from "drizzle-orm/pg-core";
import { id, timestamps } from "./columns.js";
import { companyId } from "./companies.js";
import { contacts } from "./contacts.js";
import { tickets } from "./tickets.js";
import { whatsapps } from "./whatsapps.js";

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
    /** Why the network refused a sent message after taking it (a Cloud API "failed" status), else null. */
    sendError: varchar({ length: 300 }),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex("messages_whatsapp_provider_unique").on(t.whatsappId, t.providerId),
    index("messages_company_ticket_created_idx").on(t.companyId, t.ticketId, t.createdAt),
    index("messages_company_created_idx").on(t.companyId, t.createdAt),
    // A customer's last message on a connection (the Cloud API's 24-hour window) in one index probe.
    index("messages_company_contact_inbound_idx")
      .on(t.companyId, t.contactId, t.whatsappId, t.createdAt)
      .where(sql`${t.fromMe} = false`),
  ],
);
