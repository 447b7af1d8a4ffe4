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

/** Every company's stored value of one key (a maintenance step over all tenants). */
export async function listStoredValues(db: Executor, key: SettingKey): Promise<{ id: number; value: string }[]> {
  return db.select({ id: settings.id, value: settings.value }).from(settings).where(eq(settings.key, key));
}

/** Replaces a stored value only while it is still the one read; answers whether it did. */
export async function replaceStoredValue(
  db: Executor,
  row: { id: number; value: string },
  value: string,
): Promise<boolean> {
  const updated = await db
    .update(settings)
    .set({ value, updatedAt: new Date() })
    .where(and(eq(settings.id, row.id), eq(settings.value, row.value)))
    .returning({ id: settings.id });
  return updated.length > 0;
}
