import type { Recurrence, WorkingHours } from "@atendo/shared";
import { boolean, index, integer, jsonb, pgTable, timestamp, uniqueIndex, varchar } from "drizzle-orm/pg-core";
import { id, timestamps } from "./columns.js";
import { plans } from "./plans.js";

export const companies = pgTable(
  "companies",
  {
    id: id(),
    name: varchar({ length: 100 }).notNull(),
    email: varchar({ length: 255 }),
    phone: varchar({ length: 30 }),
    document: varchar({ length: 30 }),
    planId: integer().references(() => plans.id, { onDelete: "restrict" }),
    status: boolean().notNull().default(true),
    dueDate: timestamp({ withTimezone: true }),
    recurrence: varchar({ length: 20 }).$type<Recurrence>().notNull().default("MENSAL"),
    schedules: jsonb().$type<WorkingHours[]>().notNull().default([]),
    billingName: varchar({ length: 100 }),
    zipCode: varchar({ length: 20 }),
    street: varchar({ length: 200 }),
    state: varchar({ length: 50 }),
    city: varchar({ length: 100 }),
    district: varchar({ length: 100 }),
    ...timestamps(),
  },
  (t) => [index("companies_plan_idx").on(t.planId), uniqueIndex("companies_email_unique").on(t.email)],
);

/** Every tenant-owned row belongs to one company and leaves with it. */
export const companyId = () =>
  integer()
    .notNull()
    .references(() => companies.id, { onDelete: "cascade" });
