import { boolean, integer, numeric, pgTable, uniqueIndex, varchar } from "drizzle-orm/pg-core";
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
