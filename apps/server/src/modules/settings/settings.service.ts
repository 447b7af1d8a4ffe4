import { companyEvent, isSettingKey, SETTING_VALUE_SCHEMAS, type Setting } from "@atendo/shared";
import type { AppContext } from "../../context.js";
import { AppError } from "../../http/errors.js";
import { listSettings, upsertSetting } from "./settings.repository.js";

type Deps = Pick<AppContext, "db" | "realtime">;

export async function getCompanySettings(deps: Pick<AppContext, "db">, companyId: number): Promise<Setting[]> {
  return listSettings(deps.db, companyId);
}

/** Only catalogue keys, only their allowed values; every socket of the company learns the new value. */
export async function updateCompanySetting(
  deps: Deps,
  companyId: number,
  input: { key: string; value: string },
): Promise<Setting> {
  if (!isSettingKey(input.key)) throw new AppError("ERR_NO_SETTING_FOUND");
  const parsed = SETTING_VALUE_SCHEMAS[input.key].safeParse(input.value);
  if (!parsed.success) {
    throw new AppError("ERR_VALIDATION", {
      message: parsed.error.issues[0]?.message ?? "invalid",
      fields: [{ path: "body.value", message: parsed.error.issues[0]?.message ?? "invalid" }],
    });
  }
  await upsertSetting(deps.db, companyId, input.key, parsed.data);
  const setting: Setting = { key: input.key, value: parsed.data };
  deps.realtime.toCompany(companyId, companyEvent.settings(companyId), { action: "update", setting });
  return setting;
}
