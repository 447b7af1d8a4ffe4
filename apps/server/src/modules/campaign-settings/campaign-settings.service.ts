import {
  CAMPAIGN_SETTING_KEYS,
  type CampaignSettingRecord,
  type CampaignSettingsAnswer,
  type CampaignSettingsBody,
  campaignSettingRecords,
  companyEvent,
} from "@atendo/shared";
import type { AppContext } from "../../context.js";
import type { AuthSession } from "../../http/auth.js";
import { readCampaignSettings, upsertCampaignSettings } from "./campaign-settings.repository.js";

type Deps = Pick<AppContext, "db" | "realtime">;

/** Every key, with the company's value or its default, as JSON text (the original client parses each value). */
export async function showCampaignSettings(deps: Deps, actor: AuthSession): Promise<CampaignSettingsAnswer> {
  return campaignSettingRecords(await readCampaignSettings(deps.db, actor.companyId));
}

/** Saves the keys sent (the rest keep their values) and answers the whole settings, which open screens also get. */
export async function saveCampaignSettings(
  deps: Deps,
  actor: AuthSession,
  body: CampaignSettingsBody,
): Promise<CampaignSettingsAnswer> {
  const { companyId } = actor;
  const records: CampaignSettingRecord[] = [];
  for (const key of CAMPAIGN_SETTING_KEYS) {
    const value = body.settings[key];
    if (value !== undefined) records.push({ key, value: JSON.stringify(value) });
  }
  await upsertCampaignSettings(deps.db, companyId, records);
  const settings = await readCampaignSettings(deps.db, companyId);
  deps.realtime.toCompany(companyId, companyEvent.campaignSettings(companyId), { action: "update", settings });
  return campaignSettingRecords(settings);
}
