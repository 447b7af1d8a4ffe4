import { index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid, varchar } from "drizzle-orm/pg-core";
import { id, timestamps } from "./columns.js";
import { companyId } from "./companies.js";
import { users } from "./users.js";

export const chats = pgTable(
  "chats",
  {
    id: id(),
    companyId: companyId(),
    uuid: uuid().notNull().defaultRandom(),
    title: varchar({ length: 200 }).notNull(),
    ownerId: integer().references(() => users.id, { onDelete: "set null" }),
    lastMessage: text().notNull().default(""),
    /** When lastMessage was sent: the list shows and orders by it (a rename moves updatedAt, not this). */
    lastMessageAt: timestamp({ withTimezone: true }),
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
