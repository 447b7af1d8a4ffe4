import { FlowContent, type FlowNode } from "@atendo/shared";
import { and, asc, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { newQueue, newTenant, newTicket, newWhatsapp } from "../../../test/factories.js";
import { createTestEnv, type TestEnv } from "../../../test/harness.js";
import {
  contacts,
  flowCampaigns,
  flowRuns,
  flows,
  messages,
  simulatorOutbound,
  ticketNotes,
  tickets,
  whatsapps,
} from "../../db/schema/index.js";
import { JOB_SCHEMA } from "../../jobs/jobs.js";
import { insertInboundOnTicket } from "../../modules/messages/message-on-ticket.repository.js";
import type { TicketRow } from "../../modules/tickets/tickets.repository.js";
import { runInboundStep } from "../inbound-step.js";
import { flowMessageId, roll } from "./flow-logic.js";
import { sendFailedNote } from "./flow-retry.js";
import { STEP_BUDGET } from "./flow-run.js";

/**
 * The flow engine end to end: simulator inbound -> ingestion -> the inbound step -> flow run ->
 * the sending path -> simulator outbound, with intervals as pg-boss delayed jobs, on the real
 * database. Workers poll every half second (an interval's end is also woken locally).
 */
let env: TestEnv;
beforeAll(async () => {
  // A failed send is tried 3 times, 1 s then 2 s apart (only the tests of a flow message that cannot be sent fail one).
  env = await createTestEnv({ config: { JOB_POLL_SECONDS: "0.5", FLOW_SEND_ATTEMPTS: "3", FLOW_RETRY_MS: "1000" } });
});
afterAll(async () => env.close());

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const MP3 = Buffer.from([0xff, 0xfb, 0x90, 0x44, 0, 0, 0, 0]);
const OPUS = Buffer.concat([Buffer.from("OggS\0\x02", "latin1"), Buffer.alloc(22), Buffer.from("OpusHead\x01\x01")]);
const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=",
  "base64",
);

async function waitFor<T>(read: () => Promise<T>, done: (value: T) => boolean, timeoutMs = 10_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > deadline) throw new Error(`timed out; last value: ${JSON.stringify(value)}`);
    await sleep(50);
  }
}

type NodeSpec = { id: string; type: FlowNode["type"]; data: unknown };

/** A saved flow document: the start node "1", the given nodes, and [source, target, handle?] edges. */
function flowDocument(nodes: NodeSpec[], edges: [string, string, string?][]): FlowContent {
  return FlowContent.parse({
    nodes: [{ id: "1", type: "start", data: { label: "Inicio do fluxo" } }, ...nodes].map((node, index) => ({
      position: { x: index * 200, y: 100 },
      ...node,
    })),
    connections: edges.map(([source, target, sourceHandle], index) => ({
      id: `edge-${index}`,
      source,
      target,
      sourceHandle: sourceHandle ?? null,
    })),
  });
}

/** The menu the flows below ask with; menuText is how the customer reads it. */
const menuNode: NodeSpec = {
  id: "menu",
  type: "menu",
  data: {
    message: "Como posso ajudar?",
    arrayOption: [
      { number: 1, value: "Vendas" },
      { number: 2, value: "Suporte" },
    ],
  },
};
const menuText = "Como posso ajudar?\n\n*1* - Vendas\n*2* - Suporte";

/** start → message → menu (1: question → interval 2 s → randomizer → message A/B → ticket; 2: goodbye). */
function salesFlow(queueId: number, intervalSeconds = 2) {
  return flowDocument(
    [
      { id: "hello", type: "message", data: { label: "Olá {{firstName}}!" } },
      menuNode,
      { id: "bye", type: "message", data: { label: "Até logo" } },
      {
        id: "ask",
        type: "question",
        data: { typebotIntegration: { message: "Qual é o seu nome?", answerKey: "nome" } },
      },
      { id: "pause", type: "interval", data: { sec: intervalSeconds } },
      { id: "dice", type: "randomizer", data: { percent: 50 } },
      { id: "thanksA", type: "message", data: { label: "Obrigado, {{nome}}! (A)" } },
      { id: "thanksB", type: "message", data: { label: "Obrigado, {{nome}}! (B)" } },
      { id: "queue", type: "ticket", data: { data: { id: queueId, name: "Vendas" } } },
    ],
    [
      ["1", "hello"],
      ["hello", "menu"],
      ["menu", "ask", "a1"],
      ["menu", "bye", "a2"],
      ["ask", "pause"],
      ["pause", "dice"],
      ["dice", "thanksA", "a"],
      ["dice", "thanksB", "b"],
      ["thanksA", "queue"],
      ["thanksB", "queue"],
    ],
  );
}

let numbers = 0;
const nextNumber = () => `55118${String(Date.now() % 100_000).padStart(5, "0")}${String(numbers++).padStart(3, "0")}`;

/** A company with a paired simulator connection (more with `connections`), a queue and one flow. */
async function setup(document: (queueId: number) => ReturnType<typeof flowDocument>, connections = 1) {
  const tenant = await newTenant(env);
  const companyId = tenant.company.id;
  const queue = await newQueue(env.db, companyId, { name: "Vendas" });
  const [flow] = await env.db
    .insert(flows)
    .values({ companyId, name: "Fluxo de vendas", flow: document(queue.id) })
    .returning();
  const connectionIds: number[] = [];
  for (let index = 0; index < connections; index++) {
    const whatsapp = await newWhatsapp(env.db, companyId, { provider: "simulator", isDefault: index === 0 });
    await env.ctx.sessions!.start(whatsapp.id);
    const scan = await env.app.inject({ method: "POST", url: `/simulator/scan/${whatsapp.id}` });
    expect(scan.statusCode).toBe(200);
    connectionIds.push(whatsapp.id);
  }
  const campaign = async (phrase: string, whatsappId = connectionIds[0]!, status = true) =>
    env.db.insert(flowCampaigns).values({ companyId, name: phrase, flowId: flow!.id, whatsappId, phrase, status });
  return { tenant, companyId, queue, flow: flow!, connectionIds, campaign };
}

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
  const run = async () => {
    const current = await ticket();
    if (!current) return undefined;
    const [row] = await env.db
      .select()
      .from(flowRuns)
      .where(eq(flowRuns.ticketId, current.id))
      .orderBy(asc(flowRuns.id));
    return row;
  };
  const send = async (body: string) => {
    const response = await env.app.inject({
      method: "POST",
      url: "/simulator/inbound",
      payload: { whatsappId, from, name, body },
    });
    expect(response.statusCode, response.body).toBe(200);
  };
  /** Sends a message and answers the bodies of the next `count` messages it gets. */
  const say = async (body: string, count = 1): Promise<string[]> => {
    const before = (await received()).length;
    await send(body);
    if (count === 0) {
      await sleep(600);
      expect((await received()).slice(before).map((row) => row.body)).toEqual([]);
      return [];
    }
    const rows = await waitFor(received, (rows) => rows.length >= before + count);
    return rows.slice(before).map((row) => row.body);
  };
  return { from, received, ticket, run, send, say };
}

describe("flow engine over the simulator", () => {
  it("walks start → message → menu (an invalid answer repeats it) → question → interval → randomizer → ticket", async () => {
    const s = await setup((queueId) => salesFlow(queueId));
    await s.campaign("Quero comprar");
    const joao = customer(s.connectionIds[0]!);

    // Trimmed and case-insensitive.
    expect(await joao.say("  quero COMPRAR ", 2)).toEqual(["Olá João!", menuText]);
    expect(await joao.say("9")).toEqual([menuText]);
    expect(await joao.say("1")).toEqual(["Qual é o seu nome?"]);

    const answeredAt = Date.now();
    await joao.send("Maria");
    // The interval holds João's run only: another customer is served meanwhile.
    const ana = customer(s.connectionIds[0]!, "Ana Souza");
    expect(await ana.say("quero comprar", 2)).toEqual(["Olá Ana!", menuText]);
    const anaServedAt = Date.now();
    expect((await joao.received()).at(-1)?.body).toBe("Qual é o seu nome?");

    const rows = await waitFor(joao.received, (rows) => rows.length === 5);
    const thanks = rows.at(-1)!;
    expect(thanks.body).toMatch(/^Obrigado, Maria! \((A|B)\)$/);
    const waited = thanks.createdAt.getTime() - answeredAt;
    expect(waited).toBeGreaterThanOrEqual(2000);
    expect(waited).toBeLessThan(4000);
    expect(anaServedAt).toBeLessThan(thanks.createdAt.getTime());

    const ticket = await waitFor(joao.ticket, (t) => t?.queueId === s.queue.id);
    expect(ticket).toMatchObject({ status: "pending", userId: null, queueId: s.queue.id, chatbot: false });
    expect(await joao.run()).toMatchObject({
      status: "ended",
      endedReason: "ticket",
      trigger: "phrase",
      variables: { nome: "Maria" },
      // One commit per step: the phrase, "9", "1", "Maria" and the interval's end.
      seq: 5,
    });
    // The run is over: the next message is the queue's to answer, not the flow's.
    await joao.say("Olá?", 0);
  });

  it("commits a step once, with all its messages: start → message → menu is one run update", async () => {
    const s = await setup((queueId) => salesFlow(queueId));
    await s.campaign("uma vez");
    const joao = customer(s.connectionIds[0]!);
    expect(await joao.say("uma vez", 2)).toEqual(["Olá João!", menuText]);
    const run = (await waitFor(joao.run, (run) => run?.wait === "answer"))!;
    // Inserted at seq 0, moved once: the step's parts numbered across its nodes.
    expect(run).toMatchObject({ seq: 1, nodeId: "menu", part: 0 });
    const sent = await env.db
      .select({ providerId: messages.providerId, body: messages.body })
      .from(messages)
      .where(and(eq(messages.ticketId, run.ticketId), eq(messages.fromMe, true)))
      .orderBy(asc(messages.id));
    expect(sent).toEqual([
      { providerId: flowMessageId(run.id, 0, 0), body: "Olá João!" },
      { providerId: flowMessageId(run.id, 0, 1), body: menuText },
    ]);
    // The answer's step: the menu's choice and the question, one more.
    expect(await joao.say("1")).toEqual(["Qual é o seu nome?"]);
    expect(await waitFor(joao.run, (run) => run?.nodeId === "ask")).toMatchObject({ seq: 2, wait: "answer" });
  });

  it("applies a flow saved while a run waits from its next step, and an inactive flow stops it", async () => {
    const s = await setup((queueId) => salesFlow(queueId));
    await s.campaign("quero comprar");
    const joao = customer(s.connectionIds[0]!);
    expect(await joao.say("quero comprar", 2)).toEqual(["Olá João!", menuText]);
    // The steps keep parsed documents by the row's version: a save, even one that leaves
    // updated_at as it was, is read again.
    const edited = salesFlow(s.queue.id);
    const ask = edited.nodes.find((node) => node.id === "ask")!;
    ask.data = { typebotIntegration: { message: "Como você se chama?", answerKey: "nome" } };
    await env.db
      .update(flows)
      .set({ flow: edited, updatedAt: sql`${flows.updatedAt}` })
      .where(eq(flows.id, s.flow.id));
    expect(await joao.say("1")).toEqual(["Como você se chama?"]);

    const ana = customer(s.connectionIds[0]!, "Ana Souza");
    expect(await ana.say("quero comprar", 2)).toEqual(["Olá Ana!", menuText]);
    await env.db.update(flows).set({ active: false }).where(eq(flows.id, s.flow.id));
    await ana.say("1", 0);
    expect(await waitFor(ana.run, (run) => run?.status === "ended")).toMatchObject({ endedReason: "flowInactive" });
  });

  it("ends where an option has no edge, and at a ticket node whose queue is not the company's", async () => {
    const stranger = await newTenant(env);
    const foreignQueue = await newQueue(env.db, stranger.company.id, { name: "Alheia" });
    const s = await setup(() => salesFlow(foreignQueue.id, 1));
    await s.campaign("menu");
    const joao = customer(s.connectionIds[0]!);
    await joao.say("menu", 2);
    expect(await joao.say("2")).toEqual(["Até logo"]);
    expect(await waitFor(joao.run, (run) => run?.status === "ended")).toMatchObject({ endedReason: "end" });

    const ana = customer(s.connectionIds[0]!, "Ana Souza");
    await ana.say("menu", 2);
    await ana.say("1");
    await ana.say("Ana");
    expect(await waitFor(ana.run, (run) => run?.status === "ended")).toMatchObject({ endedReason: "missingQueue" });
    expect(await ana.ticket()).toMatchObject({ queueId: null, status: "pending" });
  });

  it("resumes once after a restart during the interval", async () => {
    const s = await setup((queueId) => salesFlow(queueId, 2));
    await s.campaign("reinicio");
    const joao = customer(s.connectionIds[0]!);
    await joao.say("reinicio", 2);
    await joao.say("1");
    await joao.send("Maria");
    await waitFor(joao.run, (run) => run?.wait === "interval");
    await env.restartApp();
    const rows = await waitFor(joao.received, (rows) => rows.length === 4);
    expect(rows.at(-1)!.body).toMatch(/^Obrigado, Maria!/);
    expect(await waitFor(joao.run, (run) => run?.status === "ended")).toMatchObject({ endedReason: "ticket" });
    await sleep(1500);
    expect(await joao.received()).toHaveLength(4);
  });

  it("sends a content sequence's texts and media in order, pausing at its interval", async () => {
    const content = (picture: string) =>
      flowDocument(
        [
          {
            id: "content",
            type: "singleBlock",
            data: {
              seq: ["message0", "interval0", "img0", "message1"],
              elements: [
                { type: "message", number: "message0", value: "Veja o cartaz, {{firstName}}:" },
                { type: "interval", number: "interval0", value: 1 },
                { type: "img", number: "img0", value: picture, original: "cartaz.png" },
                { type: "message", number: "message1", value: "Gostou?" },
              ],
            },
          },
        ],
        [["1", "content"]],
      );
    const s = await setup(() => content("pending.png"));
    // The picture as the builder's upload stores it: a file of the company's, named by the server.
    const stored = await env.ctx.media.save(s.companyId, { data: PNG, originalName: "cartaz.png" });
    const picture = stored.path.split("/").at(-1)!;
    await env.db
      .update(flows)
      .set({ flow: content(picture) })
      .where(eq(flows.id, s.flow.id));
    await s.campaign("cartaz");
    const joao = customer(s.connectionIds[0]!);
    const sentAt = Date.now();
    await joao.send("cartaz");
    const rows = await waitFor(joao.received, (rows) => rows.length === 3);
    expect(rows.map((row) => [row.body, row.mediaType])).toEqual([
      ["Veja o cartaz, João:", null],
      [expect.any(String), "image"],
      ["Gostou?", null],
    ]);
    expect(rows[1]!.createdAt.getTime() - rows[0]!.createdAt.getTime()).toBeGreaterThanOrEqual(1000);
    expect(rows[0]!.createdAt.getTime() - sentAt).toBeLessThan(1000);
    expect(await waitFor(joao.run, (run) => run?.status === "ended")).toMatchObject({ endedReason: "end" });
  });

  it("sends an audio marked as recorded as a voice note, and one not marked as a file", async () => {
    const s = await setup(() => flowDocument([], []));
    // The files as the builder's upload stores them; the ogg would go as a voice note by its type alone.
    const stored = async (data: Buffer, originalName: string) =>
      (await env.ctx.media.save(s.companyId, { data, originalName })).path.split("/").at(-1)!;
    const [recorded, plain, element] = [
      await stored(MP3, "gravado.mp3"),
      await stored(OPUS, "arquivo.ogg"),
      await stored(MP3, "elemento.mp3"),
    ];
    const document = flowDocument(
      [
        { id: "voice", type: "audio", data: { url: recorded, record: true } },
        { id: "file", type: "audio", data: { url: plain, record: false } },
        {
          id: "content",
          type: "singleBlock",
          data: {
            seq: ["audio0"],
            elements: [{ type: "audio", number: "audio0", value: element, original: "e.mp3", record: true }],
          },
        },
      ],
      [
        ["1", "voice"],
        ["voice", "file"],
        ["file", "content"],
      ],
    );
    await env.db.update(flows).set({ flow: document }).where(eq(flows.id, s.flow.id));
    await s.campaign("audio");
    const joao = customer(s.connectionIds[0]!);
    await joao.send("audio");
    const rows = await waitFor(joao.received, (rows) => rows.length === 3);
    expect(rows.map((row) => [row.mediaType, row.voiceNote])).toEqual([
      ["audio", true],
      ["audio", false],
      ["audio", true],
    ]);
    // What the simulator's API answers of them.
    const outbound = await env.app.inject({
      method: "GET",
      url: `/simulator/outbound?whatsappId=${s.connectionIds[0]}&to=${joao.from}`,
    });
    expect(outbound.statusCode, outbound.body).toBe(200);
    expect(outbound.json().map((item: { voiceNote: boolean }) => item.voiceNote)).toEqual([true, false, true]);
  });

  it("starts a phrase campaign's flow only on its own connection, and an inactive campaign not at all", async () => {
    const s = await setup((queueId) => salesFlow(queueId), 3);
    const [own, other, quiet] = s.connectionIds as [number, number, number];
    await s.campaign("promo", own);
    await s.campaign("silencio", quiet, false);

    const elsewhere = customer(other);
    await elsewhere.say("promo", 0);
    expect(await elsewhere.run()).toBeUndefined();

    const inactive = customer(quiet);
    await inactive.say("silencio", 0);
    expect(await inactive.run()).toBeUndefined();

    const here = customer(own);
    expect(await here.say("promo", 2)).toEqual(["Olá João!", menuText]);
    // The message reaches the network just before its transition commits.
    expect(await waitFor(here.run, (run) => run?.wait === "answer")).toMatchObject({
      status: "active",
      nodeId: "menu",
    });
  });

  it("starts the connection's welcome flow on a new ticket's first message when no phrase matched", async () => {
    const s = await setup((queueId) => salesFlow(queueId));
    const [whatsappId] = s.connectionIds as [number];
    await env.db.update(whatsapps).set({ flowIdNotPhrase: s.flow.id }).where(eq(whatsapps.id, whatsappId));
    const joao = customer(whatsappId);
    expect(await joao.say("boa tarde", 2)).toEqual(["Olá João!", menuText]);
    expect(await waitFor(joao.run, (run) => run?.wait === "answer")).toMatchObject({ trigger: "welcome" });
    expect(await joao.say("2")).toEqual(["Até logo"]);
    // Not on a later message of the same ticket.
    await joao.say("boa tarde", 0);
  });

  it("has ingestion write a step for a ticket with an active run, and for a connection's phrases or welcome flow", async () => {
    const s = await setup((queueId) => salesFlow(queueId), 2);
    const [withPhrase, withWelcome] = s.connectionIds as [number, number];
    await s.campaign("frase", withPhrase);
    await env.db.update(whatsapps).set({ flowIdNotPhrase: s.flow.id }).where(eq(whatsapps.id, withWelcome));
    const running = await newTicket(env.db, s.companyId, { whatsappId: withWelcome });
    const idle = await newTicket(env.db, s.companyId, { whatsappId: withWelcome });
    // A run whose id is no ticket's, so a column compared with the wrong table's id cannot pass by chance.
    await env.db.insert(flowRuns).values({
      id: 900_000 + running.id,
      companyId: s.companyId,
      ticketId: running.id,
      flowId: s.flow.id,
      trigger: "welcome",
      nodeId: "menu",
      wait: "answer",
    });
    // What ingestion's statement for a message on an existing ticket answers of the connection.
    const connection = async (ticket: TicketRow) =>
      (await insertInboundOnTicket(
        env.db,
        {
          companyId: s.companyId,
          ticketId: ticket.id,
          contactId: ticket.contactId,
          whatsappId: ticket.whatsappId,
          providerId: `connection-${ticket.id}`,
          body: "oi",
          fromMe: false,
          mediaType: "chat",
          mediaUrl: null,
          mediaName: null,
          ack: 0,
          quotedMsgId: null,
          participant: null,
          createdAt: new Date(),
        },
        "oi",
      ))!.connection;
    expect(await connection(running)).toMatchObject({ flowRun: true, welcomeFlow: true, phraseCampaigns: false });
    expect(await connection(idle)).toMatchObject({ flowRun: false, welcomeFlow: true, phraseCampaigns: false });
    const onPhrases = await newTicket(env.db, s.companyId, { whatsappId: withPhrase });
    expect(await connection(onPhrases)).toMatchObject({ flowRun: false, welcomeFlow: false, phraseCampaigns: true });
  });

  it("stops a cyclic flow at the step budget", async () => {
    const s = await setup(() =>
      flowDocument(
        [
          { id: "ping", type: "message", data: { label: "ping" } },
          { id: "pong", type: "message", data: { label: "pong" } },
        ],
        [
          ["1", "ping"],
          ["ping", "pong"],
          ["pong", "ping"],
        ],
      ),
    );
    await s.campaign("ciclo");
    const joao = customer(s.connectionIds[0]!);
    await joao.send("ciclo");
    const run = await waitFor(joao.run, (run) => run?.status === "ended", 20_000);
    expect(run).toMatchObject({ endedReason: "budget" });
    await sleep(300);
    // The start node is the budget's first visit.
    expect(await joao.received()).toHaveLength(STEP_BUDGET - 1);
  });

  it("stops when an attendant accepts the ticket, even during an interval", async () => {
    const s = await setup((queueId) => salesFlow(queueId, 1));
    await s.campaign("aceite");
    const joao = customer(s.connectionIds[0]!);
    await joao.say("aceite", 2);
    const ticket = (await joao.ticket())!;
    const accepted = await env.app.inject({
      method: "PUT",
      url: `/tickets/${ticket.id}`,
      headers: s.tenant.adminHeaders,
      payload: { status: "open" },
    });
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(await joao.run()).toMatchObject({ status: "ended", endedReason: "takenOver" });
    const before = (await joao.received()).length;
    await joao.send("1");
    await sleep(800);
    expect((await joao.received()).slice(before).map((row) => row.body)).not.toContain("Qual é o seu nome?");

    // During an interval: the resume finds the run stopped.
    const maria = customer(s.connectionIds[0]!, "Maria Lima");
    await maria.say("aceite", 2);
    await maria.say("1");
    await maria.send("Maria");
    await waitFor(maria.run, (run) => run?.wait === "interval");
    const hers = (await maria.ticket())!;
    const taken = await env.app.inject({
      method: "PUT",
      url: `/tickets/${hers.id}`,
      headers: s.tenant.adminHeaders,
      payload: { status: "open" },
    });
    expect(taken.statusCode).toBe(200);
    await sleep(2000);
    expect((await maria.received()).map((row) => row.body).some((body) => body.startsWith("Obrigado"))).toBe(false);
    expect(await maria.run()).toMatchObject({ status: "ended", endedReason: "takenOver" });
  });

  it("sends nothing twice when a step is repeated, before or after its commit", async () => {
    const s = await setup((queueId) => salesFlow(queueId));
    await s.campaign("de novo");
    const joao = customer(s.connectionIds[0]!);
    await joao.say("de novo", 2);
    await waitFor(joao.run, (run) => run?.wait === "answer");
    const ticket = (await joao.ticket())!;
    const [phrase] = await env.db
      .select()
      .from(messages)
      .where(and(eq(messages.ticketId, ticket.id), eq(messages.fromMe, false)));
    const step = { companyId: s.companyId, ticketId: ticket.id, messageId: phrase!.id };

    // After the commit: the run took the message, so nothing happens.
    await runInboundStep(env.ctx, step);
    expect(await joao.received()).toHaveLength(2);

    // A crash after the menu left and before its commit: the run is back where the step
    // started (the start node, one seq before) and the menu's row, the step's last, is not
    // there. The step's retry walks start → hello → menu again: the greeting is stored, so it
    // is not sent; the menu goes again under the same id, the network keeps it once, and the
    // row is stored.
    const waiting = (await waitFor(joao.run, (run) => run?.wait === "answer"))!;
    const helloId = flowMessageId(waiting.id, waiting.seq - 1, 0);
    const menuId = flowMessageId(waiting.id, waiting.seq - 1, 1);
    await env.db.delete(messages).where(eq(messages.providerId, menuId));
    await env.db
      .update(flowRuns)
      .set({ seq: waiting.seq - 1, nodeId: "1", wait: null })
      .where(eq(flowRuns.id, waiting.id));
    await runInboundStep(env.ctx, step);
    expect((await joao.received()).map((row) => row.providerId)).toContain(menuId);
    expect(await joao.received()).toHaveLength(2);
    expect(await env.db.select().from(messages).where(eq(messages.providerId, menuId))).toHaveLength(1);
    expect(await env.db.select().from(messages).where(eq(messages.providerId, helloId))).toHaveLength(1);
    expect(await joao.run()).toMatchObject({ seq: waiting.seq, wait: "answer", nodeId: "menu" });
    expect(await joao.say("1")).toEqual(["Qual é o seu nome?"]);
  });
});

describe("a flow message that cannot be sent", () => {
  /** start → hello → interval 1 s → a content sequence of two texts. */
  const pausedFlow = () =>
    flowDocument(
      [
        { id: "hello", type: "message", data: { label: "Olá!" } },
        { id: "pause", type: "interval", data: { sec: 1 } },
        {
          id: "later",
          type: "singleBlock",
          data: {
            seq: ["message0", "message1"],
            elements: [
              { type: "message", number: "message0", value: "Depois da pausa" },
              { type: "message", number: "message1", value: "Segunda parte" },
            ],
          },
        },
      ],
      [
        ["1", "hello"],
        ["hello", "pause"],
        ["pause", "later"],
      ],
    );

  /** The retries waiting for a run, as pg-boss holds them. */
  const retriesOf = async (runId: number) => {
    const result = (await env.db.execute(
      sql`select data from ${sql.identifier(JOB_SCHEMA)}.job where name = 'flows.retrySend' and (data->>'runId')::int = ${runId}`,
    )) as unknown as { rows: { data: { attempt: number; seq: number } }[] };
    return result.rows.map((row) => row.data);
  };
  const notesOf = async (ticketId: number) =>
    (await env.db.select().from(ticketNotes).where(eq(ticketNotes.ticketId, ticketId))).map((row) => row.note);

  /**
   * The connection's provider refusing, once, the first text `refuse` picks (a crash between two
   * sends of a step, as far as the step can tell); every send tried, in order.
   */
  function refuseOnce(whatsappId: number, refuse: (body: string) => boolean) {
    const provider = env.ctx.sessions!.get(whatsappId)!;
    const sendText = provider.sendText.bind(provider);
    const tries: { id: string | undefined; body: string }[] = [];
    let refused = false;
    const spy = vi.spyOn(provider, "sendText").mockImplementation(async (to, body, options) => {
      tries.push({ id: options?.messageId, body });
      if (!refused && refuse(body)) {
        refused = true;
        throw new Error("socket closed");
      }
      return sendText(to, body, options);
    });
    return { tries, restore: () => spy.mockRestore() };
  }

  /** The ticket's sent messages as stored: provider id and body. */
  const storedSent = async (ticketId: number) =>
    env.db
      .select({ providerId: messages.providerId, body: messages.body })
      .from(messages)
      .where(and(eq(messages.ticketId, ticketId), eq(messages.fromMe, true)))
      .orderBy(asc(messages.id));

  it("sends each message once when a step fails between two of its sends and its retry runs it again", async () => {
    const s = await setup(() =>
      flowDocument(
        [{ id: "hello", type: "message", data: { label: "Olá!" } }, menuNode],
        [
          ["1", "hello"],
          ["hello", "menu"],
        ],
      ),
    );
    const [whatsappId] = s.connectionIds as [number];
    await s.campaign("menu");
    const joao = customer(whatsappId);
    const provider = refuseOnce(whatsappId, (body) => body === menuText);
    try {
      await joao.send("menu");
      const run = (await waitFor(joao.run, (run) => run?.wait === "answer"))!;
      await sleep(300);
      expect(run).toMatchObject({ seq: 1, nodeId: "menu", status: "active" });
      const helloId = flowMessageId(run.id, 0, 0);
      const menuId = flowMessageId(run.id, 0, 1);
      // The first try sent the greeting and was refused the menu; the retry, from the same seq,
      // found the greeting stored and sent the menu alone, under the same id.
      expect(provider.tries).toEqual([
        { id: helloId, body: "Olá!" },
        { id: menuId, body: menuText },
        { id: menuId, body: menuText },
      ]);
      expect((await joao.received()).map((row) => [row.providerId, row.body])).toEqual([
        [helloId, "Olá!"],
        [menuId, menuText],
      ]);
      expect(await storedSent(run.ticketId)).toEqual([
        { providerId: helloId, body: "Olá!" },
        { providerId: menuId, body: menuText },
      ]);
    } finally {
      provider.restore();
    }
  });

  it("takes a randomizer's branch again when the step's retry repeats it", async () => {
    const s = await setup(() =>
      flowDocument(
        [
          { id: "hello", type: "message", data: { label: "Olá!" } },
          { id: "dice", type: "randomizer", data: { percent: 50 } },
          { id: "luckA", type: "message", data: { label: "Sorte A" } },
          { id: "luckB", type: "message", data: { label: "Sorte B" } },
          { id: "bye", type: "message", data: { label: "Até logo" } },
        ],
        [
          ["1", "hello"],
          ["hello", "dice"],
          ["dice", "luckA", "a"],
          ["dice", "luckB", "b"],
          ["luckA", "bye"],
          ["luckB", "bye"],
        ],
      ),
    );
    const [whatsappId] = s.connectionIds as [number];
    await s.campaign("sorte");
    const joao = customer(whatsappId);
    const provider = refuseOnce(whatsappId, (body) => body.startsWith("Sorte"));
    try {
      await joao.send("sorte");
      const run = (await waitFor(joao.run, (run) => run?.status === "ended"))!;
      await sleep(300);
      expect(run).toMatchObject({ seq: 1, endedReason: "end" });
      // The step's third visit (start, hello, dice) at seq 0 draws the branch, on each try.
      const luck = roll(run.id, 0, 2) < 50 ? "Sorte A" : "Sorte B";
      const luckId = flowMessageId(run.id, 0, 1);
      expect(provider.tries).toEqual([
        { id: flowMessageId(run.id, 0, 0), body: "Olá!" },
        { id: luckId, body: luck },
        { id: luckId, body: luck },
        { id: flowMessageId(run.id, 0, 2), body: "Até logo" },
      ]);
      expect((await joao.received()).map((row) => row.body)).toEqual(["Olá!", luck, "Até logo"]);
    } finally {
      provider.restore();
    }
  });

  it("is sent by a later try once the connection is back, once, and the flow goes on", async () => {
    const s = await setup(() => pausedFlow());
    const [whatsappId] = s.connectionIds as [number];
    await s.campaign("pausa");
    const joao = customer(whatsappId);
    expect(await joao.say("pausa")).toEqual(["Olá!"]);
    const waiting = (await waitFor(joao.run, (run) => run?.wait === "interval"))!;
    // The connection drops during the interval: the interval's end cannot send.
    await env.ctx.sessions!.stop(whatsappId);
    const [retry] = await waitFor(
      () => retriesOf(waiting.id),
      (rows) => rows.length > 0,
    );
    // The interval's end commits nothing without its sends: the run still waits where it did.
    expect(retry).toMatchObject({ attempt: 2, seq: waiting.seq });
    expect(await joao.run()).toMatchObject({ status: "active", seq: waiting.seq, nodeId: "later", wait: "interval" });
    await env.ctx.sessions!.start(whatsappId);

    const rows = await waitFor(joao.received, (rows) => rows.length >= 3);
    expect(rows.map((row) => row.body)).toEqual(["Olá!", "Depois da pausa", "Segunda parte"]);
    expect(await waitFor(joao.run, (run) => run?.status === "ended")).toMatchObject({ endedReason: "end" });
    expect(await notesOf((await joao.ticket())!.id)).toEqual([]);
  });

  it("ends the run after the last try and leaves a note for the attendants", async () => {
    const s = await setup(() => pausedFlow());
    const [whatsappId] = s.connectionIds as [number];
    await s.campaign("pausa");
    const joao = customer(whatsappId);
    expect(await joao.say("pausa")).toEqual(["Olá!"]);
    await waitFor(joao.run, (run) => run?.wait === "interval");
    await env.ctx.sessions!.stop(whatsappId);

    const run = await waitFor(joao.run, (run) => run?.status === "ended", 15_000);
    expect(run).toMatchObject({ endedReason: "sendFailed", nodeId: "later" });
    const ticket = (await joao.ticket())!;
    expect(await notesOf(ticket.id)).toEqual([sendFailedNote(3)]);
    // The ticket waits for a person where it was.
    expect(ticket).toMatchObject({ status: "pending", userId: null });

    // Back online, nothing of the ended run goes out.
    await env.ctx.sessions!.start(whatsappId);
    await sleep(1500);
    expect((await joao.received()).map((row) => row.body)).toEqual(["Olá!"]);
  });
});
