import { index, integer, pgTable, timestamp, uniqueIndex, uuid, varchar } from "drizzle-orm/pg-core";
import { companyId } from "./companies.js";
import { users } from "./users.js";

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
    /** The session's id (no foreign key: a session the cleanup deletes may leave tokens that expire later). */
    family: uuid().notNull(),
    tokenHash: varchar({ length: 64 }).notNull(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    revokedAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("refresh_tokens_hash_unique").on(t.tokenHash),
    index("refresh_tokens_company_user_idx").on(t.companyId, t.userId),
    // The daily cleanup's lookups (auth.jobs.ts): tokens long expired, sessions with no token left.
    index("refresh_tokens_expires_idx").on(t.expiresAt),
    index("refresh_tokens_family_idx").on(t.family),
  ],
);
