import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { newQueue, newTenant } from "../../../test/factories.js";
import { createTestEnv, type TestEnv } from "../../../test/harness.js";
import { queueOptions } from "../../db/schema/index.js";

let env: TestEnv;
beforeAll(async () => {
  env = await createTestEnv();
});
afterAll(async () => env.close());

type Headers = Record<string, string>;
interface Option {
  id: number;
  title: string;
  message: string;
  option: number;
  queueId: number;
  parentId: number | null;
  childrenCount: number;
}

async function create(headers: Headers, payload: Record<string, unknown>): Promise<Option> {
  const response = await env.app.inject({ method: "POST", url: "/queue-options", headers, payload });
  if (response.statusCode !== 200) throw new Error(`create failed: ${response.body}`);
  return response.json();
}

async function level(headers: Headers, queueId: number, parentId?: number | string): Promise<Option[]> {
  const query = parentId === undefined ? "" : `&parentId=${parentId}`;
  const response = await env.app.inject({ url: `/queue-options?queueId=${queueId}${query}`, headers });
  expect(response.statusCode).toBe(200);
  return response.json();
}

const titles = (options: Option[]) => options.map((o) => `${o.option}:${o.title}`);

describe("POST /queue-options", () => {
  it("creates a root option, appended after the last sibling, and answers it with its id", async () => {
    const { company, adminHeaders } = await newTenant(env);
    const queue = await newQueue(env.db, company.id);
    const first = await create(adminHeaders, { queueId: queue.id, parentId: -1, title: " Sales ", message: "Hi" });
    expect(first).toEqual({
      id: expect.any(Number),
      title: "Sales",
      message: "Hi",
      option: 1,
      queueId: queue.id,
      parentId: null,
      childrenCount: 0,
    });
    const second = await create(adminHeaders, { queueId: queue.id, parentId: null, title: "Support" });
    expect(second).toMatchObject({ option: 2, message: "", parentId: null });
    const third = await create(adminHeaders, { queueId: String(queue.id), title: "Billing" });
    expect(third.option).toBe(3);
  });

  it("inserts at a given position, moving the later siblings down, and caps it at last+1", async () => {
    const { company, adminHeaders } = await newTenant(env);
    const queue = await newQueue(env.db, company.id);
    for (const title of ["A", "B", "C"]) await create(adminHeaders, { queueId: queue.id, title });
    const inserted = await create(adminHeaders, { queueId: queue.id, title: "X", option: 2 });
    expect(inserted.option).toBe(2);
    const far = await create(adminHeaders, { queueId: queue.id, title: "Z", option: 99 });
    expect(far.option).toBe(5);
    expect(titles(await level(adminHeaders, queue.id))).toEqual(["1:A", "2:X", "3:B", "4:C", "5:Z"]);
  });

  it("creates children under a parent of the same queue, numbered per level", async () => {
    const { company, adminHeaders } = await newTenant(env);
    const queue = await newQueue(env.db, company.id);
    const root = await create(adminHeaders, { queueId: queue.id, title: "Root" });
    await create(adminHeaders, { queueId: queue.id, title: "Other root" });
    const child = await create(adminHeaders, { queueId: queue.id, parentId: root.id, title: "Child" });
    expect(child).toMatchObject({ parentId: root.id, option: 1, queueId: queue.id });
  });

  it("refuses a parent from another queue, and another company's queue or parent, with 404 ERR_NOT_FOUND", async () => {
    const { company, adminHeaders } = await newTenant(env);
    const queue = await newQueue(env.db, company.id);
    const otherQueue = await newQueue(env.db, company.id);
    const foreignParent = await create(adminHeaders, { queueId: otherQueue.id, title: "Elsewhere" });
    const other = await newTenant(env);
    const theirQueue = await newQueue(env.db, other.company.id);
    const theirOption = await create(other.adminHeaders, { queueId: theirQueue.id, title: "Theirs" });
    for (const payload of [
      { queueId: queue.id, parentId: foreignParent.id, title: "Bad" },
      { queueId: theirQueue.id, title: "Bad" },
      { queueId: queue.id, parentId: theirOption.id, title: "Bad" },
      { queueId: 99999999, title: "Bad" },
    ]) {
      const response = await env.app.inject({ method: "POST", url: "/queue-options", headers: adminHeaders, payload });
      expect(response.statusCode, JSON.stringify(payload)).toBe(404);
      expect(response.json()).toEqual({ error: "ERR_NOT_FOUND" });
    }
    expect(await level(other.adminHeaders, theirQueue.id)).toHaveLength(1);
  });

  it("answers ERR_VALIDATION for a missing or too long title, a bad queue or position", async () => {
    const { company, adminHeaders } = await newTenant(env);
    const queue = await newQueue(env.db, company.id);
    const cases: [Record<string, unknown>, string][] = [
      [{ queueId: queue.id, title: "  " }, "body.title"],
      [{ queueId: queue.id }, "body.title"],
      [{ queueId: queue.id, title: "x".repeat(201) }, "body.title"],
      [{ title: "No queue" }, "body.queueId"],
      [{ queueId: queue.id, title: "Zero", option: 0 }, "body.option"],
      [{ queueId: queue.id, title: "Bad parent", parentId: "abc" }, "body.parentId"],
    ];
    for (const [payload, path] of cases) {
      const response = await env.app.inject({ method: "POST", url: "/queue-options", headers: adminHeaders, payload });
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json().error).toBe("ERR_VALIDATION");
      expect(response.json().fields.map((f: { path: string }) => f.path)).toContain(path);
    }
    const ok = await create(adminHeaders, { queueId: queue.id, title: "x".repeat(200) });
    expect(ok.title).toHaveLength(200);
  });

  it("is for admins: an attendant gets 403 ERR_NO_PERMISSION", async () => {
    const { company, agentHeaders } = await newTenant(env);
    const queue = await newQueue(env.db, company.id);
    const response = await env.app.inject({
      method: "POST",
      url: "/queue-options",
      headers: agentHeaders,
      payload: { queueId: queue.id, title: "Mine" },
    });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ error: "ERR_NO_PERMISSION" });
  });
});

describe("GET /queue-options", () => {
  it("answers one level at a time, by position, with each option's children count, to any user", async () => {
    const { company, adminHeaders, agentHeaders } = await newTenant(env);
    const queue = await newQueue(env.db, company.id);
    const sales = await create(adminHeaders, { queueId: queue.id, title: "Sales" });
    const support = await create(adminHeaders, { queueId: queue.id, title: "Support", option: 1 });
    const phones = await create(adminHeaders, { queueId: queue.id, parentId: sales.id, title: "Phones" });
    await create(adminHeaders, { queueId: queue.id, parentId: sales.id, title: "Laptops" });
    await create(adminHeaders, { queueId: queue.id, parentId: phones.id, title: "Android" });
    const otherQueue = await newQueue(env.db, company.id);
    await create(adminHeaders, { queueId: otherQueue.id, title: "Elsewhere" });

    const root = await level(agentHeaders, queue.id);
    expect(root).toEqual([
      { id: support.id, title: "Support", message: "", option: 1, queueId: queue.id, parentId: null, childrenCount: 0 },
      { id: sales.id, title: "Sales", message: "", option: 2, queueId: queue.id, parentId: null, childrenCount: 2 },
    ]);
    expect(await level(agentHeaders, queue.id, -1)).toEqual(root);
    const children = await level(agentHeaders, queue.id, sales.id);
    expect(titles(children)).toEqual(["1:Phones", "2:Laptops"]);
    expect(children.map((c) => c.childrenCount)).toEqual([1, 0]);
    expect(titles(await level(agentHeaders, queue.id, phones.id))).toEqual(["1:Android"]);
    expect(await level(agentHeaders, queue.id, support.id)).toEqual([]);
    expect((await env.app.inject({ url: `/queue-options?queueId=${queue.id}` })).statusCode).toBe(401);
  });

  it("answers 404 ERR_NOT_FOUND for another company's queue or a parent from another queue, 400 without queueId", async () => {
    const { company, adminHeaders } = await newTenant(env);
    const queue = await newQueue(env.db, company.id);
    const otherQueue = await newQueue(env.db, company.id);
    const foreign = await create(adminHeaders, { queueId: otherQueue.id, title: "Elsewhere" });
    const other = await newTenant(env);
    const theirQueue = await newQueue(env.db, other.company.id);
    await create(other.adminHeaders, { queueId: theirQueue.id, title: "Secret" });
    for (const url of [
      `/queue-options?queueId=${theirQueue.id}`,
      `/queue-options?queueId=${queue.id}&parentId=${foreign.id}`,
    ]) {
      const response = await env.app.inject({ url, headers: adminHeaders });
      expect(response.statusCode, url).toBe(404);
      expect(response.json()).toEqual({ error: "ERR_NOT_FOUND" });
    }
    const missing = await env.app.inject({ url: "/queue-options", headers: adminHeaders });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().fields[0].path).toBe("querystring.queueId");
  });
});

describe("PUT /queue-options/:id", () => {
  it("changes only the fields sent", async () => {
    const { company, adminHeaders } = await newTenant(env);
    const queue = await newQueue(env.db, company.id);
    const option = await create(adminHeaders, { queueId: queue.id, title: "Sales", message: "Pick one" });
    await create(adminHeaders, { queueId: queue.id, parentId: option.id, title: "Child" });
    const response = await env.app.inject({
      method: "PUT",
      url: `/queue-options/${option.id}`,
      headers: adminHeaders,
      payload: { title: "Sales team" },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ ...option, title: "Sales team", childrenCount: 1 });
    const message = await env.app.inject({
      method: "PUT",
      url: `/queue-options/${option.id}`,
      headers: adminHeaders,
      payload: { message: "" },
    });
    expect(message.json()).toMatchObject({ title: "Sales team", message: "" });
  });

  it("moves an option within its level, keeping positions 1..n", async () => {
    const { company, adminHeaders } = await newTenant(env);
    const queue = await newQueue(env.db, company.id);
    const [a, , , d] = [
      await create(adminHeaders, { queueId: queue.id, title: "A" }),
      await create(adminHeaders, { queueId: queue.id, title: "B" }),
      await create(adminHeaders, { queueId: queue.id, title: "C" }),
      await create(adminHeaders, { queueId: queue.id, title: "D" }),
    ];
    const move = (id: number, option: number) =>
      env.app.inject({ method: "PUT", url: `/queue-options/${id}`, headers: adminHeaders, payload: { option } });
    expect((await move(d!.id, 2)).json().option).toBe(2);
    expect(titles(await level(adminHeaders, queue.id))).toEqual(["1:A", "2:D", "3:B", "4:C"]);
    expect((await move(a!.id, 3)).json().option).toBe(3);
    expect(titles(await level(adminHeaders, queue.id))).toEqual(["1:D", "2:B", "3:A", "4:C"]);
    expect((await move(a!.id, 50)).json().option).toBe(4);
    expect(titles(await level(adminHeaders, queue.id))).toEqual(["1:D", "2:B", "3:C", "4:A"]);
  });

  it("refuses bad input, attendants, and another company's option", async () => {
    const { company, adminHeaders, agentHeaders } = await newTenant(env);
    const queue = await newQueue(env.db, company.id);
    const option = await create(adminHeaders, { queueId: queue.id, title: "Sales" });
    const bad = await env.app.inject({
      method: "PUT",
      url: `/queue-options/${option.id}`,
      headers: adminHeaders,
      payload: { title: "" },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields[0].path).toBe("body.title");
    const denied = await env.app.inject({
      method: "PUT",
      url: `/queue-options/${option.id}`,
      headers: agentHeaders,
      payload: { title: "Mine" },
    });
    expect(denied.statusCode).toBe(403);
    const missing = await env.app.inject({
      method: "PUT",
      url: "/queue-options/99999999",
      headers: adminHeaders,
      payload: { title: "Ghost" },
    });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ error: "ERR_NOT_FOUND" });
  });
});

describe("DELETE /queue-options/:id", () => {
  it("renumbers the remaining siblings: 1,2,3 minus 2 gives 1,2", async () => {
    const { company, adminHeaders } = await newTenant(env);
    const queue = await newQueue(env.db, company.id);
    await create(adminHeaders, { queueId: queue.id, title: "One" });
    const two = await create(adminHeaders, { queueId: queue.id, title: "Two" });
    await create(adminHeaders, { queueId: queue.id, title: "Three" });
    const response = await env.app.inject({ method: "DELETE", url: `/queue-options/${two.id}`, headers: adminHeaders });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: expect.any(String) });
    expect(titles(await level(adminHeaders, queue.id))).toEqual(["1:One", "2:Three"]);
    const appended = await create(adminHeaders, { queueId: queue.id, title: "Four" });
    expect(appended.option).toBe(3);
  });

  it("removes the whole subtree and leaves other levels untouched", async () => {
    const { company, adminHeaders } = await newTenant(env);
    const queue = await newQueue(env.db, company.id);
    const keep = await create(adminHeaders, { queueId: queue.id, title: "Keep" });
    const keptChild = await create(adminHeaders, { queueId: queue.id, parentId: keep.id, title: "Kept child" });
    const gone = await create(adminHeaders, { queueId: queue.id, title: "Gone" });
    const child = await create(adminHeaders, { queueId: queue.id, parentId: gone.id, title: "Child" });
    const grandchild = await create(adminHeaders, { queueId: queue.id, parentId: child.id, title: "Grandchild" });
    const response = await env.app.inject({
      method: "DELETE",
      url: `/queue-options/${gone.id}`,
      headers: adminHeaders,
    });
    expect(response.statusCode).toBe(200);
    for (const id of [gone.id, child.id, grandchild.id]) {
      expect(await env.db.select().from(queueOptions).where(eq(queueOptions.id, id))).toEqual([]);
    }
    expect(titles(await level(adminHeaders, queue.id))).toEqual(["1:Keep"]);
    expect((await level(adminHeaders, queue.id, keep.id)).map((o) => o.id)).toEqual([keptChild.id]);
  });

  it("renumbers a child level after deleting a child", async () => {
    const { company, adminHeaders } = await newTenant(env);
    const queue = await newQueue(env.db, company.id);
    const root = await create(adminHeaders, { queueId: queue.id, title: "Root" });
    const first = await create(adminHeaders, { queueId: queue.id, parentId: root.id, title: "First" });
    await create(adminHeaders, { queueId: queue.id, parentId: root.id, title: "Second" });
    await env.app.inject({ method: "DELETE", url: `/queue-options/${first.id}`, headers: adminHeaders });
    expect(titles(await level(adminHeaders, queue.id, root.id))).toEqual(["1:Second"]);
    expect((await level(adminHeaders, queue.id))[0]!.childrenCount).toBe(1);
  });

  it("is for admins, and answers ERR_NOT_FOUND once gone", async () => {
    const { company, adminHeaders, agentHeaders } = await newTenant(env);
    const queue = await newQueue(env.db, company.id);
    const option = await create(adminHeaders, { queueId: queue.id, title: "Sales" });
    const denied = await env.app.inject({
      method: "DELETE",
      url: `/queue-options/${option.id}`,
      headers: agentHeaders,
    });
    expect(denied.statusCode).toBe(403);
    await env.app.inject({ method: "DELETE", url: `/queue-options/${option.id}`, headers: adminHeaders });
    const again = await env.app.inject({ method: "DELETE", url: `/queue-options/${option.id}`, headers: adminHeaders });
    expect(again.statusCode).toBe(404);
    expect(again.json()).toEqual({ error: "ERR_NOT_FOUND" });
  });
});

describe("tenant isolation", () => {
  it("answers ERR_NOT_FOUND to company A's admin for company B's option on PUT and DELETE, changing nothing", async () => {
    const a = await newTenant(env);
    const b = await newTenant(env);
    const queue = await newQueue(env.db, b.company.id);
    const option = await create(b.adminHeaders, { queueId: queue.id, title: "Theirs", message: "Secret" });
    for (const [method, payload] of [
      ["PUT", { title: "Taken over", option: 1 }],
      ["DELETE", undefined],
    ] as const) {
      const response = await env.app.inject({
        method,
        url: `/queue-options/${option.id}`,
        headers: a.adminHeaders,
        payload,
      });
      expect(response.statusCode, method).toBe(404);
      expect(response.json()).toEqual({ error: "ERR_NOT_FOUND" });
    }
    expect(await level(b.adminHeaders, queue.id)).toEqual([option]);
  });
});

describe("concurrency", () => {
  it("keeps positions 1..n when options are appended at the same time", async () => {
    const { company, adminHeaders } = await newTenant(env);
    const queue = await newQueue(env.db, company.id);
    await Promise.all(
      Array.from({ length: 6 }, (_, i) => create(adminHeaders, { queueId: queue.id, title: `Option ${i}` })),
    );
    expect((await level(adminHeaders, queue.id)).map((o) => o.option)).toEqual([1, 2, 3, 4, 5, 6]);
  });
});
