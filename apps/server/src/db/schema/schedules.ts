import type { TemplateChoice } from "@atendo/shared";
import { index, integer, jsonb, pgTable, text, timestamp, varchar } from "drizzle-orm/pg-core";
import { id, timestamps } from "./columns.js";
import { companyId } from "./companies.js";
import { contacts } from "./contacts.js";
import { tickets } from "./tickets.js";
import { users } from "./users.js";

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
    /** PENDENTE, ENVIANDO (taken by its sender), ENVIADA or ERRO (SCHEDULE_STATUSES). */
    status: varchar({ length: 20 }).notNull().default("PENDENTE"),
    /** Why the send failed (ERRO): an ERR_* code. */
    errorCode: varchar({ length: 64 }),
    /**
     * Raised with every job written for the schedule (created, moved, retried after an error):
     * only the job carrying the current version may send, so an outdated one does nothing.
     */
    sendVersion: integer().notNull().default(0),
    mediaPath: text(),
    mediaName: text(),
    /** Cloud API connections: the approved template sent instead of the body outside the 24-hour window. */
    template: jsonb().$type<TemplateChoice>(),
    ...timestamps(),
  },
  (t) => [index("schedules_company_send_idx").on(t.companyId, t.sendAt)],
);
