import { randomInt } from "node:crypto";
import { RESET_CODE_TTL_MINUTES } from "@atendo/shared";
import { and, desc, eq, gt, isNull } from "drizzle-orm";
import type { AppContext } from "../../context.js";
import { passwordResets, users } from "../../db/schema/index.js";
import { AppError } from "../../http/errors.js";
import { hashPassword, revokeUserSessions } from "../auth/auth.service.js";
import { sha256 } from "../auth/tokens.js";
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

/** Step two: a valid, unused, unexpired code sets the new password and ends every session. */
export async function resetPassword(
  deps: Pick<AppContext, "db">,
  input: { email: string; token: string; password: string },
): Promise<void> {
  const user = await findUserByEmail(deps.db, input.email);
  if (!user) throw new AppError("ERR_USER_DONT_EXISTS");
  const [pending] = await deps.db
    .select()
    .from(passwordResets)
    .where(
      and(eq(passwordResets.userId, user.id), isNull(passwordResets.usedAt), gt(passwordResets.expiresAt, new Date())),
    )
    .orderBy(desc(passwordResets.createdAt))
    .limit(1);
  if (!pending || pending.attempts >= MAX_ATTEMPTS) throw new AppError("ERR_INVALID_RESET_CODE");
  if (pending.codeHash !== sha256(input.token.trim())) {
    await deps.db
      .update(passwordResets)
      .set({ attempts: pending.attempts + 1 })
      .where(eq(passwordResets.id, pending.id));
    throw new AppError("ERR_INVALID_RESET_CODE");
  }
  const passwordHash = await hashPassword(input.password);
  await deps.db.transaction(async (tx) => {
    await tx.update(passwordResets).set({ usedAt: new Date() }).where(eq(passwordResets.id, pending.id));
    await tx.update(users).set({ passwordHash }).where(eq(users.id, user.id));
    await revokeUserSessions({ db: tx }, user.id);
  });
}
