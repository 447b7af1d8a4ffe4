import { pgTable, text, varchar } from "drizzle-orm/pg-core";
import { id, timestamps } from "./columns.js";

/** Help videos are platform content managed by the super admin. */
export const helps = pgTable("helps", {
  id: id(),
  title: varchar({ length: 200 }).notNull(),
  video: varchar({ length: 200 }).notNull().default(""),
  description: text().notNull().default(""),
  ...timestamps(),
});
