import { and, asc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { newTenant, newWhatsapp } from "../../../test/factories.js";
import { type FakeAiServices, startFakeAiServices } from "../../../test/fake-openai.js";
import { createTestEnv, type TestEnv } from "../../../test/harness.js";
import { flows, simulatorOutbound } from "../../db/schema/index.js";

/**
 * The flow's OpenAI node answers with its own settings: a flow saved through the builder's call
 * (keys sealed), started by a phrase, reaches the node, and the customer's messages go to a
 * local server speaking OpenAI's and Azure speech's JSON (test/fake-openai.ts), as the AI
 * runtime's own tests do.
 */
let env: TestEnv;
let fake: FakeAiServices;
beforeAll(async () => {
  fake = await startFakeAiServices();
  env = await createTestEnv({
    config: { JOB_POLL_SECONDS: "0.5", OPENAI_BASE_URL: fake.openAiUrl, AZURE_SPEECH_BASE_URL: fake.speechUrl },
  });
});
afterAll(async () => {
  await env?.close();
  await fake?.close();
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

describe("the flow's OpenAI node", () => {
  it("answers with the node's model, temperature, tokens, history and voice", async () => {
    const tenant = await newTenant(env);
    const companyId = tenant.company.id;
    const apiKey = `sk-flow-${Math.random().toString(36).slice(2)}`;
    const voiceKey = `voice-${Math.random().toString(36).slice(2)}`;
    const [flow] = await env.db.insert(flows).values({ companyId, name: "Assistente" }).returning();
    const saved = await env.app.inject({
      method: "POST",
      url: "/flowbuilder/flow",
      headers: tenant.adminHeaders,
      payload: {
        idFlow: flow!.id,
        nodes: [
          { id: "1", type: "start", position: { x: 0, y: 0 }, data: { label: "Inicio do fluxo" } },
          { id: "hello", type: "message", position: { x: 200, y: 0 }, data: { label: "Olá! Pode perguntar." } },
          {
            id: "ai",
            type: "openai",
            position: { x: 400, y: 0 },
            data: {
              typebotIntegration: {
                name: "Assistente",
                apiKey,
                prompt: "Você é o assistente de vendas da Loja Exemplo; responda em uma frase.",
                model: "gpt-4o-mini",
                temperature: 0.3,
                maxTokens: 64,
                maxMessages: 2,
                voice: "pt-BR-AntonioNeural",
                voiceKey,
                voiceRegion: "brazilsouth",
              },
            },
          },
        ],
        connections: [
          { id: "e1", source: "1", target: "hello" },
          { id: "e2", source: "hello", target: "ai" },
        ],
      },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const whatsapp = await newWhatsapp(env.db, companyId, { provider: "simulator", isDefault: true });
    await env.ctx.sessions!.start(whatsapp.id);
    expect((await env.app.inject({ method: "POST", url: `/simulator/scan/${whatsapp.id}` })).statusCode).toBe(200);
    const phrase = await env.app.inject({
      method: "POST",
      url: "/flowcampaign",
      headers: tenant.adminHeaders,
      payload: { name: "IA", flowId: flow!.id, whatsappId: whatsapp.id, phrase: "assistente" },
    });
    expect(phrase.statusCode, phrase.body).toBe(200);

    const from = `5511977${String(Date.now() % 100_000).padStart(5, "0")}`;
    const received = () =>
      env.db
        .select()
        .from(simulatorOutbound)
        .where(and(eq(simulatorOutbound.whatsappId, whatsapp.id), eq(simulatorOutbound.to, from)))
        .orderBy(asc(simulatorOutbound.id));
    const say = async (body: string, total: number) => {
      const sent = await env.app.inject({
        method: "POST",
        url: "/simulator/inbound",
        payload: { whatsappId: whatsapp.id, from, name: "Caio", body },
      });
      expect(sent.statusCode, sent.body).toBe(200);
      return waitFor(received, (rows) => rows.length >= total);
    };
    const calls = () => fake.chats.filter((call) => call.authorization === `Bearer ${apiKey}`);

    // The phrase starts the flow: its message answered the phrase, the node answers what follows.
    await say("assistente", 1);
    await say("Vocês entregam em Recife?", 2);
    const rows = await say("E qual o prazo?", 3);
    expect(calls()).toHaveLength(2);

    const last = calls().at(-1)!.body;
    expect(last).toMatchObject({ model: "gpt-4o-mini", temperature: 0.3, max_tokens: 64 });
    const [system, ...history] = last.messages;
    expect(system).toMatchObject({ role: "system" });
    expect(system!.content).toContain("assistente de vendas da Loja Exemplo");
    // maxMessages 2: the node's answer before and the customer's newest message, nothing older.
    expect(history).toHaveLength(2);
    expect(history.at(-1)).toEqual({ role: "user", content: "E qual o prazo?" });

    // The node's voice: each answer spoken by Azure with the node's key and region, sent as a voice note.
    const spoken = fake.speeches.filter((call) => call.key === voiceKey);
    expect(spoken).toHaveLength(2);
    expect(spoken[0]!.path).toContain("brazilsouth");
    expect(spoken[0]!.ssml).toContain('name="pt-BR-AntonioNeural"');
    expect(rows.slice(1).map((row) => [row.mediaType, row.voiceNote])).toEqual([
      ["audio", true],
      ["audio", true],
    ]);
  });
});
