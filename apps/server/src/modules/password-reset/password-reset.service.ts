import { randomInt } from "node:crypto";
import { RESET_CODE_TTL_MINUTES } from "@atendo/shared";
import { and, desc, eq, gt, isNull, lt, sql } from "drizzle-orm";
import type { AppContext } from "../../context.js";
import type { Executor } from "../../db/client.js";
import { passwordResets, users } from "../../db/schema/index.js";
import { AppError } from "../../http/errors.js";
import { sha256 } from "../auth/tokens.js";
import { hashPassword } from "../users/passwords.js";
import { revokeUserSessions, sessionsEnded } from "../users/user-sessions.js";
import { findUserByEmail } from "../users/users.repository.js";

const MAX_ATTEMPTS = 5;

/** Step one: a 6-digit code, stored hashed, mailed to the user. */
export async function requestPasswordReset(deps: Pick<AppContext, "db" | "mailer">, email: string): Promise<void> {
  const user = await findUserByEmail(deps.db, email);
  if (!user) throw new AppError("ERR_USER_DONT_EXISTS");
  const code = String(randomInt(0, 1_000_000)).padStart(6, "0");
  await deps.db.transaction(async (tx) => {
    // Only the newest code is valid.
    await tx
      .update(passwordResets)
      .set({ usedAt: new Date() })
      .where(and(eq(passwordResets.userId, user.id), isNull(passwordResets.usedAt)));
    await tx.insert(passwordResets).values({
      companyId: user.companyId,
      userId: user.id,
      codeHash: sha256(code),
      expiresAt: new Date(Date.now() + RESET_CODE_TTL_MINUTES * 60_000),
    });
  });
  await deps.mailer.send({
    to: user.email,
    subject: "Atendo: código de verificação / verification code",
    text: [
      `Olá ${user.name},`,
      "",
      `Seu código para redefinir a senha é: ${code}`,
      `Your password reset code is: ${code}`,
      "",
      `O código vale por ${RESET_CODE_TTL_MINUTES} minutos. / The code is valid for ${RESET_CODE_TTL_MINUTES} minutes.`,
    ].join("\n"),
  });
}

/**
 * Step two: a valid, unused, unexpired code sets the new password and ends every session.
 * Each guess first claims one of the code's MAX_ATTEMPTS in the database, so however
 * many guesses arrive together, at most MAX_ATTEMPTS are ever compared; and the code
 * is marked used in the same statement that checks it is unused, so it works once.
 */
export async function resetPassword(
  deps: Pick<AppContext, "db" | "realtime">,
  input: { email: string; token: string; password: string },
): Promise<void> {
  const user = await findUserByEmail(deps.db, input.email);
  if (!user) throw new AppError("ERR_USER_DONT_EXISTS");
  const claimed = await claimAttempt(deps.db, user.id);
  if (!claimed || claimed.codeHash !== sha256(input.token.trim())) throw new AppError("ERR_INVALID_RESET_CODE");
  const passwordHash = await hashPassword(input.password);
  const ended = await deps.db.transaction(async (tx) => {
    const used = await tx
      .update(passwordResets)
      .set({ usedAt: new Date() })
      .where(and(eq(passwordResets.id, claimed.id), isNull(passwordResets.usedAt)))
      .returning({ id: passwordResets.id });
    if (used.length === 0) throw new AppError("ERR_INVALID_RESET_CODE");
    await tx.update(users).set({ passwordHash }).where(eq(users.id, user.id));
    return revokeUserSessions({ db: tx }, user.id);
  });
  sessionsEnded(deps, user.id, ended);
}

/** Counts one attempt on the user's newest live code and answers its hash; nothing once the attempts are spent. */
async function claimAttempt(db: Executor, userId: number): Promise<{ id: number; codeHash: string } | undefined> {
  const live = and(isNull(passwordResets.usedAt), gt(passwordResets.expiresAt, new Date()));
  const newest = db
    .select({ id: passwordResets.id })
    .from(passwordResets)
    .where(and(eq(passwordResets.userId, userId), live))
    .orderBy(desc(passwordResets.createdAt))
    .limit(1);
  // Concurrent updates of the row queue up, and each re-checks the condition on the row the previous one wrote.
  const [claimed] = await db
    .update(passwordResets)
    .set({ attempts: sql`${passwordResets.attempts} + 1` })
    .where(and(eq(passwordResets.id, newest), live, lt(passwordResets.attempts, MAX_ATTEMPTS)))
    .returning({ id: passwordResets.id, codeHash: passwordResets.codeHash });
  return claimed;
}
