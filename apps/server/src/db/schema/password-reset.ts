import { index, integer, pgTable, timestamp, varchar } from "drizzle-orm/pg-core";
import { id } from "./columns.js";
import { companyId } from "./companies.js";
import { users } from "./users.js";

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
  (t) => [
    index("password_resets_company_user_idx").on(t.companyId, t.userId),
    // The daily cleanup deletes codes long expired (auth.jobs.ts).
    index("password_resets_expires_idx").on(t.expiresAt),
  ],
);
