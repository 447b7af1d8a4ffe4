import { isErrorCode, TOAST_DURATION_MS } from "@atendo/shared";
import type { FieldError } from "react-hook-form";
import { toast } from "react-toastify";
import { ApiError, toastError } from "../../api/client";
import i18n from "../../i18n";

/**
 * The text under a form field: the shared schemas' messages are validation keys
 * (tooShort, invalidEmail, invalidTime, ...); anything else (zod's own English
 * texts) becomes a generic translated message.
 */
export function fieldErrorText(error: Pick<FieldError, "message"> | undefined): string | undefined {
  const message = error?.message;
  if (!message) return undefined;
  if (i18n.exists(`validation.${message}`)) return i18n.t(`validation.${message}`);
  if (i18n.exists(`settings.validation.${message}`)) return i18n.t(`settings.validation.${message}`);
  return i18n.t("settings.validation.invalid");
}

/**
 * A failed list, save or operation: a server ERR_* code is shown through the
 * shell's `toastError` (translated); anything else gets the screen's own message.
 */
export function toastFailure(err: unknown, fallbackKey: string): void {
  if (err instanceof ApiError && err.code && isErrorCode(err.code) && err.code !== "ERR_INTERNAL_SERVER_ERROR") {
    toastError(err);
    return;
  }
  if (err instanceof Error && err.name === "AbortError") return;
  if (err !== undefined) console.error(err);
  toast.error(i18n.t(fallbackKey), { toastId: fallbackKey, autoClose: TOAST_DURATION_MS });
}

export function toastSuccess(key: string, options?: Record<string, unknown>): void {
  toast.success(i18n.t(key, options), { autoClose: TOAST_DURATION_MS });
}
