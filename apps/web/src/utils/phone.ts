import { PHONE_MAX_DIGITS } from "@atendo/shared";

export function onlyDigits(value: string): string {
  return value.replace(/\D/g, "");
}

/**
 * Masks a Brazilian phone as the person types: (99) 99999-9999 for mobiles
 * (11 digits); ten digits read as a landline, (99) 9999-9999.
 */
export function maskPhone(value: string): string {
  const digits = onlyDigits(value).slice(0, PHONE_MAX_DIGITS);
  if (digits.length === 0) return "";
  if (digits.length <= 2) return `(${digits}`;
  const area = digits.slice(0, 2);
  const rest = digits.slice(2);
  // Exactly ten digits read as a landline; otherwise the mobile mask of the spec.
  const split = digits.length === 10 ? 4 : 5;
  if (rest.length <= split) return `(${area}) ${rest}`;
  return `(${area}) ${rest.slice(0, split)}-${rest.slice(split)}`;
}
