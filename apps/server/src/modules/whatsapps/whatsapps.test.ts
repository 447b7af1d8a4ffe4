import { randomBytes } from "node:crypto";
import { CONNECTION_DEFAULTS, companyEvent, WhatsappBody } from "@atendo/shared";
import { eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import {
  newIntegration,
  newPlan,
  newPrompt,
  newQueue,
  newSuper,
  newTenant,
  newWhatsapp,
} from "../../../test/factories.js";
import { createTestEnv, type TestEnv } from "../../../test/harness.js";
import { whatsappQueues, whatsapps } from "../../db/schema/index.js";
import { createWhatsapp } from "./whatsapps.service.js";

let env: TestEnv;
beforeAll(async () => {
  env = await createTestEnv();
});
afterAll(async () => env.close());
afterEach(() => vi.restoreAllMocks());

type Headers = Record<string, string>;
const unique = () => randomBytes(3).toString("hex");
const body = (values: Record<string, unknown> = {}) => ({ name: `Connection ${unique()}`, ...values });

async function post(headers: Headers, payload: Record<string, unknown>) {
  return env.app.inject({ method: "POST", url: "/whatsapp", headers, payload });
}
async function create(headers: Headers, payload: Record<string, unknown> = body()) {
  const response = await post(headers, payload);
  if (response.statusCode !== 200) throw new Error(`create failed: ${response.body}`);
  return response.json();
}
async function put(headers: Headers, id: number, payload: Record<string, unknown>) {
  return env.app.inject({ method: "PUT", url: `/whatsapp/${id}`, headers, payload });
}
async function defaults(companyId: number) {
  const rows = await env.db.select().from(whatsapps).where(eq(whatsapps.companyId, companyId));
  return rows.filter((row) => row.isDefault).map((row) => row.id);
}
const expectError = (response: { statusCode: number; json(): unknown }, status: number, error: string) => {
  expect(response.statusCode).toBe(status);
  expect(response.json()).toMatchObject({ error });
};

describe("POST /whatsapp", () => {
  it("creates a DISCONNECTED connection with the spec defaults, a generated token, as the first default", async () => {
    const { company, adminHeaders } = await newTenant(env);
    const emit = vi.spyOn(env.ctx.realtime, "toCompany");
    const response = await post(adminHeaders, { name: " Sales line " });
    expect(response.statusCode).toBe(200);
    const whatsapp = response.json();
    expect(whatsapp).toEqual({
      id: expect.any(Number),
      name: "Sales line",
      status: "DISCONNECTED",
      isDefault: true,
      greetingMessage: "",
      complationMessage: "",
      outOfHoursMessage: "",
      ratingMessage: "",
      expiresInactiveMessage: "",
      token: expect.stringMatching(/^[\w-]{40,}$/),
      provider: CONNECTION_DEFAULTS.provider,
      expiresTicket: CONNECTION_DEFAULTS.expiresTicket,
      timeUseBotQueues: CONNECTION_DEFAULTS.timeUseBotQueues,
      maxUseBotQueues: CONNECTION_DEFAULTS.maxUseBotQueues,
      timeToTransfer: null,
      transferQueueId: null,
      promptId: null,
      integrationId: null,
      qrcode: "",
      retries: 0,
      number: null,
      queues: [],
      createdAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
      updatedAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
    });
    expect(emit).toHaveBeenCalledWith(company.id, companyEvent.whatsapp(company.id), {
      action: "update",
      whatsapp: { ...whatsapp, token: "" },
    });
    const second = await create(adminHeaders);
    expect(second.isDefault).toBe(false);
    expect(second.token).not.toBe(whatsapp.token);
  });

  it("keeps every field sent, with the company's queues, transfer queue, prompt and integration", async () => {
    const { company, adminHeaders } = await newTenant(env);
    const [q1, q2] = [
      await newQueue(env.db, company.id, { name: "B" }),
      await newQueue(env.db, company.id, { name: "A" }),
    ];
    const prompt = await newPrompt(env.db, company.id);
    const integration = await newIntegration(env.db, company.id);
    const token = `my-token-${unique()}`;
    const whatsapp = await create(adminHeaders, {
      name: "Support",
      queueIds: [q1!.id, String(q2!.id), q1!.id],
      greetingMessage: "Pick a queue",
      complationMessage: "Bye",
      outOfHoursMessage: "Closed",
      ratingMessage: "Rate us",
      expiresInactiveMessage: "Expired",
      provider: "baileys",
      token,
      expiresTicket: "30",
      timeUseBotQueues: 5,
      maxUseBotQueues: 2,
      timeToTransfer: 10,
      transferQueueId: q2!.id,
      promptId: prompt.id,
      integrationId: integration.id,
    });
    expect(whatsapp).toMatchObject({
      name: "Support",
      greetingMessage: "Pick a queue",
      complationMessage: "Bye",
      outOfHoursMessage: "Closed",
      ratingMessage: "Rate us",
      expiresInactiveMessage: "Expired",
      provider: "baileys",
      token,
      expiresTicket: 30,
      timeUseBotQueues: 5,
      maxUseBotQueues: 2,
      timeToTransfer: 10,
      transferQueueId: q2!.id,
      promptId: prompt.id,
      integrationId: integration.id,
      queues: [
        { id: q2!.id, name: "A", color: q2!.color },
        { id: q1!.id, name: "B", color: q1!.color },
      ],
    });
  });

  it("answers ERR_VALIDATION with body.name duplicated for a name the company already uses", async () => {
    const { company, adminHeaders } = await newTenant(env);
    await newWhatsapp(env.db, company.id, { name: "Main" });
    const response = await post(adminHeaders, { name: "main" });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      error: "ERR_VALIDATION",
      fields: [{ path: "body.name", message: "duplicated" }],
    });
    const other = await newTenant(env);
    expect((await post(other.adminHeaders, { name: "Main" })).statusCode).toBe(200);
  });

  it("refuses a token used by any connection of the platform", async () => {
    const { company } = await newTenant(env);
    const theirs = await newWhatsapp(env.db, company.id);
    const { adminHeaders } = await newTenant(env);
    const response = await post(adminHeaders, body({ token: theirs.token }));
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      error: "ERR_VALIDATION",
      fields: [{ path: "body.token", message: "duplicated" }],
    });
  });

  it("answers ERR_VALIDATION for a bad name, provider, numbers or token", async () => {
    const { adminHeaders } = await newTenant(env);
    const cases: [Record<string, unknown>, string][] = [
      [{}, "body.name"],
      [{ name: "A" }, "body.name"],
      [{ name: "x".repeat(51) }, "body.name"],
      [body({ provider: "whatever" }), "body.provider"],
      [body({ maxUseBotQueues: -1 }), "body.maxUseBotQueues"],
      [body({ token: "has space" }), "body.token"],
      [body({ queueIds: ["x"] }), "body.queueIds.0"],
    ];
    for (const [payload, path] of cases) {
      const response = await post(adminHeaders, payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json().fields.map((f: { path: string }) => f.path)).toContain(path);
    }
  });

  it("accepts the simulator provider only when the simulator is enabled", async () => {
    const { company, admin, adminHeaders } = await newTenant(env);
    const simulated = await create(adminHeaders, body({ provider: "simulator" }));
    expect(simulated.provider).toBe("simulator");
    const deps = { ...env.ctx, config: { ...env.ctx.config, simulator: false } };
    const actor = { userId: admin.id, companyId: company.id, profile: "admin" as const, super: false };
    const error = await createWhatsapp(deps, actor, WhatsappBody.parse(body({ provider: "simulator" }))).catch(
      (e: unknown) => e,
    );
    expect(error).toMatchObject({
      code: "ERR_VALIDATION",
      details: { fields: [{ path: "body.provider", message: "unavailable" }] },
    });
  });

  it("refuses another company's queues with ERR_NO_QUEUE_FOUND, and its prompt with ERR_NOT_FOUND", async () => {
    const { company, adminHeaders } = await newTenant(env);
    const mine = await newQueue(env.db, company.id);
    const other = await newTenant(env);
    const theirs = await newQueue(env.db, other.company.id);
    expectError(
      await post(adminHeaders, body({ queueIds: [mine.id, theirs.id], greetingMessage: "Hi" })),
      404,
      "ERR_NO_QUEUE_FOUND",
    );
    expectError(await post(adminHeaders, body({ transferQueueId: theirs.id })), 404, "ERR_NO_QUEUE_FOUND");
    const prompt = await newPrompt(env.db, other.company.id);
    expectError(await post(adminHeaders, body({ promptId: prompt.id })), 404, "ERR_NOT_FOUND");
    expect(await defaults(company.id)).toEqual([]);
  });

  it("requires a greeting with more than one queue: ERR_WAPP_GREETING_REQUIRED", async () => {
    const { company, adminHeaders } = await newTenant(env);
    const [q1, q2] = [await newQueue(env.db, company.id), await newQueue(env.db, company.id)];
    expectError(
      await post(adminHeaders, body({ queueIds: [q1.id, q2.id], greetingMessage: "  " })),
      400,
      "ERR_WAPP_GREETING_REQUIRED",
    );
    expect((await post(adminHeaders, body({ queueIds: [q1.id] }))).statusCode).toBe(200);
    expect((await post(adminHeaders, body({ queueIds: [q1.id, q2.id], greetingMessage: "Menu" }))).statusCode).toBe(
      200,
    );
  });

  it("makes a new default clear the previous one", async () => {
    const { company, adminHeaders } = await newTenant(env);
    const first = await create(adminHeaders);
    const emit = vi.spyOn(env.ctx.realtime, "toCompany");
    const second = await create(adminHeaders, body({ isDefault: true }));
    expect(second.isDefault).toBe(true);
    expect(await defaults(company.id)).toEqual([second.id]);
    expect(emit).toHaveBeenCalledWith(company.id, companyEvent.whatsapp(company.id), {
      action: "update",
      whatsapp: expect.objectContaining({ id: first.id, isDefault: false }),
    });
  });

  it("refuses a connection past the plan's limit with 403 ERR_NO_PERMISSION; 0 means unlimited", async () => {
    const limited = await newPlan(env.db, { connections: 1 });
    const { adminHeaders } = await newTenant(env, { planId: limited.id });
    await create(adminHeaders);
    const refused = await post(adminHeaders, body());
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ error: "ERR_PLAN_CONNECTIONS_LIMIT" });

    const unlimited = await newPlan(env.db, { connections: 0 });
    const free = await newTenant(env, { planId: unlimited.id });
    for (let i = 0; i < 3; i++) await create(free.adminHeaders);
  });

  it("keeps the plan limit and one default when creations race", async () => {
    const plan = await newPlan(env.db, { connections: 2 });
    const { company, adminHeaders } = await newTenant(env, { planId: plan.id });
    const responses = await Promise.all(Array.from({ length: 4 }, () => post(adminHeaders, body())));
    expect(responses.map((r) => r.statusCode).sort()).toEqual([200, 200, 403, 403]);
    expect(await defaults(company.id)).toHaveLength(1);
  });

  it("is for admins: an attendant gets 403", async () => {
    const { agentHeaders } = await newTenant(env);
    expectError(await post(agentHeaders, body()), 403, "ERR_NO_PERMISSION");
  });
});

describe("GET /whatsapp", () => {
  it("lists the company's connections oldest first, hiding the token from attendants", async () => {
    const { company, adminHeaders, agentHeaders } = await newTenant(env);
    const queue = await newQueue(env.db, company.id);
    const first = await create(adminHeaders, body({ queueIds: [queue.id] }));
    const second = await create(adminHeaders);
    const other = await newTenant(env);
    await create(other.adminHeaders);

    const admin = await env.app.inject({
      url: `/whatsapp?session=0&companyId=${other.company.id}`,
      headers: adminHeaders,
    });
    expect(admin.statusCode).toBe(200);
    expect(admin.json()).toEqual([first, second]);
    const agent = await env.app.inject({ url: "/whatsapp", headers: agentHeaders });
    expect(agent.json()).toEqual([
      { ...first, token: "" },
      { ...second, token: "" },
    ]);
    expect((await env.app.inject({ url: "/whatsapp" })).statusCode).toBe(401);
  });

  it("lets a super admin list another company's connections", async () => {
    const { adminHeaders, company } = await newTenant(env);
    const whatsapp = await create(adminHeaders);
    const platform = await newSuper(env);
    const response = await env.app.inject({ url: `/whatsapp?companyId=${company.id}`, headers: platform.headers });
    expect(response.json().map((w: { id: number }) => w.id)).toEqual([whatsapp.id]);
  });
});

describe("GET /whatsapp/:id", () => {
  it("answers one connection with its qrcode, or ERR_NO_WAPP_FOUND", async () => {
    const { company, agentHeaders } = await newTenant(env);
    const row = await newWhatsapp(env.db, company.id, { qrcode: "2@abc", status: "qrcode", retries: 2 });
    const response = await env.app.inject({ url: `/whatsapp/${row.id}?session=0`, headers: agentHeaders });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ id: row.id, qrcode: "2@abc", status: "qrcode", retries: 2, token: "" });
    expectError(await env.app.inject({ url: "/whatsapp/99999999", headers: agentHeaders }), 404, "ERR_NO_WAPP_FOUND");
  });
});

describe("PUT /whatsapp/:id", () => {
  it("changes only the fields sent, replaces the queues, and emits update", async () => {
    const { company, adminHeaders } = await newTenant(env);
    const [q1, q2] = [await newQueue(env.db, company.id), await newQueue(env.db, company.id)];
    const whatsapp = await create(adminHeaders, body({ greetingMessage: "Hello", queueIds: [q1.id] }));
    const emit = vi.spyOn(env.ctx.realtime, "toCompany");
    const response = await put(adminHeaders, whatsapp.id, { name: "Renamed", queueIds: [q2.id], maxUseBotQueues: 7 });
    expect(response.statusCode).toBe(200);
    const updated = response.json();
    expect(updated).toMatchObject({
      id: whatsapp.id,
      name: "Renamed",
      greetingMessage: "Hello",
      token: whatsapp.token,
      maxUseBotQueues: 7,
      isDefault: true,
      queues: [{ id: q2.id, name: q2.name, color: q2.color }],
    });
    expect(emit).toHaveBeenCalledWith(company.id, companyEvent.whatsapp(company.id), {
      action: "update",
      whatsapp: { ...updated, token: "" },
    });
    const links = await env.db.select().from(whatsappQueues).where(eq(whatsappQueues.whatsappId, whatsapp.id));
    expect(links.map((l) => l.queueId)).toEqual([q2.id]);
    const same = await put(adminHeaders, whatsapp.id, { name: "renamed" });
    expect(same.statusCode).toBe(200);
  });

  it("regenerates an emptied token and refuses another connection's token or name", async () => {
    const { company, adminHeaders } = await newTenant(env);
    const whatsapp = await create(adminHeaders);
    const other = await newWhatsapp(env.db, company.id, { name: "Other" });
    const regenerated = await put(adminHeaders, whatsapp.id, { token: "" });
    expect(regenerated.json().token).toMatch(/^[\w-]{40,}$/);
    expect(regenerated.json().token).not.toBe(whatsapp.token);
    expect((await put(adminHeaders, whatsapp.id, { token: other.token })).json()).toEqual({
      error: "ERR_VALIDATION",
      fields: [{ path: "body.token", message: "duplicated" }],
    });
    expect((await put(adminHeaders, whatsapp.id, { name: "OTHER" })).json()).toEqual({
      error: "ERR_VALIDATION",
      fields: [{ path: "body.name", message: "duplicated" }],
    });
  });

  it("applies the greeting rule to the resulting queues and greeting", async () => {
    const { company, adminHeaders } = await newTenant(env);
    const [q1, q2] = [await newQueue(env.db, company.id), await newQueue(env.db, company.id)];
    const whatsapp = await create(adminHeaders, body({ queueIds: [q1.id] }));
    expectError(await put(adminHeaders, whatsapp.id, { queueIds: [q1.id, q2.id] }), 400, "ERR_WAPP_GREETING_REQUIRED");
    const ok = await put(adminHeaders, whatsapp.id, { queueIds: [q1.id, q2.id], greetingMessage: "Menu" });
    expect(ok.statusCode).toBe(200);
    expectError(await put(adminHeaders, whatsapp.id, { greetingMessage: "" }), 400, "ERR_WAPP_GREETING_REQUIRED");
  });

  it("moves the default: isDefault on another clears the old one; unsetting the default answers ERR_NO_OTHER_WHATSAPP", async () => {
    const { company, adminHeaders } = await newTenant(env);
    const first = await create(adminHeaders);
    const second = await create(adminHeaders);
    expectError(await put(adminHeaders, first.id, { isDefault: false }), 400, "ERR_NO_OTHER_WHATSAPP");
    expect(await defaults(company.id)).toEqual([first.id]);
    const moved = await put(adminHeaders, second.id, { isDefault: true });
    expect(moved.json().isDefault).toBe(true);
    expect(await defaults(company.id)).toEqual([second.id]);
    // A non-default connection may be sent isDefault: false as it is.
    expect((await put(adminHeaders, first.id, { isDefault: false })).statusCode).toBe(200);
    expect(await defaults(company.id)).toEqual([second.id]);
  });

  it("refuses bad input, attendants and unknown ids", async () => {
    const { adminHeaders, agentHeaders } = await newTenant(env);
    const whatsapp = await create(adminHeaders);
    const bad = await put(adminHeaders, whatsapp.id, { name: "x" });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields[0].path).toBe("body.name");
    expectError(await put(agentHeaders, whatsapp.id, { name: "Mine now" }), 403, "ERR_NO_PERMISSION");
    expectError(await put(adminHeaders, 99999999, { name: "Ghost" }), 404, "ERR_NO_WAPP_FOUND");
  });
});

describe("DELETE /whatsapp/:id", () => {
  it("deletes a connection and emits delete", async () => {
    const { company, adminHeaders, agentHeaders } = await newTenant(env);
    await create(adminHeaders);
    const second = await create(adminHeaders);
    const emit = vi.spyOn(env.ctx.realtime, "toCompany");
    expectError(
      await env.app.inject({ method: "DELETE", url: `/whatsapp/${second.id}`, headers: agentHeaders }),
      403,
      "ERR_NO_PERMISSION",
    );
    const response = await env.app.inject({ method: "DELETE", url: `/whatsapp/${second.id}`, headers: adminHeaders });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: expect.any(String) });
    expect(emit).toHaveBeenCalledTimes(1);
    expect(emit).toHaveBeenCalledWith(company.id, companyEvent.whatsapp(company.id), {
      action: "delete",
      whatsappId: second.id,
    });
    expectError(
      await env.app.inject({ method: "DELETE", url: `/whatsapp/${second.id}`, headers: adminHeaders }),
      404,
      "ERR_NO_WAPP_FOUND",
    );
  });

  it("promotes the oldest remaining connection when the default is deleted", async () => {
    const { company, adminHeaders } = await newTenant(env);
    const first = await create(adminHeaders);
    const second = await create(adminHeaders);
    const third = await create(adminHeaders);
    await put(adminHeaders, third.id, { isDefault: true });
    const emit = vi.spyOn(env.ctx.realtime, "toCompany");
    await env.app.inject({ method: "DELETE", url: `/whatsapp/${third.id}`, headers: adminHeaders });
    expect(await defaults(company.id)).toEqual([first.id]);
    expect(emit).toHaveBeenCalledWith(company.id, companyEvent.whatsapp(company.id), {
      action: "update",
      whatsapp: expect.objectContaining({ id: first.id, isDefault: true }),
    });
    await env.app.inject({ method: "DELETE", url: `/whatsapp/${first.id}`, headers: adminHeaders });
    expect(await defaults(company.id)).toEqual([second.id]);
    await env.app.inject({ method: "DELETE", url: `/whatsapp/${second.id}`, headers: adminHeaders });
    expect(await defaults(company.id)).toEqual([]);
    // With none left, the next one is the default again.
    expect((await create(adminHeaders)).isDefault).toBe(true);
  });
});

describe("tenant isolation", () => {
  it("answers ERR_NO_WAPP_FOUND to company A for company B's connection on GET, PUT and DELETE", async () => {
    const a = await newTenant(env);
    const b = await newTenant(env);
    const theirs = await create(b.adminHeaders, body({ name: "Theirs" }));
    const emit = vi.spyOn(env.ctx.realtime, "toCompany");
    for (const [method, payload] of [
      ["GET", undefined],
      ["PUT", { name: "Taken over", isDefault: true }],
      ["DELETE", undefined],
    ] as const) {
      const response = await env.app.inject({
        method,
        url: `/whatsapp/${theirs.id}`,
        headers: a.adminHeaders,
        payload,
      });
      expect(response.statusCode, method).toBe(404);
      expect(response.json()).toEqual({ error: "ERR_NO_WAPP_FOUND" });
    }
    expect(emit).not.toHaveBeenCalled();
    const [row] = await env.db.select().from(whatsapps).where(eq(whatsapps.id, theirs.id));
    expect(row).toMatchObject({ name: "Theirs", isDefault: true });
  });

  it("does not let company A link company B's queue through PUT", async () => {
    const a = await newTenant(env);
    const b = await newTenant(env);
    const mine = await create(a.adminHeaders);
    const theirQueue = await newQueue(env.db, b.company.id);
    expectError(await put(a.adminHeaders, mine.id, { queueIds: [theirQueue.id] }), 404, "ERR_NO_QUEUE_FOUND");
    expectError(await put(a.adminHeaders, mine.id, { transferQueueId: theirQueue.id }), 404, "ERR_NO_QUEUE_FOUND");
  });
});

describe("sessions follow the connection's life", () => {
  it("a new simulator connection starts pairing at once, and deleting it stops its session", async () => {
    const { adminHeaders } = await newTenant(env);
    const created = await env.app.inject({
      method: "POST",
      url: "/whatsapp",
      headers: adminHeaders,
      payload: { name: "Simulated", provider: "simulator" },
    });
    expect(created.statusCode).toBe(200);
    const id = created.json().id as number;
    await vi.waitFor(async () => {
      const current = await env.app.inject({ url: `/whatsapp/${id}`, headers: adminHeaders });
      expect(current.json()).toMatchObject({ status: "qrcode", qrcode: expect.stringMatching(/.+/) });
    });
    const stop = vi.spyOn(env.ctx.sessions!, "stop");
    const removed = await env.app.inject({ method: "DELETE", url: `/whatsapp/${id}`, headers: adminHeaders });
    expect(removed.statusCode).toBe(200);
    expect(stop).toHaveBeenCalledWith(id);
  });
});
