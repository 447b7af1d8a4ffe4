import { SETTING_DEFAULTS, SETTING_KEYS, type Setting, type SettingKey } from "@atendo/shared";
import { and, eq } from "drizzle-orm";
import type { Executor } from "../../db/client.js";
import { settings } from "../../db/schema/index.js";

/** Every key of the catalogue, stored values over defaults, in catalogue order. */
export async function listSettings(db: Executor, companyId: number): Promise<Setting[]> {
  const rows = await db
    .select({ key: settings.key, value: settings.value })
    .from(settings)
    .where(eq(settings.companyId, companyId));
  const stored = new Map(rows.map((row) => [row.key, row.value]));
  return SETTING_KEYS.map((key) => ({ key, value: stored.get(key) ?? SETTING_DEFAULTS[key] }));
}

export async function getSetting(db: Executor, companyId: number, key: SettingKey): Promise<string> {
  const [row] = await db
    .select({ value: settings.value })
    .from(settings)
    .where(and(eq(settings.companyId, companyId), eq(settings.key, key)))
    .limit(1);
  return row?.value ?? SETTING_DEFAULTS[key];
}

export async function upsertSetting(db: Executor, companyId: number, key: SettingKey, value: string): Promise<void> {
  await db
    .insert(settings)
    .values({ companyId, key, value })
    .onConflictDoUpdate({ target: [settings.companyId, settings.key], set: { value, updatedAt: new Date() } });
}
