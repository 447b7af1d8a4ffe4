import { companyEvent, isSettingKey, SETTING_VALUE_SCHEMAS, type Setting } from "@atendo/shared";
import type { AppContext } from "../../context.js";
import { AppError } from "../../http/errors.js";
import { nextStoredPaymentToken, PAYMENT_TOKEN_SETTING, paymentTokenMask } from "./payment-token.js";
import { getSetting, listSettings, upsertSetting } from "./settings.repository.js";

type Deps = Pick<AppContext, "db" | "realtime" | "secrets" | "log">;

/** The company's settings as its admins see them: the payment token only as its mask. */
export async function getCompanySettings(
  deps: Pick<AppContext, "db" | "secrets" | "log">,
  companyId: number,
): Promise<Setting[]> {
  const stored = await listSettings(deps.db, companyId);
  return stored.map((setting) =>
    setting.key === PAYMENT_TOKEN_SETTING
      ? { key: setting.key, value: paymentTokenMask(deps, companyId, setting.value) }
      : setting,
  );
}

/**
 * Only catalogue keys, only their allowed values; every socket of the company learns the new value
 * (the payment token as its mask: it is stored sealed, and the mask sent back keeps it).
 */
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
  let setting: Setting = { key: input.key, value: parsed.data };
  if (input.key === PAYMENT_TOKEN_SETTING) {
    const current = await getSetting(deps.db, companyId, PAYMENT_TOKEN_SETTING);
    const next = nextStoredPaymentToken(deps, companyId, parsed.data.trim(), current);
    if (next !== current) await upsertSetting(deps.db, companyId, input.key, next);
    setting = { key: input.key, value: paymentTokenMask(deps, companyId, next) };
  } else {
    await upsertSetting(deps.db, companyId, input.key, parsed.data);
  }
  deps.realtime.toCompany(companyId, companyEvent.settings(companyId), { action: "update", setting });
  return setting;
}
