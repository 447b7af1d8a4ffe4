import { randomBytes } from "node:crypto";
import { companyEvent, PAGE_SIZE } from "@atendo/shared";
import { eq, sql } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import {
  linkUserQueue,
  login,
  newCompany,
  newPlan,
  newQueue,
  newSuper,
  newTenant,
  newUser,
  newWhatsapp,
  PASSWORD,
} from "../../../test/factories.js";
import { createTestEnv, type TestEnv } from "../../../test/harness.js";
import { users } from "../../db/schema/index.js";

let env: TestEnv;
beforeAll(async () => {
  env = await createTestEnv();
});
afterAll(async () => env.close());
afterEach(() => vi.restoreAllMocks());

const unique = () => randomBytes(3).toString("hex");
const newUserBody = (values: Record<string, unknown> = {}) => ({
  name: `New ${unique()}`,
  email: `new-${unique()}@test.dev`,
  password: "secret1",
  ...values,
});
const refreshCookie = async (email: string, password = PASSWORD) => {
  const response = await env.app.inject({ method: "POST", url: "/auth/login", payload: { email, password } });
  const header = String(response.headers["set-cookie"]);
  return /jrt=([^;]+)/.exec(header)?.[1] ?? "";
};

describe("GET /users/", () => {
  it("answers the company's users by name, with queues, online, count and hasMore", async () => {
    const { company, admin, agent, adminHeaders } = await newTenant(env);
    const queue = await newQueue(env.db, company.id, { name: "Sales", color: "#112233" });
    await linkUserQueue(env.db, company.id, agent.id, queue.id);
    await newTenant(env); // another company's users never show up
    // Presence as a connected socket leaves it (modules/presence); updatedAt stays the last real edit.
    await env.db.execute(sql`update users set online = true, last_seen_at = now() where id = ${agent.id}`);

    const response = await env.app.inject({ url: "/users/", headers: adminHeaders });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.count).toBe(2);
    expect(body.hasMore).toBe(false);
    expect(body.users.map((u: { id: number }) => u.id)).toEqual(
      [admin, agent].sort((a, b) => a.name.localeCompare(b.name)).map((u) => u.id),
    );
    const answeredAgent = body.users.find((u: { id: number }) => u.id === agent.id);
    expect(answeredAgent).toEqual({
      id: agent.id,
      name: agent.name,
      email: agent.email,
      profile: "user",
      super: false,
      companyId: company.id,
      allTicket: "desabled",
      whatsappId: null,
      language: null,
      online: true,
      queues: [{ id: queue.id, name: "Sales", color: "#112233" }],
      createdAt: agent.createdAt.toISOString(),
      updatedAt: agent.updatedAt.toISOString(),
    });
    expect(answeredAgent).not.toHaveProperty("passwordHash");
    expect(body.users.find((u: { id: number }) => u.id === admin.id).online).toBe(false);
  });

  it("searches name and email case-insensitively", async () => {
    const { company, adminHeaders } = await newTenant(env);
    const maria = await newUser(env.db, company.id, { name: "Maria Souza" });
    const joao = await newUser(env.db, company.id, { name: "João", email: `joao.SOUZA-${unique()}@test.dev` });
    await newUser(env.db, company.id, { name: "Pedro" });

    const bySouza = await env.app.inject({ url: "/users/?searchParam=souza", headers: adminHeaders });
    expect(bySouza.json().users.map((u: { id: number }) => u.id)).toEqual([joao.id, maria.id]);
    expect(bySouza.json().count).toBe(2);
    const byName = await env.app.inject({ url: "/users?searchParam=MARIA", headers: adminHeaders });
    expect(byName.json().users.map((u: { id: number }) => u.id)).toEqual([maria.id]);
    const wildcard = await env.app.inject({ url: "/users/?searchParam=%25", headers: adminHeaders });
    expect(wildcard.json().users).toEqual([]);
  });

  it("pages by PAGE_SIZE with hasMore", async () => {
    const { company, adminHeaders } = await newTenant(env);
    for (let i = 0; i < PAGE_SIZE; i++)
      await newUser(env.db, company.id, { name: `Paged ${String(i).padStart(2, "0")}` });
    const total = PAGE_SIZE + 2;
    const first = await env.app.inject({ url: "/users/?pageNumber=1", headers: adminHeaders });
    expect(first.json()).toMatchObject({ count: total, hasMore: true });
    expect(first.json().users).toHaveLength(PAGE_SIZE);
    const second = await env.app.inject({ url: "/users/?pageNumber=2", headers: adminHeaders });
    expect(second.json()).toMatchObject({ count: total, hasMore: false });
    expect(second.json().users).toHaveLength(2);
    const ids = [...first.json().users, ...second.json().users].map((u: { id: number }) => u.id);
    expect(new Set(ids).size).toBe(total);
  });

  it("is for admins: an attendant gets 403, a bad pageNumber 400", async () => {
    const { adminHeaders, agentHeaders } = await newTenant(env);
    const denied = await env.app.inject({ url: "/users/", headers: agentHeaders });
    expect(denied.statusCode).toBe(403);
    expect(denied.json()).toEqual({ error: "ERR_NO_PERMISSION" });
    const bad = await env.app.inject({ url: "/users/?pageNumber=0", headers: adminHeaders });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toBe("ERR_VALIDATION");
    expect(bad.json().fields[0].path).toBe("querystring.pageNumber");
    expect((await env.app.inject({ url: "/users/" })).statusCode).toBe(401);
  });
});

describe("GET /users/list", () => {
  it("answers the company's users to any logged-in user and ignores companyId unless super", async () => {
    const { company, admin, agent, agentHeaders } = await newTenant(env);
    const other = await newTenant(env);
    const response = await env.app.inject({ url: `/users/list?companyId=${other.company.id}`, headers: agentHeaders });
    expect(response.statusCode).toBe(200);
    expect(
      response
        .json()
        .map((u: { id: number }) => u.id)
        .sort(),
    ).toEqual([admin.id, agent.id].sort());
    expect(response.json()[0]).toMatchObject({ companyId: company.id, queues: [], online: false });

    const platform = await newSuper(env);
    const asSuper = await env.app.inject({ url: `/users/list?companyId=${company.id}`, headers: platform.headers });
    expect(
      asSuper
        .json()
        .map((u: { id: number }) => u.id)
        .sort(),
    ).toEqual([admin.id, agent.id].sort());
    const own = await env.app.inject({ url: "/users/list", headers: platform.headers });
    expect(own.json().map((u: { id: number }) => u.id)).toEqual([platform.user.id]);
  });
});

describe("GET /users/:id", () => {
  it("answers any user to an admin, and only themself to an attendant", async () => {
    const { admin, agent, adminHeaders, agentHeaders } = await newTenant(env);
    const asAdmin = await env.app.inject({ url: `/users/${agent.id}`, headers: adminHeaders });
    expect(asAdmin.statusCode).toBe(200);
    expect(asAdmin.json()).toMatchObject({ id: agent.id, email: agent.email, profile: "user", queues: [] });
    const self = await env.app.inject({ url: `/users/${agent.id}`, headers: agentHeaders });
    expect(self.statusCode).toBe(200);
    const other = await env.app.inject({ url: `/users/${admin.id}`, headers: agentHeaders });
    expect(other.statusCode).toBe(403);
    expect(other.json()).toEqual({ error: "ERR_NO_PERMISSION" });
  });

  it("answers ERR_NO_USER_FOUND for an unknown id and 400 for a malformed one", async () => {
    const { adminHeaders } = await newTenant(env);
    const missing = await env.app.inject({ url: "/users/99999999", headers: adminHeaders });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ error: "ERR_NO_USER_FOUND" });
    const malformed = await env.app.inject({ url: "/users/abc", headers: adminHeaders });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().fields[0].path).toBe("params.id");
  });
});

describe("POST /users", () => {
  it("creates a user with queue links, who can log in, and emits company-{id}-user create", async () => {
    const { company, adminHeaders } = await newTenant(env);
    const q1 = await newQueue(env.db, company.id, { name: "A queue", orderQueue: 1 });
    const q2 = await newQueue(env.db, company.id, { name: "B queue", orderQueue: 2 });
    const whatsapp = await newWhatsapp(env.db, company.id);
    const emit = vi.spyOn(env.ctx.realtime, "toCompany");
    const payload = newUserBody({
      email: `MiXeD-${unique()}@Test.dev`,
      profile: "admin",
      allTicket: "enabled",
      whatsappId: whatsapp.id,
      queueIds: [q2.id, q1.id, q1.id],
      companyId: 999999, // ignored for a non-super admin
    });
    const response = await env.app.inject({ method: "POST", url: "/users", headers: adminHeaders, payload });
    expect(response.statusCode).toBe(200);
    const user = response.json();
    expect(user).toMatchObject({
      name: payload.name,
      email: String(payload.email).toLowerCase(),
      profile: "admin",
      super: false,
      companyId: company.id,
      allTicket: "enabled",
      whatsappId: whatsapp.id,
      online: false,
      queues: [
        { id: q1.id, name: "A queue", color: q1.color },
        { id: q2.id, name: "B queue", color: q2.color },
      ],
    });
    expect(user.createdAt).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    expect(emit).toHaveBeenCalledWith(company.id, companyEvent.user(company.id), { action: "create", user });
    await expect(login(env, user.email, "secret1")).resolves.toBeTruthy();
  });

  it("defaults to profile user with no queues", async () => {
    const { adminHeaders } = await newTenant(env);
    const response = await env.app.inject({
      method: "POST",
      url: "/users",
      headers: adminHeaders,
      payload: newUserBody(),
    });
    expect(response.json()).toMatchObject({ profile: "user", allTicket: "desabled", whatsappId: null, queues: [] });
  });

  it("lets a super admin create a user in another company", async () => {
    const platform = await newSuper(env);
    const company = await newCompany(env.db);
    const emit = vi.spyOn(env.ctx.realtime, "toCompany");
    const response = await env.app.inject({
      method: "POST",
      url: "/users",
      headers: platform.headers,
      payload: newUserBody({ companyId: company.id, profile: "admin" }),
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ companyId: company.id, profile: "admin" });
    expect(emit).toHaveBeenCalledWith(company.id, companyEvent.user(company.id), expect.anything());
    const missing = await env.app.inject({
      method: "POST",
      url: "/users",
      headers: platform.headers,
      payload: newUserBody({ companyId: 99999999 }),
    });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ error: "ERR_NO_COMPANY_FOUND" });
  });

  it("refuses an email already used in any company with ERR_EMAIL_ALREADY_EXISTS", async () => {
    const { adminHeaders } = await newTenant(env);
    const other = await newTenant(env);
    const response = await env.app.inject({
      method: "POST",
      url: "/users",
      headers: adminHeaders,
      payload: newUserBody({ email: other.agent.email.toUpperCase() }),
    });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ error: "ERR_EMAIL_ALREADY_EXISTS" });
  });

  it("two companies creating the same email at once: one 200, one 409, never 500", async () => {
    const [a, b] = [await newTenant(env), await newTenant(env)];
    const email = `race-${unique()}@test.dev`;
    const responses = await Promise.all(
      [a, b].map((t) =>
        env.app.inject({ method: "POST", url: "/users", headers: t.adminHeaders, payload: newUserBody({ email }) }),
      ),
    );
    expect(responses.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect(responses.find((r) => r.statusCode === 409)!.json()).toEqual({ error: "ERR_EMAIL_ALREADY_EXISTS" });
  });

  it("refuses another company's queue with ERR_NO_QUEUE_FOUND and connection with ERR_NO_WAPP_FOUND", async () => {
    const { company, adminHeaders } = await newTenant(env);
    const other = await newTenant(env);
    const own = await newQueue(env.db, company.id);
    const foreign = await newQueue(env.db, other.company.id);
    const email = `x-${unique()}@test.dev`;
    const badQueue = await env.app.inject({
      method: "POST",
      url: "/users",
      headers: adminHeaders,
      payload: newUserBody({ email, queueIds: [own.id, foreign.id] }),
    });
    expect(badQueue.statusCode).toBe(404);
    expect(badQueue.json()).toEqual({ error: "ERR_NO_QUEUE_FOUND" });
    const foreignWhatsapp = await newWhatsapp(env.db, other.company.id);
    const badWhatsapp = await env.app.inject({
      method: "POST",
      url: "/users",
      headers: adminHeaders,
      payload: newUserBody({ email, whatsappId: foreignWhatsapp.id }),
    });
    expect(badWhatsapp.statusCode).toBe(404);
    expect(badWhatsapp.json()).toEqual({ error: "ERR_NO_WAPP_FOUND" });
    // Nothing was written by the refused attempts.
    expect(await env.db.select().from(users).where(eq(users.email, email))).toEqual([]);
  });

  it("refuses a user past the plan's limit with ERR_PLAN_USERS_LIMIT; 0 means unlimited", async () => {
    const limited = await newPlan(env.db, { users: 3 });
    const { adminHeaders } = await newTenant(env, { planId: limited.id });
    const third = await env.app.inject({
      method: "POST",
      url: "/users",
      headers: adminHeaders,
      payload: newUserBody(),
    });
    expect(third.statusCode).toBe(200);
    const fourth = await env.app.inject({
      method: "POST",
      url: "/users",
      headers: adminHeaders,
      payload: newUserBody(),
    });
    expect(fourth.statusCode).toBe(403);
    expect(fourth.json()).toEqual({ error: "ERR_PLAN_USERS_LIMIT" });

    const unlimited = await newPlan(env.db, { users: 0 });
    const free = await newTenant(env, { planId: unlimited.id });
    const ok = await env.app.inject({
      method: "POST",
      url: "/users",
      headers: free.adminHeaders,
      payload: newUserBody(),
    });
    expect(ok.statusCode).toBe(200);
  });

  it("answers 400 ERR_VALIDATION with the failing fields", async () => {
    const { adminHeaders } = await newTenant(env);
    const response = await env.app.inject({
      method: "POST",
      url: "/users",
      headers: adminHeaders,
      payload: { name: "A", email: "not-an-email", password: "123", profile: "owner" },
    });
    expect(response.statusCode).toBe(400);
    const body = response.json();
    expect(body.error).toBe("ERR_VALIDATION");
    expect(body.fields.map((f: { path: string }) => f.path).sort()).toEqual(
      ["body.email", "body.name", "body.password", "body.profile"].sort(),
    );
  });

  it("is for admins: an attendant gets 403", async () => {
    const { agentHeaders } = await newTenant(env);
    const response = await env.app.inject({
      method: "POST",
      url: "/users",
      headers: agentHeaders,
      payload: newUserBody(),
    });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ error: "ERR_NO_PERMISSION" });
  });
});

describe("PUT /users/:id", () => {
  it("lets an admin change everything, replaces queues, and emits update", async () => {
    const { company, agent, adminHeaders } = await newTenant(env);
    const q1 = await newQueue(env.db, company.id);
    const q2 = await newQueue(env.db, company.id);
    await linkUserQueue(env.db, company.id, agent.id, q1.id);
    const whatsapp = await newWhatsapp(env.db, company.id);
    const emit = vi.spyOn(env.ctx.realtime, "toCompany");
    const response = await env.app.inject({
      method: "PUT",
      url: `/users/${agent.id}`,
      headers: adminHeaders,
      payload: {
        name: "Renamed",
        profile: "admin",
        allTicket: "enabled",
        whatsappId: whatsapp.id,
        queueIds: [q2.id],
        password: "",
      },
    });
    expect(response.statusCode).toBe(200);
    const user = response.json();
    expect(user).toMatchObject({
      id: agent.id,
      name: "Renamed",
      email: agent.email,
      profile: "admin",
      allTicket: "enabled",
      whatsappId: whatsapp.id,
      queues: [{ id: q2.id, name: q2.name, color: q2.color }],
    });
    expect(emit).toHaveBeenCalledWith(company.id, companyEvent.user(company.id), { action: "update", user });
    // An empty password leaves it unchanged.
    await expect(login(env, agent.email)).resolves.toBeTruthy();

    const cleared = await env.app.inject({
      method: "PUT",
      url: `/users/${agent.id}`,
      headers: adminHeaders,
      payload: { whatsappId: "", queueIds: [] },
    });
    expect(cleared.json()).toMatchObject({ whatsappId: null, queues: [] });
  });

  it("lets a non-admin edit themself but ignores profile, queues, connection and allTicket", async () => {
    const { company, agent, agentHeaders } = await newTenant(env);
    const queue = await newQueue(env.db, company.id);
    const whatsapp = await newWhatsapp(env.db, company.id);
    const response = await env.app.inject({
      method: "PUT",
      url: `/users/${agent.id}`,
      headers: agentHeaders,
      payload: {
        name: "Self Edit",
        profile: "admin",
        allTicket: "enabled",
        whatsappId: whatsapp.id,
        queueIds: [queue.id],
      },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      name: "Self Edit",
      profile: "user",
      allTicket: "desabled",
      whatsappId: null,
      queues: [],
    });
    const [row] = await env.db.select().from(users).where(eq(users.id, agent.id));
    expect(row!.profile).toBe("user");
    // Still an attendant: the admin list stays closed.
    expect((await env.app.inject({ url: "/users/", headers: agentHeaders })).statusCode).toBe(403);
  });

  it("refuses a non-admin editing someone else", async () => {
    const { admin, agentHeaders } = await newTenant(env);
    const response = await env.app.inject({
      method: "PUT",
      url: `/users/${admin.id}`,
      headers: agentHeaders,
      payload: { name: "Hijack" },
    });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ error: "ERR_NO_PERMISSION" });
  });

  it("a password change revokes the user's refresh tokens", async () => {
    const { agent, adminHeaders } = await newTenant(env);
    const cookie = await refreshCookie(agent.email);
    const before = await env.app.inject({ method: "POST", url: "/auth/refresh_token", cookies: { jrt: cookie } });
    expect(before.statusCode).toBe(200);
    const fresh = /jrt=([^;]+)/.exec(String(before.headers["set-cookie"]))![1]!;

    const response = await env.app.inject({
      method: "PUT",
      url: `/users/${agent.id}`,
      headers: adminHeaders,
      payload: { password: "brand-new-pass" },
    });
    expect(response.statusCode).toBe(200);
    const after = await env.app.inject({ method: "POST", url: "/auth/refresh_token", cookies: { jrt: fresh } });
    expect(after.statusCode).toBe(401);
    await expect(login(env, agent.email)).rejects.toThrow();
    await expect(login(env, agent.email, "brand-new-pass")).resolves.toBeTruthy();
  });

  it("a user changing their own password keeps the session they did it from and ends the others", async () => {
    const { agent } = await newTenant(env);
    const current = await login(env, agent.email);
    const other = await login(env, agent.email);
    const response = await env.app.inject({
      method: "PUT",
      url: `/users/${agent.id}`,
      headers: current,
      payload: { password: "my-new-secret" },
    });
    expect(response.statusCode).toBe(200);
    expect((await env.app.inject({ url: "/auth/me", headers: current })).statusCode).toBe(200);
    expect((await env.app.inject({ url: "/auth/me", headers: other })).statusCode).toBe(401);
  });

  it("refuses a taken email and answers 400 for bad input", async () => {
    const { agent, adminHeaders } = await newTenant(env);
    const other = await newTenant(env);
    const taken = await env.app.inject({
      method: "PUT",
      url: `/users/${agent.id}`,
      headers: adminHeaders,
      payload: { email: other.admin.email },
    });
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toEqual({ error: "ERR_EMAIL_ALREADY_EXISTS" });
    const same = await env.app.inject({
      method: "PUT",
      url: `/users/${agent.id}`,
      headers: adminHeaders,
      payload: { email: agent.email },
    });
    expect(same.statusCode).toBe(200);
    const bad = await env.app.inject({
      method: "PUT",
      url: `/users/${agent.id}`,
      headers: adminHeaders,
      payload: { name: "x".repeat(51), password: "1234" },
    });
    expect(bad.statusCode).toBe(400);
    expect(
      bad
        .json()
        .fields.map((f: { path: string }) => f.path)
        .sort(),
    ).toEqual(["body.name", "body.password"]);
  });

  it("refuses another company's queue", async () => {
    const { agent, adminHeaders } = await newTenant(env);
    const other = await newTenant(env);
    const foreign = await newQueue(env.db, other.company.id);
    const response = await env.app.inject({
      method: "PUT",
      url: `/users/${agent.id}`,
      headers: adminHeaders,
      payload: { queueIds: [foreign.id] },
    });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ error: "ERR_NO_QUEUE_FOUND" });
  });
});

describe("DELETE /users/:id", () => {
  it("deletes a user and emits delete", async () => {
    const { company, agent, adminHeaders } = await newTenant(env);
    const emit = vi.spyOn(env.ctx.realtime, "toCompany");
    const response = await env.app.inject({ method: "DELETE", url: `/users/${agent.id}`, headers: adminHeaders });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: expect.any(String) });
    expect(emit).toHaveBeenCalledWith(company.id, companyEvent.user(company.id), {
      action: "delete",
      userId: agent.id,
    });
    const gone = await env.app.inject({ url: `/users/${agent.id}`, headers: adminHeaders });
    expect(gone.statusCode).toBe(404);
  });

  it("ends the deleted user's access tokens at once", async () => {
    const { agent, agentHeaders, adminHeaders } = await newTenant(env);
    expect((await env.app.inject({ url: "/auth/me", headers: agentHeaders })).statusCode).toBe(200);
    await env.app.inject({ method: "DELETE", url: `/users/${agent.id}`, headers: adminHeaders });
    const after = await env.app.inject({ url: "/auth/me", headers: agentHeaders });
    expect(after.statusCode).toBe(401);
    expect(after.json()).toEqual({ error: "ERR_INVALID_TOKEN" });
  });

  it("refuses deleting yourself, and attendants", async () => {
    const { admin, agent, adminHeaders, agentHeaders } = await newTenant(env);
    const self = await env.app.inject({ method: "DELETE", url: `/users/${admin.id}`, headers: adminHeaders });
    expect(self.statusCode).toBe(400);
    expect(self.json()).toEqual({ error: "ERR_CANNOT_DELETE_SELF" });
    const asAgent = await env.app.inject({ method: "DELETE", url: `/users/${admin.id}`, headers: agentHeaders });
    expect(asAgent.statusCode).toBe(403);
    expect(asAgent.json()).toEqual({ error: "ERR_NO_PERMISSION" });
    const own = await env.app.inject({ method: "DELETE", url: `/users/${agent.id}`, headers: agentHeaders });
    expect(own.statusCode).toBe(403);
  });
});

describe("POST /users/set-language/:lang", () => {
  it("stores the language of the logged-in user", async () => {
    const { agent, agentHeaders } = await newTenant(env);
    const response = await env.app.inject({ method: "POST", url: "/users/set-language/es", headers: agentHeaders });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: expect.any(String) });
    const [row] = await env.db.select().from(users).where(eq(users.id, agent.id));
    expect(row!.language).toBe("es");
    const me = await env.app.inject({ url: `/users/${agent.id}`, headers: agentHeaders });
    expect(me.json().language).toBe("es");
  });

  it("answers 400 for an unknown language", async () => {
    const { agentHeaders } = await newTenant(env);
    const response = await env.app.inject({ method: "POST", url: "/users/set-language/fr", headers: agentHeaders });
    expect(response.statusCode).toBe(400);
    expect(response.json().fields[0].path).toBe("params.lang");
  });
});

describe("tenant isolation", () => {
  it("answers ERR_NO_USER_FOUND to company A's admin for company B's user on GET, PUT and DELETE", async () => {
    const a = await newTenant(env);
    const b = await newTenant(env);
    const emit = vi.spyOn(env.ctx.realtime, "toCompany");
    for (const [method, payload] of [
      ["GET", undefined],
      ["PUT", { name: "Taken over", profile: "admin", password: "hijacked" }],
      ["DELETE", undefined],
    ] as const) {
      const response = await env.app.inject({ method, url: `/users/${b.agent.id}`, headers: a.adminHeaders, payload });
      expect(response.statusCode, method).toBe(404);
      expect(response.json()).toEqual({ error: "ERR_NO_USER_FOUND" });
    }
    expect(emit).not.toHaveBeenCalled();
    const [row] = await env.db.select().from(users).where(eq(users.id, b.agent.id));
    expect(row).toMatchObject({ name: b.agent.name, profile: "user", passwordHash: b.agent.passwordHash });
  });

  it("does not let a non-super admin create a user in another company", async () => {
    const a = await newTenant(env);
    const b = await newTenant(env);
    const response = await env.app.inject({
      method: "POST",
      url: "/users",
      headers: a.adminHeaders,
      payload: newUserBody({ companyId: b.company.id }),
    });
    expect(response.json().companyId).toBe(a.company.id);
  });
});
