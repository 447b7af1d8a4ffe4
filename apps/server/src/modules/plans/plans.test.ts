import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { newCompany, newPlan, newSuper, newTenant } from "../../../test/factories.js";
import { createTestEnv, type TestEnv } from "../../../test/harness.js";

let env: TestEnv;
let superHeaders: Record<string, string>;
let tenant: Awaited<ReturnType<typeof newTenant>>;
beforeAll(async () => {
  env = await createTestEnv();
  superHeaders = (await newSuper(env)).headers;
  tenant = await newTenant(env);
});
afterAll(async () => env.close());

const unique = () => Math.random().toString(36).slice(2, 8);
const PLAN_KEYS = [
  "connections",
  "createdAt",
  "id",
  "name",
  "queues",
  "updatedAt",
  "useCampaigns",
  "useExternalApi",
  "useIntegrations",
  "useInternalChat",
  "useKanban",
  "useOpenAi",
  "useSchedules",
  "users",
  "value",
];

describe("GET /plans/list (anonymous)", () => {
  it("answers public plans ordered by value, without flags, filtered by searchParam", async () => {
    const tag = unique();
    await newPlan(env.db, { name: `List ${tag} B`, value: 200 });
    await newPlan(env.db, { name: `List ${tag} A`, value: 50 });
    const response = await env.app.inject({ method: "GET", url: `/plans/list?searchParam=${tag}` });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.map((plan: { name: string }) => plan.name)).toEqual([`List ${tag} A`, `List ${tag} B`]);
    expect(Object.keys(body[0]).sort()).toEqual(["connections", "id", "name", "queues", "users", "value"]);
    expect(body[0].value).toBe(50);
  });

  it("answers every plan in value order without a search", async () => {
    const response = await env.app.inject({ method: "GET", url: "/plans/list" });
    expect(response.statusCode).toBe(200);
    const values = response.json().map((plan: { value: number }) => plan.value);
    expect(values).toEqual([...values].sort((a, b) => a - b));
  });

  it("treats LIKE wildcards in the search as text", async () => {
    const response = await env.app.inject({ method: "GET", url: "/plans/list?searchParam=%25" });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual([]);
  });
});

describe("GET /plans/all", () => {
  it("answers full plans with flags to the super admin", async () => {
    const plan = await newPlan(env.db, { useKanban: false });
    const response = await env.app.inject({ method: "GET", url: "/plans/all", headers: superHeaders });
    expect(response.statusCode).toBe(200);
    const found = response.json().find((row: { id: number }) => row.id === plan.id);
    expect(Object.keys(found).sort()).toEqual(PLAN_KEYS);
    expect(found.useKanban).toBe(false);
  });

  it("refuses admins and attendants with ERR_NO_PERMISSION, and anonymous callers with 401", async () => {
    for (const headers of [tenant.adminHeaders, tenant.agentHeaders]) {
      const response = await env.app.inject({ method: "GET", url: "/plans/all", headers });
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual({ error: "ERR_NO_PERMISSION" });
    }
    const anonymous = await env.app.inject({ method: "GET", url: "/plans/all" });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe("POST /plans", () => {
  it("creates a plan from the form's short flag names", async () => {
    const name = `Gold ${unique()}`;
    const response = await env.app.inject({
      method: "POST",
      url: "/plans",
      headers: superHeaders,
      payload: {
        name,
        users: "5",
        connections: 2,
        queues: 3,
        value: "79.90",
        campaigns: false,
        kanban: false,
        schedules: true,
        internalChat: true,
        externalApi: false,
        openAi: true,
        integrations: false,
      },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      name,
      users: 5,
      connections: 2,
      queues: 3,
      value: 79.9,
      useCampaigns: false,
      useKanban: false,
      useSchedules: true,
      useInternalChat: true,
      useExternalApi: false,
      useOpenAi: true,
      useIntegrations: false,
    });
    expect(Date.parse(response.json().createdAt)).not.toBeNaN();
  });

  it("accepts the useX flag names, and defaults missing flags to true", async () => {
    const response = await env.app.inject({
      method: "POST",
      url: "/plans",
      headers: superHeaders,
      payload: { name: `Silver ${unique()}`, useOpenAi: false },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ useOpenAi: false, useCampaigns: true, users: 0, value: 0 });
  });

  it("refuses a duplicate name, whatever its case, with ERR_PLAN_NAME_ALREADY_EXISTS", async () => {
    const plan = await newPlan(env.db);
    const response = await env.app.inject({
      method: "POST",
      url: "/plans",
      headers: superHeaders,
      payload: { name: plan.name.toUpperCase() },
    });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ error: "ERR_PLAN_NAME_ALREADY_EXISTS" });
  });

  it("answers 400 ERR_VALIDATION with the failing fields", async () => {
    const response = await env.app.inject({
      method: "POST",
      url: "/plans",
      headers: superHeaders,
      payload: { name: "", users: -1, value: "lots" },
    });
    expect(response.statusCode).toBe(400);
    const body = response.json();
    expect(body.error).toBe("ERR_VALIDATION");
    expect(body.fields.map((field: { path: string }) => field.path).sort()).toEqual([
      "body.name",
      "body.users",
      "body.value",
    ]);
  });

  it("is super-only", async () => {
    for (const headers of [tenant.adminHeaders, tenant.agentHeaders]) {
      const response = await env.app.inject({ method: "POST", url: "/plans", headers, payload: { name: "Nope" } });
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual({ error: "ERR_NO_PERMISSION" });
    }
  });
});

describe("GET /plans/{id}", () => {
  it("answers the plan to the super admin", async () => {
    const plan = await newPlan(env.db);
    const response = await env.app.inject({ method: "GET", url: `/plans/${plan.id}`, headers: superHeaders });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ id: plan.id, name: plan.name, value: 99 });
  });

  it("answers ERR_NO_PLAN_FOUND for an unknown id and 400 for a non-numeric one", async () => {
    const missing = await env.app.inject({ method: "GET", url: "/plans/999999", headers: superHeaders });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ error: "ERR_NO_PLAN_FOUND" });
    const bad = await env.app.inject({ method: "GET", url: "/plans/abc", headers: superHeaders });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toBe("ERR_VALIDATION");
  });

  it("is super-only", async () => {
    const plan = await newPlan(env.db);
    const response = await env.app.inject({ method: "GET", url: `/plans/${plan.id}`, headers: tenant.adminHeaders });
    expect(response.statusCode).toBe(403);
  });
});

describe("PUT /plans/{id}", () => {
  it("changes only the fields sent", async () => {
    const plan = await newPlan(env.db, { useKanban: false, users: 7 });
    const response = await env.app.inject({
      method: "PUT",
      url: `/plans/${plan.id}`,
      headers: superHeaders,
      payload: { value: 120, campaigns: false },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      id: plan.id,
      name: plan.name,
      users: 7,
      value: 120,
      useCampaigns: false,
      useKanban: false,
    });
  });

  it("keeps its own name, refuses another plan's name", async () => {
    const plan = await newPlan(env.db);
    const other = await newPlan(env.db);
    const same = await env.app.inject({
      method: "PUT",
      url: `/plans/${plan.id}`,
      headers: superHeaders,
      payload: { name: plan.name },
    });
    expect(same.statusCode).toBe(200);
    const taken = await env.app.inject({
      method: "PUT",
      url: `/plans/${plan.id}`,
      headers: superHeaders,
      payload: { name: other.name },
    });
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toEqual({ error: "ERR_PLAN_NAME_ALREADY_EXISTS" });
  });

  it("answers ERR_NO_PLAN_FOUND, ERR_VALIDATION and ERR_NO_PERMISSION", async () => {
    const missing = await env.app.inject({
      method: "PUT",
      url: "/plans/999999",
      headers: superHeaders,
      payload: { value: 1 },
    });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ error: "ERR_NO_PLAN_FOUND" });
    const plan = await newPlan(env.db);
    const invalid = await env.app.inject({
      method: "PUT",
      url: `/plans/${plan.id}`,
      headers: superHeaders,
      payload: { queues: "many" },
    });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().fields).toEqual([expect.objectContaining({ path: "body.queues" })]);
    const admin = await env.app.inject({
      method: "PUT",
      url: `/plans/${plan.id}`,
      headers: tenant.adminHeaders,
      payload: { value: 1 },
    });
    expect(admin.statusCode).toBe(403);
  });
});

describe("DELETE /plans/{id}", () => {
  it("deletes an unused plan", async () => {
    const plan = await newPlan(env.db);
    const response = await env.app.inject({ method: "DELETE", url: `/plans/${plan.id}`, headers: superHeaders });
    expect(response.statusCode).toBe(200);
    const again = await env.app.inject({ method: "GET", url: `/plans/${plan.id}`, headers: superHeaders });
    expect(again.statusCode).toBe(404);
  });

  it("refuses a plan a company uses with ERR_PLAN_IN_USE", async () => {
    const plan = await newPlan(env.db);
    await newCompany(env.db, { planId: plan.id });
    const response = await env.app.inject({ method: "DELETE", url: `/plans/${plan.id}`, headers: superHeaders });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ error: "ERR_PLAN_IN_USE" });
  });

  it("answers ERR_NO_PLAN_FOUND for an unknown id, ERR_NO_PERMISSION to non-super users", async () => {
    const missing = await env.app.inject({ method: "DELETE", url: "/plans/999999", headers: superHeaders });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ error: "ERR_NO_PLAN_FOUND" });
    const plan = await newPlan(env.db);
    for (const headers of [tenant.adminHeaders, tenant.agentHeaders]) {
      const response = await env.app.inject({ method: "DELETE", url: `/plans/${plan.id}`, headers });
      expect(response.statusCode).toBe(403);
    }
  });
});
