import { type CampaignSettingRecord, type CampaignSettings, campaignSettingsFromRecords } from "@atendo/shared";
import { eq, sql } from "drizzle-orm";
import type { Executor } from "../../db/client.js";
import { campaignSettings } from "../../db/schema/index.js";

/** The company's stored rows: one per key written, its value JSON text as the original product kept it. */
export async function campaignSettingRows(db: Executor, companyId: number): Promise<{ key: string; value: string }[]> {
  return db
    .select({ key: campaignSettings.key, value: campaignSettings.value })
    .from(campaignSettings)
    .where(eq(campaignSettings.companyId, companyId));
}

/**
 * The settings a campaign sends with, typed, a key never saved (or unreadable)
 * answering its default (document 2 section 9: 20 s, after 20 messages, 60 s, no variables).
 * - messageInterval: seconds between two messages (the spec's "random send interval"; 0: none);
 * - longerIntervalAfter: after how many messages the longer wait applies (0: never);
 * - greaterInterval: seconds of that longer wait (0: none);
 * - variables: `{key}` placeholders and the text that replaces them.
 */
export async function readCampaignSettings(db: Executor, companyId: number): Promise<CampaignSettings> {
  return campaignSettingsFromRecords(await campaignSettingRows(db, companyId));
}

/** Writes the given keys (JSON text values), each in one upsert on the (company, key) unique index. */
export async function upsertCampaignSettings(
  db: Executor,
  companyId: number,
  records: readonly CampaignSettingRecord[],
): Promise<void> {
  if (records.length === 0) return;
  await db
    .insert(campaignSettings)
    .values(records.map((record) => ({ companyId, key: record.key, value: record.value })))
    .onConflictDoUpdate({
      target: [campaignSettings.companyId, campaignSettings.key],
      set: { value: sql`excluded.value`, updatedAt: new Date() },
    });
}
