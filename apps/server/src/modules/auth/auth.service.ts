import { companyEvent, REFRESH_TOKEN_TTL_SECONDS, type SessionAnswer } from "@atendo/shared";
import { and, eq, inArray, isNull, or } from "drizzle-orm";
import type { AppContext } from "../../context.js";
import { companies, refreshTokens, sessions, users } from "../../db/schema/index.js";
import type { RequestAuth } from "../../http/auth.js";
import { AppError } from "../../http/errors.js";
import { passwordMatches } from "../users/passwords.js";
import { endSessions, sessionsEnded } from "../users/user-sessions.js";
import { findUserByEmail, type UserRow } from "../users/users.repository.js";
import type { SessionLimiters } from "./rate-limiter.js";
import { daysUntilDue, loadSessionUser } from "./session.js";
import { randomToken, sha256 } from "./tokens.js";

type Deps = Pick<AppContext, "db" | "tokens" | "realtime">;

export interface IssuedSession {
  answer: SessionAnswer;
  refreshToken: string;
}

export async function login(
  deps: Deps & { limiters: SessionLimiters },
  input: { email: string; password: string; ip: string },
): Promise<IssuedSession> {
  // Every attempt is counted before the password is checked, so a burst of guesses meets the limit;
  // a right password gives its slot back: only failed logins use up the limits.
  const { perIp, perAccount } = deps.limiters.login;
  const accountKey = `email:${input.email}`;
  perIp.hit(input.ip);
  perAccount.hit(accountKey);
  const user = await findUserByEmail(deps.db, input.email);
  const ok = await passwordMatches(input.password, user?.passwordHash);
  if (!user || !ok) throw new AppError("ERR_INVALID_CREDENTIALS");
  perIp.refund(input.ip);
  perAccount.refund(accountKey);

  if (!user.super) await assertSubscriptionActive(deps, user.companyId);

  // A second login of the same user tells the first session it has been replaced.
  deps.realtime.toUser(user.companyId, user.id, companyEvent.auth(user.companyId), {
    action: "update",
    user: { id: user.id },
  });
  const [session] = await deps.db
    .insert(sessions)
    .values({ companyId: user.companyId, userId: user.id })
    .returning({ id: sessions.id });
  return issueSession(deps, user, session!.id);
}

async function assertSubscriptionActive(deps: Deps, companyId: number): Promise<void> {
  const [company] = await deps.db
    .select({ dueDate: companies.dueDate })
    .from(companies)
    .where(eq(companies.id, companyId))
    .limit(1);
  if (company?.dueDate && company.dueDate.getTime() <= Date.now()) {
    throw new AppError("ERR_SUBSCRIPTION_EXPIRED", { data: { dueDate: company.dueDate.toISOString() } });
  }
}

/** Rotates the refresh token: the old one dies, a replay of it ends the whole session. */
export async function refresh(
  deps: Deps & { limiters: SessionLimiters },
  input: { refreshToken: string | undefined; ip: string },
): Promise<IssuedSession> {
  deps.limiters.refresh.perIp.hit(input.ip);
  if (!input.refreshToken) throw new AppError("ERR_INVALID_TOKEN");
  const hash = sha256(input.refreshToken);
  const [stored] = await deps.db
    .select({
      id: refreshTokens.id,
      userId: refreshTokens.userId,
      family: refreshTokens.family,
      expiresAt: refreshTokens.expiresAt,
      revokedAt: refreshTokens.revokedAt,
      endedAt: sessions.endedAt,
    })
    .from(refreshTokens)
    .innerJoin(sessions, eq(sessions.id, refreshTokens.family))
    .where(eq(refreshTokens.tokenHash, hash))
    .limit(1);
  if (!stored || stored.endedAt) throw new AppError("ERR_INVALID_TOKEN");
  if (stored.revokedAt) {
    const ended = await endSessions(deps.db, stored.userId, eq(sessions.id, stored.family));
    sessionsEnded(deps, stored.userId, ended);
    throw new AppError("ERR_INVALID_TOKEN");
  }
  deps.limiters.refresh.perAccount.hit(`user:${stored.userId}`);
  if (stored.expiresAt.getTime() <= Date.now()) throw new AppError("ERR_INVALID_TOKEN");
  const revoked = await deps.db
    .update(refreshTokens)
    .set({ revokedAt: new Date() })
    .where(and(eq(refreshTokens.id, stored.id), isNull(refreshTokens.revokedAt)))
    .returning({ id: refreshTokens.id });
  // Two refreshes racing with one token: only the first wins.
  if (revoked.length === 0) throw new AppError("ERR_INVALID_TOKEN");
  const [user] = await deps.db.select().from(users).where(eq(users.id, stored.userId)).limit(1);
  if (!user) throw new AppError("ERR_INVALID_TOKEN");
  return issueSession(deps, user, stored.family);
}

/**
 * Ends the session of the access token, and the one of the refresh cookie when it names another
 * session of the same user (two logins in one browser): everything this browser holds stops working.
 */
export async function logout(
  deps: Pick<AppContext, "db" | "realtime">,
  auth: Pick<RequestAuth, "userId" | "companyId" | "sessionId">,
  refreshToken: string | undefined,
): Promise<void> {
  const ofCookie = refreshToken
    ? inArray(
        sessions.id,
        deps.db
          .select({ id: refreshTokens.family })
          .from(refreshTokens)
          .where(eq(refreshTokens.tokenHash, sha256(refreshToken))),
      )
    : undefined;
  const ended = await endSessions(
    deps.db,
    auth.userId,
    eq(sessions.companyId, auth.companyId),
    or(eq(sessions.id, auth.sessionId), ofCookie),
  );
  sessionsEnded(deps, auth.userId, ended);
}

async function issueSession(deps: Deps, user: UserRow, sessionId: string): Promise<IssuedSession> {
  const refreshToken = randomToken();
  await deps.db.insert(refreshTokens).values({
    companyId: user.companyId,
    userId: user.id,
    family: sessionId,
    tokenHash: sha256(refreshToken),
    expiresAt: new Date(Date.now() + REFRESH_TOKEN_TTL_SECONDS * 1000),
  });
  const token = await deps.tokens.sign({
    userId: user.id,
    companyId: user.companyId,
    profile: user.profile,
    super: user.super,
    sessionId,
  });
  const sessionUser = await loadSessionUser(deps.db, user);
  return {
    refreshToken,
    answer: { token, user: sessionUser, daysUntilDue: daysUntilDue(sessionUser.company.dueDate) },
  };
}
