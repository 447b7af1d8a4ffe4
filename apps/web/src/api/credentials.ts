import { SESSION_HINT_COOKIE, type SessionAnswer, type SessionUser, STORAGE_KEYS } from "@atendo/shared";

/** The session entries kept in local storage (document 1 section 4, Session). */
const SESSION_KEYS = [
  STORAGE_KEYS.token,
  STORAGE_KEYS.companyId,
  STORAGE_KEYS.userId,
  STORAGE_KEYS.companyDueDate,
  STORAGE_KEYS.cshow,
] as const;

/** Preferences that survive a forced sign-out: theme, language and volume are the person's, not the session's. */
const PREFERENCE_KEYS: readonly string[] = [STORAGE_KEYS.preferredTheme, STORAGE_KEYS.language, STORAGE_KEYS.volume];

export function getToken(): string | null {
  return localStorage.getItem(STORAGE_KEYS.token);
}

/**
 * Whether this browser may hold a session: an access token in storage, or the server's session
 * hint cookie (set with the httpOnly refresh cookie, also when a session began outside the page).
 * The hint is not visible to a client served from another origin, which has the stored token.
 */
export function mayHaveSession(): boolean {
  if (getToken() !== null) return true;
  // A cleared hint may linger as an empty value until it expires: only a value counts.
  return document.cookie.split(";").some((entry) => {
    const [name, value] = entry.trim().split("=");
    return name === SESSION_HINT_COOKIE && Boolean(value);
  });
}

export function setToken(token: string): void {
  localStorage.setItem(STORAGE_KEYS.token, token);
}

/** Stores what a login or a refresh answered. */
export function storeSession(answer: SessionAnswer): void {
  const { user } = answer;
  localStorage.setItem(STORAGE_KEYS.token, answer.token);
  localStorage.setItem(STORAGE_KEYS.companyId, String(user.companyId));
  localStorage.setItem(STORAGE_KEYS.userId, String(user.id));
  if (user.company.dueDate) localStorage.setItem(STORAGE_KEYS.companyDueDate, user.company.dueDate);
  else localStorage.removeItem(STORAGE_KEYS.companyDueDate);
  storeCampaignsEntry(user);
}

/** The cshow entry opens the campaign and flow routes when the company's campaignsEnabled setting is "true". */
export function storeCampaignsEntry(user: SessionUser): void {
  const campaigns = user.company.settings.find((setting) => setting.key === "campaignsEnabled");
  if (campaigns?.value === "true") localStorage.setItem(STORAGE_KEYS.cshow, "true");
  else localStorage.removeItem(STORAGE_KEYS.cshow);
}

export function clearCredentials(): void {
  for (const key of SESSION_KEYS) localStorage.removeItem(key);
}

/** Clears every local entry except the person's preferences (another login took the account over). */
export function clearLocalData(): void {
  const keep = PREFERENCE_KEYS.map((key) => [key, localStorage.getItem(key)] as const);
  localStorage.clear();
  for (const [key, value] of keep) if (value !== null) localStorage.setItem(key, value);
}

export function hasCampaignsEntry(): boolean {
  return localStorage.getItem(STORAGE_KEYS.cshow) !== null;
}
