import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { newQueue, newTenant, newWhatsapp } from "../../../test/factories.js";
import { createTestEnv, type TestEnv } from "../../../test/harness.js";
import { botTimeoutJob } from "../../automation/chatbot/chatbot.jobs.js";
import { messages, tickets, whatsappQueues, whatsapps } from "../../db/schema/index.js";
import { JOB_SCHEMA } from "../../jobs/jobs.js";
import { ingestInbound } from "../ingestion/ingest.js";
import { upsertSetting } from "../settings/settings.repository.js";
import { ticketTimerKey } from "./tickets.clocks.js";
import { expireInactiveTicket, ticketExpiryJob, ticketTransferJob } from "./tickets.jobs.js";

/**
 * The ticket and chatbot timeouts, through the simulator and the real pg-boss. One "minute" of
 * the connections' timeouts lasts one second here (TIMEOUT_UNIT_MS), so the timers that must fire
 * use 1-2 minutes and the ones driven by hand use 600 (they never fire during the file).
 */
const UNIT_MS = 1000;
let env: TestEnv;
beforeAll(async () => {
  env = await createTestEnv({ config: { TIMEOUT_UNIT_MS: String(UNIT_MS), JOB_POLL_SECONDS: "0.5" } });
});
afterAll(async () => env.close());

let seq = 0;
const nextNumber = () => `55118${String(Date.now() % 1_000_000).padStart(6, "0")}${seq++}`;

interface JobRow {
  state: string;
  startAfterMs: number;
  data: { companyId: number; ticketId: number };
}

/** The timer jobs of one kind written for a ticket, as pg-boss stores them. */
async function timerJobs(name: string, ticketId: number): Promise<JobRow[]> {
  const result = await env.db.execute(
    sql`select state, (extract(epoch from start_after) * 1000)::float8 as "startAfterMs", data from ${sql.identifier(JOB_SCHEMA)}.job where name = ${name} and singleton_key = ${ticketTimerKey(ticketId)} order by created_on`,
  );
  return (result as unknown as { rows: JobRow[] }).rows;
}

async function setup(options: { whatsapp?: Partial<typeof whatsapps.$inferInsert>; queues?: string[] } = {}) {
  const tenant = await newTenant(env);
  const companyId = tenant.company.id;
  const whatsapp = await newWhatsapp(env.db, companyId, {
    provider: "simulator",
    greetingMessage: "Escolha um setor:",
    ...options.whatsapp,
  });
  const queues = [];
  for (const name of options.queues ?? []) {
    const queue = await newQueue(env.db, companyId, { name });
    await env.db.insert(whatsappQueues).values({ companyId, whatsappId: whatsapp.id, queueId: queue.id });
    queues.push(queue);
  }
  await env.ctx.sessions!.start(whatsapp.id);
  expect((await env.app.inject({ method: "POST", url: `/simulator/scan/${whatsapp.id}` })).statusCode).toBe(200);
  const from = nextNumber();
  const outbound = async () =>
    (
      (await env.app.inject({ url: `/simulator/outbound?whatsappId=${whatsapp.id}&to=${from}` })).json() as {
        body: string;
      }[]
    ).map((row) => row.body);
  const ticket = async () => {
    const [row] = await env.db.select().from(tickets).where(eq(tickets.whatsappId, whatsapp.id));
    return row;
  };
  const inbound = async (body: string) => {
    const response = await env.app.inject({
      method: "POST",
      url: "/simulator/inbound",
      payload: { whatsappId: whatsapp.id, from, body },
    });
    expect(response.statusCode).toBe(200);
  };
  return { companyId, whatsapp, queues, from, outbound, ticket, inbound };
}

/** Ingests a message straight through the one write path, stamped `at`. */
async function ingestAt(whatsapp: { id: number; companyId: number }, from: string, body: string, at: Date) {
  const result = await ingestInbound(env.ctx, whatsapp, {
    providerId: `T${Date.now()}${seq++}`,
    from,
    body,
    timestamp: at.getTime(),
  });
  if (!("ticket" in result)) throw new Error("not stored");
  return result;
}

describe("expiresTicket", () => {
  it("closes a ticket whose customer stays silent and sends expiresInactiveMessage", async () => {
    const t = await setup({ whatsapp: { expiresTicket: 1, expiresInactiveMessage: "Encerrado por inatividade." } });
    await t.inbound("oi");
    const opened = await vi.waitFor(async () => (await t.ticket()) ?? Promise.reject(new Error("no ticket")));
    expect(opened.status).toBe("pending");
    // Written with the message, in the ingestion transaction.
    expect((await timerJobs(ticketExpiryJob.name, opened.id)).length).toBe(1);

    await vi.waitFor(async () => expect((await t.ticket())?.status).toBe("closed"), { timeout: 10_000 });
    await vi.waitFor(async () => expect(await t.outbound()).toContain("Encerrado por inatividade."));
  });

  it("keeps one waiting timer per ticket, and a newer message resets the clock", async () => {
    const t = await setup({ whatsapp: { expiresTicket: 3, expiresInactiveMessage: "Encerrado." } });
    await t.inbound("oi");
    const opened = await vi.waitFor(async () => (await t.ticket()) ?? Promise.reject(new Error("no ticket")));
    await new Promise((resolve) => setTimeout(resolve, 1500));
    await t.inbound("ainda aqui");
    const latest = await vi.waitFor(async () => {
      const rows = await env.db
        .select({ createdAt: messages.createdAt })
        .from(messages)
        .where(and(eq(messages.ticketId, opened.id), eq(messages.fromMe, false)));
      expect(rows).toHaveLength(2);
      return rows.map((row) => row.createdAt.getTime()).sort()[1]!;
    });
    // The second message's timer was dropped: one waits, due from the first message.
    expect((await timerJobs(ticketExpiryJob.name, opened.id)).map((job) => job.state)).toEqual(["created"]);

    // The first timer fires, finds the clock reset, and only waits again: due from the newer message.
    const jobs = await vi.waitFor(
      async () => {
        const rows = await timerJobs(ticketExpiryJob.name, opened.id);
        expect(rows.map((job) => job.state)).toEqual(["completed", "created"]);
        return rows;
      },
      { timeout: 10_000, interval: 50 },
    );
    expect(jobs[1]!.startAfterMs).toBe(latest + 3 * UNIT_MS);
    const closed = await vi.waitFor(
      async () => {
        const row = await t.ticket();
        expect(row?.status).toBe("closed");
        return row!;
      },
      { timeout: 10_000 },
    );
    expect(closed.updatedAt.getTime()).toBeGreaterThanOrEqual(latest + 3 * UNIT_MS);
    await vi.waitFor(async () => expect(await t.outbound()).toEqual(["Encerrado."]));
  });

  it("does nothing when a duplicate timer runs after the ticket was closed", async () => {
    const t = await setup({ whatsapp: { expiresTicket: 600, expiresInactiveMessage: "Encerrado." } });
    const at = new Date();
    const { ticket } = await ingestAt(t.whatsapp, t.from, "oi", at);
    const timer = { companyId: t.companyId, ticketId: ticket.id };
    const late = new Date(at.getTime() + 601 * UNIT_MS);
    await expireInactiveTicket(env.ctx, timer, late);
    expect((await t.ticket())?.status).toBe("closed");
    await vi.waitFor(async () => expect(await t.outbound()).toEqual(["Encerrado."]));

    await expireInactiveTicket(env.ctx, timer, late);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(await t.outbound()).toEqual(["Encerrado."]);
    expect((await timerJobs(ticketExpiryJob.name, ticket.id)).map((job) => job.state)).toEqual(["created"]);
  });

  it("survives a restart: a timer written before close runs in the next process", async () => {
    const t = await setup({ whatsapp: { expiresTicket: 2, expiresInactiveMessage: "Até logo." } });
    await t.inbound("oi");
    const opened = await vi.waitFor(async () => (await t.ticket()) ?? Promise.reject(new Error("no ticket")));
    expect((await timerJobs(ticketExpiryJob.name, opened.id)).map((job) => job.state)).toEqual(["created"]);

    await env.restartApp();
    expect((await t.ticket())?.status).toBe("pending");
    await vi.waitFor(async () => expect((await t.ticket())?.status).toBe("closed"), { timeout: 10_000 });
    await vi.waitFor(async () => expect(await t.outbound()).toContain("Até logo."));
  });
});

describe("timeToTransfer", () => {
  it("moves a pending ticket nobody accepted to transferQueueId, with the transfer message", async () => {
    const t = await setup({ queues: ["Vendas", "Suporte"] });
    const [, support] = t.queues;
    await env.db
      .update(whatsapps)
      .set({ timeToTransfer: 1, transferQueueId: support!.id })
      .where(eq(whatsapps.id, t.whatsapp.id));
    await upsertSetting(env.db, t.companyId, "sendMsgTransfTicket", "enabled");
    await t.inbound("oi");
    const opened = await vi.waitFor(async () => (await t.ticket()) ?? Promise.reject(new Error("no ticket")));
    expect(opened.queueId).toBeNull();
    expect((await timerJobs(ticketTransferJob.name, opened.id)).length).toBe(1);

    await vi.waitFor(async () => expect((await t.ticket())?.queueId).toBe(support!.id), { timeout: 10_000 });
    const moved = await t.ticket();
    expect(moved).toMatchObject({ status: "pending", userId: null, chatbot: false });
    await vi.waitFor(async () =>
      expect((await t.outbound()).some((body) => body.includes("departamento *Suporte*"))).toBe(true),
    );
  });
});

describe("timeUseBotQueues", () => {
  it("stops the bot for a ticket left in the queue menu: it stays pending without queue and the bot stays quiet", async () => {
    const t = await setup({ queues: ["Vendas", "Suporte"], whatsapp: { timeUseBotQueues: 1 } });
    await t.inbound("oi");
    await vi.waitFor(async () => expect(await t.outbound()).toHaveLength(1));
    const menu = await t.outbound();
    expect((await t.ticket())?.chatbot).toBe(true);
    const opened = (await t.ticket())!;
    expect((await timerJobs(botTimeoutJob.name, opened.id)).length).toBeGreaterThanOrEqual(1);

    await vi.waitFor(async () => expect((await t.ticket())?.chatbot).toBe(false), { timeout: 10_000 });
    expect(await t.ticket()).toMatchObject({ status: "pending", queueId: null, amountUsedBotQueues: 3 });

    // A late choice is stored but the bot no longer answers or routes.
    await t.inbound("1");
    await vi.waitFor(async () => {
      const rows = await env.db
        .select({ id: messages.id })
        .from(messages)
        .where(and(eq(messages.ticketId, opened.id), eq(messages.fromMe, false)));
      expect(rows).toHaveLength(2);
    });
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(await t.outbound()).toEqual(menu);
    expect((await t.ticket())?.queueId).toBeNull();
  });
});
