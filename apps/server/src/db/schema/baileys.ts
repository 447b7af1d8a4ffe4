import { index, integer, pgTable, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { id } from "./columns.js";
import { companyId } from "./companies.js";
import { whatsapps } from "./whatsapps.js";

/**
 * The Baileys (WhatsApp Web) auth state of a connection, one row per key:
 * `creds` for the credentials and `{type}-{id}` for each signal key. Values are
 * JSON written with Baileys' BufferJSON replacer, kept as text so they read
 * back byte for byte. Deleting the connection or the company forgets the pairing.
 */
export const baileysAuth = pgTable(
  "baileys_auth",
  {
    id: id(),
    companyId: companyId(),
    whatsappId: integer()
      .notNull()
      .references(() => whatsapps.id, { onDelete: "cascade" }),
    key: text().notNull(),
    value: text().notNull(),
    updatedAt: timestamp({ withTimezone: true })
      .notNull()
      .defaultNow()
      .$onUpdate(() => new Date()),
  },
  (t) => [
    uniqueIndex("baileys_auth_key_unique").on(t.whatsappId, t.key),
    index("baileys_auth_company_idx").on(t.companyId, t.whatsappId),
  ],
);
