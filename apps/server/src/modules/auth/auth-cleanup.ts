import { and, eq, inArray, lt, notExists, or, sql } from "drizzle-orm";
import type { Executor } from "../../db/client.js";
import { refreshTokens, sessions } from "../../db/schema/index.js";

/** How long expired sign-in rows stay before the daily cleanup deletes them (for support and logs). */
export const EXPIRED_ROWS_KEPT_MS = 24 * 60 * 60 * 1000;

/** Rows per delete statement in the cleanups. */
export const CLEANUP_BATCH = 1000;

/**
 * Deletes what `deleteBatch` finds, one batch per statement, until a batch comes back short: no
 * statement holds locks on the whole backlog (a first run on a large table included). Answers the
 * rows deleted.
 */
export async function deleteInBatches(deleteBatch: (limit: number) => Promise<number>, limit: number): Promise<number> {
  let total = 0;
  for (;;) {
    const deleted = await deleteBatch(limit);
    total += deleted;
    if (deleted < limit) return total;
  }
}

/** Refresh tokens that expired before `cutoff`: a replay of one is refused either way. */
export async function deleteExpiredRefreshTokens(db: Executor, cutoff: Date, limit: number): Promise<number> {
  return deleteInBatches(async (batch) => {
    const expired = db
      .select({ id: refreshTokens.id })
      .from(refreshTokens)
      .where(lt(refreshTokens.expiresAt, cutoff))
      .limit(batch);
    const deleted = await db
      .delete(refreshTokens)
      .where(inArray(refreshTokens.id, expired))
      .returning({ id: refreshTokens.id });
    return deleted.length;
  }, limit);
}

/**
 * Sessions over before `cutoff`: ended then (logout, a password reset, a replayed token), or
 * started before it and left with no refresh token (their last one expired and was deleted), so
 * nothing can renew them. Their access tokens expired long before (minutes); a token naming a
 * deleted session is refused as one naming an ended session. Run after the refresh tokens' cleanup.
 */
export async function deleteExpiredSessions(db: Executor, cutoff: Date, limit: number): Promise<number> {
  return deleteInBatches(async (batch) => {
    const over = db
      .select({ id: sessions.id })
      .from(sessions)
      .where(
        or(
          lt(sessions.endedAt, cutoff),
          and(
            lt(sessions.createdAt, cutoff),
            notExists(db.select({ one: sql`1` }).from(refreshTokens).where(eq(refreshTokens.family, sessions.id))),
          ),
        ),
      )
      .limit(batch);
    const deleted = await db.delete(sessions).where(inArray(sessions.id, over)).returning({ id: sessions.id });
    return deleted.length;
  }, limit);
}
