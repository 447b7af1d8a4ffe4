/**
 * WhatsApp JIDs <-> the numbers the product stores.
 * - people: digits + "@s.whatsapp.net";
 * - groups: "<id>@g.us". Group contacts are stored by the bare id (as the simulator
 *   does), so a number is taken for a group id when it is "<digits>-<timestamp>"
 *   (old ids, "5511...-1612345678") or has more than 15 digits (E.164 numbers have
 *   at most 15; new group ids have 18+). Anything else is a person's number, and
 *   formatting ("+55 (11) 99999-0001") is dropped.
 */
export const USER_SERVER = "s.whatsapp.net";
export const GROUP_SERVER = "g.us";

export function isGroupJid(jid: string): boolean {
  return jid.endsWith(`@${GROUP_SERVER}`);
}

export function toJid(to: string): string {
  const value = to.trim();
  if (value.includes("@")) return value;
  if (/^\d+-\d{9,}$/.test(value)) return `${value}@${GROUP_SERVER}`;
  const digits = value.replace(/\D/g, "");
  return digits.length > 15 ? `${digits}@${GROUP_SERVER}` : `${digits}@${USER_SERVER}`;
}

/** "5511999990001:12@s.whatsapp.net" -> "5511999990001"; "1203...@g.us" -> "1203...". */
export function jidUser(jid: string): string {
  return jid.split("@")[0]!.split(":")[0]!;
}

/** The digits of a person's JID (device suffix dropped). */
export function jidNumber(jid: string): string {
  return jidUser(jid).replace(/\D/g, "");
}
