import type { WorkingHours } from "@atendo/shared";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { newQueue, newTenant, newWhatsapp } from "../../../test/factories.js";
import { createTestEnv, type TestEnv } from "../../../test/harness.js";
import {
  companies,
  messages,
  queueOptions,
  queues,
  tickets,
  whatsappQueues,
  type whatsapps,
} from "../../db/schema/index.js";
import { ingestInbound } from "../../modules/ingestion/ingest.js";
import { upsertSetting } from "../../modules/settings/settings.repository.js";

/**
 * The chatbot end to end: simulator inbound -> ingestion -> runChatbot ->
 * sendTicketMessage -> simulator outbound, on a real database.
 */
let env: TestEnv;
beforeAll(async () => {
  env = await createTestEnv();
});
afterAll(async () => env.close());

let seq = 0;
const nextNumber = () => `55119777${String(Date.now() % 10_000).padStart(4, "0")}${seq++}`;

async function setup(opts: {
  queues: { name: string; orderQueue?: number; greetingMessage?: string; outOfHoursMessage?: string }[];
  whatsapp?: Partial<typeof whatsapps.$inferInsert>;
}) {
  const tenant = await newTenant(env);
  const companyId = tenant.company.id;
  const whatsapp = await newWhatsapp(env.db, companyId, {
    provider: "simulator",
    isDefault: true,
    greetingMessage: "Olá! Escolha um setor:",
    ...opts.whatsapp,
  });
  const queues = [];
  for (const q of opts.queues) {
    const queue = await newQueue(env.db, companyId, q);
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
    ).map((m) => m.body);
  const ticket = async () => {
    const [row] = await env.db.select().from(tickets).where(eq(tickets.whatsappId, whatsapp.id));
    return row;
  };
  const inboundCount = async () => {
    const t = await ticket();
    if (!t) return 0;
    const rows = await env.db
      .select({ id: messages.id })
      .from(messages)
      .where(and(eq(messages.ticketId, t.id), eq(messages.fromMe, false)));
    return rows.length;
  };
  /** Sends a message and answers the bot's new outbound messages once there are `expect` of them. */
  const say = async (body: string, expectReplies = 1): Promise<string[]> => {
    const before = (await outbound()).length;
    const stored = await inboundCount();
    await env.app.inject({
      method: "POST",
      url: "/simulator/inbound",
      payload: { whatsappId: whatsapp.id, from, body },
    });
    await vi.waitFor(async () => expect(await inboundCount()).toBe(stored + 1), { timeout: 5000 });
    if (expectReplies === 0) {
      // Give a wrongly running bot the time to answer.
      await new Promise((resolve) => setTimeout(resolve, 400));
      expect((await outbound()).length).toBe(before);
      return [];
    }
    let fresh: string[] = [];
    await vi.waitFor(
      async () => {
        fresh = (await outbound()).slice(before);
        expect(fresh.length).toBe(expectReplies);
      },
      { timeout: 5000 },
    );
    return fresh;
  };
  return { tenant, companyId, whatsapp, queues, from, outbound, ticket, say };
}

async function addOption(
  companyId: number,
  queueId: number,
  parentId: number | null,
  option: number,
  title: string,
  message: string,
) {
  const [row] = await env.db
    .insert(queueOptions)
    .values({ companyId, queueId, parentId, option, title, message })
    .returning();
  return row!;
}

describe("chatbot over the simulator", () => {
  it("greets with the queue menu on a new ticket and routes the reply to the second queue", async () => {
    const s = await setup({
      queues: [
        { name: "Financeiro", orderQueue: 2, greetingMessage: "Bem-vindo ao Financeiro" },
        { name: "Atendimento", orderQueue: 1 },
      ],
    });
    expect(await s.say("Oi")).toEqual(["Olá! Escolha um setor:\n\n*1* - Atendimento\n*2* - Financeiro"]);
    expect(await s.ticket()).toMatchObject({ status: "pending", queueId: null, chatbot: true, userId: null });

    expect(await s.say("2")).toEqual(["Bem-vindo ao Financeiro"]);
    const financeiro = s.queues.find((q) => q.name === "Financeiro")!;
    expect(await s.ticket()).toMatchObject({ status: "pending", queueId: financeiro.id, chatbot: false });

    // Routed: the bot leaves the ticket alone.
    await s.say("obrigado", 0);
  });

  it("routes straight on a one-queue connection, with the greeting when the setting is on", async () => {
    const silent = await setup({ queues: [{ name: "Suporte", greetingMessage: "Oi do suporte" }] });
    await silent.say("Olá", 0);
    expect(await silent.ticket()).toMatchObject({ queueId: silent.queues[0]!.id, chatbot: false });

    const greeted = await setup({ queues: [{ name: "Suporte", greetingMessage: "Oi do suporte" }] });
    await upsertSetting(env.db, greeted.companyId, "sendGreetingMessageOneQueues", "enabled");
    expect(await greeted.say("Olá")).toEqual(["Oi do suporte"]);
    expect(await greeted.ticket()).toMatchObject({ queueId: greeted.queues[0]!.id, chatbot: false });
  });

  it("does nothing on a connection without queues", async () => {
    const s = await setup({ queues: [] });
    await s.say("Olá", 0);
    expect(await s.ticket()).toMatchObject({ queueId: null, chatbot: false });
  });

  it("navigates the option tree: pick, 0 back, # root, a leaf ends the bot", async () => {
    const s = await setup({ queues: [{ name: "Suporte", greetingMessage: "Suporte aqui" }] });
    const queueId = s.queues[0]!.id;
    const boletos = await addOption(s.companyId, queueId, null, 1, "Boletos", "Sobre boletos:");
    await addOption(s.companyId, queueId, null, 2, "Outros", "Um atendente já vem.");
    await addOption(s.companyId, queueId, boletos.id, 1, "Segunda via", "Acesse o portal.");
    const root = "*1* - Boletos\n*2* - Outros";
    const level = "Sobre boletos:\n\n*1* - Segunda via\n\n*0* - Voltar\n*#* - Menu inicial";

    expect(await s.say("Olá")).toEqual([root]); // greeting setting off
    expect(await s.ticket()).toMatchObject({ queueId, chatbot: true, queueOptionId: null });
    expect(await s.say("1")).toEqual([level]);
    expect((await s.ticket())?.queueOptionId).toBe(boletos.id);
    expect(await s.say("0")).toEqual([root]);
    expect((await s.ticket())?.queueOptionId).toBeNull();
    expect(await s.say("1")).toEqual([level]);
    expect(await s.say("#")).toEqual([root]);
    expect(await s.say("1")).toEqual([level]);
    expect(await s.say("1")).toEqual(["Acesse o portal."]);
    expect(await s.ticket()).toMatchObject({ queueId, chatbot: false });
    await s.say("1", 0);
  });

  it("goes from the options back to the queue menu with 0 at the root of several queues", async () => {
    const s = await setup({
      queues: [
        { name: "A", orderQueue: 1 },
        { name: "B", orderQueue: 2 },
      ],
    });
    await addOption(s.companyId, s.queues[1]!.id, null, 1, "Pedido", "Informe o número.");
    const menu = "Olá! Escolha um setor:\n\n*1* - A\n*2* - B";
    expect(await s.say("Oi")).toEqual([menu]);
    expect(await s.say("2")).toEqual(["*1* - Pedido\n\n*0* - Voltar"]);
    expect(await s.say("0")).toEqual([menu]);
    expect(await s.ticket()).toMatchObject({ queueId: null, chatbot: true });
  });

  it("re-sends the menu on invalid replies and gives up after maxUseBotQueues", async () => {
    const s = await setup({ queues: [{ name: "A" }, { name: "B" }], whatsapp: { maxUseBotQueues: 2 } });
    const menu = "Olá! Escolha um setor:\n\n*1* - A\n*2* - B";
    expect(await s.say("Oi")).toEqual([menu]);
    expect(await s.say("9")).toEqual([menu]);
    expect((await s.ticket())?.amountUsedBotQueues).toBe(1);
    await s.say("talvez", 0);
    expect(await s.ticket()).toMatchObject({
      status: "pending",
      queueId: null,
      chatbot: false,
      amountUsedBotQueues: 2,
    });
    // The bot stays quiet: the ticket waits without a queue for an attendant.
    await s.say("1", 0);
    expect((await s.ticket())?.queueId).toBeNull();
  });

  it("answers out of hours once a day in company mode instead of routing", async () => {
    const closed: WorkingHours[] = ["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"].map(
      (weekdayEn) => ({ weekday: weekdayEn, weekdayEn, startTime: "00:00", endTime: "00:00" }),
    );
    const s = await setup({
      queues: [{ name: "A" }, { name: "B" }],
      whatsapp: { outOfHoursMessage: "Estamos fechados." },
    });
    await env.db.update(companies).set({ schedules: closed }).where(eq(companies.id, s.companyId));
    await upsertSetting(env.db, s.companyId, "scheduleType", "company");

    expect(await s.say("Oi")).toEqual(["Estamos fechados."]);
    expect(await s.ticket()).toMatchObject({ queueId: null, chatbot: false });
    expect((await s.ticket())?.automationState).toMatchObject({ outOfHoursNotifiedOn: expect.any(String) });
    await s.say("Alô?", 0);

    // Back in hours: the next message gets the queue menu.
    await env.db.update(companies).set({ schedules: [] }).where(eq(companies.id, s.companyId));
    expect(await s.say("Oi de novo")).toEqual(["Olá! Escolha um setor:\n\n*1* - A\n*2* - B"]);
  });

  it("in queue mode, sets the chosen queue and sends its out-of-hours message instead of its menu", async () => {
    const s = await setup({
      queues: [
        { name: "A", orderQueue: 1 },
        { name: "B", orderQueue: 2, greetingMessage: "Oi do B", outOfHoursMessage: "B fechado." },
      ],
    });
    const b = s.queues[1]!;
    const closed: WorkingHours[] = ["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"].map(
      (weekdayEn) => ({ weekday: weekdayEn, weekdayEn, startTime: "00:00", endTime: "00:00" }),
    );
    await addOption(s.companyId, b.id, null, 1, "Pedido", "Informe o número.");
    await env.db.update(queues).set({ schedules: closed }).where(eq(queues.id, b.id));
    await upsertSetting(env.db, s.companyId, "scheduleType", "queue");

    expect(await s.say("Oi")).toEqual(["Olá! Escolha um setor:\n\n*1* - A\n*2* - B"]);
    expect(await s.say("2")).toEqual(["B fechado."]);
    expect(await s.ticket()).toMatchObject({ queueId: b.id, chatbot: false });
  });

  it("never breaks ingestion when the bot cannot send (connection not running)", async () => {
    const tenant = await newTenant(env);
    const whatsapp = await newWhatsapp(env.db, tenant.company.id, { provider: "simulator", greetingMessage: "Oi" });
    for (const name of ["A", "B"]) {
      const queue = await newQueue(env.db, tenant.company.id, { name });
      await env.db
        .insert(whatsappQueues)
        .values({ companyId: tenant.company.id, whatsappId: whatsapp.id, queueId: queue.id });
    }
    const warn = vi.spyOn(env.ctx.log, "warn");
    const result = await ingestInbound(env.ctx, whatsapp, {
      providerId: `BOT${Date.now()}`,
      from: nextNumber(),
      body: "Olá",
      timestamp: Date.now(),
    });
    expect(result).toMatchObject({ duplicate: false, ticketCreated: true });
    // The bot runs after the commit, from the message's automation step.
    await vi.waitFor(() => expect(warn).toHaveBeenCalledWith(expect.anything(), "chatbot message not sent"));
    warn.mockRestore();
  });
});
