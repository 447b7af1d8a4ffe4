import type { CampaignStatus } from "@atendo/shared";
import { index, integer, pgTable, text, timestamp, uniqueIndex, varchar } from "drizzle-orm/pg-core";
import { id, timestamps } from "./columns.js";
import { companyId } from "./companies.js";
import { contactListItems, contactLists } from "./contact-lists.js";
import { fileLists } from "./file-lists.js";
import { tags } from "./tags.js";
import { whatsapps } from "./whatsapps.js";

export const campaigns = pgTable(
  "campaigns",
  {
    id: id(),
    companyId: companyId(),
    name: varchar({ length: 50 }).notNull(),
    message1: text().notNull().default(""),
    message2: text().notNull().default(""),
    message3: text().notNull().default(""),
    message4: text().notNull().default(""),
    message5: text().notNull().default(""),
    status: varchar({ length: 20 }).$type<CampaignStatus>().notNull().default("INATIVA"),
    scheduledAt: timestamp({ withTimezone: true }),
    completedAt: timestamp({ withTimezone: true }),
    whatsappId: integer().references(() => whatsapps.id, { onDelete: "set null" }),
    contactListId: integer().references(() => contactLists.id, { onDelete: "set null" }),
    tagId: integer().references(() => tags.id, { onDelete: "set null" }),
    fileListId: integer().references(() => fileLists.id, { onDelete: "set null" }),
    mediaPath: text(),
    mediaName: text(),
    ...timestamps(),
  },
  (t) => [index("campaigns_company_status_idx").on(t.companyId, t.status)],
);

/** One row per contact a campaign sends to; unique so a send is never doubled. */
export const campaignShippings = pgTable(
  "campaign_shippings",
  {
    id: id(),
    companyId: companyId(),
    campaignId: integer()
      .notNull()
      .references(() => campaigns.id, { onDelete: "cascade" }),
    contactListItemId: integer().references(() => contactListItems.id, { onDelete: "set null" }),
    number: varchar({ length: 50 }).notNull(),
    message: text().notNull().default(""),
    jobId: varchar({ length: 100 }),
    deliveredAt: timestamp({ withTimezone: true }),
    ...timestamps(),
  },
  (t) => [uniqueIndex("campaign_shippings_campaign_number_unique").on(t.companyId, t.campaignId, t.number)],
);

export const campaignSettings = pgTable(
  "campaign_settings",
  {
    id: id(),
    companyId: companyId(),
    key: varchar({ length: 100 }).notNull(),
    value: text().notNull().default(""),
    ...timestamps(),
  },
  (t) => [uniqueIndex("campaign_settings_company_key_unique").on(t.companyId, t.key)],
);
