import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { newQueue, newTenant, newWhatsapp } from "../../../test/factories.js";
import { createTestEnv, type TestEnv } from "../../../test/harness.js";
import { messages, tickets, whatsappQueues } from "../../db/schema/index.js";
import { upsertSetting } from "../settings/settings.repository.js";
import { CALLS_DISABLED_MESSAGE, handleInboundCall } from "./calls.js";

/** The `call` setting, through the simulator's calls and the one ingestion path. */
let env: TestEnv;
beforeAll(async () => {
  env = await createTestEnv();
});
afterAll(async () => env.close());

let seq = 0;
const nextNumber = () => `55117${String(Date.now() % 1_000_000).padStart(6, "0")}${seq++}`;

interface OutboundRow {
  id: string;
  body: string;
  mediaType: string | null;
}

async function setup(setting: "enabled" | "disabled") {
  const tenant = await newTenant(env);
  const companyId = tenant.company.id;
  await upsertSetting(env.db, companyId, "call", setting);
  const whatsapp = await newWhatsapp(env.db, companyId, { provider: "simulator" });
  await env.ctx.sessions!.start(whatsapp.id);
  expect((await env.app.inject({ method: "POST", url: `/simulator/scan/${whatsapp.id}` })).statusCode).toBe(200);
  const from = nextNumber();
  const outbound = async () =>
    (await env.app.inject({ url: `/simulator/outbound?whatsappId=${whatsapp.id}&to=${from}` })).json() as OutboundRow[];
  const ticketMessages = async () => {
    const [ticket] = await env.db.select().from(tickets).where(eq(tickets.whatsappId, whatsapp.id));
    if (!ticket) return { ticket, rows: [] };
    const rows = await env.db.select().from(messages).where(eq(messages.ticketId, ticket.id)).orderBy(messages.id);
    return { ticket, rows };
  };
  const call = (isVideo = false) =>
    env.app.inject({ method: "POST", url: "/simulator/call", payload: { whatsappId: whatsapp.id, from, isVideo } });
  return { companyId, whatsapp, from, outbound, ticketMessages, call };
}

describe("calls", () => {
  it("rejects a call when calls are disabled, records it in the caller's ticket and sends the automatic message", async () => {
    const t = await setup("disabled");
    const response = await t.call();
    expect(response.statusCode).toBe(200);
    const answer = response.json() as { id: string; rejected: boolean };
    expect(answer.rejected).toBe(true);

    const network = await t.outbound();
    // The rejection, as the network keeps it, then the automatic message.
    expect(network[0]).toMatchObject({ id: answer.id, mediaType: "call_log" });
    await vi.waitFor(async () => expect((await t.outbound()).map((row) => row.body)).toContain(CALLS_DISABLED_MESSAGE));

    const { ticket, rows } = await t.ticketMessages();
    expect(ticket).toMatchObject({ status: "pending", lastMessage: CALLS_DISABLED_MESSAGE });
    expect(rows.map((row) => ({ fromMe: row.fromMe, mediaType: row.mediaType, providerId: row.providerId }))).toEqual([
      { fromMe: false, mediaType: "call_log", providerId: answer.id },
      { fromMe: true, mediaType: "chat", providerId: expect.any(String) },
    ]);
    expect(rows[0]!.body).toMatch(/^Chamada de voz perdida às \d\d:\d\d$/);
    expect(rows[1]!.body).toBe(CALLS_DISABLED_MESSAGE);
  });

  it("lets the call ring when calls are enabled: nothing rejected, sent or recorded", async () => {
    const t = await setup("enabled");
    const response = await t.call(true);
    expect(response.json()).toMatchObject({ rejected: false });
    expect(await t.outbound()).toEqual([]);
    expect((await t.ticketMessages()).ticket).toBeUndefined();
  });

  it("handles a call reported twice once: one record, one message", async () => {
    const t = await setup("disabled");
    const provider = { rejectCall: vi.fn(async () => undefined) };
    const call = { callId: `CALLTWICE${seq++}`, from: t.from, isVideo: true, timestamp: Date.now() };
    await handleInboundCall(env.ctx, t.whatsapp, provider, call);
    await handleInboundCall(env.ctx, t.whatsapp, provider, call);
    const { rows } = await t.ticketMessages();
    expect(rows.filter((row) => row.mediaType === "call_log")).toHaveLength(1);
    expect(rows[0]!.body).toMatch(/^Chamada de vídeo perdida às/);
    expect(rows.filter((row) => row.fromMe)).toHaveLength(1);
  });

  it("does not answer the call with the queue menu: the bot waits for the customer's message", async () => {
    const t = await setup("disabled");
    for (const name of ["Vendas", "Suporte"]) {
      const queue = await newQueue(env.db, t.companyId, { name });
      await env.db
        .insert(whatsappQueues)
        .values({ companyId: t.companyId, whatsappId: t.whatsapp.id, queueId: queue.id });
    }
    await t.call();
    await vi.waitFor(async () => expect((await t.outbound()).map((row) => row.body)).toContain(CALLS_DISABLED_MESSAGE));
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(await t.outbound()).toHaveLength(2);
    const { ticket, rows } = await t.ticketMessages();
    expect(ticket).toMatchObject({ queueId: null, chatbot: false, amountUsedBotQueues: 0 });
    expect(rows.filter((row) => !row.fromMe)).toHaveLength(1);
  });

  it("answers ERR_NO_WAPP_FOUND for a connection the simulator does not run", async () => {
    const response = await env.app.inject({
      method: "POST",
      url: "/simulator/call",
      payload: { whatsappId: 999_999, from: "5511999990000" },
    });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ error: "ERR_NO_WAPP_FOUND" });
  });
});
