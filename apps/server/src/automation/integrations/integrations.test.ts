import { createHmac } from "node:crypto";
import { FlowContent, type FlowNode } from "@atendo/shared";
import { and, asc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { newIntegration, newPlan, newQueue, newTenant, newWhatsapp } from "../../../test/factories.js";
import {
  FALLBACK_REPLY,
  type FakeDialogflow,
  GOODBYE_REPLY,
  HOURS_REPLIES,
  startFakeDialogflow,
  WELCOME_REPLY,
} from "../../../test/fake-dialogflow.js";
import { type FakeTypebot, startFakeTypebot } from "../../../test/fake-typebot.js";
import { startWebhookReceiver, type WebhookReceiver } from "../../../test/fake-webhook.js";
import { createTestEnv, type TestEnv } from "../../../test/harness.js";
import {
  contacts,
  flowCampaigns,
  flowRuns,
  flows,
  messages,
  plans,
  type queueIntegrations,
  simulatorOutbound,
  ticketNotes,
  tickets,
  whatsappQueues,
  whatsapps,
} from "../../db/schema/index.js";
import { upsertSetting } from "../../modules/settings/settings.repository.js";
import { WEBHOOK_RETRY_MS } from "./webhook.js";

/**
 * The queue integrations at runtime, end to end: simulator inbound -> ingestion -> the inbound
 * step -> the integration (Typebot's chat API, a Dialogflow agent, a signed webhook delivery by
 * job, a flow) -> the sending path -> simulator outbound, against local servers speaking each
 * service's JSON (test/fake-typebot.ts, fake-dialogflow.ts, fake-webhook.ts), on the real database.
 */
let env: TestEnv;
let typebot: FakeTypebot;
let dialogflow: FakeDialogflow;
let receiver: WebhookReceiver;
/** Tries of a Typebot or Dialogflow turn. */
const ATTEMPTS = 3;
/** Every line the server logged, searched for keys at the end. */
const logLines: string[] = [];

beforeAll(async () => {
  [typebot, dialogflow, receiver] = await Promise.all([
    startFakeTypebot(),
    startFakeDialogflow(),
    startWebhookReceiver(),
  ]);
  env = await createTestEnv({
    config: {
      JOB_POLL_SECONDS: "0.5",
      INTEGRATION_ATTEMPTS: String(ATTEMPTS),
      INTEGRATION_RETRY_SECONDS: "0",
      DIALOGFLOW_BASE_URL: dialogflow.url,
      DIALOGFLOW_TOKEN_URL: dialogflow.tokenUrl,
    },
    logger: { level: "debug", stream: { write: (line: string) => void logLines.push(line) } },
  });
});
afterAll(async () => {
  await env.close();
  await Promise.all([typebot.close(), dialogflow.close(), receiver.close()]);
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function waitFor<T>(read: () => Promise<T>, done: (value: T) => boolean, timeoutMs = 10_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > deadline) throw new Error(`timed out; last value: ${JSON.stringify(value)}`);
    await sleep(50);
  }
}

let numbers = 0;
const nextNumber = () => `55219${String(Date.now() % 100_000).padStart(5, "0")}${String(numbers++).padStart(3, "0")}`;

/** A company (plan with the external API) with a paired simulator connection. */
async function setup() {
  const plan = await newPlan(env.db, { useExternalApi: true, useIntegrations: true });
  const tenant = await newTenant(env, { planId: plan.id });
  const companyId = tenant.company.id;
  const whatsapp = await newWhatsapp(env.db, companyId, { provider: "simulator", isDefault: true });
  await env.ctx.sessions!.start(whatsapp.id);
  expect((await env.app.inject({ method: "POST", url: `/simulator/scan/${whatsapp.id}` })).statusCode).toBe(200);
  const onConnection = (integrationId: number | null) =>
    env.db.update(whatsapps).set({ integrationId }).where(eq(whatsapps.id, whatsapp.id));
  return { tenant, companyId, whatsapp, onConnection };
}

const typebotFields = (overrides: Partial<typeof queueIntegrations.$inferInsert> = {}) => ({
  type: "typebot" as const,
  urlN8N: typebot.url,
  typebotSlug: typebot.slug,
  typebotExpires: 10,
  typebotDelayMessage: 300,
  typebotKeywordFinish: "#sair",
  typebotKeywordRestart: "#reiniciar",
  typebotRestartMessage: "Recomeçando...",
  typebotUnknownMessage: "Não entendi. Responda com o número de uma opção.",
  ...overrides,
});

/** A simulated customer on a connection: what they send, what they got. */
function customer(whatsappId: number, name = "João Pereira") {
  const from = nextNumber();
  const received = async () =>
    env.db
      .select()
      .from(simulatorOutbound)
      .where(and(eq(simulatorOutbound.whatsappId, whatsappId), eq(simulatorOutbound.to, from)))
      .orderBy(asc(simulatorOutbound.id));
  const ticket = async () => {
    const [row] = await env.db
      .select({ ticket: tickets })
      .from(tickets)
      .innerJoin(contacts, eq(contacts.id, tickets.contactId))
      .where(and(eq(tickets.whatsappId, whatsappId), eq(contacts.number, from)));
    return row?.ticket;
  };
  const send = async (body: string) => {
    const response = await env.app.inject({
      method: "POST",
      url: "/simulator/inbound",
      payload: { whatsappId, from, name, body },
    });
    expect(response.statusCode, response.body).toBe(200);
  };
  /** Sends a message and answers the next `count` messages it gets (text, or [media name]). */
  const say = async (body: string, count = 1): Promise<string[]> => {
    const before = (await received()).length;
    await send(body);
    if (count === 0) {
      await sleep(800);
      expect((await received()).slice(before).map((row) => row.body)).toEqual([]);
      return [];
    }
    const rows = await waitFor(received, (rows) => rows.length >= before + count);
    await sleep(100);
    const all = (await received()).slice(before).map((row) => row.body);
    expect(all, `no more than ${count} messages for "${body}"`).toHaveLength(count);
    return rows
      .slice(before)
      .map((row) => (row.mediaType && row.mediaType !== "chat" ? `[${row.mediaType}]` : row.body));
  };
  /** The ticket's notes and the customer's stored messages. */
  const notes = async () => {
    const current = await ticket();
    if (!current) return [];
    return env.db.select().from(ticketNotes).where(eq(ticketNotes.ticketId, current.id)).orderBy(asc(ticketNotes.id));
  };
  const stored = async () => {
    const current = await ticket();
    if (!current) return [];
    return env.db.select().from(messages).where(eq(messages.ticketId, current.id)).orderBy(asc(messages.id));
  };
  return { from, received, ticket, send, say, notes, stored };
}

/** The Typebot session stored on the ticket. */
const sessionIdOf = (ticket: { automationState: Record<string, unknown> | null } | undefined): string =>
  String((ticket?.automationState?.typebot as { sessionId?: string } | undefined)?.sessionId);

const greeting = ["Olá *João Pereira*!", "[image]", "Escolha um setor:", "*1* - Vendas\n*2* - Suporte"];

describe("typebot", () => {
  it("starts a session on the connection's integration, answers choices by number, and hands back when the bot ends", async () => {
    const s = await setup();
    const integration = await newIntegration(env.db, s.companyId, typebotFields());
    await s.onConnection(integration.id);
    const joao = customer(s.whatsapp.id);

    expect(await joao.say("oi", 4)).toEqual(greeting);
    const first = await joao.ticket();
    expect(first).toMatchObject({ status: "pending", useIntegration: true, integrationId: integration.id });
    const state = first!.automationState?.typebot as { sessionId: string; owner: string; choices: string[] };
    expect(state).toMatchObject({ owner: `integration:${integration.id}`, choices: ["Vendas", "Suporte"] });
    expect(typebot.sessions.get(state.sessionId)).toBe("choice");
    const start = typebot.calls.findLast((call) => call.path.endsWith("/startChat"))!;
    expect(start.path).toBe(`/api/v1/typebots/${typebot.slug}/startChat`);
    expect(start.body.prefilledVariables).toMatchObject({ number: joao.from, pushName: "João Pereira" });

    // The bubbles went out typebotDelayMessage (300 ms) apart.
    const times = (await joao.received()).map((row) => row.createdAt.getTime());
    for (let i = 1; i < times.length; i++) expect(times[i]! - times[i - 1]!).toBeGreaterThanOrEqual(250);

    // No bubble for a reply that matches no button: the unknown message, and the buttons again.
    expect(await joao.say("9", 2)).toEqual([
      "Não entendi. Responda com o número de uma opção.",
      "*1* - Vendas\n*2* - Suporte",
    ]);
    expect(await joao.say("1")).toEqual(["Qual é o seu nome?"]);
    expect(typebot.calls.at(-1)).toMatchObject({
      path: `/api/v1/sessions/${state.sessionId}/continueChat`,
      body: { message: "Vendas" },
    });
    expect(await joao.say("Maria")).toEqual(["Obrigado, Maria!"]);
    // The bot has nothing more to ask: the session is over and the ticket goes back, for good.
    const after = await joao.ticket();
    expect(after).toMatchObject({ status: "pending", useIntegration: false, integrationId: integration.id });
    expect(after!.automationState?.typebot).toBeUndefined();
    await joao.say("Olá?", 0);
  });

  it("restarts on its keyword, finishes on the other, and starts afresh once the session expired or Typebot lost it", async () => {
    const s = await setup();
    const integration = await newIntegration(env.db, s.companyId, typebotFields({ typebotDelayMessage: 0 }));
    await s.onConnection(integration.id);

    const ana = customer(s.whatsapp.id, "João Pereira");
    await ana.say("oi", 4);
    const firstSession = sessionIdOf(await ana.ticket());
    expect(await ana.say("  #REINICIAR ", 5)).toEqual(["Recomeçando...", ...greeting]);
    const secondSession = sessionIdOf(await ana.ticket());
    expect(secondSession).not.toBe(firstSession);

    // Past typebotExpires: the next message wakes a new session instead of answering the old one.
    const ticketId = (await ana.ticket())!.id;
    await env.db
      .update(tickets)
      .set({
        automationState: {
          typebot: {
            owner: `integration:${integration.id}`,
            sessionId: secondSession,
            expiresAt: new Date(Date.now() - 1000).toISOString(),
          },
        },
      })
      .where(eq(tickets.id, ticketId));
    const calls = typebot.calls.length;
    expect(await ana.say("1", 4)).toEqual(greeting);
    expect(typebot.calls.slice(calls).map((call) => call.path)).toEqual([`/api/v1/typebots/${typebot.slug}/startChat`]);

    // Typebot no longer has the session (404): a new one starts.
    const third = sessionIdOf(await ana.ticket());
    typebot.sessions.delete(third);
    expect(await ana.say("1", 4)).toEqual(greeting);

    await ana.say("#sair", 0);
    expect(await ana.ticket()).toMatchObject({
      useIntegration: false,
      integrationId: integration.id,
      automationState: null,
    });
  });

  it("stops when an attendant accepts the ticket: the session is dropped and the bot stays quiet", async () => {
    const s = await setup();
    const integration = await newIntegration(env.db, s.companyId, typebotFields({ typebotDelayMessage: 0 }));
    await s.onConnection(integration.id);
    const joao = customer(s.whatsapp.id);
    await joao.say("oi", 4);
    const ticket = (await joao.ticket())!;
    const accepted = await env.app.inject({
      method: "PUT",
      url: `/tickets/${ticket.id}`,
      headers: s.tenant.adminHeaders,
      payload: { status: "open", userId: s.tenant.admin.id },
    });
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(await joao.ticket()).toMatchObject({ status: "open", useIntegration: false, automationState: null });
    const calls = typebot.calls.length;
    await joao.say("1", 0);
    expect(typebot.calls.length).toBe(calls);
  });
});

describe("Typebot and Dialogflow failures, retried by job", () => {
  const paths = (from: number) => typebot.calls.slice(from).map((call) => call.path.split("/").at(-1));

  it("a Typebot 503 and 429 are tried again and answered once, and the customer's next message waits its turn", async () => {
    const s = await setup();
    const integration = await newIntegration(env.db, s.companyId, typebotFields({ typebotDelayMessage: 0 }));
    await s.onConnection(integration.id);
    const joao = customer(s.whatsapp.id);
    const from = typebot.calls.length;
    typebot.fail(503, 429);

    await joao.send("oi");
    await joao.send("1");
    const rows = await waitFor(joao.received, (rows) => rows.length >= 5);
    await sleep(300);
    expect((await joao.received()).length).toBe(5);
    expect(rows.map((row) => (row.mediaType && row.mediaType !== "chat" ? `[${row.mediaType}]` : row.body))).toEqual([
      ...greeting,
      "Qual é o seu nome?",
    ]);
    expect(paths(from)).toEqual(["startChat", "startChat", "startChat", "continueChat"]);
    expect(await joao.notes()).toEqual([]);
    expect(await joao.ticket()).toMatchObject({ useIntegration: true, integrationId: integration.id });
  });

  it("a restart whose new session fails at first sends the restart message once, with the new session's opening", async () => {
    const s = await setup();
    const integration = await newIntegration(env.db, s.companyId, typebotFields({ typebotDelayMessage: 0 }));
    await s.onConnection(integration.id);
    const ana = customer(s.whatsapp.id, "João Pereira");
    await ana.say("oi", 4);
    typebot.fail(503);
    expect(await ana.say("#reiniciar", 5)).toEqual(["Recomeçando...", ...greeting]);
  });

  it("after the last try the attendants get a note and the ticket; the customer's message stays", async () => {
    const s = await setup();
    const integration = await newIntegration(env.db, s.companyId, typebotFields());
    await s.onConnection(integration.id);
    const eva = customer(s.whatsapp.id, "Eva");
    const from = typebot.calls.length;
    typebot.fail(...Array.from({ length: ATTEMPTS }, () => 503));

    await eva.send("oi");
    const notes = await waitFor(eva.notes, (rows) => rows.length >= 1);
    expect(notes).toHaveLength(1);
    expect(notes[0]).toMatchObject({ userId: null });
    expect(notes[0]!.note).toContain("Typebot");
    expect(notes[0]!.note).toContain("HTTP 503");
    expect(notes[0]!.note).toContain(`${ATTEMPTS} tentativas`);
    expect(paths(from)).toEqual(Array.from({ length: ATTEMPTS }, () => "startChat"));
    expect(await eva.ticket()).toMatchObject({
      status: "pending",
      useIntegration: false,
      integrationId: integration.id,
    });
    expect(await eva.received()).toEqual([]);
    expect((await eva.stored()).map((row) => row.body)).toEqual(["oi"]);
    // Given back for good: the bot is not asked again.
    await eva.say("alguém aí?", 0);
    expect(typebot.calls.length).toBe(from + ATTEMPTS);
  });

  it("a refusal is not tried again: an unknown bot (404) leaves the note at once", async () => {
    const s = await setup();
    const integration = await newIntegration(env.db, s.companyId, typebotFields({ typebotSlug: "no-such-bot" }));
    await s.onConnection(integration.id);
    const rui = customer(s.whatsapp.id, "Rui");
    const from = typebot.calls.length;

    await rui.send("oi");
    const notes = await waitFor(rui.notes, (rows) => rows.length >= 1);
    expect(notes[0]!.note).toContain("HTTP 404");
    expect(notes[0]!.note).not.toContain("tentativas");
    await sleep(500);
    expect(paths(from)).toEqual(["startChat"]);
    expect(await rui.ticket()).toMatchObject({ useIntegration: false, integrationId: integration.id });
  });

  it("a Dialogflow 500 is tried again and answered once; a project the account cannot reach (403) is left at once", async () => {
    const s = await setup();
    const agent = await newIntegration(env.db, s.companyId, {
      type: "dialogflow",
      projectName: dialogflow.projectId,
      language: "pt-BR",
      jsonContent: env.ctx.secrets.seal(dialogflow.accountJson),
    });
    await s.onConnection(agent.id);
    const joao = customer(s.whatsapp.id);
    dialogflow.fail(500);
    expect(await joao.say("oi")).toEqual([WELCOME_REPLY]);
    const session = (await joao.ticket())!.uuid;
    expect(dialogflow.calls.filter((call) => call.session === session).map((call) => call.text)).toEqual(["oi", "oi"]);

    const elsewhere = await newIntegration(env.db, s.companyId, {
      type: "dialogflow",
      projectName: "someone-elses-agent",
      language: "pt-BR",
      jsonContent: env.ctx.secrets.seal(dialogflow.accountJson),
    });
    await s.onConnection(elsewhere.id);
    const ana = customer(s.whatsapp.id, "Ana");
    await ana.send("oi");
    const notes = await waitFor(ana.notes, (rows) => rows.length >= 1);
    expect(notes[0]!.note).toContain("Dialogflow");
    expect(notes[0]!.note).toContain("HTTP 403");
    expect(notes[0]!.note).not.toContain("tentativas");
    expect(await ana.ticket()).toMatchObject({ useIntegration: false, integrationId: elsewhere.id });
    expect(await ana.received()).toEqual([]);
  });
});

describe("the plan's useIntegrations", () => {
  it("a plan without it hands nothing over: the connection's chatbot answers instead, until the flag is back", async () => {
    const s = await setup();
    const integration = await newIntegration(env.db, s.companyId, typebotFields({ typebotDelayMessage: 0 }));
    await s.onConnection(integration.id);
    await env.db
      .update(whatsapps)
      .set({ greetingMessage: "Olá! Escolha um setor:" })
      .where(eq(whatsapps.id, s.whatsapp.id));
    const support = await newQueue(env.db, s.companyId, { name: "Suporte" });
    const sales = await newQueue(env.db, s.companyId, { name: "Vendas" });
    await env.db.insert(whatsappQueues).values([
      { companyId: s.companyId, whatsappId: s.whatsapp.id, queueId: support.id },
      { companyId: s.companyId, whatsappId: s.whatsapp.id, queueId: sales.id },
    ]);
    const planId = s.tenant.company.planId!;
    await env.db.update(plans).set({ useIntegrations: false }).where(eq(plans.id, planId));
    const from = typebot.calls.length;
    const tito = customer(s.whatsapp.id, "Tito");

    const [menu] = await tito.say("oi");
    expect(menu).toContain("Olá! Escolha um setor:");
    expect(menu).toContain("Suporte");
    expect(typebot.calls.length).toBe(from);
    expect(await tito.ticket()).toMatchObject({ useIntegration: false, integrationId: null });

    await env.db.update(plans).set({ useIntegrations: true }).where(eq(plans.id, planId));
    const ugo = customer(s.whatsapp.id, "João Pereira");
    expect(await ugo.say("oi", 4)).toEqual(greeting);
  });
});

describe("dialogflow", () => {
  it("answers in the queue the chatbot routed to, with the fulfilment's texts, and hands back on an end-of-conversation intent", async () => {
    const s = await setup();
    const integration = await newIntegration(env.db, s.companyId, {
      type: "dialogflow",
      projectName: dialogflow.projectId,
      language: "pt-BR",
      jsonContent: env.ctx.secrets.seal(dialogflow.accountJson),
    });
    const queue = await newQueue(env.db, s.companyId, { name: "Robô", integrationId: integration.id });
    await env.db
      .insert(whatsappQueues)
      .values({ companyId: s.companyId, whatsappId: s.whatsapp.id, queueId: queue.id });
    await upsertSetting(env.db, s.companyId, "sendGreetingMessageOneQueues", "disabled");
    const joao = customer(s.whatsapp.id);

    // The connection's only queue takes the ticket (the chatbot); its integration has the next message.
    await joao.say("bom dia", 0);
    expect(await joao.ticket()).toMatchObject({ queueId: queue.id, chatbot: false, useIntegration: false });
    expect(await joao.say("Oi, tudo bem?")).toEqual([WELCOME_REPLY]);
    const ticket = (await joao.ticket())!;
    expect(ticket).toMatchObject({ useIntegration: true, integrationId: integration.id });
    expect(await joao.say("qual o horário?", 2)).toEqual(HOURS_REPLIES);
    expect(await joao.say("quero um boleto")).toEqual([FALLBACK_REPLY]);
    expect(await joao.say("tchau")).toEqual([GOODBYE_REPLY]);
    expect(
      dialogflow.calls
        .filter((call) => call.session === ticket.uuid)
        .map(({ text, languageCode }) => ({ text, languageCode })),
    ).toEqual([
      { text: "Oi, tudo bem?", languageCode: "pt-BR" },
      { text: "qual o horário?", languageCode: "pt-BR" },
      { text: "quero um boleto", languageCode: "pt-BR" },
      { text: "tchau", languageCode: "pt-BR" },
    ]);
    expect(await joao.ticket()).toMatchObject({
      status: "pending",
      queueId: queue.id,
      useIntegration: false,
      integrationId: integration.id,
    });
    await joao.say("oi de novo", 0);
  });
});

describe("n8n and webhook", () => {
  it("posts each message signed with the integration's key, tries again after a 500, and the remote side answers through the external API", async () => {
    const s = await setup();
    const secret = "whsec_test-signing-key";
    const integration = await newIntegration(env.db, s.companyId, {
      type: "n8n",
      urlN8N: receiver.url,
      signingSecret: env.ctx.secrets.seal(secret),
    });
    await s.onConnection(integration.id);
    const joao = customer(s.whatsapp.id);

    receiver.answer(500);
    const before = receiver.received.length;
    await joao.say("Quero falar sobre meu pedido", 0);
    const [failed, delivered] = (await waitFor(
      async () => receiver.received.slice(before),
      (rows) => rows.length >= 2,
      WEBHOOK_RETRY_MS + 8000,
    )) as [(typeof receiver.received)[number], (typeof receiver.received)[number]];
    expect(failed.status).toBe(500);
    expect(delivered.status).toBe(200);
    expect(delivered.at - failed.at).toBeGreaterThanOrEqual(WEBHOOK_RETRY_MS - 500);

    for (const delivery of [failed, delivered]) {
      const match = /^t=(\d+),v1=([0-9a-f]{64})$/.exec(String(delivery.headers["x-atendo-signature"]));
      expect(match).not.toBeNull();
      const expected = createHmac("sha256", secret).update(`${match![1]}.${delivery.raw}`).digest("hex");
      expect(match![2]).toBe(expected);
      expect(delivery.headers["content-type"]).toBe("application/json");
    }
    expect(failed.headers["x-atendo-delivery"]).toBe(delivered.headers["x-atendo-delivery"]);
    const ticket = (await joao.ticket())!;
    expect(JSON.parse(delivered.raw)).toMatchObject({
      event: "message",
      deliveryId: delivered.headers["x-atendo-delivery"],
      message: { body: "Quero falar sobre meu pedido", fromMe: false, mediaType: "chat", mediaUrl: null },
      ticket: { id: ticket.id, uuid: ticket.uuid, status: "pending", whatsappId: s.whatsapp.id },
      contact: { name: "João Pereira", number: joao.from, isGroup: false },
      integration: { id: integration.id, name: integration.name, type: "n8n" },
    });
    expect(delivered.raw).not.toContain(secret);
    expect(ticket).toMatchObject({ useIntegration: true, integrationId: integration.id });

    // The workflow answers on the connection with its token: same ticket, still the integration's.
    const reply = await env.app.inject({
      method: "POST",
      url: "/api/messages/send",
      headers: { authorization: `Bearer ${s.whatsapp.token}` },
      payload: { number: joao.from, body: "Seu pedido sai amanhã." },
    });
    expect(reply.statusCode, reply.body).toBe(200);
    expect(reply.json()).toMatchObject({ ticketId: ticket.id });
    await waitFor(joao.received, (rows) => rows.at(-1)?.body === "Seu pedido sai amanhã.");
    expect(await joao.ticket()).toMatchObject({ status: "pending", useIntegration: true });

    // A refusal other than a failure (4xx) is not tried again.
    receiver.answer(400);
    const count = receiver.received.length;
    await joao.send("Obrigado");
    await waitFor(
      async () => receiver.received.length,
      (n) => n === count + 1,
    );
    await sleep(WEBHOOK_RETRY_MS + 1500);
    expect(receiver.received.length).toBe(count + 1);
  }, 40_000);
});

type NodeSpec = { id: string; type: FlowNode["type"]; data: unknown };

function flowDocument(nodes: NodeSpec[], edges: [string, string][]): FlowContent {
  return FlowContent.parse({
    nodes: [{ id: "1", type: "start", data: { label: "Inicio do fluxo" } }, ...nodes].map((node, index) => ({
      position: { x: index * 200, y: 100 },
      ...node,
    })),
    connections: edges.map(([source, target], index) => ({ id: `edge-${index}`, source, target, sourceHandle: null })),
  });
}

describe("flowbuilder", () => {
  it("runs the integration's flow, and gives the ticket back once the run is over", async () => {
    const s = await setup();
    const document = flowDocument(
      [
        { id: "hi", type: "message", data: { label: "Bem-vindo, {{firstName}}!" } },
        {
          id: "ask",
          type: "question",
          data: { typebotIntegration: { message: "Qual é o seu pedido?", answerKey: "pedido" } },
        },
        { id: "bye", type: "message", data: { label: "Pedido {{pedido}} anotado." } },
      ],
      [
        ["1", "hi"],
        ["hi", "ask"],
        ["ask", "bye"],
      ],
    );
    const [flow] = await env.db
      .insert(flows)
      .values({ companyId: s.companyId, name: "Pedidos", flow: document })
      .returning();
    const integration = await newIntegration(env.db, s.companyId, { type: "flowbuilder", flowId: flow!.id });
    await s.onConnection(integration.id);
    const joao = customer(s.whatsapp.id);

    expect(await joao.say("oi", 2)).toEqual(["Bem-vindo, João!", "Qual é o seu pedido?"]);
    expect(await joao.ticket()).toMatchObject({ useIntegration: true, integrationId: integration.id });
    expect(await joao.say("42")).toEqual(["Pedido 42 anotado."]);
    const [run] = await env.db
      .select()
      .from(flowRuns)
      .where(eq(flowRuns.ticketId, (await joao.ticket())!.id));
    expect(run).toMatchObject({ trigger: "integration", status: "ended", endedReason: "end", flowId: flow!.id });
    await joao.say("mais alguma coisa?", 0);
    expect(await joao.ticket()).toMatchObject({ useIntegration: false, integrationId: integration.id });
  });
});

describe("the flow's Typebot node", () => {
  /** A flow whose phrase "robô" runs a Typebot node, then a message node after the bot's end. */
  async function flowWithBot(s: Awaited<ReturnType<typeof setup>>, slug = typebot.slug) {
    const document = flowDocument(
      [
        {
          id: "bot",
          type: "typebot",
          data: {
            typebotIntegration: {
              urlN8N: typebot.url,
              typebotSlug: slug,
              typebotDelayMessage: 0,
              message: "Vou te passar para o nosso robô.",
            },
          },
        },
        { id: "after", type: "message", data: { label: "De volta ao fluxo." } },
      ],
      [
        ["1", "bot"],
        ["bot", "after"],
      ],
    );
    const [flow] = await env.db
      .insert(flows)
      .values({ companyId: s.companyId, name: "Com robô", flow: document })
      .returning();
    await env.db.insert(flowCampaigns).values({
      companyId: s.companyId,
      name: "robo",
      flowId: flow!.id,
      whatsappId: s.whatsapp.id,
      phrase: "robô",
      status: true,
    });
  }
  const runOf = async (ticketId: number) =>
    (await env.db.select().from(flowRuns).where(eq(flowRuns.ticketId, ticketId)))[0];
  const paths = (from: number) => typebot.calls.slice(from).map((call) => call.path.split("/").at(-1));

  it("sends the node's message, hands the conversation to the bot, and goes on from its edge when the bot ends", async () => {
    const s = await setup();
    await flowWithBot(s);
    const joao = customer(s.whatsapp.id);

    expect(await joao.say("robô", 5)).toEqual(["Vou te passar para o nosso robô.", ...greeting]);
    const ticket = (await joao.ticket())!;
    const run = await runOf(ticket.id);
    expect(run).toMatchObject({ status: "active", wait: "handoff", nodeId: "bot" });
    expect(ticket.automationState?.typebot).toMatchObject({ owner: `flow:${run!.id}:bot` });
    // "2" picks Suporte, which ends the bot: the flow goes on.
    expect(await joao.say("2", 2)).toEqual(["Suporte: ligue 0800.", "De volta ao fluxo."]);
    expect(await runOf(ticket.id)).toMatchObject({ status: "ended", endedReason: "end" });
    expect((await joao.ticket())!.automationState?.typebot).toBeUndefined();
  });

  it("a Typebot 503 and 429 are tried again by job and answered once, the start and the customer's answers alike", async () => {
    const s = await setup();
    await flowWithBot(s);
    const ana = customer(s.whatsapp.id, "João Pereira");
    const from = typebot.calls.length;
    typebot.fail(503, 429);

    expect(await ana.say("robô", 5)).toEqual(["Vou te passar para o nosso robô.", ...greeting]);
    expect(paths(from)).toEqual(["startChat", "startChat", "startChat"]);
    typebot.fail(502);
    expect(await ana.say("2", 2)).toEqual(["Suporte: ligue 0800.", "De volta ao fluxo."]);
    expect(paths(from).slice(3)).toEqual(["continueChat", "continueChat"]);
    expect(await ana.notes()).toEqual([]);
  });

  it("after the last try the run ends with a note, and the ticket is the attendants'", async () => {
    const s = await setup();
    await flowWithBot(s);
    const eva = customer(s.whatsapp.id, "Eva");
    const from = typebot.calls.length;
    typebot.fail(...Array.from({ length: ATTEMPTS }, () => 503));

    await eva.send("robô");
    const notes = await waitFor(eva.notes, (rows) => rows.length >= 1);
    expect(notes).toHaveLength(1);
    expect(notes[0]!.note).toMatch(/^\[Fluxo\] Typebot/);
    expect(notes[0]!.note).toContain("HTTP 503");
    expect(notes[0]!.note).toContain(`${ATTEMPTS} tentativas`);
    expect(paths(from)).toEqual(Array.from({ length: ATTEMPTS }, () => "startChat"));
    const ticket = (await eva.ticket())!;
    expect(await runOf(ticket.id)).toMatchObject({ status: "ended", endedReason: "failed" });
    expect(ticket).toMatchObject({ status: "pending", userId: null });
    expect((await eva.received()).map((row) => row.body)).toEqual(["Vou te passar para o nosso robô."]);
    // Left for good: the bot is not asked again.
    await eva.say("alguém aí?", 0);
    expect(typebot.calls.length).toBe(from + ATTEMPTS);
  });

  it("a refusal is not tried again: an unknown bot (404) ends the run with the note at once", async () => {
    const s = await setup();
    await flowWithBot(s, "no-such-bot");
    const rui = customer(s.whatsapp.id, "Rui");
    const from = typebot.calls.length;

    await rui.send("robô");
    const notes = await waitFor(rui.notes, (rows) => rows.length >= 1);
    expect(notes[0]!.note).toContain("HTTP 404");
    expect(notes[0]!.note).not.toContain("tentativas");
    await sleep(500);
    expect(paths(from)).toEqual(["startChat"]);
    expect(await runOf((await rui.ticket())!.id)).toMatchObject({ status: "ended", endedReason: "failed" });
  });
});

describe("keys", () => {
  it("never reach a log line, not even when the services refuse or cannot be reached", async () => {
    const s = await setup();
    const secret = "whsec_never-logged-key";
    const hiddenPath = "/hook/n8n-secret-path-5f2a";
    const refused = await newIntegration(env.db, s.companyId, {
      type: "dialogflow",
      projectName: "someone-elses-project",
      language: "pt-BR",
      jsonContent: env.ctx.secrets.seal(dialogflow.accountJson),
    });
    await s.onConnection(refused.id);
    const joao = customer(s.whatsapp.id);
    await joao.say("oi", 0);
    await waitFor(
      async () => logLines.join("\n"),
      (text) => text.includes("dialogflow call failed"),
    );

    const unreachable = await newIntegration(env.db, s.companyId, {
      type: "webhook",
      urlN8N: `http://127.0.0.1:1${hiddenPath}?token=abc`,
      signingSecret: env.ctx.secrets.seal(secret),
    });
    await s.onConnection(unreachable.id);
    const ana = customer(s.whatsapp.id, "Ana Souza");
    await ana.say("oi", 0);
    await waitFor(
      async () => logLines.join("\n"),
      (text) => text.includes("webhook delivery failed"),
    );

    const text = logLines.join("\n");
    const privateKey = (JSON.parse(dialogflow.accountJson) as { private_key: string }).private_key;
    for (const line of privateKey.split("\n").filter((line) => line.length > 20)) expect(text).not.toContain(line);
    expect(text).not.toContain(secret);
    expect(text).not.toContain(hiddenPath);
    expect(text).not.toContain("token=abc");
  });
});
