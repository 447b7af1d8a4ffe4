import type { CampaignStatus, TemplateChoice } from "@atendo/shared";
import { sql } from "drizzle-orm";
import {
  index,
  integer,
  jsonb,
  pgTable,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
  varchar,
} from "drizzle-orm/pg-core";
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
    /** Cloud API connections: the approved template for recipients outside the 24-hour window. */
    template: jsonb().$type<TemplateChoice>(),
    /**
     * The pg-boss job of the dispatch run that holds the campaign: runs take turns through it
     * (campaigns.jobs.ts), and a run whose job pg-boss no longer holds as active gives it up.
     */
    dispatchJob: uuid(),
    ...timestamps(),
  },
  (t) => [index("campaigns_company_status_idx").on(t.companyId, t.status)],
);

/**
 * One row per recipient of a campaign, unique on (campaign, number), so a number
 * is planned once whatever retries the planning. The dispatcher claims due rows
 * (send_at passed, neither delivered nor failed) with FOR UPDATE SKIP LOCKED and
 * sends each under a message id derived from the row, so a resend after a crash
 * is the same message on the network.
 */
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
    name: varchar({ length: 100 }).notNull().default(""),
    /** Which of message1..message5 this recipient gets (0-based). */
    variant: smallint().notNull().default(0),
    /** The text as sent, variables replaced; "" until delivered. */
    message: text().notNull().default(""),
    /** When the pacing lets this row go out. */
    sendAt: timestamp({ withTimezone: true }).notNull(),
    /** Taken by a dispatcher run; a later run of the same campaign retakes it if it was never delivered. */
    claimedAt: timestamp({ withTimezone: true }),
    deliveredAt: timestamp({ withTimezone: true }),
    /** The provider refused this number: not retried. */
    failedAt: timestamp({ withTimezone: true }),
    /** Why it was refused: the sending path's ERR_* code. */
    error: varchar({ length: 64 }),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex("campaign_shippings_campaign_number_unique").on(t.companyId, t.campaignId, t.number),
    index("campaign_shippings_due_idx")
      .on(t.companyId, t.campaignId, t.sendAt, t.id)
      .where(sql`${t.deliveredAt} IS NULL AND ${t.failedAt} IS NULL`),
  ],
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
