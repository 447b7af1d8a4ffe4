import { randomUUID } from "node:crypto";
import { companyEvent, REFRESH_TOKEN_TTL_SECONDS, type SessionAnswer } from "@atendo/shared";
import bcrypt from "bcryptjs";
import { and, eq, gt, isNull } from "drizzle-orm";
import type { AppContext } from "../../context.js";
import { companies, refreshTokens, users } from "../../db/schema/index.js";
import { AppError } from "../../http/errors.js";
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
  // Compare against a fixed hash when the user is unknown, so timing does not reveal which emails exist.
  const ok = await bcrypt.compare(input.password, user?.passwordHash ?? UNKNOWN_USER_HASH);
  if (!user || !ok) throw new AppError("ERR_INVALID_CREDENTIALS");
  perIp.refund(input.ip);
  perAccount.refund(accountKey);

  if (!user.super) await assertSubscriptionActive(deps, user.companyId);

  // A second login of the same user tells the first session it has been replaced.
  deps.realtime.toUser(user.companyId, user.id, companyEvent.auth(user.companyId), {
    action: "update",
    user: { id: user.id },
  });
  const family = randomUUID();
  return issueSession(deps, user, family);
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

/** Rotates the refresh token: the old one dies, a replay of it revokes the whole family. */
export async function refresh(
  deps: Deps & { limiters: SessionLimiters },
  input: { refreshToken: string | undefined; ip: string },
): Promise<IssuedSession> {
  deps.limiters.refresh.perIp.hit(input.ip);
  if (!input.refreshToken) throw new AppError("ERR_INVALID_TOKEN");
  const hash = sha256(input.refreshToken);
  const [stored] = await deps.db.select().from(refreshTokens).where(eq(refreshTokens.tokenHash, hash)).limit(1);
  if (!stored) throw new AppError("ERR_INVALID_TOKEN");
  if (stored.revokedAt) {
    await revokeFamily(deps, stored.family);
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

export async function logout(deps: Deps, refreshToken: string | undefined): Promise<void> {
  if (!refreshToken) return;
  const [stored] = await deps.db
    .select({ family: refreshTokens.family })
    .from(refreshTokens)
    .where(eq(refreshTokens.tokenHash, sha256(refreshToken)))
    .limit(1);
  if (stored) await revokeFamily(deps, stored.family);
}

async function revokeFamily(deps: Deps, family: string): Promise<void> {
  await deps.db
    .update(refreshTokens)
    .set({ revokedAt: new Date() })
    .where(and(eq(refreshTokens.family, family), isNull(refreshTokens.revokedAt)));
}

/** Revokes every live refresh token of a user (password changed, user removed). */
export async function revokeUserSessions(deps: Pick<AppContext, "db">, userId: number): Promise<void> {
  await deps.db
    .update(refreshTokens)
    .set({ revokedAt: new Date() })
    .where(
      and(eq(refreshTokens.userId, userId), isNull(refreshTokens.revokedAt), gt(refreshTokens.expiresAt, new Date())),
    );
}

async function issueSession(deps: Deps, user: UserRow, family: string): Promise<IssuedSession> {
  const refreshToken = randomToken();
  await deps.db.insert(refreshTokens).values({
    companyId: user.companyId,
    userId: user.id,
    family,
    tokenHash: sha256(refreshToken),
    expiresAt: new Date(Date.now() + REFRESH_TOKEN_TTL_SECONDS * 1000),
  });
  const token = await deps.tokens.sign({
    userId: user.id,
    companyId: user.companyId,
    profile: user.profile,
    super: user.super,
  });
  const sessionUser = await loadSessionUser(deps.db, user);
  return {
    refreshToken,
    answer: { token, user: sessionUser, daysUntilDue: daysUntilDue(sessionUser.company.dueDate) },
  };
}

export const hashPassword = (password: string) => bcrypt.hash(password, 10);

const UNKNOWN_USER_HASH = bcrypt.hashSync("atendo-no-such-user", 10);
