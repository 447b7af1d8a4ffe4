import type { SessionUser, SettingKey } from "@atendo/shared";

/**
 * The company setting that makes the side menu start open or closed on wide screens (document 1,
 * side menu). It comes with the session user's company settings, which every profile receives,
 * so no extra request is needed and attendants get it too (GET /settings is for admins only).
 */
export const DRAWER_START_SETTING: SettingKey = "drawerStartsOpen";

/** True unless the company chose a closed start; a missing or unknown value keeps the spec's default (open). */
export function drawerStartsOpen(user: SessionUser | null): boolean {
  const value = user?.company.settings.find((setting) => setting.key === DRAWER_START_SETTING)?.value;
  return value !== "disabled";
}
