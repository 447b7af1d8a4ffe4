import type { Profile } from "@atendo/shared";
import type { Database } from "../db/client.js";
import { perDatabase } from "../db/per-database.js";

/**
 * Every authenticated request used to reload its user by primary key: a round
 * trip that was a fifth of a ticket-list request. The row, loaded together with
 * "the token's session is live", is now kept for AUTH_USER_TTL_MS per database
 * and session, and dropped at once when this process changes or deletes the
 * user or ends one of their sessions (logout, password change or reset). So a
 * removed user, a changed role or an ended session counts immediately here,
 * and within the TTL on other server processes.
 */
export const AUTH_USER_TTL_MS = 2_000;
const MAX_ENTRIES = 10_000;

export interface AuthUser {
  id: number;
  companyId: number;
  profile: Profile;
  super: boolean;
}

/** Keyed by session id: a session belongs to one user, and each is live or ended on its own. */
const caches = perDatabase(() => new Map<string, { user: AuthUser; expires: number }>());

export async function cachedAuthUser(
  db: Database,
  session: { userId: number; sessionId: string },
  load: () => Promise<AuthUser | undefined>,
): Promise<AuthUser | undefined> {
  const cache = caches.of(db);
  const now = Date.now();
  const hit = cache.get(session.sessionId);
  if (hit && hit.expires > now && hit.user.id === session.userId) return hit.user;
  const user = await load();
  if (cache.size >= MAX_ENTRIES) cache.clear();
  if (user) cache.set(session.sessionId, { user, expires: now + AUTH_USER_TTL_MS });
  else cache.delete(session.sessionId);
  return user;
}

/**
 * Called after a user is changed or removed, or one of their sessions ended (with the
 * database, not a transaction: the cache is keyed by it). Walks the cache: such
 * changes are rare next to the requests the cache serves.
 */
export function forgetAuthUser(db: Database, userId: number): void {
  const cache = caches.peek(db);
  if (!cache) return;
  for (const [sessionId, entry] of cache) if (entry.user.id === userId) cache.delete(sessionId);
}

/** Called after a company is removed: its users went with it (cascade). */
export function forgetAuthCompany(db: Database, companyId: number): void {
  const cache = caches.peek(db);
  if (!cache) return;
  for (const [sessionId, entry] of cache) if (entry.user.companyId === companyId) cache.delete(sessionId);
}
