import { randomBytes } from "node:crypto";
import { eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { newTenant, PASSWORD } from "../../../test/factories.js";
import { createTestEnv, type TestEnv } from "../../../test/harness.js";
import { passwordResets, refreshTokens, sessions } from "../../db/schema/index.js";
import { passwordResetCleanupJob } from "../password-reset/password-reset.jobs.js";
import { authCleanupJob } from "./auth.jobs.js";
import { deleteExpiredRefreshTokens } from "./auth-cleanup.js";
import { sha256 } from "./tokens.js";

let env: TestEnv;
beforeAll(async () => {
  env = await createTestEnv();
});
afterAll(async () => env.close());

const HOUR = 3_600_000;
const ago = (ms: number) => new Date(Date.now() - ms);
const hash = () => randomBytes(32).toString("hex");
const runJob = async (job: typeof authCleanupJob | typeof passwordResetCleanupJob) =>
  job.handler(env.ctx, {}, { id: "test" });

async function newSession(user: { id: number; companyId: number }, values: Partial<typeof sessions.$inferInsert> = {}) {
  const [row] = await env.db
    .insert(sessions)
    .values({ companyId: user.companyId, userId: user.id, ...values })
    .returning({ id: sessions.id });
  return row!.id;
}

async function newRefreshToken(user: { id: number; companyId: number }, family: string, expiresAt: Date) {
  const [row] = await env.db
    .insert(refreshTokens)
    .values({ companyId: user.companyId, userId: user.id, family, tokenHash: hash(), expiresAt })
    .returning({ id: refreshTokens.id });
  return row!.id;
}

describe("auth.cleanup-expired", () => {
  it("deletes refresh tokens expired for more than a day and the sessions that are over, keeping the rest", async () => {
    const { admin } = await newTenant(env);
    const live = await newSession(admin, { createdAt: ago(10 * 24 * HOUR) });
    const liveToken = await newRefreshToken(admin, live, new Date(Date.now() + 24 * HOUR));
    const idle = await newSession(admin, { createdAt: ago(10 * 24 * HOUR) });
    const idleToken = await newRefreshToken(admin, idle, ago(2 * 24 * HOUR));
    const justExpired = await newSession(admin, { createdAt: ago(8 * 24 * HOUR) });
    const justExpiredToken = await newRefreshToken(admin, justExpired, ago(HOUR));
    const endedLongAgo = await newSession(admin, { endedAt: ago(2 * 24 * HOUR) });
    const endedToken = await newRefreshToken(admin, endedLongAgo, new Date(Date.now() + 5 * 24 * HOUR));
    const endedRecently = await newSession(admin, { endedAt: ago(HOUR) });
    // Logging in writes the session before its first token: a new session without one stays.
    const opening = await newSession(admin);

    await runJob(authCleanupJob);

    const sessionIds = [live, idle, justExpired, endedLongAgo, endedRecently, opening];
    const remaining = await env.db.select({ id: sessions.id }).from(sessions).where(inArray(sessions.id, sessionIds));
    expect(remaining.map((row) => row.id).sort()).toEqual([live, justExpired, endedRecently, opening].sort());
    const tokenIds = [liveToken, idleToken, justExpiredToken, endedToken];
    const tokens = await env.db
      .select({ id: refreshTokens.id })
      .from(refreshTokens)
      .where(inArray(refreshTokens.id, tokenIds));
    // The ended session's token outlives it until it expires; refreshing with it is refused (below).
    expect(tokens.map((row) => row.id).sort()).toEqual([liveToken, justExpiredToken, endedToken].sort());
  });

  it("refuses a refresh with a token of a session the cleanup deleted", async () => {
    const { admin } = await newTenant(env);
    const login = await env.app.inject({
      method: "POST",
      url: "/auth/login",
      payload: { email: admin.email, password: PASSWORD },
    });
    const cookie = /jrt=([^;]+)/.exec([login.headers["set-cookie"]].flat().join(";"))![1]!;
    const [token] = await env.db
      .select({ family: refreshTokens.family })
      .from(refreshTokens)
      .where(eq(refreshTokens.tokenHash, sha256(cookie)));
    await env.db
      .update(sessions)
      .set({ endedAt: ago(2 * 24 * HOUR) })
      .where(eq(sessions.id, token!.family));

    await runJob(authCleanupJob);

    expect(await env.db.select().from(sessions).where(eq(sessions.id, token!.family))).toEqual([]);
    const refreshed = await env.app.inject({ method: "POST", url: "/auth/refresh_token", cookies: { jrt: cookie } });
    expect(refreshed.statusCode).toBe(401);
    expect(refreshed.json()).toEqual({ error: "ERR_INVALID_TOKEN" });
  });

  it("deletes a backlog larger than one batch, one batch per statement", async () => {
    const { admin } = await newTenant(env);
    const family = await newSession(admin);
    for (let i = 0; i < 5; i++) await newRefreshToken(admin, family, ago(3 * 24 * HOUR));
    const deleted = await deleteExpiredRefreshTokens(env.db, ago(24 * HOUR), 2);
    expect(deleted).toBeGreaterThanOrEqual(5);
    expect(await env.db.select().from(refreshTokens).where(eq(refreshTokens.family, family))).toEqual([]);
  });
});

describe("password-reset.cleanup-expired", () => {
  it("deletes codes expired for more than a day, used or not, and keeps the others", async () => {
    const { admin } = await newTenant(env);
    const code = (expiresAt: Date, usedAt: Date | null = null) => ({
      companyId: admin.companyId,
      userId: admin.id,
      codeHash: hash(),
      expiresAt,
      usedAt,
    });
    const rows = await env.db
      .insert(passwordResets)
      .values([
        code(ago(2 * 24 * HOUR)),
        code(ago(2 * 24 * HOUR), ago(2 * 24 * HOUR + 60_000)),
        code(ago(HOUR)),
        code(new Date(Date.now() + 20 * 60_000)),
      ])
      .returning({ id: passwordResets.id });

    await runJob(passwordResetCleanupJob);

    const left = await env.db
      .select({ id: passwordResets.id })
      .from(passwordResets)
      .where(
        inArray(
          passwordResets.id,
          rows.map((row) => row.id),
        ),
      );
    expect(left.map((row) => row.id).sort()).toEqual([rows[2]!.id, rows[3]!.id].sort());
  });
});
