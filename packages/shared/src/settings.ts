import { z } from "zod";

/**
 * Company settings (document 1 sections 2 and 3) with their defaults. Every
 * company has every key: missing rows answer the default.
 */
export const SETTING_DEFAULTS = {
  userRating: "disabled",
  scheduleType: "disabled",
  call: "enabled",
  CheckMsgIsGroup: "enabled",
  sendGreetingAccepted: "disabled",
  sendMsgTransfTicket: "disabled",
  sendGreetingMessageOneQueues: "disabled",
  userCreation: "enabled",
  chatBotType: "text",
  asaas: "",
  campaignsEnabled: "true",
  /** Document 1, side menu: "A setting can make it start open or closed" (on screens above 1200 px). */
  drawerStartsOpen: "enabled",
} as const;
export type SettingKey = keyof typeof SETTING_DEFAULTS;
export const SETTING_KEYS = Object.keys(SETTING_DEFAULTS) as SettingKey[];

const onOff = z.enum(["enabled", "disabled"]);
/** Allowed values per key; the web client and the server both check them. */
export const SETTING_VALUE_SCHEMAS: Record<SettingKey, z.ZodType<string>> = {
  userRating: onOff,
  scheduleType: z.enum(["disabled", "company", "queue"]),
  call: onOff,
  CheckMsgIsGroup: onOff,
  sendGreetingAccepted: onOff,
  sendMsgTransfTicket: onOff,
  sendGreetingMessageOneQueues: onOff,
  userCreation: onOff,
  chatBotType: z.enum(["text", "button", "list"]),
  asaas: z.string().max(500),
  campaignsEnabled: z.enum(["true", "false"]),
  drawerStartsOpen: onOff,
};

/** An own key only: `in` also answers true for `__proto__`, `constructor`, `toString`... */
export function isSettingKey(key: string): key is SettingKey {
  return Object.hasOwn(SETTING_DEFAULTS, key);
}

export const SettingSchema = z.object({ key: z.string(), value: z.string() });
export type Setting = z.infer<typeof SettingSchema>;
export const UpdateSettingBody = z.object({ key: z.string().optional(), value: z.string() });
