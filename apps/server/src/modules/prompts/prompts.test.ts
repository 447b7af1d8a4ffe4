import { Writable } from "node:stream";
import { companyEvent, PROMPT_DEFAULTS } from "@atendo/shared";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { newPlan, newQueue, newTenant, newTicket, newWhatsapp } from "../../../test/factories.js";
import { createTestEnv, type TestEnv, testConfig } from "../../../test/harness.js";
import { plans, prompts, queues, tickets, whatsapps } from "../../db/schema/index.js";
import { buildApp } from "../../http/app.js";

let env: TestEnv;
beforeAll(async () => {
  env = await createTestEnv();
});
afterAll(async () => env.close());

type Headers = Record<string, string>;
type Tenant = Awaited<ReturnType<typeof newTenant>>;

const API_KEY = "sk-proj-Z9yX8wV7uT6sR5qP4oN3mL2kJ1ihgf";
const VOICE_KEY = "azure-speech-0123456789abcdef0123";
const PROMPT_TEXT = "Você é a assistente da loja. Responda com educação, em português, e em poucas frases.";

function promptBody(queueId: number, values: Record<string, unknown> = {}) {
  return { name: "Atendente virtual", prompt: PROMPT_TEXT, apiKey: API_KEY, queueId, ...values };
}

function call(headers: Headers, method: "GET" | "POST" | "PUT" | "DELETE", url: string, payload?: unknown) {
  return env.app.inject({ method, url, headers, ...(payload === undefined ? {} : { payload: payload as object }) });
}

async function create(tenant: Tenant, queueId: number, values: Record<string, unknown> = {}) {
  const response = await call(tenant.adminHeaders, "POST", "/prompt", promptBody(queueId, values));
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as { id: number; apiKey: string; voiceKey: string } & Record<string, unknown>;
}

async function storedKeys(id: number) {
  const [row] = await env.db
    .select({ apiKey: prompts.apiKey, voiceKey: prompts.voiceKey })
    .from(prompts)
    .where(eq(prompts.id, id));
  return row!;
}

describe("POST /prompt", () => {
  it("stores the prompt with the spec's defaults, its keys sealed, and answers and emits no plain key", async () => {
    const tenant = await newTenant(env);
    const queue = await newQueue(env.db, tenant.company.id, { name: "Vendas" });
    const emit = vi.spyOn(env.ctx.realtime, "toCompany");
    const response = await call(tenant.adminHeaders, "POST", "/prompt", {
      ...promptBody(queue.id, { name: "  Atendente virtual  ", voiceKey: VOICE_KEY, voiceRegion: "brazilsouth" }),
      companyId: 999999,
    });
    expect(response.statusCode, response.body).toBe(200);
    const prompt = response.json();
    expect(prompt).toEqual({
      id: expect.any(Number),
      name: "Atendente virtual",
      prompt: PROMPT_TEXT,
      model: PROMPT_DEFAULTS.model,
      maxTokens: PROMPT_DEFAULTS.maxTokens,
      temperature: PROMPT_DEFAULTS.temperature,
      maxMessages: PROMPT_DEFAULTS.maxMessages,
      queueId: queue.id,
      queue: { id: queue.id, name: "Vendas" },
      voice: "texto",
      voiceRegion: "brazilsouth",
      apiKey: `••••${API_KEY.slice(-4)}`,
      voiceKey: `••••${VOICE_KEY.slice(-4)}`,
      createdAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
      updatedAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
    });
    expect(response.body).not.toContain(API_KEY);
    expect(response.body).not.toContain(VOICE_KEY);

    const stored = await storedKeys(prompt.id);
    expect(stored.apiKey).not.toContain(API_KEY);
    expect(stored.voiceKey).not.toContain(VOICE_KEY);
    expect(env.ctx.secrets.open(stored.apiKey)).toBe(API_KEY);
    expect(env.ctx.secrets.open(stored.voiceKey)).toBe(VOICE_KEY);
    const [owner] = await env.db
      .select({ companyId: prompts.companyId })
      .from(prompts)
      .where(eq(prompts.id, prompt.id));
    expect(owner?.companyId).toBe(tenant.company.id);

    const { apiKey: _apiKey, voiceKey: _voiceKey, ...record } = prompt;
    expect(emit).toHaveBeenCalledWith(tenant.company.id, companyEvent.prompt(tenant.company.id), {
      action: "create",
      prompt: record,
    });
    const payload = JSON.stringify(emit.mock.calls.at(-1));
    for (const secret of [API_KEY, VOICE_KEY, prompt.apiKey, prompt.voiceKey, "apiKey", "voiceKey"]) {
      expect(payload).not.toContain(secret);
    }
    emit.mockRestore();
  });

  it("takes every field of the form: model, numbers as text, temperature in tenths, a voice", async () => {
    const tenant = await newTenant(env);
    const queue = await newQueue(env.db, tenant.company.id);
    const prompt = await create(tenant, queue.id, {
      model: "gpt-4o-mini",
      maxTokens: "250",
      temperature: "0.3",
      maxMessages: 4,
      voice: "pt-BR-FranciscaNeural",
    });
    expect(prompt).toMatchObject({
      model: "gpt-4o-mini",
      maxTokens: 250,
      temperature: 0.3,
      maxMessages: 4,
      voice: "pt-BR-FranciscaNeural",
      voiceKey: "",
    });
    expect((await storedKeys(prompt.id)).voiceKey).toBe("");
  });

  it("answers ERR_VALIDATION for the spec's rules, 'set queue' when no queue is chosen", async () => {
    const tenant = await newTenant(env);
    const queue = await newQueue(env.db, tenant.company.id);
    const cases: [Record<string, unknown>, string, string][] = [
      [{ name: "" }, "body.name", "required"],
      [{ name: "Bot" }, "body.name", "tooShort"],
      [{ name: "x".repeat(101) }, "body.name", "tooLong"],
      [{ prompt: "  " }, "body.prompt", "required"],
      [{ prompt: "Seja breve." }, "body.prompt", "tooShort"],
      [{ apiKey: "" }, "body.apiKey", "required"],
      [{ apiKey: undefined }, "body.apiKey", "required"],
      [{ queueId: undefined }, "body.queueId", "setQueue"],
      [{ queueId: "" }, "body.queueId", "setQueue"],
      [{ queueId: null }, "body.queueId", "setQueue"],
      [{ temperature: 1.1 }, "body.temperature", "tooLarge"],
      [{ temperature: -0.1 }, "body.temperature", "tooSmall"],
      [{ temperature: 0.35 }, "body.temperature", "invalidStep"],
      [{ maxTokens: "" }, "body.maxTokens", "required"],
      [{ maxTokens: 0 }, "body.maxTokens", "tooSmall"],
      [{ maxTokens: 2.5 }, "body.maxTokens", "notInteger"],
      [{ maxMessages: "abc" }, "body.maxMessages", "required"],
      [{ model: "gpt-2" }, "body.model", "invalidModel"],
      [{ voice: "pt-BR-Robot" }, "body.voice", "invalidVoice"],
    ];
    for (const [values, path, message] of cases) {
      const response = await call(tenant.adminHeaders, "POST", "/prompt", promptBody(queue.id, values));
      expect(response.statusCode, JSON.stringify(values)).toBe(400);
      const body = response.json();
      expect(body.error).toBe("ERR_VALIDATION");
      expect(body.fields, JSON.stringify(values)).toContainEqual({ path, message });
    }
    expect(await env.db.select().from(prompts).where(eq(prompts.companyId, tenant.company.id))).toEqual([]);
  });

  it("refuses another company's queue, or one that does not exist, with ERR_NOT_FOUND", async () => {
    const tenant = await newTenant(env);
    const other = await newTenant(env);
    const foreign = await newQueue(env.db, other.company.id);
    for (const queueId of [foreign.id, 2_147_483_000]) {
      const response = await call(tenant.adminHeaders, "POST", "/prompt", promptBody(queueId));
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ error: "ERR_NOT_FOUND" });
    }
    expect(await env.db.select().from(prompts).where(eq(prompts.companyId, tenant.company.id))).toEqual([]);
  });
});

describe("GET /prompt and /prompt/{id}", () => {
  it("lists the company's prompts by name with their queue, keys masked", async () => {
    const tenant = await newTenant(env);
    const other = await newTenant(env);
    const queue = await newQueue(env.db, tenant.company.id, { name: "Suporte" });
    const second = await create(tenant, queue.id, { name: "Zelador da loja" });
    const first = await create(tenant, queue.id, { name: "Assistente", apiKey: "short" });
    await create(other, (await newQueue(env.db, other.company.id)).id);

    const response = await call(tenant.adminHeaders, "GET", "/prompt");
    expect(response.statusCode).toBe(200);
    const { prompts: listed } = response.json() as { prompts: { id: number; apiKey: string; queue: unknown }[] };
    expect(listed.map((prompt) => prompt.id)).toEqual([first.id, second.id]);
    expect(listed[0]).toMatchObject({ apiKey: "••••", queue: { id: queue.id, name: "Suporte" } });
    expect(listed[1]).toMatchObject({ apiKey: `••••${API_KEY.slice(-4)}` });
    expect(response.body).not.toContain(API_KEY);
    expect(response.body).not.toContain('"short"');

    const one = await call(tenant.adminHeaders, "GET", `/prompt/${second.id}`);
    expect(one.statusCode).toBe(200);
    expect(one.json()).toEqual(second);
    expect(one.body).not.toContain(API_KEY);

    const missing = await call(tenant.adminHeaders, "GET", "/prompt/2147483000");
    expect(missing.statusCode).toBe(404);
  });

  it("shows no key for one that cannot be opened (sealed under another secrets key) instead of failing", async () => {
    const tenant = await newTenant(env);
    const queue = await newQueue(env.db, tenant.company.id);
    const prompt = await create(tenant, queue.id);
    await env.db.update(prompts).set({ apiKey: "v1.AAAA.BBBB.CCCC" }).where(eq(prompts.id, prompt.id));
    const response = await call(tenant.adminHeaders, "GET", `/prompt/${prompt.id}`);
    expect(response.statusCode).toBe(200);
    expect(response.json().apiKey).toBe("");
  });
});

describe("PUT /prompt/{id}", () => {
  it("changes the fields; an empty key or the mask keeps the stored key, a new one is sealed", async () => {
    const tenant = await newTenant(env);
    const queue = await newQueue(env.db, tenant.company.id);
    const support = await newQueue(env.db, tenant.company.id, { name: "Suporte" });
    const prompt = await create(tenant, queue.id, { voiceKey: VOICE_KEY });
    const sealed = await storedKeys(prompt.id);
    const emit = vi.spyOn(env.ctx.realtime, "toCompany");

    const edited = await call(
      tenant.adminHeaders,
      "PUT",
      `/prompt/${prompt.id}`,
      promptBody(support.id, {
        name: "Atendente do suporte",
        apiKey: prompt.apiKey,
        voiceKey: "",
        temperature: 0.7,
        maxTokens: 300,
      }),
    );
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json()).toMatchObject({
      name: "Atendente do suporte",
      queueId: support.id,
      queue: { id: support.id, name: "Suporte" },
      temperature: 0.7,
      maxTokens: 300,
      apiKey: prompt.apiKey,
      voiceKey: prompt.voiceKey,
    });
    expect(await storedKeys(prompt.id)).toEqual(sealed);
    const { apiKey: _apiKey, voiceKey: _voiceKey, ...record } = edited.json();
    expect(emit).toHaveBeenCalledWith(tenant.company.id, companyEvent.prompt(tenant.company.id), {
      action: "update",
      prompt: record,
    });
    expect(JSON.stringify(emit.mock.calls.at(-1))).not.toContain(prompt.apiKey);
    emit.mockRestore();

    // The form left without the key field at all keeps it too.
    const { apiKey: _left, ...withoutKey } = promptBody(support.id);
    expect((await call(tenant.adminHeaders, "PUT", `/prompt/${prompt.id}`, withoutKey)).statusCode).toBe(200);
    expect((await storedKeys(prompt.id)).apiKey).toBe(sealed.apiKey);

    const newKey = "sk-proj-NEWKEY-0000000000000000009876";
    const replaced = await call(
      tenant.adminHeaders,
      "PUT",
      `/prompt/${prompt.id}`,
      promptBody(support.id, { apiKey: newKey, voiceKey: "new-voice-key-4321" }),
    );
    expect(replaced.statusCode).toBe(200);
    expect(replaced.json()).toMatchObject({ apiKey: "••••9876", voiceKey: "••••4321" });
    expect(replaced.body).not.toContain(newKey);
    const stored = await storedKeys(prompt.id);
    expect(stored.apiKey).not.toBe(sealed.apiKey);
    expect(stored.apiKey).not.toContain(newKey);
    expect(env.ctx.secrets.open(stored.apiKey)).toBe(newKey);
    expect(env.ctx.secrets.open(stored.voiceKey)).toBe("new-voice-key-4321");
  });

  it("refuses the spec's rules, another company's queue, and an unknown prompt", async () => {
    const tenant = await newTenant(env);
    const queue = await newQueue(env.db, tenant.company.id);
    const prompt = await create(tenant, queue.id);
    const noQueue = await call(
      tenant.adminHeaders,
      "PUT",
      `/prompt/${prompt.id}`,
      promptBody(queue.id, { queueId: "" }),
    );
    expect(noQueue.statusCode).toBe(400);
    expect(noQueue.json().fields).toContainEqual({ path: "body.queueId", message: "setQueue" });
    const short = await call(tenant.adminHeaders, "PUT", `/prompt/${prompt.id}`, promptBody(queue.id, { name: "IA" }));
    expect(short.json().fields).toContainEqual({ path: "body.name", message: "tooShort" });

    const foreign = await newQueue(env.db, (await newTenant(env)).company.id);
    const moved = await call(tenant.adminHeaders, "PUT", `/prompt/${prompt.id}`, promptBody(foreign.id));
    expect(moved.statusCode).toBe(404);
    const [row] = await env.db.select().from(prompts).where(eq(prompts.id, prompt.id));
    expect(row?.queueId).toBe(queue.id);

    const missing = await call(tenant.adminHeaders, "PUT", "/prompt/2147483000", promptBody(queue.id));
    expect(missing.statusCode).toBe(404);
  });
});

describe("DELETE /prompt/{id}", () => {
  it("deletes a prompt in use: its connections, queues and tickets go on without it", async () => {
    const tenant = await newTenant(env);
    const companyId = tenant.company.id;
    const queue = await newQueue(env.db, companyId);
    const prompt = await create(tenant, queue.id);
    await env.db.update(queues).set({ promptId: prompt.id }).where(eq(queues.id, queue.id));
    const whatsapp = await newWhatsapp(env.db, companyId, { promptId: prompt.id });
    const ticket = await newTicket(env.db, companyId, { promptId: prompt.id, whatsappId: whatsapp.id });
    const emit = vi.spyOn(env.ctx.realtime, "toCompany");

    const response = await call(tenant.adminHeaders, "DELETE", `/prompt/${prompt.id}`);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: "promptDeleted" });
    expect(emit).toHaveBeenCalledWith(companyId, companyEvent.prompt(companyId), {
      action: "delete",
      promptId: prompt.id,
    });
    emit.mockRestore();
    expect(await env.db.select().from(prompts).where(eq(prompts.id, prompt.id))).toEqual([]);
    const [queueRow] = await env.db.select().from(queues).where(eq(queues.id, queue.id));
    const [whatsappRow] = await env.db.select().from(whatsapps).where(eq(whatsapps.id, whatsapp.id));
    const [ticketRow] = await env.db.select().from(tickets).where(eq(tickets.id, ticket.id));
    expect([queueRow?.promptId, whatsappRow?.promptId, ticketRow?.promptId]).toEqual([null, null, null]);

    const again = await call(tenant.adminHeaders, "DELETE", `/prompt/${prompt.id}`);
    expect(again.statusCode).toBe(404);
  });

  it("a deleted queue leaves the prompt without a queue, to be chosen again", async () => {
    const tenant = await newTenant(env);
    const queue = await newQueue(env.db, tenant.company.id);
    const prompt = await create(tenant, queue.id);
    const removed = await call(tenant.adminHeaders, "DELETE", `/queue/${queue.id}`);
    expect(removed.statusCode).toBe(200);
    const shown = await call(tenant.adminHeaders, "GET", `/prompt/${prompt.id}`);
    expect(shown.json()).toMatchObject({ queueId: null, queue: null });
  });
});

describe("who may call", () => {
  it("is for admins; all but the list need a plan with useOpenAi", async () => {
    const tenant = await newTenant(env);
    const queue = await newQueue(env.db, tenant.company.id);
    const prompt = await create(tenant, queue.id);
    const routes = [
      ["GET", "/prompt"],
      ["GET", `/prompt/${prompt.id}`],
      ["POST", "/prompt"],
      ["PUT", `/prompt/${prompt.id}`],
      ["DELETE", `/prompt/${prompt.id}`],
    ] as const;
    for (const [method, url] of routes) {
      const response = await call(
        tenant.agentHeaders,
        method,
        url,
        method === "GET" ? undefined : promptBody(queue.id),
      );
      expect(response.statusCode, `${method} ${url}`).toBe(403);
      expect(response.json().error).toBe("ERR_NO_PERMISSION");
      expect((await call({}, method, url)).statusCode, `${method} ${url}`).toBe(401);
    }

    const plan = await newPlan(env.db, { useOpenAi: false });
    const without = await newTenant(env, { planId: plan.id });
    const ownQueue = await newQueue(env.db, without.company.id);
    const kept = await create(tenant, queue.id);
    await env.db
      .update(prompts)
      .set({ companyId: without.company.id, queueId: ownQueue.id })
      .where(eq(prompts.id, kept.id));
    // The connection and queue forms still list the company's prompts.
    const list = await call(without.adminHeaders, "GET", "/prompt");
    expect(list.statusCode).toBe(200);
    expect(list.json().prompts.map((item: { id: number }) => item.id)).toEqual([kept.id]);
    for (const [method, url] of routes.slice(1)) {
      const target = url.replace(String(prompt.id), String(kept.id));
      const response = await call(
        without.adminHeaders,
        method,
        target,
        method === "GET" ? undefined : promptBody(ownQueue.id),
      );
      expect(response.statusCode, `${method} ${target}`).toBe(403);
      expect(response.json().error).toBe("ERR_NO_PERMISSION");
    }
    await env.db.update(plans).set({ useOpenAi: true }).where(eq(plans.id, plan.id));
    expect((await call(without.adminHeaders, "GET", `/prompt/${kept.id}`)).statusCode).toBe(200);
  });
});

describe("logs", () => {
  it("never carry a key, on success or refusal", async () => {
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk, _encoding, done) {
        lines.push(String(chunk));
        done();
      },
    });
    const { app } = await buildApp({ config: testConfig(), db: env.db, logger: { level: "trace", stream } });
    await app.ready();
    try {
      const tenant = await newTenant(env);
      const queue = await newQueue(env.db, tenant.company.id);
      const inject = (method: "POST" | "PUT", url: string, payload: object) =>
        app.inject({ method, url, headers: tenant.adminHeaders, payload });
      const created = await inject("POST", "/prompt", promptBody(queue.id, { voiceKey: VOICE_KEY }));
      expect(created.statusCode).toBe(200);
      const id = created.json().id as number;
      await inject("PUT", `/prompt/${id}`, promptBody(queue.id, { apiKey: `${API_KEY}-2`, voiceKey: VOICE_KEY }));
      await inject("POST", "/prompt", promptBody(queue.id, { name: "IA" }));
      await inject("POST", "/prompt", promptBody(2_147_483_000));
      await app.inject({ url: "/prompt", headers: tenant.adminHeaders });
      expect(lines.length).toBeGreaterThan(0);
      const log = lines.join("");
      expect(log).not.toContain(API_KEY);
      expect(log).not.toContain(VOICE_KEY);
    } finally {
      await app.close();
    }
  });
});
