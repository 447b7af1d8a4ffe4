import type { FieldError, Merge } from "react-hook-form";
import { useTranslation } from "react-i18next";

/** Translates a field's zod message key (validation.*); unknown messages show as written. */
export function useFieldError() {
  const { t } = useTranslation();
  return (error: FieldError | Merge<FieldError, object> | undefined): string | undefined => {
    if (!error) return undefined;
    const message = typeof error.message === "string" && error.message ? error.message : "required";
    return t(`validation.${message}`, { defaultValue: message });
  };
}
