import { z } from "zod";
import {
  CAMPAIGN_LONGER_INTERVAL_OPTIONS,
  CAMPAIGN_MESSAGE_INTERVAL_OPTIONS,
  CAMPAIGN_SETTINGS_DEFAULTS,
} from "./constants.js";

export const CAMPAIGN_VARIABLE_KEY_MAX = 50;
export const CAMPAIGN_VARIABLE_VALUE_MAX = 1000;
export const CAMPAIGN_VARIABLES_MAX = 100;

/**
 * A user-defined variable: campaign messages write `{key}` and the send puts
 * `value` in its place. The key is a word (letters, digits, _ . -), so a braced
 * key can always be found again in a message.
 */
export const CampaignVariable = z.object({
  key: z
    .string()
    .trim()
    .min(1, "required")
    .max(CAMPAIGN_VARIABLE_KEY_MAX, "tooLong")
    .regex(/^[\p{L}\p{N}_.-]*$/u, "invalidShortcut"),
  value: z.string().trim().min(1, "required").max(CAMPAIGN_VARIABLE_VALUE_MAX, "tooLong"),
});
export type CampaignVariable = z.infer<typeof CampaignVariable>;

/** Document 2 section 5: shortcuts are unique, and a repeated one is ignored (the first is kept). */
export function uniqueVariables<T extends { key: string }>(variables: readonly T[]): T[] {
  const seen = new Set<string>();
  return variables.filter((variable) => {
    if (seen.has(variable.key)) return false;
    seen.add(variable.key);
    return true;
  });
}

/**
 * A company's campaign settings (document 2 sections 3 and 9), each value one
 * of the options the screens offer:
 * - messageInterval: seconds between two messages (the spec's "random send interval"; 0: none);
 * - longerIntervalAfter: after how many messages the longer wait applies (0: never);
 * - greaterInterval: seconds of that longer wait (0: none);
 * - variables: the user-defined `{key}` placeholders.
 */
export const CampaignSettings = z.object({
  messageInterval: z.literal(CAMPAIGN_MESSAGE_INTERVAL_OPTIONS, "invalidOption"),
  longerIntervalAfter: z.literal(CAMPAIGN_LONGER_INTERVAL_OPTIONS, "invalidOption"),
  greaterInterval: z.literal(CAMPAIGN_LONGER_INTERVAL_OPTIONS, "invalidOption"),
  variables: z.array(CampaignVariable).max(CAMPAIGN_VARIABLES_MAX, "tooMany"),
});
export type CampaignSettings = z.infer<typeof CampaignSettings>;
export type CampaignSettingKey = keyof CampaignSettings;
export const CAMPAIGN_SETTING_KEYS = Object.keys(CampaignSettings.shape) as CampaignSettingKey[];

export const DEFAULT_CAMPAIGN_SETTINGS: CampaignSettings = { ...CAMPAIGN_SETTINGS_DEFAULTS, variables: [] };

/**
 * POST /campaign-settings: `{ settings }` with any of the keys (the settings
 * page saves one at a time); keys left out keep their value. Repeated variable
 * shortcuts are dropped here, before anything is stored.
 */
export const CampaignSettingsBody = z.object({
  settings: CampaignSettings.extend({
    variables: CampaignSettings.shape.variables.transform((variables) => uniqueVariables(variables)),
  }).partial(),
});
export type CampaignSettingsBody = z.infer<typeof CampaignSettingsBody>;

/**
 * One stored setting as the original client reads it: its value is JSON text
 * (`"20"`, `"[{\"key\":\"a\",\"value\":\"b\"}]"`), which it parses.
 */
export const CampaignSettingRecord = z.object({ key: z.enum(CAMPAIGN_SETTING_KEYS), value: z.string() });
export type CampaignSettingRecord = z.infer<typeof CampaignSettingRecord>;

/** GET and POST /campaign-settings answer every key, with the company's value or the default. */
export const CampaignSettingsAnswer = z.array(CampaignSettingRecord);
export type CampaignSettingsAnswer = z.infer<typeof CampaignSettingsAnswer>;

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/**
 * The settings a list of stored key/value rows says, a missing or unreadable
 * value falling back to its default: the server's reader and the web's screens
 * read the same rows the same way.
 */
export function campaignSettingsFromRecords(records: readonly { key: string; value: string }[]): CampaignSettings {
  const settings: Record<string, unknown> = { ...DEFAULT_CAMPAIGN_SETTINGS };
  for (const key of CAMPAIGN_SETTING_KEYS) {
    const record = records.find((item) => item.key === key);
    if (!record) continue;
    const parsed = CampaignSettings.shape[key].safeParse(parseJson(record.value));
    if (parsed.success) settings[key] = parsed.data;
  }
  return settings as CampaignSettings;
}

/** The settings as key/value records with JSON text values, in the schema's key order. */
export function campaignSettingRecords(settings: CampaignSettings): CampaignSettingRecord[] {
  return CAMPAIGN_SETTING_KEYS.map((key) => ({ key, value: JSON.stringify(settings[key]) }));
}
