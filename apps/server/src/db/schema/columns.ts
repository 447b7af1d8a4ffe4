import { integer, timestamp } from "drizzle-orm/pg-core";

/** Integer ids as in the spec; "by default" so seeds and imports may choose one. */
export const id = () => integer().primaryKey().generatedByDefaultAsIdentity();

export const timestamps = () => ({
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp({ withTimezone: true })
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date()),
});
