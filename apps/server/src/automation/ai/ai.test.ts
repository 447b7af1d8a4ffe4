import { randomBytes } from "node:crypto";
import { FlowContent } from "@atendo/shared";
import { and, asc, eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { newPrompt, newQueue, newTenant, newUser, newWhatsapp } from "../../../test/factories.js";
import { type FakeAiServices, OGG_OPUS, startFakeAiServices } from "../../../test/fake-openai.js";
import { createTestEnv, type TestEnv } from "../../../test/harness.js";
import {
  contacts,
  flowRuns,
  flows,
  messages,
  plans,
  prompts,
  queues,
  simulatorOutbound,
  ticketNotes,
  tickets,
  whatsappQueues,
} from "../../db/schema/index.js";
import { createSecrets } from "../../secrets/secrets.js";
import { isSealed } from "../../secrets/stored-keys.js";
import { HANDOVER_TOKEN } from "./ai-logic.js";

/**
 * The AI runtime end to end: simulator inbound -> ingestion -> the inbound step -> the ai.answer
 * job -> the official OpenAI client (and Azure speech over REST) against a local server speaking
 * their JSON -> the sending path -> simulator outbound, on the real database. Every log line of
 * the server is kept, to show that no key ever reaches one.
 */
let env: TestEnv;
let fake: FakeAiServices;
const logLines: string[] = [];
/** Every plain key the tests hand out, looked for in the logs at the end. */
const keys: string[] = [];

const ATTEMPTS = 3;
const TIMEOUT_MS = 700;

beforeAll(async () => {
  fake = await startFakeAiServices();
  env = await createTestEnv({
    config: {
      JOB_POLL_SECONDS: "0.5",
      OPENAI_BASE_URL: fake.openAiUrl,
      AZURE_SPEECH_BASE_URL: fake.speechUrl,
      OPENAI_TIMEOUT_MS: String(TIMEOUT_MS),
      AI_ANSWER_ATTEMPTS: String(ATTEMPTS),
      AI_RETRY_MS: "100",
    },
    logger: { level: "debug", stream: { write: (line: string) => void logLines.push(line) } },
  });
});
afterAll(async () => {
  (await import("node:fs")).writeFileSync("/tmp/g3-ai-log.txt", logLines.join(""));
  await env?.close();
  await fake?.close();
});
beforeEach(() => {
  fake.answerChat((call) => ({ reply: `Resposta para: ${call.body.messages.at(-1)?.content ?? ""}` }));
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

let serial = 0;
const nextNumber = () => `55119${String(Date.now() % 100_000).padStart(5, "0")}${String(serial++).padStart(3, "0")}`;
const newKey = (label: string) => {
  const key = `sk-${label}-${Math.random().toString(36).slice(2)}${Math.random().toString(36).slice(2)}`;
  keys.push(key);
  return key;
};

/** A company with a paired simulator connection; `connection` sets its fields (promptId...). */
async function setup() {
  const tenant = await newTenant(env);
  const companyId = tenant.company.id;
  const queue = await newQueue(env.db, companyId, { name: "Atendimento humano" });
  const prompt = async (values: Partial<Parameters<typeof newPrompt>[2]> & { key: string }) => {
    const { key, ...rest } = values;
    return newPrompt(env.db, companyId, {
      prompt: "Você é o assistente da Loja Exemplo. Responda com gentileza e sempre em português do Brasil.",
      queueId: queue.id,
      ...rest,
      apiKey: env.ctx.secrets.seal(key),
    });
  };
  const connection = async (values: Parameters<typeof newWhatsapp>[2] = {}) => {
    const whatsapp = await newWhatsapp(env.db, companyId, { provider: "simulator", isDefault: true, ...values });
    await env.ctx.sessions!.start(whatsapp.id);
    const scan = await env.app.inject({ method: "POST", url: `/simulator/scan/${whatsapp.id}` });
    expect(scan.statusCode).toBe(200);
    return whatsapp;
  };
  return { tenant, companyId, queue, prompt, connection };
}

/** A simulated customer: what they send, what they got, their ticket and its notes. */
function customer(whatsappId: number, name = "Maria Souza") {
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
  const send = async (body: string, media?: { type: "audio"; fileName: string; base64: string }) => {
    const response = await env.app.inject({
      method: "POST",
      url: "/simulator/inbound",
      payload: { whatsappId, from, name, ...(body ? { body } : {}), ...(media ? { media } : {}) },
    });
    expect(response.statusCode, response.body).toBe(200);
  };
  /** Sends a message and answers the bodies of the next `count` messages it gets (0: checks none come). */
  const say = async (body: string, count = 1): Promise<string[]> => {
    const before = (await received()).length;
    await send(body);
    if (count === 0) {
      await sleep(1200);
      expect((await received()).slice(before).map((row) => row.body)).toEqual([]);
      return [];
    }
    const rows = await waitFor(received, (rows) => rows.length >= before + count);
    // The network has an answer before its row commits (the sending path stores a message once the
    // provider took it): the next message's context must find it stored.
    await waitFor(stored, (all) => all.filter((row) => row.fromMe).length >= rows.length);
    return rows.slice(before).map((row) => row.body);
  };
  return { from, received, ticket, notes, stored, send, say };
}

const chatsWithKey = (key: string) => fake.chats.filter((call) => call.authorization === `Bearer ${key}`);

describe("AI answers through the simulator", () => {
  it("answers with the prompt, the customer's name and the last maxMessages of the conversation", async () => {
    const s = await setup();
    const key = newKey("window");
    const prompt = await s.prompt({ key, maxMessages: 3, maxTokens: 120, temperature: 0.4, model: "gpt-4o-mini" });
    const whatsapp = await s.connection({ promptId: prompt.id });
    const maria = customer(whatsapp.id);

    expect(await maria.say("Olá")).toEqual(["Resposta para: Olá"]);
    expect(await maria.say("Qual o horário?")).toEqual(["Resposta para: Qual o horário?"]);

    const calls = chatsWithKey(key);
    expect(calls).toHaveLength(2);
    const last = calls.at(-1)!.body;
    expect(last).toMatchObject({ model: "gpt-4o-mini", temperature: 0.4, max_tokens: 120 });
    const [system, ...conversation] = last.messages;
    expect(system!.role).toBe("system");
    expect(system!.content).toContain("Maria Souza");
    expect(system!.content).toContain(prompt.prompt);
    expect(system!.content).toContain(HANDOVER_TOKEN);
    expect(conversation).toEqual([
      { role: "user", content: "Olá" },
      { role: "assistant", content: "Resposta para: Olá" },
      { role: "user", content: "Qual o horário?" },
    ]);

    // maxMessages 3: the first "Olá" and its answer fall out of the window.
    expect(await maria.say("E no sábado?")).toEqual(["Resposta para: E no sábado?"]);
    expect(chatsWithKey(key).at(-1)!.body.messages.slice(1)).toEqual([
      { role: "user", content: "Qual o horário?" },
      { role: "assistant", content: "Resposta para: Qual o horário?" },
      { role: "user", content: "E no sábado?" },
    ]);
    // The ticket stays the bot's: pending, nobody's, without a queue.
    expect(await maria.ticket()).toMatchObject({ status: "pending", userId: null, queueId: null });
  });

  it("transfers to the prompt's queue when the model answers the hand-over token, and stops answering", async () => {
    const s = await setup();
    const key = newKey("handover");
    const prompt = await s.prompt({ key });
    const whatsapp = await s.connection({ promptId: prompt.id });
    fake.answerChat((call) => {
      const last = call.body.messages.at(-1)?.content ?? "";
      return last.includes("gerente")
        ? { reply: `${HANDOVER_TOKEN}\nUm momento, por favor.` }
        : { reply: "Posso ajudar?" };
    });
    const joao = customer(whatsapp.id, "João");

    expect(await joao.say("Oi")).toEqual(["Posso ajudar?"]);
    expect(await joao.say("Preciso do gerente")).toEqual(["Um momento, por favor."]);
    const ticket = await waitFor(joao.ticket, (t) => t?.queueId === s.queue.id);
    expect(ticket).toMatchObject({ status: "pending", userId: null, queueId: s.queue.id, chatbot: false });
    expect(ticket!.automationState).toMatchObject({ aiStopped: true });

    const before = chatsWithKey(key).length;
    await joao.say("Alô?", 0);
    expect(chatsWithKey(key)).toHaveLength(before);
  });

  it("transfers on the customer's own words for a person without asking the model", async () => {
    const s = await setup();
    const key = newKey("keyword");
    const prompt = await s.prompt({ key });
    const whatsapp = await s.connection({ promptId: prompt.id });
    const ana = customer(whatsapp.id, "Ana");

    await ana.say("Quero falar com um atendente", 0);
    const ticket = await waitFor(ana.ticket, (t) => t?.queueId === s.queue.id);
    expect(ticket).toMatchObject({ status: "pending", userId: null, chatbot: false });
    expect(chatsWithKey(key)).toHaveLength(0);
  });

  it("answers a ticket in a queue with the queue's prompt, and not once a user accepted it", async () => {
    const s = await setup();
    const connectionKey = newKey("connection");
    const queueKey = newKey("queue");
    const connectionPrompt = await s.prompt({ key: connectionKey });
    const sales = await newQueue(env.db, s.companyId, { name: "Vendas" });
    const queuePrompt = await s.prompt({ key: queueKey });
    await env.db.update(queues).set({ promptId: queuePrompt.id }).where(eq(queues.id, sales.id));
    const whatsapp = await s.connection({ promptId: connectionPrompt.id });
    const bia = customer(whatsapp.id, "Bia");

    expect(await bia.say("Oi")).toEqual(["Resposta para: Oi"]);
    expect(chatsWithKey(connectionKey)).toHaveLength(1);
    const opened = (await bia.ticket())!;
    await env.db.update(tickets).set({ queueId: sales.id }).where(eq(tickets.id, opened.id));

    expect(await bia.say("Quero comprar")).toEqual(["Resposta para: Quero comprar"]);
    expect(chatsWithKey(queueKey)).toHaveLength(1);
    expect(chatsWithKey(connectionKey)).toHaveLength(1);

    const user = await newUser(env.db, s.companyId);
    await env.db.update(tickets).set({ status: "open", userId: user.id }).where(eq(tickets.id, opened.id));
    await bia.say("Ainda aí?", 0);
    expect(chatsWithKey(queueKey)).toHaveLength(1);
  });
});

describe("which prompt answers", () => {
  it("the ticket's own prompt answers before its queue's and its connection's", async () => {
    const s = await setup();
    const connectionKey = newKey("own-connection");
    const queueKey = newKey("own-queue");
    const ticketKey = newKey("own-ticket");
    const connectionPrompt = await s.prompt({ key: connectionKey });
    const queuePrompt = await s.prompt({ key: queueKey });
    const ticketPrompt = await s.prompt({ key: ticketKey });
    const sales = await newQueue(env.db, s.companyId, { name: "Vendas", promptId: queuePrompt.id });
    const whatsapp = await s.connection({ promptId: connectionPrompt.id });
    const rui = customer(whatsapp.id, "Rui");

    expect(await rui.say("Oi")).toEqual(["Resposta para: Oi"]);
    expect(chatsWithKey(connectionKey)).toHaveLength(1);
    const opened = (await rui.ticket())!;
    await env.db.update(tickets).set({ promptId: ticketPrompt.id }).where(eq(tickets.id, opened.id));
    expect(await rui.say("Tem frete grátis?")).toEqual(["Resposta para: Tem frete grátis?"]);
    // In a queue with a prompt of its own, the ticket's still answers.
    await env.db.update(tickets).set({ queueId: sales.id }).where(eq(tickets.id, opened.id));
    expect(await rui.say("E para o Recife?")).toEqual(["Resposta para: E para o Recife?"]);
    expect(chatsWithKey(ticketKey)).toHaveLength(2);
    expect(chatsWithKey(connectionKey)).toHaveLength(1);
    expect(chatsWithKey(queueKey)).toHaveLength(0);
  });

  it("answers a ticket whose connection and queue have no prompt when the ticket has one", async () => {
    const s = await setup();
    const key = newKey("own-only");
    const ticketPrompt = await s.prompt({ key });
    const whatsapp = await s.connection();
    const ines = customer(whatsapp.id, "Inês");

    await ines.say("Bom dia", 0);
    const opened = (await ines.ticket())!;
    await env.db.update(tickets).set({ promptId: ticketPrompt.id }).where(eq(tickets.id, opened.id));
    expect(await ines.say("Vocês abrem sábado?")).toEqual(["Resposta para: Vocês abrem sábado?"]);
    expect(chatsWithKey(key)).toHaveLength(1);
  });

  it("a plan without useOpenAi gets no AI answer: the connection's chatbot has the message instead", async () => {
    const s = await setup();
    const key = newKey("no-plan");
    const prompt = await s.prompt({ key });
    const whatsapp = await s.connection({ promptId: prompt.id, greetingMessage: "Olá! Escolha um setor:" });
    const support = await newQueue(env.db, s.companyId, { name: "Suporte" });
    const sales = await newQueue(env.db, s.companyId, { name: "Vendas" });
    await env.db.insert(whatsappQueues).values([
      { companyId: s.companyId, whatsappId: whatsapp.id, queueId: support.id },
      { companyId: s.companyId, whatsappId: whatsapp.id, queueId: sales.id },
    ]);
    await env.db.update(plans).set({ useOpenAi: false }).where(eq(plans.id, s.tenant.company.planId!));
    const tito = customer(whatsapp.id, "Tito");

    const [menu] = await tito.say("Oi");
    expect(menu).toContain("Olá! Escolha um setor:");
    expect(menu).toContain("Suporte");
    await sleep(500);
    expect(chatsWithKey(key)).toHaveLength(0);
    expect(await tito.ticket()).toMatchObject({ status: "pending", userId: null });

    // The flag back on: the connection's prompt answers again.
    await env.db.update(plans).set({ useOpenAi: true }).where(eq(plans.id, s.tenant.company.planId!));
    const ugo = customer(whatsapp.id, "Ugo");
    await env.db.delete(whatsappQueues).where(eq(whatsappQueues.whatsappId, whatsapp.id));
    expect(await ugo.say("Oi")).toEqual(["Resposta para: Oi"]);
    expect(chatsWithKey(key)).toHaveLength(1);
  });
});

describe("remote failures", () => {
  it("a timeout loses nothing: the message is stored and a later try answers it once", async () => {
    const s = await setup();
    const key = newKey("timeout");
    const prompt = await s.prompt({ key });
    const whatsapp = await s.connection({ promptId: prompt.id });
    let calls = 0;
    fake.answerChat(() =>
      ++calls === 1 ? { delayMs: TIMEOUT_MS * 3, reply: "tarde demais" } : { reply: "Agora sim!" },
    );
    const carla = customer(whatsapp.id, "Carla");

    await carla.send("Vocês entregam?");
    // Stored at once, whatever the AI does.
    const stored = await waitFor(carla.stored, (rows) => rows.some((row) => row.body === "Vocês entregam?"));
    expect(stored.filter((row) => !row.fromMe)).toHaveLength(1);
    const rows = await waitFor(carla.received, (rows) => rows.length >= 1);
    expect(rows.map((row) => row.body)).toEqual(["Agora sim!"]);
    expect(chatsWithKey(key)).toHaveLength(2);
    await sleep(TIMEOUT_MS * 3);
    expect((await carla.received()).map((row) => row.body)).toEqual(["Agora sim!"]);
    expect(await carla.notes()).toEqual([]);
  });

  it("a 401 is shown to the attendants on the ticket at once, live, and never tried again", async () => {
    const s = await setup();
    // Every ticket update the server sends, with when it was sent.
    const updates: { at: number; ticketId: number }[] = [];
    const realtime = env.ctx.realtime as unknown as { toRooms: (...args: unknown[]) => void };
    const toRooms = realtime.toRooms.bind(realtime);
    const emit = vi.spyOn(realtime, "toRooms").mockImplementation((...args: unknown[]) => {
      const [, event, payload] = args as [unknown, string, { action?: string; ticket?: { id: number } }];
      if (event === `company-${s.companyId}-ticket` && payload.action === "update" && payload.ticket)
        updates.push({ at: Date.now(), ticketId: payload.ticket.id });
      toRooms(...args);
    });
    const key = newKey("revoked");
    const prompt = await s.prompt({ key });
    const whatsapp = await s.connection({ promptId: prompt.id });
    // Worse than OpenAI, which quotes only part of the key: the whole key in the message.
    fake.answerChat(() => ({
      status: 401,
      code: "invalid_api_key",
      message: `Incorrect API key provided: ${key}. You can find your API key at https://platform.openai.com/account/api-keys.`,
    }));
    const davi = customer(whatsapp.id, "Davi");

    await davi.send("Bom dia");
    const notes = await waitFor(davi.notes, (rows) => rows.length >= 1);
    expect(notes).toHaveLength(1);
    expect(notes[0]).toMatchObject({ userId: null });
    expect(notes[0]!.note).toContain("OpenAI");
    expect(notes[0]!.note).toContain("HTTP 401");
    expect(notes[0]!.note).not.toContain(key);
    // The open ticket hears of it: its update goes out once the note is stored.
    const { ticketId, createdAt } = notes[0]!;
    await waitFor(
      async () => updates,
      (sent) => sent.some((update) => update.ticketId === ticketId && update.at >= createdAt.getTime()),
    );
    emit.mockRestore();
    await sleep(500);
    expect(chatsWithKey(key)).toHaveLength(1);
    expect(await davi.received()).toEqual([]);
    expect((await davi.stored()).map((row) => row.body)).toEqual(["Bom dia"]);
  });

  it("a key sealed under another server key is not sent anywhere, and the attendants are told", async () => {
    const s = await setup();
    const key = newKey("foreign");
    const prompt = await s.prompt({ key });
    await env.db
      .update(prompts)
      .set({ apiKey: createSecrets(randomBytes(32)).seal(key) })
      .where(eq(prompts.id, prompt.id));
    const whatsapp = await s.connection({ promptId: prompt.id });
    const leo = customer(whatsapp.id, "Léo");

    await leo.send("Olá");
    const notes = await waitFor(leo.notes, (rows) => rows.length >= 1);
    expect(notes[0]!.note).toContain("a chave guardada não pôde ser aberta");
    expect(chatsWithKey(key)).toHaveLength(0);
  });

  it("a 429 is tried again, then shown to the attendants after the last try", async () => {
    const s = await setup();
    const key = newKey("limited");
    const prompt = await s.prompt({ key });
    const whatsapp = await s.connection({ promptId: prompt.id });
    fake.answerChat(() => ({
      status: 429,
      code: "rate_limit_exceeded",
      type: "requests",
      message: "Rate limit reached for gpt-3.5-turbo-1106 on requests per min (RPM): Limit 3, Used 3, Requested 1.",
    }));
    const eva = customer(whatsapp.id, "Eva");

    await eva.send("Olá, tudo bem?");
    const notes = await waitFor(eva.notes, (rows) => rows.length >= 1);
    expect(notes[0]!.note).toContain("HTTP 429");
    expect(notes[0]!.note).toContain(`${ATTEMPTS} tentativas`);
    expect(chatsWithKey(key)).toHaveLength(ATTEMPTS);
    expect((await eva.stored()).map((row) => row.body)).toEqual(["Olá, tudo bem?"]);
  });
});

describe("audio and voice", () => {
  it("transcribes the customer's audio, then answers it", async () => {
    const s = await setup();
    const key = newKey("audio");
    const prompt = await s.prompt({ key });
    const whatsapp = await s.connection({ promptId: prompt.id });
    fake.transcribeAs("Qual é o preço do frete?");
    const fabio = customer(whatsapp.id, "Fábio");

    await fabio.send("", { type: "audio", fileName: "audio.ogg", base64: OGG_OPUS.toString("base64") });
    const rows = await waitFor(fabio.received, (rows) => rows.length >= 1);
    expect(rows.map((row) => row.body)).toEqual(["Resposta para: Qual é o preço do frete?"]);
    const call = fake.transcriptions.find((t) => t.authorization === `Bearer ${key}`)!;
    expect(call.contentType).toMatch(/^multipart\/form-data; boundary=/);
    const body = call.body.toString("latin1");
    expect(body).toContain('name="model"');
    expect(body).toContain("whisper-1");
    expect(body).toContain('name="file"');
    expect(body).toContain("OpusHead");
    // Kept with the message: the next answer reads it without a second transcription.
    expect(await fabio.say("E para o Rio?")).toEqual(["Resposta para: E para o Rio?"]);
    expect(fake.transcriptions.filter((t) => t.authorization === `Bearer ${key}`)).toHaveLength(1);
    expect(chatsWithKey(key).at(-1)!.body.messages.slice(1, 2)).toEqual([
      { role: "user", content: "Qual é o preço do frete?" },
    ]);
  });

  it("speaks the answer with the prompt's Azure voice and sends it as audio", async () => {
    const s = await setup();
    const key = newKey("voice");
    const voiceKey = newKey("azure");
    const prompt = await s.prompt({
      key,
      voice: "pt-BR-FranciscaNeural",
      voiceKey: env.ctx.secrets.seal(voiceKey),
      voiceRegion: "brazilsouth",
    });
    const whatsapp = await s.connection({ promptId: prompt.id });
    fake.answerChat(() => ({ reply: "Entregamos em <2> dias & sem custo." }));
    const gil = customer(whatsapp.id, "Gil");

    await gil.send("Prazo de entrega?");
    const rows = await waitFor(gil.received, (rows) => rows.length >= 1);
    expect(rows[0]).toMatchObject({ mediaType: "audio" });
    const speech = fake.speeches.find((call) => call.key === voiceKey)!;
    expect(speech).toMatchObject({
      path: "/azure/brazilsouth/cognitiveservices/v1",
      contentType: "application/ssml+xml",
      outputFormat: "ogg-24khz-16bit-mono-opus",
    });
    expect(speech.ssml).toContain('name="pt-BR-FranciscaNeural"');
    expect(speech.ssml).toContain("Entregamos em &lt;2&gt; dias &amp; sem custo.");
    // The network has it before its row commits (see say).
    const stored = await waitFor(gil.stored, (rows) => rows.some((row) => row.fromMe));
    const sent = stored.filter((row) => row.fromMe);
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ mediaType: "audio" });
  });

  it("answers in text with a note when Azure refuses the voice key", async () => {
    const s = await setup();
    const key = newKey("voice-text");
    const voiceKey = newKey("azure-bad");
    const prompt = await s.prompt({
      key,
      voice: "pt-BR-AntonioNeural",
      voiceKey: env.ctx.secrets.seal(voiceKey),
      voiceRegion: "eastus",
    });
    const whatsapp = await s.connection({ promptId: prompt.id });
    fake.failSpeech(401);
    const hugo = customer(whatsapp.id, "Hugo");
    try {
      expect(await hugo.say("Oi")).toEqual(["Resposta para: Oi"]);
    } finally {
      fake.failSpeech(null);
    }
    const notes = await hugo.notes();
    expect(notes).toHaveLength(1);
    expect(notes[0]!.note).toContain("Azure");
    expect(notes[0]!.note).toContain("HTTP 401");
  });
});

describe("the flow's OpenAI node", () => {
  it("answers with the node's settings and ends the run into the node's queue on request", async () => {
    const s = await setup();
    const key = newKey("flow");
    const [flow] = await env.db.insert(flows).values({ companyId: s.companyId, name: "IA" }).returning();
    const document = {
      idFlow: flow!.id,
      nodes: [
        { id: "1", type: "start", position: { x: 0, y: 0 }, data: { label: "Inicio do fluxo" } },
        {
          id: "ai",
          type: "openai",
          position: { x: 200, y: 0 },
          data: {
            typebotIntegration: {
              name: "Assistente",
              apiKey: key,
              prompt: "Você é o assistente do fluxo da Loja Exemplo, sempre gentil e objetivo com o cliente.",
              temperature: 0.2,
              maxTokens: 80,
              maxMessages: 5,
              queueId: s.queue.id,
            },
          },
        },
      ],
      connections: [{ id: "e1", source: "1", target: "ai", sourceHandle: null }],
    };
    // Saved through the builder's call: the key is stored sealed and answered as its mask.
    const saved = await env.app.inject({
      method: "POST",
      url: "/flowbuilder/flow",
      headers: s.tenant.adminHeaders,
      payload: document,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const [row] = await env.db.select().from(flows).where(eq(flows.id, flow!.id));
    const storedNode = FlowContent.parse(row!.flow).nodes.find((node) => node.id === "ai");
    const storedKey = storedNode?.type === "openai" ? storedNode.data.typebotIntegration.apiKey : "";
    expect(isSealed(storedKey)).toBe(true);
    expect(saved.body).not.toContain(key);
    expect(saved.body).toContain(`••••${key.slice(-4)}`);
    const whatsapp = await s.connection({ flowIdNotPhrase: flow!.id });
    const iris = customer(whatsapp.id, "Íris");

    // The welcome flow reaches the node on the message that opened the ticket, and the node answers it.
    expect(await iris.say("Olá")).toEqual(["Resposta para: Olá"]);
    expect(await iris.say("Tem desconto?")).toEqual(["Resposta para: Tem desconto?"]);
    const calls = chatsWithKey(key);
    expect(calls).toHaveLength(2);
    expect(calls[1]!.body).toMatchObject({ temperature: 0.2, max_tokens: 80 });
    expect(calls[1]!.body.messages[0]!.content).toContain("assistente do fluxo");

    await iris.say("Quero falar com uma pessoa", 0);
    const ticket = await waitFor(iris.ticket, (t) => t?.queueId === s.queue.id);
    expect(ticket).toMatchObject({ status: "pending", userId: null });
    const [run] = await env.db.select().from(flowRuns).where(eq(flowRuns.ticketId, ticket!.id));
    expect(run).toMatchObject({ status: "ended", endedReason: "ticket" });
    expect(chatsWithKey(key)).toHaveLength(2);
  });
});

describe("keys", () => {
  it("never appear in the server's log", () => {
    expect(logLines.length).toBeGreaterThan(0);
    expect(logLines.some((line) => line.includes("AI answer failed"))).toBe(true);
    for (const key of keys) {
      expect(logLines.filter((line) => line.includes(key))).toEqual([]);
    }
  });
});
