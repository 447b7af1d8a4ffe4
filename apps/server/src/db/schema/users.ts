import type { AllTicket, Language, Profile } from "@atendo/shared";
import {
  boolean,
  index,
  integer,
  pgTable,
  primaryKey,
  timestamp,
  uniqueIndex,
  uuid,
  varchar,
} from "drizzle-orm/pg-core";
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

/**
 * One login. Its refresh tokens form a family with its id, and the access
 * tokens issued from them carry it (`sid`), so ending the session (logout, a
 * password reset, a replayed refresh token) ends them all at once: the auth
 * hook reads ended_at with the user.
 */
export const sessions = pgTable(
  "sessions",
  {
    id: uuid().primaryKey().defaultRandom(),
    companyId: companyId(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    endedAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("sessions_company_user_idx").on(t.companyId, t.userId)],
);

/**
 * Refresh tokens are opaque, stored hashed, rotated on every use. A token
 * used twice (replayed after rotation) ends its whole session.
 */
export const refreshTokens = pgTable(
  "refresh_tokens",
  {
    id: uuid().primaryKey().defaultRandom(),
    companyId: companyId(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** The session's id. No foreign key: its cascade would scan this table by family, which has no index. */
    family: uuid().notNull(),
    tokenHash: varchar({ length: 64 }).notNull(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    revokedAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("refresh_tokens_hash_unique").on(t.tokenHash),
    index("refresh_tokens_company_user_idx").on(t.companyId, t.userId),
  ],
);

/** Password reset codes, stored hashed, single use, short lived. */
export const passwordResets = pgTable(
  "password_resets",
  {
    id: id(),
    companyId: companyId(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    codeHash: varchar({ length: 64 }).notNull(),
    attempts: integer().notNull().default(0),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    usedAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("password_resets_company_user_idx").on(t.companyId, t.userId)],
);
