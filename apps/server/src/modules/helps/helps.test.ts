import { PAGE_SIZE } from "@atendo/shared";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { newSuper, newTenant } from "../../../test/factories.js";
import { createTestEnv, type TestEnv } from "../../../test/harness.js";
import { helps } from "../../db/schema/index.js";

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
async function newHelp(values: Partial<typeof helps.$inferInsert> = {}) {
  const [row] = await env.db
    .insert(helps)
    .values({ title: `Help ${unique()}`, video: "dQw4w9WgXcQ", description: "How to", ...values })
    .returning();
  return row!;
}

describe("GET /helps", () => {
  it("pages records with count and hasMore, filtered by searchParam, to any logged-in user", async () => {
    const tag = unique();
    for (let i = 0; i < PAGE_SIZE + 2; i++) await newHelp({ title: `Paged ${tag} ${String(i).padStart(2, "0")}` });
    const first = await env.app.inject({
      method: "GET",
      url: `/helps?searchParam=${tag}`,
      headers: tenant.agentHeaders,
    });
    expect(first.statusCode).toBe(200);
    const page1 = first.json();
    expect(page1.count).toBe(PAGE_SIZE + 2);
    expect(page1.hasMore).toBe(true);
    expect(page1.records).toHaveLength(PAGE_SIZE);
    expect(Object.keys(page1.records[0]).sort()).toEqual(["description", "id", "title", "video"]);
    const second = await env.app.inject({
      method: "GET",
      url: `/helps?searchParam=${tag}&pageNumber=2`,
      headers: tenant.adminHeaders,
    });
    expect(second.json()).toMatchObject({ count: PAGE_SIZE + 2, hasMore: false });
    expect(second.json().records).toHaveLength(2);
  });

  it("answers 401 without a token and 400 on a bad page number", async () => {
    expect((await env.app.inject({ method: "GET", url: "/helps" })).statusCode).toBe(401);
    const bad = await env.app.inject({ method: "GET", url: "/helps?pageNumber=0", headers: tenant.adminHeaders });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields).toEqual([expect.objectContaining({ path: "querystring.pageNumber" })]);
  });
});

describe("GET /helps/list", () => {
  it("answers every help to any logged-in user", async () => {
    const help = await newHelp();
    const response = await env.app.inject({ method: "GET", url: "/helps/list", headers: tenant.agentHeaders });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toContainEqual({
      id: help.id,
      title: help.title,
      video: help.video,
      description: help.description,
    });
  });
});

describe("POST /helps", () => {
  it("creates a help (super)", async () => {
    const response = await env.app.inject({
      method: "POST",
      url: "/helps",
      headers: superHeaders,
      payload: { title: "  Connect WhatsApp ", video: "abc123" },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      id: expect.any(Number),
      title: "Connect WhatsApp",
      video: "abc123",
      description: "",
    });
  });

  it("answers ERR_VALIDATION without a title, ERR_NO_PERMISSION to admins and attendants", async () => {
    const invalid = await env.app.inject({
      method: "POST",
      url: "/helps",
      headers: superHeaders,
      payload: { video: "x" },
    });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json()).toMatchObject({
      error: "ERR_VALIDATION",
      fields: [expect.objectContaining({ path: "body.title" })],
    });
    for (const headers of [tenant.adminHeaders, tenant.agentHeaders]) {
      const response = await env.app.inject({ method: "POST", url: "/helps", headers, payload: { title: "t" } });
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual({ error: "ERR_NO_PERMISSION" });
    }
  });
});

describe("PUT /helps/{id}", () => {
  it("changes only what is sent", async () => {
    const help = await newHelp({ description: "keep me" });
    const response = await env.app.inject({
      method: "PUT",
      url: `/helps/${help.id}`,
      headers: superHeaders,
      payload: { title: "New title" },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ id: help.id, title: "New title", video: help.video, description: "keep me" });
  });

  it("answers ERR_NO_HELP_FOUND, ERR_VALIDATION and ERR_NO_PERMISSION", async () => {
    const missing = await env.app.inject({
      method: "PUT",
      url: "/helps/999999",
      headers: superHeaders,
      payload: { title: "x" },
    });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ error: "ERR_NO_HELP_FOUND" });
    const help = await newHelp();
    const invalid = await env.app.inject({
      method: "PUT",
      url: `/helps/${help.id}`,
      headers: superHeaders,
      payload: { title: "" },
    });
    expect(invalid.statusCode).toBe(400);
    const admin = await env.app.inject({
      method: "PUT",
      url: `/helps/${help.id}`,
      headers: tenant.adminHeaders,
      payload: { title: "x" },
    });
    expect(admin.statusCode).toBe(403);
  });
});

describe("DELETE /helps/{id}", () => {
  it("deletes a help (super), then answers ERR_NO_HELP_FOUND", async () => {
    const help = await newHelp();
    const response = await env.app.inject({ method: "DELETE", url: `/helps/${help.id}`, headers: superHeaders });
    expect(response.statusCode).toBe(200);
    const again = await env.app.inject({ method: "DELETE", url: `/helps/${help.id}`, headers: superHeaders });
    expect(again.statusCode).toBe(404);
    expect(again.json()).toEqual({ error: "ERR_NO_HELP_FOUND" });
  });

  it("is super-only", async () => {
    const help = await newHelp();
    for (const headers of [tenant.adminHeaders, tenant.agentHeaders]) {
      const response = await env.app.inject({ method: "DELETE", url: `/helps/${help.id}`, headers });
      expect(response.statusCode).toBe(403);
    }
  });
});
