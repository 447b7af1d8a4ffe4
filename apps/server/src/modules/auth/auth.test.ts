import { randomUUID } from "node:crypto";
import { companyEvent, SESSION_HINT_COOKIE } from "@atendo/shared";
import { SignJWT } from "jose";
import { io as connect } from "socket.io-client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { login, newCompany, newTenant, newUser, PASSWORD } from "../../../test/factories.js";
import { createTestEnv, type TestEnv } from "../../../test/harness.js";
import { createTokenSigner } from "./tokens.js";

let env: TestEnv;
beforeAll(async () => {
  env = await createTestEnv({ listen: true });
});
afterAll(async () => env.close());

const cookieOf = (setCookie: string | string[] | undefined) => {
  const header = Array.isArray(setCookie) ? setCookie.join(";") : (setCookie ?? "");
  return /jrt=([^;]+)/.exec(header)?.[1];
};

describe("POST /auth/login", () => {
  it("answers the token, the session user with company settings, and sets an httpOnly refresh cookie", async () => {
    const { admin, company } = await newTenant(env);
    const response = await env.app.inject({
      method: "POST",
      url: "/auth/login",
      payload: { email: admin.email.toUpperCase(), password: PASSWORD },
    });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.token).toEqual(expect.any(String));
    expect(body.user).toMatchObject({ id: admin.id, companyId: company.id, profile: "admin", super: false });
    expect(body.user.company).toMatchObject({ id: company.id, name: company.name });
    expect(body.user.company.settings).toContainEqual({ key: "userRating", value: "disabled" });
    expect(body.daysUntilDue).toBeGreaterThanOrEqual(29);
    const setCookie = String(response.headers["set-cookie"]);
    expect(setCookie).toContain("HttpOnly");
    expect(cookieOf(response.headers["set-cookie"])).toBeTruthy();
  });

  it("leaves the payment provider's token out of the session user's settings", async () => {
    const { company, adminHeaders, agent } = await newTenant(env);
    const saved = await env.app.inject({
      method: "PUT",
      url: "/settings/asaas",
      headers: adminHeaders,
      payload: { key: "asaas", value: "$aact_secret_token" },
    });
    expect(saved.statusCode).toBe(200);
    const response = await env.app.inject({
      method: "POST",
      url: "/auth/login",
      payload: { email: agent.email, password: PASSWORD },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().user.company.id).toBe(company.id);
    expect(response.body).not.toContain("$aact_secret_token");
    expect(response.json().user.company.settings.map((setting: { key: string }) => setting.key)).not.toContain("asaas");
  });

  it("refuses a wrong password and an unknown email with ERR_INVALID_CREDENTIALS", async () => {
    const { admin } = await newTenant(env);
    for (const payload of [
      { email: admin.email, password: "wrong-password" },
      { email: "nobody@test.dev", password: PASSWORD },
    ]) {
      const response = await env.app.inject({ method: "POST", url: "/auth/login", payload });
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({ error: "ERR_INVALID_CREDENTIALS" });
    }
  });

  it("answers 400 with the failing fields on bad input", async () => {
    const response = await env.app.inject({ method: "POST", url: "/auth/login", payload: { email: "nope" } });
    expect(response.statusCode).toBe(400);
    const body = response.json();
    expect(body.error).toBe("ERR_VALIDATION");
    expect(body.fields.map((f: { path: string }) => f.path)).toEqual(["body.email", "body.password"]);
  });

  it("refuses a company past its due date with the date the message needs", async () => {
    const dueDate = new Date(Date.now() - 24 * 60 * 60 * 1000);
    const expired = await newCompany(env.db, { dueDate });
    const user = await newUser(env.db, expired.id, { profile: "admin" });
    const response = await env.app.inject({
      method: "POST",
      url: "/auth/login",
      payload: { email: user.email, password: PASSWORD },
    });
    expect(response.statusCode).toBe(402);
    expect(response.json()).toEqual({ error: "ERR_SUBSCRIPTION_EXPIRED", data: { dueDate: dueDate.toISOString() } });
  });

  it("tells the first session when the same user logs in again", async () => {
    const { admin } = await newTenant(env);
    const first = await env.app.inject({
      method: "POST",
      url: "/auth/login",
      payload: { email: admin.email, password: PASSWORD },
    });
    const address = env.app.server.address();
    const port = typeof address === "object" && address ? address.port : 0;
    const socket = connect(`http://127.0.0.1:${port}`, {
      transports: ["polling"],
      query: { token: first.json().token },
    });
    await new Promise<void>((resolve, reject) => {
      socket.on("connect", () => resolve());
      socket.on("connect_error", reject);
    });
    const received = new Promise<unknown>((resolve) => socket.on(companyEvent.auth(admin.companyId), resolve));
    await login(env, admin.email);
    await expect(received).resolves.toMatchObject({ user: { id: admin.id } });
    socket.close();
  });
});

describe("tokens", () => {
  it("answers 403 ERR_SESSION_EXPIRED for an expired token and 401 for an invalid one", async () => {
    const { admin } = await newTenant(env);
    const expiredSigner = createTokenSigner(env.ctx.config.jwtSecret, -10);
    const expired = await expiredSigner.sign({
      userId: admin.id,
      companyId: admin.companyId,
      profile: "admin",
      super: false,
      sessionId: randomUUID(),
    });
    const expiredAnswer = await env.app.inject({ url: "/auth/me", headers: { authorization: `Bearer ${expired}` } });
    expect(expiredAnswer.statusCode).toBe(403);
    expect(expiredAnswer.json()).toEqual({ error: "ERR_SESSION_EXPIRED" });

    const forged = await createTokenSigner("another-secret-of-sufficient-length").sign({
      userId: admin.id,
      companyId: admin.companyId,
      profile: "admin",
      super: true,
      sessionId: randomUUID(),
    });
    for (const authorization of [`Bearer ${forged}`, "Bearer garbage", undefined]) {
      const answer = await env.app.inject({ url: "/auth/me", headers: authorization ? { authorization } : {} });
      expect(answer.statusCode).toBe(401);
      expect(answer.json()).toEqual({ error: "ERR_INVALID_TOKEN" });
    }
  });

  it("answers 401 to a token of a session that does not exist, 403 to one signed before tokens named sessions", async () => {
    const { admin } = await newTenant(env);
    const claims = { userId: admin.id, companyId: admin.companyId, profile: "admin" as const, super: false };
    const unknown = await env.ctx.tokens.sign({ ...claims, sessionId: randomUUID() });
    const unknownAnswer = await env.app.inject({ url: "/auth/me", headers: { authorization: `Bearer ${unknown}` } });
    expect(unknownAnswer.statusCode).toBe(401);

    // The client refreshes on 403, and its refresh cookie gives it a token that names its session.
    const legacy = await new SignJWT({ companyId: admin.companyId, profile: "admin", super: false })
      .setProtectedHeader({ alg: "HS256" })
      .setSubject(String(admin.id))
      .setExpirationTime("15m")
      .sign(new TextEncoder().encode(env.ctx.config.jwtSecret));
    const legacyAnswer = await env.app.inject({ url: "/auth/me", headers: { authorization: `Bearer ${legacy}` } });
    expect(legacyAnswer.statusCode).toBe(403);
    expect(legacyAnswer.json()).toEqual({ error: "ERR_SESSION_EXPIRED" });
  });

  it("GET /auth/me answers the session user", async () => {
    const { agent, agentHeaders } = await newTenant(env);
    const response = await env.app.inject({ url: "/auth/me", headers: agentHeaders });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ id: agent.id, profile: "user", queues: [] });
  });
});

describe("refresh and logout", () => {
  it("rotates the refresh cookie, and a replayed old cookie revokes the family", async () => {
    const { admin } = await newTenant(env);
    const first = await env.app.inject({
      method: "POST",
      url: "/auth/login",
      payload: { email: admin.email, password: PASSWORD },
    });
    const cookie1 = cookieOf(first.headers["set-cookie"])!;
    const second = await env.app.inject({ method: "POST", url: "/auth/refresh_token", cookies: { jrt: cookie1 } });
    expect(second.statusCode).toBe(200);
    expect(second.json().user.id).toBe(admin.id);
    const cookie2 = cookieOf(second.headers["set-cookie"])!;
    expect(cookie2).not.toBe(cookie1);

    const replay = await env.app.inject({ method: "POST", url: "/auth/refresh_token", cookies: { jrt: cookie1 } });
    expect(replay.statusCode).toBe(401);
    // The replay revoked the family, so the newest token is dead too.
    const afterReplay = await env.app.inject({ method: "POST", url: "/auth/refresh_token", cookies: { jrt: cookie2 } });
    expect(afterReplay.statusCode).toBe(401);
  });

  it("sets a readable session hint cookie with the refresh cookie, and clears it on logout and on a refused refresh", async () => {
    const { admin } = await newTenant(env);
    const hintOf = (response: { cookies: { name: string; value: string; httpOnly?: boolean; path?: string }[] }) =>
      response.cookies.find((cookie) => cookie.name === SESSION_HINT_COOKIE);
    const login = await env.app.inject({
      method: "POST",
      url: "/auth/login",
      payload: { email: admin.email, password: PASSWORD },
    });
    // The page reads it on every path; it holds no secret.
    expect(hintOf(login)).toMatchObject({ value: "1", path: "/" });
    expect(hintOf(login)?.httpOnly).toBeFalsy();
    const cookie = cookieOf(login.headers["set-cookie"])!;
    const refreshed = await env.app.inject({ method: "POST", url: "/auth/refresh_token", cookies: { jrt: cookie } });
    expect(hintOf(refreshed)).toMatchObject({ value: "1", path: "/" });

    const refused = await env.app.inject({ method: "POST", url: "/auth/refresh_token", cookies: { jrt: "forged" } });
    expect(refused.statusCode).toBe(401);
    expect(hintOf(refused)).toMatchObject({ value: "", path: "/" });

    const headers = { authorization: `Bearer ${refreshed.json().token}` };
    const out = await env.app.inject({ method: "DELETE", url: "/auth/logout", headers });
    expect(out.statusCode).toBe(200);
    expect(hintOf(out)).toMatchObject({ value: "", path: "/" });
  });

  it("refresh without a cookie answers 401", async () => {
    const response = await env.app.inject({ method: "POST", url: "/auth/refresh_token" });
    expect(response.statusCode).toBe(401);
  });

  it("logout revokes the refresh token", async () => {
    const { admin } = await newTenant(env);
    const first = await env.app.inject({
      method: "POST",
      url: "/auth/login",
      payload: { email: admin.email, password: PASSWORD },
    });
    const cookie = cookieOf(first.headers["set-cookie"])!;
    const headers = { authorization: `Bearer ${first.json().token}` };
    const out = await env.app.inject({ method: "DELETE", url: "/auth/logout", headers, cookies: { jrt: cookie } });
    expect(out.statusCode).toBe(200);
    const after = await env.app.inject({ method: "POST", url: "/auth/refresh_token", cookies: { jrt: cookie } });
    expect(after.statusCode).toBe(401);
  });

  it("logout ends the session's access token at once, and only that session's", async () => {
    const { admin } = await newTenant(env);
    const signIn = () =>
      env.app.inject({ method: "POST", url: "/auth/login", payload: { email: admin.email, password: PASSWORD } });
    const [leaving, staying] = [await signIn(), await signIn()];
    const leavingHeaders = { authorization: `Bearer ${leaving.json().token}` };
    const stayingHeaders = { authorization: `Bearer ${staying.json().token}` };
    expect((await env.app.inject({ url: "/auth/me", headers: leavingHeaders })).statusCode).toBe(200);

    const out = await env.app.inject({
      method: "DELETE",
      url: "/auth/logout",
      headers: leavingHeaders,
      cookies: { jrt: cookieOf(leaving.headers["set-cookie"])! },
    });
    expect(out.statusCode).toBe(200);
    const after = await env.app.inject({ url: "/auth/me", headers: leavingHeaders });
    expect(after.statusCode).toBe(401);
    expect(after.json()).toEqual({ error: "ERR_INVALID_TOKEN" });
    expect((await env.app.inject({ url: "/auth/me", headers: stayingHeaders })).statusCode).toBe(200);
  });

  it("a refreshed access token belongs to the same session: logout ends it too", async () => {
    const { admin } = await newTenant(env);
    const first = await env.app.inject({
      method: "POST",
      url: "/auth/login",
      payload: { email: admin.email, password: PASSWORD },
    });
    const refreshed = await env.app.inject({
      method: "POST",
      url: "/auth/refresh_token",
      cookies: { jrt: cookieOf(first.headers["set-cookie"])! },
    });
    const headers = { authorization: `Bearer ${refreshed.json().token}` };
    const oldHeaders = { authorization: `Bearer ${first.json().token}` };
    // Logging out without the cookie (another path, a lost cookie) still ends the session of the token.
    expect((await env.app.inject({ method: "DELETE", url: "/auth/logout", headers })).statusCode).toBe(200);
    for (const h of [headers, oldHeaders])
      expect((await env.app.inject({ url: "/auth/me", headers: h })).statusCode).toBe(401);
    const refreshAgain = await env.app.inject({
      method: "POST",
      url: "/auth/refresh_token",
      cookies: { jrt: cookieOf(refreshed.headers["set-cookie"])! },
    });
    expect(refreshAgain.statusCode).toBe(401);
  });
});

describe("rate limits", () => {
  let limited: TestEnv;
  beforeAll(async () => {
    limited = await createTestEnv({ config: { LOGIN_RATE_LIMIT: "3", LOGIN_IP_RATE_LIMIT: "3" } });
  });
  afterAll(async () => limited.close());
  const attempt = (email: string, remoteAddress: string) =>
    limited.app.inject({ method: "POST", url: "/auth/login", payload: { email, password: "bad" }, remoteAddress });

  it("limits login attempts per email, whatever the IP", async () => {
    const company = await newCompany(limited.db);
    const user = await newUser(limited.db, company.id);
    const statuses = [];
    for (let i = 1; i <= 4; i++) statuses.push((await attempt(user.email, `10.0.0.${i}`)).statusCode);
    expect(statuses).toEqual([401, 401, 401, 429]);
    expect((await attempt(user.email, "10.0.0.9")).json().error).toBe("ERR_TOO_MANY_REQUESTS");
  });

  it("limits login attempts per IP, whatever the email", async () => {
    const statuses = [];
    for (let i = 1; i <= 4; i++) statuses.push((await attempt(`someone${i}@test.dev`, "10.0.1.1")).statusCode);
    expect(statuses).toEqual([401, 401, 401, 429]);
  });
});

describe("refresh has its own limit", () => {
  let strict: TestEnv;
  beforeAll(async () => {
    strict = await createTestEnv({ config: { LOGIN_RATE_LIMIT: "10", LOGIN_IP_RATE_LIMIT: "10" } });
  });
  afterAll(async () => strict.close());
  const loginFrom = (remoteAddress: string, email: string, password: string) =>
    strict.app.inject({ method: "POST", url: "/auth/login", payload: { email, password }, remoteAddress });

  it("answers 200 to 30 page loads in a row of one account (each one refreshes)", async () => {
    const company = await newCompany(strict.db);
    const user = await newUser(strict.db, company.id);
    const first = await loginFrom("10.1.0.1", user.email, PASSWORD);
    let cookie = cookieOf(first.headers["set-cookie"])!;
    const statuses = [];
    for (let i = 0; i < 30; i++) {
      const response = await strict.app.inject({
        method: "POST",
        url: "/auth/refresh_token",
        cookies: { jrt: cookie },
        remoteAddress: "10.1.0.1",
      });
      statuses.push(response.statusCode);
      cookie = cookieOf(response.headers["set-cookie"]) ?? cookie;
    }
    expect(statuses).toEqual(Array(30).fill(200));
  });

  it("still answers 429 to the 11th failed login of an account", async () => {
    const company = await newCompany(strict.db);
    const user = await newUser(strict.db, company.id);
    const statuses = [];
    for (let i = 1; i <= 11; i++) statuses.push((await loginFrom(`10.1.1.${i}`, user.email, "wrong")).statusCode);
    expect(statuses).toEqual([...Array(10).fill(401), 429]);
  });

  it("does not count successful logins against the account or its address", async () => {
    const company = await newCompany(strict.db);
    const user = await newUser(strict.db, company.id);
    const statuses = [];
    for (let i = 0; i < 12; i++) statuses.push((await loginFrom("10.1.2.1", user.email, PASSWORD)).statusCode);
    statuses.push((await loginFrom("10.1.2.1", user.email, "wrong")).statusCode);
    expect(statuses).toEqual([...Array(12).fill(200), 401]);
  });
});
