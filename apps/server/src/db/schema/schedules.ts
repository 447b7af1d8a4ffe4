import { index, integer, pgTable, text, timestamp, varchar } from "drizzle-orm/pg-core";
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
    status: varchar({ length: 20 }).notNull().default("PENDENTE"),
    mediaPath: text(),
    mediaName: text(),
    ...timestamps(),
  },
  (t) => [index("schedules_company_send_idx").on(t.companyId, t.sendAt)],
);
