import { and, eq, isNull, ne, type SQL } from "drizzle-orm";
import type { AppContext } from "../../context.js";
import type { Executor } from "../../db/client.js";
import { sessions, users } from "../../db/schema/index.js";
import { forgetAuthUser } from "../../http/auth-cache.js";

/*
 * The end of a user's sessions. Auth opens sessions and builds on users; sessions end when the
 * user changes (password changed or reset, logout, a replayed refresh token), so the ending lives
 * with the user, and auth, users and password reset call it.
 */

/**
 * Ends every session of a user (password changed or reset): their refresh tokens and access
 * tokens stop working. A user who changes their own password keeps the session they did it
 * from (`keepSessionId`). Run in the caller's transaction; once it commits, the caller hands
 * the answer to `sessionsEnded`.
 */
export async function revokeUserSessions(
  deps: { db: Executor },
  userId: number,
  keepSessionId?: string,
): Promise<EndedSession[]> {
  // The company comes from the user, so the (company, user) index finds the sessions.
  const companyOfUser = deps.db.select({ companyId: users.companyId }).from(users).where(eq(users.id, userId));
  return endSessions(
    deps.db,
    userId,
    eq(sessions.companyId, companyOfUser),
    keepSessionId ? ne(sessions.id, keepSessionId) : undefined,
  );
}

export interface EndedSession {
  id: string;
  companyId: number;
}

/** Ends the live sessions of one user that `which` picks (all of them without it). */
export function endSessions(db: Executor, userId: number, ...which: (SQL | undefined)[]): Promise<EndedSession[]> {
  return db
    .update(sessions)
    .set({ endedAt: new Date() })
    .where(and(eq(sessions.userId, userId), isNull(sessions.endedAt), ...which))
    .returning({ id: sessions.id, companyId: sessions.companyId });
}

/**
 * After the sessions' end is committed: this process stops trusting their cached check at once
 * (other processes within the auth cache's TTL), and their sockets close on every process.
 */
export function sessionsEnded(
  deps: Pick<AppContext, "db" | "realtime">,
  userId: number,
  ended: readonly EndedSession[],
): void {
  forgetAuthUser(deps.db, userId);
  const companyId = ended[0]?.companyId;
  if (companyId === undefined) return;
  deps.realtime.disconnectSessions(
    companyId,
    ended.map((session) => session.id),
  );
}
