import type { TFunction } from "i18next";
import type { z } from "zod";

/** A form's failing fields by their dotted path, each with its first issue's text. */
export type FieldErrors = Partial<Record<string, string>>;

/**
 * The text of a shared schema's issue: its message when flowBuilder.validation
 * names it (required, tooLong, invalidUrl...), else a bound the schema states.
 */
export function issueText(issue: z.core.$ZodIssue, t: TFunction, exists: (key: string) => boolean): string {
  const key = `flowBuilder.validation.${issue.message}`;
  if (exists(key)) return t(key);
  switch (issue.code) {
    case "too_big":
      return t("flowBuilder.validation.max", { max: issue.maximum });
    case "too_small":
      return t("flowBuilder.validation.min", { min: issue.minimum });
    case "invalid_type":
      return t("flowBuilder.validation.number");
    default:
      return t("flowBuilder.validation.invalid");
  }
}

/** Runs a shared schema over a dialog's values: the parsed data, or the failing fields. */
export function checkWith<S extends z.ZodType>(
  schema: S,
  values: unknown,
  t: TFunction,
  exists: (key: string) => boolean,
): { data: z.output<S>; errors: null } | { data: null; errors: FieldErrors } {
  const result = schema.safeParse(values);
  if (result.success) return { data: result.data, errors: null };
  const errors: FieldErrors = {};
  for (const issue of result.error.issues) {
    const path = issue.path.join(".");
    errors[path] ??= issueText(issue, t, exists);
  }
  return { data: null, errors };
}

/** A number field's text as the schema reads it: empty is left out, so the schema's default applies. */
export const numberOrUnset = (text: string): number | undefined => (text.trim() === "" ? undefined : Number(text));
