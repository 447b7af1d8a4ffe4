import { createHmac } from "node:crypto";
import {
  companyEvent,
  PAGE_SIZE,
  type QueueIntegration,
  QueueIntegrationEventPayload,
  type QueueIntegrationSaved,
} from "@atendo/shared";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { newPlan, newQueue, newTenant, newWhatsapp } from "../../../test/factories.js";
import {
  FALLBACK_REPLY,
  type FakeDialogflow,
  startFakeDialogflow,
  WELCOME_REPLY,
} from "../../../test/fake-dialogflow.js";
import { type FakeTypebot, startFakeTypebot, TYPEBOT_GREETING, TYPEBOT_QUESTION } from "../../../test/fake-typebot.js";
import { createTestEnv, type TestEnv, testConfig } from "../../../test/harness.js";
import { flows, queueIntegrations, queues, whatsapps } from "../../db/schema/index.js";
import { buildApp } from "../../http/app.js";
import { createDialogflowClient } from "../../integrations/dialogflow.js";
import { signatureHeader } from "../../integrations/webhook-signature.js";

let env: TestEnv;
let dialogflow: FakeDialogflow;
let typebot: FakeTypebot;
let tenant: Awaited<ReturnType<typeof newTenant>>;

beforeAll(async () => {
  dialogflow = await startFakeDialogflow();
  typebot = await startFakeTypebot();
  env = await createTestEnv({
    config: { DIALOGFLOW_BASE_URL: dialogflow.url, DIALOGFLOW_TOKEN_URL: dialogflow.tokenUrl },
  });
  tenant = await newTenant(env);
});
afterAll(async () => {
  await env.close();
  await dialogflow.close();
  await typebot.close();
});

type Headers = Record<string, string>;
type Method = "GET" | "POST" | "PUT" | "DELETE";

async function call(headers: Headers, method: Method, url: string, payload?: unknown) {
  return env.app.inject({ method, url, headers, ...(payload === undefined ? {} : { payload: payload as object }) });
}

async function create(headers: Headers, body: Record<string, unknown>): Promise<QueueIntegrationSaved> {
  const response = await call(headers, "POST", "/queueIntegration", body);
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

const dialogflowBody = () => ({
  type: "dialogflow",
  name: "Agente Dialogflow",
  projectName: dialogflow.projectId,
  language: "pt-BR",
  jsonContent: dialogflow.accountJson,
});
const typebotBody = { type: "typebot", name: "Bot de vendas", urlN8N: "https://typebot.io", typebotSlug: "vendas-bot" };

async function storedRow(id: number) {
  const [row] = await env.db.select().from(queueIntegrations).where(eq(queueIntegrations.id, id));
  return row!;
}

async function newFlowOf(companyId: number, name = "Fluxo") {
  const [flow] = await env.db.insert(flows).values({ companyId, name }).returning();
  return flow!;
}

describe("creating each type", () => {
  it("dialogflow: the service account is stored sealed and answered as its mask", async () => {
    const saved = await create(tenant.adminHeaders, dialogflowBody());
    expect(saved).toMatchObject({
      type: "dialogflow",
      name: "Agente Dialogflow",
      projectName: dialogflow.projectId,
      language: "pt-BR",
      urlN8N: "",
      flowId: null,
      hasSigningSecret: false,
    });
    expect(saved.jsonContent).toMatch(/^••••/);
    expect(saved).not.toHaveProperty("signingSecret");
    expect(JSON.stringify(saved)).not.toContain("PRIVATE KEY");

    const row = await storedRow(saved.id);
    expect(row.jsonContent).toMatch(/^v1\./);
    expect(row.jsonContent).not.toContain("PRIVATE KEY");
    expect(env.ctx.secrets.open(row.jsonContent)).toBe(dialogflow.accountJson);

    const shown = await call(tenant.adminHeaders, "GET", `/queueIntegration/${saved.id}`);
    expect(shown.json()).toEqual({ ...saved });
  });

  it("n8n and webhook: projectName is the name, and the signing key is answered once, stored sealed", async () => {
    for (const type of ["n8n", "webhook"] as const) {
      const saved = await create(tenant.adminHeaders, {
        type,
        name: `Automação ${type}`,
        projectName: "ignored",
        urlN8N: "https://n8n.example.com/webhook/abc",
        typebotSlug: "ignored",
      });
      expect(saved).toMatchObject({
        type,
        projectName: `Automação ${type}`,
        urlN8N: "https://n8n.example.com/webhook/abc",
        typebotSlug: "",
        hasSigningSecret: true,
      });
      expect(saved.signingSecret).toMatch(/^whsec_[A-Za-z0-9_-]{43}$/);
      const row = await storedRow(saved.id);
      expect(row.signingSecret).toMatch(/^v1\./);
      expect(env.ctx.secrets.open(row.signingSecret)).toBe(saved.signingSecret);

      const shown = await call(tenant.adminHeaders, "GET", `/queueIntegration/${saved.id}`);
      expect(shown.json()).not.toHaveProperty("signingSecret");
      expect(shown.body).not.toContain(saved.signingSecret!);
    }
  });

  it("typebot: the spec's defaults, and projectName is the name", async () => {
    const saved = await create(tenant.adminHeaders, typebotBody);
    expect(saved).toMatchObject({
      type: "typebot",
      projectName: "Bot de vendas",
      urlN8N: "https://typebot.io",
      typebotSlug: "vendas-bot",
      typebotDelayMessage: 1000,
      typebotExpires: 1,
      typebotKeywordFinish: "",
      hasSigningSecret: false,
    });
    const tuned = await create(tenant.adminHeaders, {
      ...typebotBody,
      name: "Bot ajustado",
      typebotExpires: "30",
      typebotDelayMessage: "2500",
      typebotKeywordFinish: "#sair",
      typebotKeywordRestart: "#reiniciar",
      typebotUnknownMessage: "Não entendi",
      typebotRestartMessage: "Vamos recomeçar",
    });
    expect(tuned).toMatchObject({
      typebotExpires: 30,
      typebotDelayMessage: 2500,
      typebotKeywordFinish: "#sair",
      typebotKeywordRestart: "#reiniciar",
      typebotUnknownMessage: "Não entendi",
      typebotRestartMessage: "Vamos recomeçar",
    });
  });

  it("flowbuilder: the company's own flow; another company's answers 404 and creates nothing", async () => {
    const flow = await newFlowOf(tenant.company.id, "Boas-vindas");
    const saved = await create(tenant.adminHeaders, {
      type: "flowbuilder",
      name: "Fluxo de boas-vindas",
      flowId: flow.id,
    });
    expect(saved).toMatchObject({ type: "flowbuilder", flowId: flow.id, projectName: "Fluxo de boas-vindas" });

    const other = await newTenant(env);
    const foreign = await newFlowOf(other.company.id, "Alheio");
    const refused = await call(tenant.adminHeaders, "POST", "/queueIntegration", {
      type: "flowbuilder",
      name: "Sneaky",
      flowId: foreign.id,
    });
    expect(refused.statusCode).toBe(404);
    expect(refused.json()).toEqual({ error: "ERR_NOT_FOUND" });
    const rows = await env.db.select().from(queueIntegrations).where(eq(queueIntegrations.name, "Sneaky"));
    expect(rows).toEqual([]);
  });

  it("deleting a flow deletes its integrations (the flow list's warning)", async () => {
    const flow = await newFlowOf(tenant.company.id, "Temporário");
    const saved = await create(tenant.adminHeaders, { type: "flowbuilder", name: "Some com o fluxo", flowId: flow.id });
    const deleted = await call(tenant.adminHeaders, "DELETE", `/flowbuilder/${flow.id}`);
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect((await call(tenant.adminHeaders, "GET", `/queueIntegration/${saved.id}`)).statusCode).toBe(404);
  });
});

describe("validation", () => {
  const refusal = async (body: Record<string, unknown>) => {
    const response = await call(tenant.adminHeaders, "POST", "/queueIntegration", body);
    expect(response.statusCode, response.body).toBe(400);
    const answer = response.json() as { error: string; fields: { path: string; message: string }[] };
    expect(answer.error).toBe("ERR_VALIDATION");
    return answer.fields.map((field) => `${field.path}:${field.message}`).sort();
  };

  it("name: required, 2 to 50", async () => {
    expect(await refusal({ ...typebotBody, name: "" })).toEqual(["body.name:required"]);
    expect(await refusal({ ...typebotBody, name: " a " })).toEqual(["body.name:tooShort"]);
    expect(await refusal({ ...typebotBody, name: "x".repeat(51) })).toEqual(["body.name:tooLong"]);
    expect(await refusal({ type: "typebot", urlN8N: "https://typebot.io", typebotSlug: "s" })).toEqual([
      "body.name:required",
    ]);
  });

  it("each type's own fields", async () => {
    expect(await refusal({ type: "typebot", name: "Bot" })).toEqual([
      "body.typebotSlug:required",
      "body.urlN8N:required",
    ]);
    expect(await refusal({ ...typebotBody, urlN8N: "ftp://typebot.io", typebotSlug: "a b" })).toEqual([
      "body.typebotSlug:invalidSlug",
      "body.urlN8N:invalidUrl",
    ]);
    expect(await refusal({ type: "dialogflow", name: "Agente" })).toEqual([
      "body.jsonContent:required",
      "body.language:required",
      "body.projectName:required",
    ]);
    expect(await refusal({ ...dialogflowBody(), language: "fr" })).toEqual(["body.language:invalidLanguage"]);
    expect(await refusal({ ...dialogflowBody(), jsonContent: '{"client_email":"a@b.c"}' })).toEqual([
      "body.jsonContent:invalidServiceAccount",
    ]);
    expect(await refusal({ ...dialogflowBody(), jsonContent: "••••abcd" })).toEqual(["body.jsonContent:required"]);
    expect(await refusal({ ...dialogflowBody(), projectName: "../x" })).toEqual(["body.projectName:invalidProject"]);
    expect(await refusal({ type: "n8n", name: "Sem URL" })).toEqual(["body.urlN8N:required"]);
    expect(await refusal({ type: "webhook", name: "URL ruim", urlN8N: "not a url" })).toEqual([
      "body.urlN8N:invalidUrl",
    ]);
    expect(await refusal({ type: "flowbuilder", name: "Sem fluxo", flowId: "" })).toEqual(["body.flowId:required"]);
    expect(await refusal({ ...typebotBody, typebotDelayMessage: -1, typebotExpires: 1.5 })).toEqual([
      "body.typebotDelayMessage:tooSmall",
      "body.typebotExpires:notInteger",
    ]);
    expect(await refusal({ ...typebotBody, type: "other" })).toEqual(["body.type:required"]);
  });
});

describe("list", () => {
  it("by name, with search and pages of PAGE_SIZE", async () => {
    const company = await newTenant(env);
    for (let index = 0; index < PAGE_SIZE + 2; index++) {
      await create(company.adminHeaders, { ...typebotBody, name: `Bot ${String(index).padStart(2, "0")}` });
    }
    await create(company.adminHeaders, { type: "n8n", name: "Automação", urlN8N: "https://n8n.example.com/x" });

    const first = await call(company.adminHeaders, "GET", "/queueIntegration/?pageNumber=1");
    const page = first.json() as { queueIntegrations: QueueIntegration[]; count: number; hasMore: boolean };
    expect(page.count).toBe(PAGE_SIZE + 3);
    expect(page.hasMore).toBe(true);
    expect(page.queueIntegrations).toHaveLength(PAGE_SIZE);
    expect(page.queueIntegrations[0]!.name).toBe("Automação");
    const second = (await call(company.adminHeaders, "GET", "/queueIntegration?pageNumber=2")).json();
    expect(second.hasMore).toBe(false);
    expect(second.queueIntegrations.map((item: QueueIntegration) => item.name)).toEqual(["Bot 19", "Bot 20", "Bot 21"]);

    const searched = (await call(company.adminHeaders, "GET", "/queueIntegration?searchParam=autom")).json();
    expect(searched.queueIntegrations.map((item: QueueIntegration) => item.name)).toEqual(["Automação"]);
    expect(JSON.stringify(searched)).not.toContain("whsec_");
  });
});

describe("editing", () => {
  it("a service account left empty or sent back as its mask is kept; a new one replaces it", async () => {
    const saved = await create(tenant.adminHeaders, dialogflowBody());
    const before = (await storedRow(saved.id)).jsonContent;
    for (const jsonContent of ["", saved.jsonContent]) {
      const edited = await call(tenant.adminHeaders, "PUT", `/queueIntegration/${saved.id}`, {
        ...dialogflowBody(),
        name: "Agente renomeado",
        language: "es",
        jsonContent,
      });
      expect(edited.statusCode, edited.body).toBe(200);
      expect(edited.json()).toMatchObject({ name: "Agente renomeado", language: "es", jsonContent: saved.jsonContent });
      expect((await storedRow(saved.id)).jsonContent).toBe(before);
    }
    const replaced = await call(tenant.adminHeaders, "PUT", `/queueIntegration/${saved.id}`, {
      ...dialogflowBody(),
      jsonContent: dialogflow.strangerJson,
    });
    expect(replaced.statusCode).toBe(200);
    expect(env.ctx.secrets.open((await storedRow(saved.id)).jsonContent)).toBe(dialogflow.strangerJson);
  });

  it("a type change leaves nothing of the old type; a new n8n or webhook gets its key then, once", async () => {
    const saved = await create(tenant.adminHeaders, {
      type: "n8n",
      name: "Vira bot",
      urlN8N: "https://n8n.example.com/a",
    });
    const toTypebot = await call(tenant.adminHeaders, "PUT", `/queueIntegration/${saved.id}`, {
      ...typebotBody,
      name: "Vira bot",
    });
    expect(toTypebot.json()).toMatchObject({ type: "typebot", hasSigningSecret: false, typebotSlug: "vendas-bot" });
    expect(toTypebot.json()).not.toHaveProperty("signingSecret");
    expect((await storedRow(saved.id)).signingSecret).toBe("");

    const toWebhook = await call(tenant.adminHeaders, "PUT", `/queueIntegration/${saved.id}`, {
      ...typebotBody,
      type: "webhook",
      name: "Vira bot",
      urlN8N: "https://hooks.example.com/in",
    });
    const webhook = toWebhook.json() as QueueIntegrationSaved;
    expect(webhook).toMatchObject({
      type: "webhook",
      typebotSlug: "",
      typebotDelayMessage: 1000,
      hasSigningSecret: true,
    });
    expect(webhook.signingSecret).toMatch(/^whsec_/);
    // Edited again, it keeps its key and does not show it.
    const again = await call(tenant.adminHeaders, "PUT", `/queueIntegration/${saved.id}`, {
      type: "webhook",
      name: "Webhook",
      urlN8N: "https://hooks.example.com/in",
    });
    expect(again.json()).not.toHaveProperty("signingSecret");
    expect(env.ctx.secrets.open((await storedRow(saved.id)).signingSecret)).toBe(webhook.signingSecret);

    const toDialogflow = await call(tenant.adminHeaders, "PUT", `/queueIntegration/${saved.id}`, {
      ...dialogflowBody(),
      jsonContent: "",
    });
    expect(toDialogflow.statusCode).toBe(400);
    expect(toDialogflow.json()).toEqual({
      error: "ERR_VALIDATION",
      fields: [{ path: "body.jsonContent", message: "required" }],
    });
  });

  it("a new signing key replaces the old one, answered once; other types have none", async () => {
    const saved = await create(tenant.adminHeaders, {
      type: "webhook",
      name: "Chave",
      urlN8N: "https://h.example.com",
    });
    const rotated = await call(tenant.adminHeaders, "POST", `/queueIntegration/${saved.id}/signingSecret`);
    expect(rotated.statusCode, rotated.body).toBe(200);
    const { signingSecret } = rotated.json() as { signingSecret: string };
    expect(signingSecret).toMatch(/^whsec_/);
    expect(signingSecret).not.toBe(saved.signingSecret);
    expect(env.ctx.secrets.open((await storedRow(saved.id)).signingSecret)).toBe(signingSecret);

    const bot = await create(tenant.adminHeaders, { ...typebotBody, name: "Sem chave" });
    const refused = await call(tenant.adminHeaders, "POST", `/queueIntegration/${bot.id}/signingSecret`);
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({ error: "ERR_VALIDATION", fields: [{ path: "type", message: "notSigned" }] });
  });
});

describe("deleting", () => {
  it("answers 200, then 404; queues and connections that used it are left without one", async () => {
    const saved = await create(tenant.adminHeaders, { ...typebotBody, name: "Apagável" });
    const queue = await newQueue(env.db, tenant.company.id, { integrationId: saved.id });
    const whatsapp = await newWhatsapp(env.db, tenant.company.id, { integrationId: saved.id });
    const deleted = await call(tenant.adminHeaders, "DELETE", `/queueIntegration/${saved.id}`);
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json()).toEqual({ message: "queueIntegrationDeleted" });
    expect((await call(tenant.adminHeaders, "DELETE", `/queueIntegration/${saved.id}`)).statusCode).toBe(404);
    const [queueRow] = await env.db.select().from(queues).where(eq(queues.id, queue.id));
    const [whatsappRow] = await env.db.select().from(whatsapps).where(eq(whatsapps.id, whatsapp.id));
    expect(queueRow!.integrationId).toBeNull();
    expect(whatsappRow!.integrationId).toBeNull();
  });
});

describe("live events", () => {
  it("create, update and delete reach the company's channel, with masks only", async () => {
    const emit = vi.spyOn(env.ctx.realtime, "toCompany");
    try {
      const saved = await create(tenant.adminHeaders, dialogflowBody());
      await call(tenant.adminHeaders, "PUT", `/queueIntegration/${saved.id}`, { ...dialogflowBody(), name: "Outro" });
      await call(tenant.adminHeaders, "DELETE", `/queueIntegration/${saved.id}`);
      const hook = await create(tenant.adminHeaders, { type: "n8n", name: "Evento", urlN8N: "https://n.example.com" });
      const events = emit.mock.calls.filter(([, name]) => name === companyEvent.queueIntegration(tenant.company.id));
      expect(events.map(([companyId]) => companyId)).toEqual(Array(4).fill(tenant.company.id));
      const payloads = events.map(([, , payload]) => QueueIntegrationEventPayload.parse(payload));
      expect(payloads.map((payload) => payload.action)).toEqual(["create", "update", "delete", "create"]);
      expect(payloads[1]).toMatchObject({ queueIntegration: { id: saved.id, name: "Outro" } });
      expect(payloads[2]).toEqual({ action: "delete", queueIntegrationId: saved.id });
      const text = JSON.stringify(events.map(([, , payload]) => payload));
      expect(text).not.toContain("PRIVATE KEY");
      expect(text).not.toContain(hook.signingSecret!);
    } finally {
      emit.mockRestore();
    }
  });
});

describe("who may", () => {
  it("admins of a plan with useIntegrations; the list is for every admin (the connection and queue forms)", async () => {
    const plan = await newPlan(env.db, { useIntegrations: false });
    const withoutPlan = await newTenant(env, { planId: plan.id });
    const refused = await call(withoutPlan.adminHeaders, "POST", "/queueIntegration", typebotBody);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ error: "ERR_NO_PERMISSION" });
    for (const [method, url] of [
      ["POST", "/queueIntegration/testSession"],
      ["GET", "/queueIntegration/1"],
      ["PUT", "/queueIntegration/1"],
      ["DELETE", "/queueIntegration/1"],
      ["POST", "/queueIntegration/1/signingSecret"],
    ] as const) {
      expect((await call(withoutPlan.adminHeaders, method, url, method === "GET" ? undefined : {})).statusCode).toBe(
        403,
      );
    }
    expect((await call(withoutPlan.adminHeaders, "GET", "/queueIntegration")).statusCode).toBe(200);

    const agent = await call(tenant.agentHeaders, "GET", "/queueIntegration");
    expect(agent.statusCode).toBe(403);
    expect((await call(tenant.agentHeaders, "POST", "/queueIntegration", typebotBody)).statusCode).toBe(403);
  });

  it("another company's integration answers 404 and stays as it is", async () => {
    const saved = await create(tenant.adminHeaders, { ...typebotBody, name: "Privado" });
    const other = await newTenant(env);
    for (const [method, url, body] of [
      ["GET", `/queueIntegration/${saved.id}`, undefined],
      ["PUT", `/queueIntegration/${saved.id}`, { ...typebotBody, name: "Hijacked" }],
      ["DELETE", `/queueIntegration/${saved.id}`, undefined],
      ["POST", `/queueIntegration/${saved.id}/signingSecret`, undefined],
      ["POST", "/queueIntegration/testSession", { ...dialogflowBody(), jsonContent: "", id: saved.id }],
    ] as const) {
      const response = await call(other.adminHeaders, method, url, body);
      expect(response.statusCode, `${method} ${url}`).toBe(404);
    }
    expect((await storedRow(saved.id)).name).toBe("Privado");
  });
});

describe("testSession: Dialogflow through its REST API, against a local fake", () => {
  it("signs in with the service account and answers the agent's reply to a greeting", async () => {
    const calls = dialogflow.calls.length;
    const response = await call(tenant.adminHeaders, "POST", "/queueIntegration/testSession", {
      projectName: dialogflow.projectId,
      jsonContent: dialogflow.accountJson,
      language: "pt-BR",
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({
      message: "testSession",
      type: "dialogflow",
      reply: [WELCOME_REPLY],
      intent: "Default Welcome Intent",
    });
    const detect = dialogflow.calls.slice(calls).find((item) => item.path.endsWith(":detectIntent"));
    expect(detect).toMatchObject({ text: "Olá", languageCode: "pt-BR" });
    expect(detect!.session).toMatch(/^atendo-test-/);
  });

  it("an edited integration's dialog tests with the stored account when the field holds nothing or the mask", async () => {
    const saved = await create(tenant.adminHeaders, { ...dialogflowBody(), language: "en" });
    for (const jsonContent of ["", saved.jsonContent]) {
      const response = await call(tenant.adminHeaders, "POST", "/queueIntegration/testSession", {
        id: saved.id,
        projectName: dialogflow.projectId,
        jsonContent,
        language: "en",
      });
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json().reply).toEqual([WELCOME_REPLY]);
    }
    const withoutAny = await call(tenant.adminHeaders, "POST", "/queueIntegration/testSession", {
      projectName: dialogflow.projectId,
      jsonContent: "",
      language: "en",
    });
    expect(withoutAny.statusCode).toBe(400);
    expect(withoutAny.json().fields).toEqual([{ path: "body.jsonContent", message: "required" }]);
  });

  it("Google's refusals: an account it does not know, a project the account has no agent in", async () => {
    const stranger = await call(tenant.adminHeaders, "POST", "/queueIntegration/testSession", {
      projectName: dialogflow.projectId,
      jsonContent: dialogflow.strangerJson,
      language: "pt-BR",
    });
    expect(stranger.statusCode).toBe(400);
    expect(stranger.json()).toEqual({
      error: "ERR_TEST_SESSION_DIALOG",
      message: "invalid_grant: Invalid JWT Signature.",
    });

    const project = await call(tenant.adminHeaders, "POST", "/queueIntegration/testSession", {
      projectName: "someone-elses-project",
      jsonContent: dialogflow.accountJson,
      language: "es",
    });
    expect(project.statusCode).toBe(400);
    expect(project.json().error).toBe("ERR_TEST_REPLY_DIALOG");
    expect(project.json().message).toMatch(/^PERMISSION_DENIED: /);
  });

  it("a service that cannot be reached fails the test, never the server", async () => {
    const unreachable = await createTestEnv({
      config: { DIALOGFLOW_BASE_URL: "http://127.0.0.1:9", DIALOGFLOW_TOKEN_URL: "http://127.0.0.1:9/token" },
    });
    try {
      const admin = await newTenant(unreachable);
      const response = await unreachable.app.inject({
        method: "POST",
        url: "/queueIntegration/testSession",
        headers: admin.adminHeaders,
        payload: { projectName: dialogflow.projectId, jsonContent: dialogflow.accountJson, language: "pt-BR" },
      });
      expect(response.statusCode).toBe(400);
      expect(response.json().error).toBe("ERR_TEST_SESSION_DIALOG");
    } finally {
      await unreachable.close();
    }
  });

  it("the fallback intent is still an answer", async () => {
    const client = createDialogflowClient({ baseUrl: dialogflow.url, tokenUrl: dialogflow.tokenUrl });
    const result = await client.detectIntent({
      account: dialogflow.account,
      projectId: dialogflow.projectId,
      sessionId: "conversation-1",
      text: "quero um boleto",
      languageCode: "pt-BR",
    });
    expect(result).toEqual({ messages: [FALLBACK_REPLY], intent: "Default Fallback Intent", endInteraction: false });
  });
});

describe("testSession: Typebot's chat, against a local fake", () => {
  it("starts the published bot's chat and answers its first messages", async () => {
    const response = await call(tenant.adminHeaders, "POST", "/queueIntegration/testSession", {
      type: "typebot",
      urlN8N: `${typebot.url}/`,
      typebotSlug: typebot.slug,
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({
      message: "testSession",
      type: "typebot",
      // As the customer would get them: the image as its URL.
      reply: [TYPEBOT_GREETING, `${typebot.url}/media/logo.png`, TYPEBOT_QUESTION],
    });
    expect(typebot.calls.at(-1)).toMatchObject({
      path: `/api/v1/typebots/${typebot.slug}/startChat`,
      body: { isStreamEnabled: false, textBubbleContentFormat: "richText" },
    });
  });

  it("an unknown bot fails the test with Typebot's word", async () => {
    const response = await call(tenant.adminHeaders, "POST", "/queueIntegration/testSession", {
      type: "typebot",
      urlN8N: typebot.url,
      typebotSlug: "no-such-bot",
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ error: "ERR_TEST_SESSION_TYPEBOT", message: "Typebot not found" });
  });

  it("other types have no test", async () => {
    const response = await call(tenant.adminHeaders, "POST", "/queueIntegration/testSession", {
      type: "n8n",
      urlN8N: "https://n8n.example.com",
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().fields).toEqual([{ path: "body.type", message: "notTestable" }]);
  });
});

describe("secrets in the logs", () => {
  it("no service account key, access token or signing key is ever logged, even when calls fail", async () => {
    const lines: string[] = [];
    const logged = await buildApp({
      config: testConfig({ DIALOGFLOW_BASE_URL: dialogflow.url, DIALOGFLOW_TOKEN_URL: dialogflow.tokenUrl }),
      db: env.db,
      logger: { level: "trace", stream: { write: (line: string) => void lines.push(line) } },
    });
    try {
      await logged.app.ready();
      const send = (method: Method, url: string, payload?: object) =>
        logged.app.inject({ method, url, headers: tenant.adminHeaders, ...(payload ? { payload } : {}) });
      const saved = (await send("POST", "/queueIntegration", dialogflowBody())).json() as QueueIntegrationSaved;
      await send("GET", `/queueIntegration/${saved.id}`);
      await send("PUT", `/queueIntegration/${saved.id}`, { ...dialogflowBody(), jsonContent: dialogflow.strangerJson });
      await send("POST", "/queueIntegration/testSession", { ...dialogflowBody(), id: saved.id, jsonContent: "" });
      await send("POST", "/queueIntegration/testSession", dialogflowBody());
      await send("POST", "/queueIntegration/testSession", { ...dialogflowBody(), projectName: "other-project" });
      await send("POST", "/queueIntegration/testSession", { ...dialogflowBody(), jsonContent: "{not json" });
      const hook = (
        await send("POST", "/queueIntegration", { type: "webhook", name: "Logado", urlN8N: "https://w.example.com" })
      ).json() as QueueIntegrationSaved;
      const rotated = (await send("POST", `/queueIntegration/${hook.id}/signingSecret`)).json() as {
        signingSecret: string;
      };

      expect(lines.length).toBeGreaterThan(0);
      expect(lines.some((line) => line.includes("dialogflow test failed"))).toBe(true);
      const log = lines.join("\n");
      const keyBody = dialogflow.account.private_key.split("\n")[5]!;
      for (const secret of ["PRIVATE KEY", keyBody, "ya29.", "whsec_", hook.signingSecret!, rotated.signingSecret]) {
        expect(log).not.toContain(secret);
      }
    } finally {
      await logged.app.close();
    }
  });
});

describe("signing n8n and webhook calls", () => {
  it("HMAC-SHA256 of '<timestamp>.<body>' under the integration's key, as the receiver recomputes it", () => {
    const secret = "whsec_test";
    const body = JSON.stringify({ hello: "world" });
    const expected = createHmac("sha256", secret).update(`1700000000.${body}`).digest("hex");
    expect(signatureHeader(secret, body, 1_700_000_000)).toBe(`t=1700000000,v1=${expected}`);
  });
});
