import { boolean, index, integer, pgTable, text, uniqueIndex, varchar } from "drizzle-orm/pg-core";
import { id, timestamps } from "./columns.js";
import { companyId } from "./companies.js";

export const contacts = pgTable(
  "contacts",
  {
    id: id(),
    companyId: companyId(),
    name: varchar({ length: 100 }).notNull(),
    /** Digits with country code, or a group id for group contacts. */
    number: varchar({ length: 50 }).notNull(),
    email: varchar({ length: 255 }).notNull().default(""),
    profilePicUrl: text().notNull().default(""),
    isGroup: boolean().notNull().default(false),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex("contacts_company_number_unique").on(t.companyId, t.number),
    index("contacts_company_name_idx").on(t.companyId, t.name),
    /** The dashboard's new-contacts count. */
    index("contacts_company_created_idx").on(t.companyId, t.createdAt),
  ],
);

/** A contact's extra info (name/value pairs). */
export const contactCustomFields = pgTable(
  "contact_custom_fields",
  {
    id: id(),
    companyId: companyId(),
    contactId: integer()
      .notNull()
      .references(() => contacts.id, { onDelete: "cascade" }),
    name: varchar({ length: 100 }).notNull(),
    value: text().notNull().default(""),
    ...timestamps(),
  },
  (t) => [index("contact_custom_fields_company_contact_idx").on(t.companyId, t.contactId)],
);
