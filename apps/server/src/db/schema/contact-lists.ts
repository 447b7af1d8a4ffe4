import { boolean, index, integer, pgTable, uniqueIndex, varchar } from "drizzle-orm/pg-core";
import { id, timestamps } from "./columns.js";
import { companyId } from "./companies.js";

export const contactLists = pgTable(
  "contact_lists",
  {
    id: id(),
    companyId: companyId(),
    name: varchar({ length: 50 }).notNull(),
    ...timestamps(),
  },
  (t) => [index("contact_lists_company_idx").on(t.companyId, t.name)],
);

export const contactListItems = pgTable(
  "contact_list_items",
  {
    id: id(),
    companyId: companyId(),
    contactListId: integer()
      .notNull()
      .references(() => contactLists.id, { onDelete: "cascade" }),
    name: varchar({ length: 50 }).notNull(),
    number: varchar({ length: 50 }).notNull(),
    email: varchar({ length: 255 }).notNull().default(""),
    /** null until the number has been checked on the messaging service. */
    isWhatsappValid: boolean(),
    ...timestamps(),
  },
  (t) => [
    index("contact_list_items_company_list_idx").on(t.companyId, t.contactListId),
    uniqueIndex("contact_list_items_list_number_unique").on(t.companyId, t.contactListId, t.number),
  ],
);
