import { randomBytes } from "node:crypto";
import { companyEvent, DEFAULT_WEEK_SCHEDULE } from "@atendo/shared";
import { eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import {
  linkUserQueue,
  newIntegration,
  newPlan,
  newPrompt,
  newQueue,
  newSuper,
  newTenant,
} from "../../../test/factories.js";
import { createTestEnv, type TestEnv } from "../../../test/harness.js";
import { uniqueViolation } from "../../db/errors.js";
import { queues, userQueues } from "../../db/schema/index.js";
import { insertQueue } from "./queues.repository.js";

let env: TestEnv;
beforeAll(async () => {
  env = await createTestEnv();
});
afterAll(async () => env.close());
afterEach(() => vi.restoreAllMocks());

const unique = () => randomBytes(3).toString("hex");
const queueBody = (values: Record<string, unknown> = {}) => ({
  name: `Queue ${unique()}`,
  color: `#${randomBytes(3).toString("hex")}`,
  ...values,
});

describe("GET /queue", () => {
  it("answers the company's queues by orderQueue then name, to any logged-in user", async () => {
    const { company, agentHeaders } = await newTenant(env);
    const b = await newQueue(env.db, company.id, { name: "Bravo", orderQueue: 1 });
    const a = await newQueue(env.db, company.id, { name: "Alpha", orderQueue: 2 });
    const c = await newQueue(env.db, company.id, { name: "Charlie", orderQueue: 1 });
    const other = await newTenant(env);
    await newQueue(env.db, other.company.id);

    const response = await env.app.inject({ url: `/queue?companyId=${other.company.id}`, headers: agentHeaders });
    expect(response.statusCode).toBe(200);
    const list = response.json();
    expect(list.map((q: { id: number }) => q.id)).toEqual([b.id, c.id, a.id]);
    expect(list[0]).toEqual({
      id: b.id,
      name: "Bravo",
      color: b.color,
      greetingMessage: "",
      outOfHoursMessage: "",
      orderQueue: 1,
      integrationId: null,
      promptId: null,
      schedules: [],
      companyId: company.id,
      createdAt: b.createdAt.toISOString(),
      updatedAt: b.updatedAt.toISOString(),
    });
    expect((await env.app.inject({ url: "/queue" })).statusCode).toBe(401);
  });

  it("lets a super admin list another company's queues", async () => {
    const { company } = await newTenant(env);
    const queue = await newQueue(env.db, company.id);
    const platform = await newSuper(env);
    const response = await env.app.inject({ url: `/queue?companyId=${company.id}`, headers: platform.headers });
    expect(response.json().map((q: { id: number }) => q.id)).toEqual([queue.id]);
  });
});

describe("GET /queue/:id", () => {
  it("answers one queue, or ERR_NO_QUEUE_FOUND", async () => {
    const { company, agentHeaders } = await newTenant(env);
    const queue = await newQueue(env.db, company.id, { greetingMessage: "Hi" });
    const response = await env.app.inject({ url: `/queue/${queue.id}`, headers: agentHeaders });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ id: queue.id, name: queue.name, greetingMessage: "Hi" });
    const missing = await env.app.inject({ url: "/queue/99999999", headers: agentHeaders });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ error: "ERR_NO_QUEUE_FOUND" });
  });
});

describe("POST /queue", () => {
  it("creates a queue with the default week schedule and emits create", async () => {
    const { company, adminHeaders } = await newTenant(env);
    const prompt = await newPrompt(env.db, company.id);
    const integration = await newIntegration(env.db, company.id);
    const emit = vi.spyOn(env.ctx.realtime, "toCompany");
    const payload = queueBody({
      greetingMessage: "Welcome",
      outOfHoursMessage: "Closed",
      orderQueue: "3",
      promptId: prompt.id,
      integrationId: integration.id,
    });
    const response = await env.app.inject({ method: "POST", url: "/queue", headers: adminHeaders, payload });
    expect(response.statusCode).toBe(200);
    const queue = response.json();
    expect(queue).toMatchObject({
      name: payload.name,
      color: payload.color,
      greetingMessage: "Welcome",
      outOfHoursMessage: "Closed",
      orderQueue: 3,
      promptId: prompt.id,
      integrationId: integration.id,
      companyId: company.id,
      schedules: DEFAULT_WEEK_SCHEDULE,
    });
    expect(queue.createdAt).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    expect(emit).toHaveBeenCalledWith(company.id, companyEvent.queue(company.id), { action: "create", queue });
  });

  it("keeps given schedules and treats empty ids as none", async () => {
    const { adminHeaders } = await newTenant(env);
    const schedules = [{ weekday: "Segunda-feira", weekdayEn: "monday", startTime: "09:00", endTime: "17:00" }];
    const response = await env.app.inject({
      method: "POST",
      url: "/queue",
      headers: adminHeaders,
      payload: queueBody({ schedules, promptId: "", integrationId: 0, orderQueue: "" }),
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ schedules, promptId: null, integrationId: null, orderQueue: null });
  });

  it("refuses a colour already used in the company with ERR_QUEUE_COLOR_ALREADY_EXISTS, not in another", async () => {
    const { company, adminHeaders } = await newTenant(env);
    const existing = await newQueue(env.db, company.id, { color: "#abcdef" });
    const response = await env.app.inject({
      method: "POST",
      url: "/queue",
      headers: adminHeaders,
      payload: queueBody({ color: existing.color }),
    });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ error: "ERR_QUEUE_COLOR_ALREADY_EXISTS" });
    const other = await newTenant(env);
    const elsewhere = await env.app.inject({
      method: "POST",
      url: "/queue",
      headers: other.adminHeaders,
      payload: queueBody({ color: existing.color, name: existing.name }),
    });
    expect(elsewhere.statusCode).toBe(200);
  });

  it("refuses a name already used in the company with ERR_QUEUE_NAME_ALREADY_EXISTS", async () => {
    const { company, adminHeaders } = await newTenant(env);
    const existing = await newQueue(env.db, company.id);
    const response = await env.app.inject({
      method: "POST",
      url: "/queue",
      headers: adminHeaders,
      payload: queueBody({ name: ` ${existing.name} ` }),
    });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ error: "ERR_QUEUE_NAME_ALREADY_EXISTS" });
  });

  it("refuses another company's prompt or integration with ERR_NOT_FOUND", async () => {
    const { adminHeaders } = await newTenant(env);
    const other = await newTenant(env);
    for (const payload of [
      queueBody({ promptId: (await newPrompt(env.db, other.company.id)).id }),
      queueBody({ integrationId: (await newIntegration(env.db, other.company.id)).id }),
      queueBody({ promptId: 99999999 }),
    ]) {
      const response = await env.app.inject({ method: "POST", url: "/queue", headers: adminHeaders, payload });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ error: "ERR_NOT_FOUND" });
    }
  });

  it("refuses a queue past the plan's limit with ERR_PLAN_QUEUES_LIMIT; 0 means unlimited", async () => {
    const limited = await newPlan(env.db, { queues: 1 });
    const { adminHeaders } = await newTenant(env, { planId: limited.id });
    const first = await env.app.inject({ method: "POST", url: "/queue", headers: adminHeaders, payload: queueBody() });
    expect(first.statusCode).toBe(200);
    const second = await env.app.inject({ method: "POST", url: "/queue", headers: adminHeaders, payload: queueBody() });
    expect(second.statusCode).toBe(403);
    expect(second.json()).toEqual({ error: "ERR_PLAN_QUEUES_LIMIT" });

    const unlimited = await newPlan(env.db, { queues: 0 });
    const free = await newTenant(env, { planId: unlimited.id });
    for (let i = 0; i < 3; i++) {
      const ok = await env.app.inject({
        method: "POST",
        url: "/queue",
        headers: free.adminHeaders,
        payload: queueBody(),
      });
      expect(ok.statusCode).toBe(200);
    }
  });

  it("answers 400 ERR_VALIDATION with the failing fields", async () => {
    const { adminHeaders } = await newTenant(env);
    const response = await env.app.inject({
      method: "POST",
      url: "/queue",
      headers: adminHeaders,
      payload: { name: "A", color: "#1", schedules: [{ weekday: "x", weekdayEn: "y", startTime: "9h", endTime: "" }] },
    });
    expect(response.statusCode).toBe(400);
    const body = response.json();
    expect(body.error).toBe("ERR_VALIDATION");
    const paths = body.fields.map((f: { path: string }) => f.path);
    expect(paths).toEqual(expect.arrayContaining(["body.name", "body.color", "body.schedules.0.startTime"]));
    const long = await env.app.inject({
      method: "POST",
      url: "/queue",
      headers: adminHeaders,
      payload: { name: "x".repeat(51), color: "#1234567890" },
    });
    expect(long.json().fields.map((f: { path: string }) => f.path)).toEqual(["body.name", "body.color"]);
    const missing = await env.app.inject({ method: "POST", url: "/queue", headers: adminHeaders, payload: {} });
    expect(missing.statusCode).toBe(400);
  });

  it("is for admins: an attendant gets 403", async () => {
    const { agentHeaders } = await newTenant(env);
    const response = await env.app.inject({
      method: "POST",
      url: "/queue",
      headers: agentHeaders,
      payload: queueBody(),
    });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ error: "ERR_NO_PERMISSION" });
  });
});

describe("PUT /queue/:id", () => {
  it("changes only the fields sent and emits update", async () => {
    const { company, adminHeaders } = await newTenant(env);
    const queue = await newQueue(env.db, company.id, {
      greetingMessage: "Hello",
      orderQueue: 2,
      schedules: [...DEFAULT_WEEK_SCHEDULE],
    });
    const emit = vi.spyOn(env.ctx.realtime, "toCompany");
    const response = await env.app.inject({
      method: "PUT",
      url: `/queue/${queue.id}`,
      headers: adminHeaders,
      payload: { name: "Renamed", color: queue.color },
    });
    expect(response.statusCode).toBe(200);
    const updated = response.json();
    expect(updated).toMatchObject({
      id: queue.id,
      name: "Renamed",
      color: queue.color,
      greetingMessage: "Hello",
      orderQueue: 2,
      schedules: DEFAULT_WEEK_SCHEDULE,
    });
    expect(emit).toHaveBeenCalledWith(company.id, companyEvent.queue(company.id), { action: "update", queue: updated });

    const cleared = await env.app.inject({
      method: "PUT",
      url: `/queue/${queue.id}`,
      headers: adminHeaders,
      payload: { orderQueue: null, greetingMessage: "" },
    });
    expect(cleared.json()).toMatchObject({ name: "Renamed", orderQueue: null, greetingMessage: "" });
  });

  it("refuses another queue's colour or name", async () => {
    const { company, adminHeaders } = await newTenant(env);
    const first = await newQueue(env.db, company.id);
    const second = await newQueue(env.db, company.id);
    const colour = await env.app.inject({
      method: "PUT",
      url: `/queue/${second.id}`,
      headers: adminHeaders,
      payload: { color: first.color },
    });
    expect(colour.statusCode).toBe(409);
    expect(colour.json()).toEqual({ error: "ERR_QUEUE_COLOR_ALREADY_EXISTS" });
    const name = await env.app.inject({
      method: "PUT",
      url: `/queue/${second.id}`,
      headers: adminHeaders,
      payload: { name: first.name },
    });
    expect(name.statusCode).toBe(409);
    expect(name.json()).toEqual({ error: "ERR_QUEUE_NAME_ALREADY_EXISTS" });
  });

  it("refuses another company's prompt, bad input, and attendants", async () => {
    const { company, adminHeaders, agentHeaders } = await newTenant(env);
    const queue = await newQueue(env.db, company.id);
    const other = await newTenant(env);
    const prompt = await env.app.inject({
      method: "PUT",
      url: `/queue/${queue.id}`,
      headers: adminHeaders,
      payload: { promptId: (await newPrompt(env.db, other.company.id)).id },
    });
    expect(prompt.statusCode).toBe(404);
    expect(prompt.json()).toEqual({ error: "ERR_NOT_FOUND" });
    const bad = await env.app.inject({
      method: "PUT",
      url: `/queue/${queue.id}`,
      headers: adminHeaders,
      payload: { name: "x" },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields[0].path).toBe("body.name");
    const denied = await env.app.inject({
      method: "PUT",
      url: `/queue/${queue.id}`,
      headers: agentHeaders,
      payload: { name: "Mine now" },
    });
    expect(denied.statusCode).toBe(403);
  });
});

describe("unique races", () => {
  it("names the violated constraint, so a race past the checks answers the right code", async () => {
    const { company } = await newTenant(env);
    const existing = await newQueue(env.db, company.id);
    const error = await insertQueue(env.db, { companyId: company.id, name: "Other", color: existing.color }).catch(
      (e: unknown) => e,
    );
    expect(uniqueViolation(error)).toBe("queues_company_color_unique");
    expect(uniqueViolation(new Error("nope"))).toBeUndefined();
  });

  it("two concurrent updates to the same colour answer one 200 and one 409, never 500", async () => {
    const { company, adminHeaders } = await newTenant(env);
    const [first, second] = [await newQueue(env.db, company.id), await newQueue(env.db, company.id)];
    const responses = await Promise.all(
      [first, second].map((queue) =>
        env.app.inject({
          method: "PUT",
          url: `/queue/${queue.id}`,
          headers: adminHeaders,
          payload: { color: "#c0ffee" },
        }),
      ),
    );
    expect(responses.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect(responses.find((r) => r.statusCode === 409)!.json()).toEqual({ error: "ERR_QUEUE_COLOR_ALREADY_EXISTS" });
  });
});

describe("DELETE /queue/:id", () => {
  it("deletes the queue and its user links, and emits delete", async () => {
    const { company, agent, adminHeaders, agentHeaders } = await newTenant(env);
    const queue = await newQueue(env.db, company.id);
    await linkUserQueue(env.db, company.id, agent.id, queue.id);
    const emit = vi.spyOn(env.ctx.realtime, "toCompany");
    const denied = await env.app.inject({ method: "DELETE", url: `/queue/${queue.id}`, headers: agentHeaders });
    expect(denied.statusCode).toBe(403);
    const response = await env.app.inject({ method: "DELETE", url: `/queue/${queue.id}`, headers: adminHeaders });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: expect.any(String) });
    expect(emit).toHaveBeenCalledWith(company.id, companyEvent.queue(company.id), {
      action: "delete",
      queueId: queue.id,
    });
    expect(await env.db.select().from(userQueues).where(eq(userQueues.queueId, queue.id))).toEqual([]);
    const again = await env.app.inject({ method: "DELETE", url: `/queue/${queue.id}`, headers: adminHeaders });
    expect(again.statusCode).toBe(404);
    expect(again.json()).toEqual({ error: "ERR_NO_QUEUE_FOUND" });
  });
});

describe("tenant isolation", () => {
  it("answers ERR_NO_QUEUE_FOUND to company A's admin for company B's queue on GET, PUT and DELETE", async () => {
    const a = await newTenant(env);
    const b = await newTenant(env);
    const queue = await newQueue(env.db, b.company.id);
    const emit = vi.spyOn(env.ctx.realtime, "toCompany");
    for (const [method, payload] of [
      ["GET", undefined],
      ["PUT", { name: "Taken over", color: "#000000" }],
      ["DELETE", undefined],
    ] as const) {
      const response = await env.app.inject({ method, url: `/queue/${queue.id}`, headers: a.adminHeaders, payload });
      expect(response.statusCode, method).toBe(404);
      expect(response.json()).toEqual({ error: "ERR_NO_QUEUE_FOUND" });
    }
    expect(emit).not.toHaveBeenCalled();
    const [row] = await env.db.select().from(queues).where(eq(queues.id, queue.id));
    expect(row).toMatchObject({ name: queue.name, color: queue.color });
  });
});
