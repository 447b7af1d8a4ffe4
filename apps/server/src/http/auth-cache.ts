import type { Profile } from "@atendo/shared";
import type { Database } from "../db/client.js";
import { perDatabase } from "../db/per-database.js";

/**
 * Every authenticated request used to reload its user by primary key: a round
 * trip that was a fifth of a ticket-list request. The row is now kept for
 * AUTH_USER_TTL_MS per database, and dropped at once when this process changes
 * or deletes the user, so a removed user or a changed role counts immediately
 * here and within the TTL on other server processes.
 */
export const AUTH_USER_TTL_MS = 2_000;
const MAX_ENTRIES = 10_000;

export interface AuthUser {
  id: number;
  companyId: number;
  profile: Profile;
  super: boolean;
}

const caches = perDatabase(() => new Map<number, { user: AuthUser; expires: number }>());

export async function cachedAuthUser(
  db: Database,
  userId: number,
  load: () => Promise<AuthUser | undefined>,
): Promise<AuthUser | undefined> {
  const cache = caches.of(db);
  const now = Date.now();
  const hit = cache.get(userId);
  if (hit && hit.expires > now) return hit.user;
  const user = await load();
  if (cache.size >= MAX_ENTRIES) cache.clear();
  if (user) cache.set(userId, { user, expires: now + AUTH_USER_TTL_MS });
  else cache.delete(userId);
  return user;
}

/** Called after a user is changed or removed (with the database, not a transaction: the cache is keyed by it). */
export function forgetAuthUser(db: Database, userId: number): void {
  caches.peek(db)?.delete(userId);
}

/** Called after a company is removed: its users went with it (cascade). */
export function forgetAuthCompany(db: Database, companyId: number): void {
  const cache = caches.peek(db);
  if (!cache) return;
  for (const [userId, entry] of cache) if (entry.user.companyId === companyId) cache.delete(userId);
}
