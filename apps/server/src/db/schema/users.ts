import type { AllTicket, Language, Profile } from "@atendo/shared";
import { boolean, index, integer, pgTable, primaryKey, timestamp, uniqueIndex, varchar } from "drizzle-orm/pg-core";
import { id, timestamps } from "./columns.js";
import { companyId } from "./companies.js";
import { queues } from "./queues.js";
import { whatsapps } from "./whatsapps.js";

export const users = pgTable(
  "users",
  {
    id: id(),
    companyId: companyId(),
    name: varchar({ length: 50 }).notNull(),
    /** Unique across the platform: login is by email alone. */
    email: varchar({ length: 255 }).notNull(),
    passwordHash: varchar({ length: 100 }).notNull(),
    profile: varchar({ length: 20 }).$type<Profile>().notNull().default("user"),
    super: boolean().notNull().default(false),
    allTicket: varchar({ length: 10 }).$type<AllTicket>().notNull().default("desabled"),
    whatsappId: integer().references(() => whatsapps.id, { onDelete: "set null" }),
    language: varchar({ length: 5 }).$type<Language>(),
    /** Presence (modules/presence): a socket of the user is connected; trusted while lastSeenAt is recent. */
    online: boolean().notNull().default(false),
    lastSeenAt: timestamp({ withTimezone: true }),
    ...timestamps(),
  },
  (t) => [uniqueIndex("users_email_unique").on(t.email), index("users_company_idx").on(t.companyId, t.name)],
);

export const userQueues = pgTable(
  "user_queues",
  {
    companyId: companyId(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    queueId: integer()
      .notNull()
      .references(() => queues.id, { onDelete: "cascade" }),
  },
  (t) => [primaryKey({ columns: [t.userId, t.queueId] }), index("user_queues_company_idx").on(t.companyId, t.queueId)],
);
