import type { SettingKey } from "@atendo/shared";
import type { AppContext } from "../../context.js";
import type { Executor } from "../../db/client.js";
import { maskSecret, type Secrets } from "../../secrets/secrets.js";
import { isSealed, openStoredKey } from "../../secrets/stored-keys.js";
import { getSetting, listStoredValues, replaceStoredValue } from "./settings.repository.js";

/*
 * The payment provider's token (setting `asaas`) is a key like the tenants' service keys
 * (secrets.ts): stored sealed, opened only to call the provider, answered as its mask.
 */

/** The one setting whose value is a secret. */
export const PAYMENT_TOKEN_SETTING = "asaas" satisfies SettingKey;

type Deps = Pick<AppContext, "secrets" | "log">;

/**
 * What answers show of a stored token: its mask ("••••abcd"), "" when none. A token that cannot
 * be opened (sealed under another secrets key) shows as none, so the super admin types it again.
 */
export function paymentTokenMask(deps: Deps, companyId: number, stored: string): string {
  if (!stored) return "";
  try {
    return maskSecret(openStoredKey(deps.secrets, stored));
  } catch {
    deps.log.warn({ companyId }, "the stored payment token cannot be opened");
    return "";
  }
}

/**
 * The value to store for a token as sent: the mask the answers showed keeps the stored token
 * (the field sent back unchanged), an empty value removes it, anything else is sealed.
 */
export function nextStoredPaymentToken(deps: Deps, companyId: number, sent: string, stored: string): string {
  if (sent === "") return "";
  if (stored && sent === paymentTokenMask(deps, companyId, stored)) return stored;
  return deps.secrets.seal(sent);
}

/** The company's plain token, to call the provider with; "" when none is set or it cannot be opened. */
export async function openPaymentToken(deps: Deps & Pick<AppContext, "db">, companyId: number): Promise<string> {
  const stored = await getSetting(deps.db, companyId, PAYMENT_TOKEN_SETTING);
  if (!stored) return "";
  try {
    return openStoredKey(deps.secrets, stored).trim();
  } catch {
    deps.log.warn({ companyId }, "the stored payment token cannot be opened");
    return "";
  }
}

/**
 * Seals the tokens stored in plain text before tokens were sealed. Run at every start (a data
 * migration: SQL cannot reach the secrets key); a row already sealed is left alone, and a row
 * changed meanwhile by another process starting at once is not overwritten.
 */
export async function sealPlainPaymentTokens(db: Executor, secrets: Pick<Secrets, "seal">): Promise<number> {
  let sealed = 0;
  for (const row of await listStoredValues(db, PAYMENT_TOKEN_SETTING)) {
    if (!row.value || isSealed(row.value)) continue;
    if (await replaceStoredValue(db, row, secrets.seal(row.value))) sealed += 1;
  }
  return sealed;
}
