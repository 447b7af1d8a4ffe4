import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { newQueue, newTenant } from "./factories.js";
import { createTestEnv, type TestEnv } from "./harness.js";

/**
 * Every route that takes an id of tenant data: an admin of company B asking for
 * company A's record gets 404, and A's record is unchanged. Later routes join
 * by adding a row here.
 */
type Tenant = Awaited<ReturnType<typeof newTenant>>;
interface Case {
  method: "GET" | "PUT" | "DELETE" | "POST";
  /** Builds the URL from company A's records. */
  url: (a: Records) => string;
  payload?: Record<string, unknown>;
}
interface Records {
  tenant: Tenant;
  queueId: number;
}

const CASES: Case[] = [
  { method: "GET", url: (a) => `/users/${a.tenant.agent.id}` },
  { method: "PUT", url: (a) => `/users/${a.tenant.agent.id}`, payload: { name: "Hijacked" } },
  { method: "DELETE", url: (a) => `/users/${a.tenant.agent.id}` },
  { method: "GET", url: (a) => `/queue/${a.queueId}` },
  { method: "PUT", url: (a) => `/queue/${a.queueId}`, payload: { name: "Hijacked", color: "#123456" } },
  { method: "DELETE", url: (a) => `/queue/${a.queueId}` },
  { method: "GET", url: (a) => `/companies/listPlan/${a.tenant.company.id}` },
  {
    method: "PUT",
    url: (a) => `/companies/${a.tenant.company.id}/schedules`,
    payload: { schedules: [{ weekday: "Segunda-feira", weekdayEn: "monday", startTime: "09:00", endTime: "10:00" }] },
  },
];

let env: TestEnv;
let a: Records;
let b: Tenant;

beforeAll(async () => {
  env = await createTestEnv();
  const tenant = await newTenant(env);
  const queue = await newQueue(env.db, tenant.company.id);
  a = { tenant, queueId: queue.id };
  b = await newTenant(env);
});
afterAll(async () => env.close());

describe("tenant isolation", () => {
  it.each(CASES.map((c) => [`${c.method} ${c.url.toString().replace(/^\(a\) => /, "")}`, c] as const))(
    "%s answers 404 to another company's admin",
    async (_name, c) => {
      const response = await env.app.inject({
        method: c.method,
        url: c.url(a),
        headers: b.adminHeaders,
        ...(c.payload ? { payload: c.payload } : {}),
      });
      expect(response.statusCode, response.body).toBe(404);
      expect(response.json().error).toMatch(/^ERR_/);
    },
  );

  it("left company A's records untouched", async () => {
    const user = await env.app.inject({ url: `/users/${a.tenant.agent.id}`, headers: a.tenant.adminHeaders });
    expect(user.json().name).toBe(a.tenant.agent.name);
    const queue = await env.app.inject({ url: `/queue/${a.queueId}`, headers: a.tenant.adminHeaders });
    expect(queue.statusCode).toBe(200);
    expect(queue.json().name).not.toBe("Hijacked");
    const company = await env.app.inject({
      url: `/companies/listPlan/${a.tenant.company.id}`,
      headers: a.tenant.adminHeaders,
    });
    expect(company.statusCode).toBe(200);
  });
});
