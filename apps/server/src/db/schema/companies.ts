import type { Recurrence, WorkingHours } from "@atendo/shared";
import {
  boolean,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from "drizzle-orm/pg-core";
import { id, timestamps } from "./columns.js";

/** Plans are the platform's catalogue, not tenant data. */
export const plans = pgTable(
  "plans",
  {
    id: id(),
    name: varchar({ length: 50 }).notNull(),
    users: integer().notNull().default(0),
    connections: integer().notNull().default(0),
    queues: integer().notNull().default(0),
    value: numeric({ precision: 12, scale: 2, mode: "number" }).notNull().default(0),
    useCampaigns: boolean().notNull().default(true),
    useSchedules: boolean().notNull().default(true),
    useInternalChat: boolean().notNull().default(true),
    useExternalApi: boolean().notNull().default(true),
    useKanban: boolean().notNull().default(true),
    useOpenAi: boolean().notNull().default(true),
    useIntegrations: boolean().notNull().default(true),
    ...timestamps(),
  },
  (t) => [uniqueIndex("plans_name_unique").on(t.name)],
);

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

/** Help videos are platform content managed by the super admin. */
export const helps = pgTable("helps", {
  id: id(),
  title: varchar({ length: 200 }).notNull(),
  video: varchar({ length: 200 }).notNull().default(""),
  description: text().notNull().default(""),
  ...timestamps(),
});

/** Every tenant-owned row belongs to one company and leaves with it. */
export const companyId = () =>
  integer()
    .notNull()
    .references(() => companies.id, { onDelete: "cascade" });
