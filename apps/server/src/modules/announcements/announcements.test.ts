import { existsSync } from "node:fs";
import { join } from "node:path";
import { ANNOUNCEMENT_EVENT, UPLOAD_LIMITS_BYTES } from "@atendo/shared";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { newSuper, newTenant } from "../../../test/factories.js";
import { createTestEnv, type TestEnv } from "../../../test/harness.js";

let env: TestEnv;
beforeAll(async () => {
  env = await createTestEnv();
});
afterAll(async () => env.close());
afterEach(() => vi.restoreAllMocks());

type Headers = Record<string, string>;
const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52, 1, 2, 3]);
const JPEG = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 16, 0x4a, 0x46]);
const PDF = Buffer.from("%PDF-1.7\n%\xe2\xe3\xcf\xd3\n", "latin1");

async function upload(headers: Headers, id: number, file?: { data: Buffer; name: string; type: string }) {
  const form = new FormData();
  if (file) form.append("file", new Blob([file.data], { type: file.type }), file.name);
  const encoded = new Response(form);
  return env.app.inject({
    method: "POST",
    url: `/announcements/${id}/media-upload`,
    headers: { ...headers, "content-type": encoded.headers.get("content-type") ?? "" },
    payload: Buffer.from(await encoded.arrayBuffer()),
  });
}

async function create(headers: Headers, payload: Record<string, unknown>) {
  const response = await env.app.inject({ method: "POST", url: "/announcements", headers, payload });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as { id: number; title: string; mediaPath: string | null };
}

let platform: Awaited<ReturnType<typeof newSuper>>;
let tenant: Awaited<ReturnType<typeof newTenant>>;
beforeAll(async () => {
  platform = await newSuper(env);
  tenant = await newTenant(env);
});

describe("announcements CRUD (super user)", () => {
  it("creates with document 2's defaults (priority 3, active) and emits to everyone", async () => {
    const emit = vi.spyOn(env.ctx.realtime, "toEveryone");
    const response = await env.app.inject({
      method: "POST",
      url: "/announcements",
      headers: platform.headers,
      payload: { title: "  Maintenance  ", text: "Sunday 2am" },
    });
    expect(response.statusCode).toBe(200);
    const record = response.json();
    expect(record).toEqual({
      id: expect.any(Number),
      title: "Maintenance",
      text: "Sunday 2am",
      priority: 3,
      status: true,
      mediaPath: null,
      mediaName: null,
      createdAt: expect.stringMatching(/^\d{4}-/),
      updatedAt: expect.stringMatching(/^\d{4}-/),
    });
    expect(emit).toHaveBeenCalledWith(ANNOUNCEMENT_EVENT, { action: "create", record });
  });

  it("reads, updates and deletes, each change emitted", async () => {
    const created = await create(platform.headers, { title: "Old", text: "Body", priority: 2 });
    const emit = vi.spyOn(env.ctx.realtime, "toEveryone");

    const shown = await env.app.inject({ url: `/announcements/${created.id}`, headers: platform.headers });
    expect(shown.json()).toMatchObject({ id: created.id, title: "Old", priority: 2 });

    const updated = await env.app.inject({
      method: "PUT",
      url: `/announcements/${created.id}`,
      headers: platform.headers,
      payload: { title: "New", status: false },
    });
    expect(updated.statusCode).toBe(200);
    expect(updated.json()).toMatchObject({ title: "New", text: "Body", priority: 2, status: false });
    expect(emit).toHaveBeenLastCalledWith(ANNOUNCEMENT_EVENT, { action: "update", record: updated.json() });

    const deleted = await env.app.inject({
      method: "DELETE",
      url: `/announcements/${created.id}`,
      headers: platform.headers,
    });
    expect(deleted.statusCode).toBe(200);
    expect(emit).toHaveBeenLastCalledWith(ANNOUNCEMENT_EVENT, { action: "delete", id: created.id });
    const gone = await env.app.inject({ url: `/announcements/${created.id}`, headers: platform.headers });
    expect(gone.statusCode).toBe(404);
    expect(gone.json().error).toBe("ERR_NOT_FOUND");
  });

  it("validates title, text and priority", async () => {
    for (const payload of [
      { title: "", text: "x" },
      { title: "x", text: "   " },
      { title: "x", text: "y", priority: 4 },
      { text: "y" },
    ]) {
      const response = await env.app.inject({
        method: "POST",
        url: "/announcements",
        headers: platform.headers,
        payload,
      });
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json().error).toBe("ERR_VALIDATION");
    }
  });

  it("is the super user's: others get 403 ERR_NO_PERMISSION", async () => {
    const created = await create(platform.headers, { title: "Guarded", text: "Body" });
    const attempts = [
      { method: "GET", url: `/announcements/${created.id}` },
      { method: "POST", url: "/announcements", payload: { title: "x", text: "y" } },
      { method: "PUT", url: `/announcements/${created.id}`, payload: { title: "Hijacked" } },
      { method: "DELETE", url: `/announcements/${created.id}` },
      { method: "DELETE", url: `/announcements/${created.id}/media-upload` },
    ] as const;
    for (const headers of [tenant.adminHeaders, tenant.agentHeaders]) {
      for (const attempt of attempts) {
        const response = await env.app.inject({ ...attempt, headers });
        expect(response.statusCode, `${attempt.method} ${attempt.url}`).toBe(403);
        expect(response.json().error).toBe("ERR_NO_PERMISSION");
      }
      expect((await upload(headers, created.id, { data: PNG, name: "a.png", type: "image/png" })).statusCode).toBe(403);
    }
    const still = await env.app.inject({ url: `/announcements/${created.id}`, headers: platform.headers });
    expect(still.json().title).toBe("Guarded");
  });
});

describe("GET /announcements/", () => {
  it("gives every company the active ones, highest priority then newest; the super user all", async () => {
    const low = await create(platform.headers, { title: "List low", text: "t", priority: 3 });
    const high = await create(platform.headers, { title: "List high", text: "t", priority: 1 });
    const newerLow = await create(platform.headers, { title: "List newer low", text: "t", priority: 3 });
    const inactive = await create(platform.headers, { title: "List off", text: "t", priority: 1, status: false });

    const agentList = await env.app.inject({ url: "/announcements/?searchParam=list", headers: tenant.agentHeaders });
    expect(agentList.statusCode).toBe(200);
    expect(agentList.json()).toMatchObject({ count: 3, hasMore: false });
    expect(agentList.json().records.map((r: { id: number }) => r.id)).toEqual([high.id, newerLow.id, low.id]);

    const activeForSuper = await env.app.inject({
      url: "/announcements?searchParam=list&active=true",
      headers: platform.headers,
    });
    expect(activeForSuper.json().records.map((r: { id: number }) => r.id)).toEqual([high.id, newerLow.id, low.id]);

    const all = await env.app.inject({ url: "/announcements/?searchParam=list", headers: platform.headers });
    expect(all.json().records.map((r: { id: number }) => r.id)).toEqual([inactive.id, newerLow.id, high.id, low.id]);
  });
});

describe("announcement media", () => {
  it("takes png and jpg, replacing the previous file, and removes it on request", async () => {
    const created = await create(platform.headers, { title: "With image", text: "t" });
    const emit = vi.spyOn(env.ctx.realtime, "toEveryone");
    const first = await upload(platform.headers, created.id, { data: PNG, name: "banner.png", type: "image/png" });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({
      mediaName: "banner.png",
      mediaPath: expect.stringMatching(/^\/public\/.+\.png$/),
    });
    const firstFile = join(env.ctx.media.root, first.json().mediaPath.replace(/^\/public\//, ""));
    expect(existsSync(firstFile)).toBe(true);
    expect(emit).toHaveBeenLastCalledWith(ANNOUNCEMENT_EVENT, { action: "update", record: first.json() });

    const second = await upload(platform.headers, created.id, { data: JPEG, name: "photo.jpeg", type: "image/jpeg" });
    expect(second.json()).toMatchObject({ mediaName: "photo.jpeg", mediaPath: expect.stringMatching(/\.jpg$/) });
    expect(existsSync(firstFile)).toBe(false);

    const removed = await env.app.inject({
      method: "DELETE",
      url: `/announcements/${created.id}/media-upload`,
      headers: platform.headers,
    });
    expect(removed.json()).toMatchObject({ mediaPath: null, mediaName: null });
  });

  it("refuses other types (by their bytes), a missing file and an image over 2 MB", async () => {
    const created = await create(platform.headers, { title: "Strict", text: "t" });
    const pdf = await upload(platform.headers, created.id, { data: PDF, name: "fake.png", type: "image/png" });
    expect(pdf.statusCode).toBe(400);
    expect(pdf.json()).toMatchObject({
      error: "ERR_VALIDATION",
      fields: [{ path: "body.file", message: "unsupportedType" }],
    });

    const none = await upload(platform.headers, created.id);
    expect(none.statusCode).toBe(400);

    const big = Buffer.concat([PNG, Buffer.alloc(UPLOAD_LIMITS_BYTES.image, 1)]);
    const tooBig = await upload(platform.headers, created.id, { data: big, name: "big.png", type: "image/png" });
    expect(tooBig.statusCode).toBe(413);
    expect(tooBig.json().error).toBe("ERR_PAYLOAD_TOO_LARGE");

    const unchanged = await env.app.inject({ url: `/announcements/${created.id}`, headers: platform.headers });
    expect(unchanged.json().mediaPath).toBeNull();
  });
});
