import { index, integer, pgTable, text } from "drizzle-orm/pg-core";
import { id, timestamps } from "./columns.js";
import { companyId } from "./companies.js";
import { contacts } from "./contacts.js";
import { tickets } from "./tickets.js";
import { users } from "./users.js";

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
