import { type AnyPgColumn, index, integer, pgTable, real, text, varchar } from "drizzle-orm/pg-core";
import { id, timestamps } from "./columns.js";
import { companyId } from "./companies.js";
import { queues } from "./queues.js";

export const prompts = pgTable(
  "prompts",
  {
    id: id(),
    companyId: companyId(),
    name: varchar({ length: 100 }).notNull(),
    prompt: text().notNull(),
    model: varchar({ length: 50 }).notNull().default("gpt-3.5-turbo-1106"),
    maxTokens: integer().notNull().default(100),
    temperature: real().notNull().default(1),
    apiKey: text().notNull(),
    queueId: integer().references((): AnyPgColumn => queues.id, { onDelete: "set null" }),
    maxMessages: integer().notNull().default(10),
    voice: varchar({ length: 50 }).notNull().default("texto"),
    voiceKey: text().notNull().default(""),
    voiceRegion: varchar({ length: 50 }).notNull().default(""),
    ...timestamps(),
  },
  (t) => [index("prompts_company_idx").on(t.companyId, t.name)],
);
