import type { FieldError } from "react-hook-form";
import { useTranslation } from "react-i18next";

/**
 * Translates a form field's zod message with the first of `prefixes` that has it
 * (`<prefix>.<message>`, in the order given); a message no prefix knows shows as written.
 */
export function useFieldMessage(...prefixes: string[]) {
  const { t, i18n } = useTranslation();
  return (error: FieldError | undefined): string | undefined => {
    if (!error?.message) return undefined;
    for (const prefix of prefixes) {
      const key = `${prefix}.${error.message}`;
      if (i18n.exists(key)) return t(key);
    }
    return error.message;
  };
}
