import type { Schedule } from "@atendo/shared";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { newContact, newTenant, newTicket, newWhatsapp } from "../../../test/factories.js";
import { createTestEnv, type TestEnv, testConfig } from "../../../test/harness.js";
import { messages, schedules, tickets } from "../../db/schema/index.js";
import { buildApp } from "../../http/app.js";
import { claimSchedule } from "./schedules.repository.js";
import { sendDueSchedule } from "./schedules.send.js";

/**
 * Scheduled messages going out through pg-boss and the simulator, on the real database.
 * Workers poll every half second, so a due schedule leaves within about a second.
 */
const POLL_SECONDS = "0.5";
let env: TestEnv;
beforeAll(async () => {
  env = await createTestEnv({ config: { JOB_POLL_SECONDS: POLL_SECONDS } });
});
afterAll(async () => env.close());

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=",
  "base64",
);

async function waitFor<T>(read: () => Promise<T>, done: (value: T) => boolean, timeoutMs = 10_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value) || Date.now() > deadline) return value;
    await sleep(100);
  }
}

/** A company whose default connection is a paired simulator (unless `paired` is false), and a contact. */
async function setup(options: { paired?: boolean } = {}) {
  const tenant = await newTenant(env);
  const companyId = tenant.company.id;
  const whatsapp = await newWhatsapp(env.db, companyId, { provider: "simulator", isDefault: true });
  await env.ctx.sessions!.start(whatsapp.id);
  if (options.paired !== false) await scan(whatsapp.id);
  const contact = await newContact(env.db, companyId, { name: "Cliente Agendado" });
  const outbound = async () =>
    (
      (await env.app.inject({ url: `/simulator/outbound?whatsappId=${whatsapp.id}&to=${contact.number}` })).json() as {
        body: string;
        mediaType: string | null;
      }[]
    ).filter((row) => row.mediaType !== "call_log");
  const schedule = async (payload: { body: string; sendAt: Date; ticketId?: number }) => {
    const response = await env.app.inject({
      method: "POST",
      url: "/schedules",
      headers: tenant.agentHeaders,
      payload: { ...payload, contactId: contact.id, sendAt: payload.sendAt.toISOString() },
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as Schedule;
  };
  const read = async (id: number) =>
    (await env.app.inject({ url: `/schedules/${id}`, headers: tenant.agentHeaders })).json() as Schedule;
  return { ...tenant, companyId, whatsapp, contact, outbound, schedule, read };
}

async function scan(whatsappId: number) {
  expect((await env.app.inject({ method: "POST", url: `/simulator/scan/${whatsappId}` })).statusCode).toBe(200);
}

const inMs = (ms: number) => new Date(Date.now() + ms);

describe("a schedule's send", () => {
  it("is sent once, at its time and not before, on a new open ticket of its contact", async () => {
    const { outbound, schedule, read, contact, whatsapp, agent } = await setup();
    const sendAt = inMs(2500);
    const created = await schedule({ body: "Lembrete: sua consulta é amanhã às 9h", sendAt });

    await sleep(1500);
    expect(await outbound()).toEqual([]);
    expect((await read(created.id)).status).toBe("PENDENTE");

    const sent = await waitFor(outbound, (rows) => rows.length > 0);
    expect(Date.now()).toBeGreaterThanOrEqual(sendAt.getTime());
    expect(sent.map((row) => row.body)).toEqual(["Lembrete: sua consulta é amanhã às 9h"]);
    const after = await waitFor(
      () => read(created.id),
      (value) => value.status === "ENVIADA",
    );
    expect(after).toMatchObject({ status: "ENVIADA", errorCode: null });
    expect(Date.parse(after.sentAt!)).toBeGreaterThanOrEqual(sendAt.getTime());
    const [ticket] = await env.db.select().from(tickets).where(eq(tickets.id, after.ticketId!));
    expect(ticket).toMatchObject({ contactId: contact.id, whatsappId: whatsapp.id, status: "open", queueId: null });
    const stored = await env.db.select().from(messages).where(eq(messages.ticketId, ticket!.id));
    expect(stored).toMatchObject([{ body: "Lembrete: sua consulta é amanhã às 9h", fromMe: true }]);
    expect(stored[0]!.dataJson).toMatchObject({ userId: agent.id });

    // Later polls find nothing more to send.
    await sleep(1500);
    expect(await outbound()).toHaveLength(1);
  });

  it("goes out on the contact's open ticket, with its image", async () => {
    const { outbound, schedule, read, contact, whatsapp, companyId, agentHeaders } = await setup();
    const open = await newTicket(env.db, companyId, { contactId: contact.id, whatsappId: whatsapp.id, status: "open" });
    const created = await schedule({ body: "Segue o cartaz", sendAt: inMs(60 * 60_000) });
    const form = new FormData();
    form.append("file", new Blob([PNG], { type: "image/png" }), "cartaz.png");
    const encoded = new Response(form);
    const uploaded = await env.app.inject({
      method: "POST",
      url: `/schedules/${created.id}/media-upload`,
      headers: { ...agentHeaders, "content-type": encoded.headers.get("content-type") ?? "" },
      payload: Buffer.from(await encoded.arrayBuffer()),
    });
    expect(uploaded.statusCode, uploaded.body).toBe(200);
    // Moved to now: due at once.
    await env.app.inject({
      method: "PUT",
      url: `/schedules/${created.id}`,
      headers: agentHeaders,
      payload: { sendAt: new Date().toISOString() },
    });
    const sent = await waitFor(outbound, (rows) => rows.length > 0);
    expect(sent).toMatchObject([{ body: "Segue o cartaz", mediaType: "image" }]);
    const after = await waitFor(
      () => read(created.id),
      (value) => value.status === "ENVIADA",
    );
    expect(after.ticketId).toBe(open.id);
    expect(await env.db.select().from(tickets).where(eq(tickets.contactId, contact.id))).toHaveLength(1);
  });

  it("is sent once when the server restarts at the send moment", async () => {
    const { outbound, schedule, read } = await setup();
    const sendAt = inMs(1500);
    const created = await schedule({ body: "Enviado apesar do reinício", sendAt });
    await sleep(sendAt.getTime() - Date.now() - 200);
    await env.restartApp();
    const sent = await waitFor(outbound, (rows) => rows.length > 0);
    expect(sent.map((row) => row.body)).toEqual(["Enviado apesar do reinício"]);
    expect(
      (
        await waitFor(
          () => read(created.id),
          (value) => value.status === "ENVIADA",
        )
      ).status,
    ).toBe("ENVIADA");
    // And a restart after it left sends nothing more.
    await env.restartApp();
    await sleep(1500);
    expect(await outbound()).toHaveLength(1);
  });

  it("is sent once by two servers whose workers share the database", async () => {
    const second = await buildApp({
      config: testConfig({ JOB_POLL_SECONDS: POLL_SECONDS }),
      db: env.db,
      logger: false,
    });
    await second.app.ready();
    try {
      const { outbound, schedule, read, whatsapp } = await setup();
      // The second server runs the connection too, so either may send.
      await second.ctx.sessions!.start(whatsapp.id);
      const sendAt = inMs(1500);
      const created = await Promise.all(
        Array.from({ length: 6 }, (_, index) => schedule({ body: `Mensagem agendada ${index}`, sendAt })),
      );
      const sent = await waitFor(outbound, (rows) => rows.length >= 6);
      await sleep(1500);
      expect((await outbound()).map((row) => row.body).sort()).toEqual(created.map((item) => item.body).sort());
      for (const item of created) expect((await read(item.id)).status).toBe("ENVIADA");
      expect(sent).toHaveLength(6);
    } finally {
      await second.app.close();
    }
  });

  it("moves when its time changes before it is due, and is cancelled by its deletion", async () => {
    const { outbound, schedule, read, agentHeaders } = await setup();
    const moved = await schedule({ body: "Movido para mais tarde", sendAt: inMs(1500) });
    const later = inMs(3500);
    const put = await env.app.inject({
      method: "PUT",
      url: `/schedules/${moved.id}`,
      headers: agentHeaders,
      payload: { sendAt: later.toISOString() },
    });
    expect(put.statusCode).toBe(200);
    const cancelled = await schedule({ body: "Cancelado antes da hora", sendAt: inMs(1500) });
    expect(
      (await env.app.inject({ method: "DELETE", url: `/schedules/${cancelled.id}`, headers: agentHeaders })).statusCode,
    ).toBe(200);

    await sleep(2800);
    expect(await outbound()).toEqual([]);
    expect((await read(moved.id)).status).toBe("PENDENTE");
    const sent = await waitFor(outbound, (rows) => rows.length > 0);
    expect(Date.now()).toBeGreaterThanOrEqual(later.getTime());
    await sleep(1000);
    expect((await outbound()).map((row) => row.body)).toEqual(["Movido para mais tarde"]);
    expect(sent).toHaveLength(1);
  });

  it("fails as ERRO with its reason when the connection is down, opening no ticket; saving it again sends it", async () => {
    const { outbound, schedule, read, whatsapp, contact, agentHeaders } = await setup({ paired: false });
    const created = await schedule({ body: "Não vai sair agora", sendAt: inMs(500) });
    const failed = await waitFor(
      () => read(created.id),
      (value) => value.status === "ERRO",
    );
    expect(failed).toMatchObject({ status: "ERRO", errorCode: "ERR_WAPP_NOT_INITIALIZED", sentAt: null });
    expect(await env.db.select().from(tickets).where(eq(tickets.contactId, contact.id))).toEqual([]);

    await scan(whatsapp.id);
    const retried = await env.app.inject({
      method: "PUT",
      url: `/schedules/${created.id}`,
      headers: agentHeaders,
      payload: { body: "Agora sim, vai sair" },
    });
    expect(retried.json()).toMatchObject({ status: "PENDENTE", errorCode: null });
    const sent = await waitFor(outbound, (rows) => rows.length > 0);
    expect(sent.map((row) => row.body)).toEqual(["Agora sim, vai sair"]);
    expect(
      (
        await waitFor(
          () => read(created.id),
          (value) => value.status === "ENVIADA",
        )
      ).errorCode,
    ).toBeNull();
  });

  it("is not sent again by the retry of a run that stopped after taking it: ERRO ERR_SCHEDULE_INTERRUPTED", async () => {
    const { outbound, schedule, read, companyId } = await setup();
    // Due in an hour, so its own job stays away; then made due by hand and taken as a run that died would have.
    const created = await schedule({ body: "Talvez enviado", sendAt: inMs(60 * 60_000) });
    await env.db
      .update(schedules)
      .set({ sendAt: new Date(Date.now() - 1000) })
      .where(eq(schedules.id, created.id));
    const ref = { companyId, scheduleId: created.id, version: 0 };
    expect(await claimSchedule(env.db, ref)).toBeDefined();

    await sendDueSchedule(env.ctx, ref);
    expect(await read(created.id)).toMatchObject({ status: "ERRO", errorCode: "ERR_SCHEDULE_INTERRUPTED" });
    expect(await outbound()).toEqual([]);
    // An outdated version's job (the schedule moved since) does nothing at all.
    await sendDueSchedule(env.ctx, { ...ref, version: 7 });
    expect((await read(created.id)).errorCode).toBe("ERR_SCHEDULE_INTERRUPTED");
  });

  it("is taken by exactly one of many runs at once", async () => {
    const { schedule, companyId } = await setup();
    const created = await schedule({ body: "Disputado", sendAt: inMs(60 * 60_000) });
    await env.db
      .update(schedules)
      .set({ sendAt: new Date(Date.now() - 1000) })
      .where(and(eq(schedules.id, created.id), eq(schedules.companyId, companyId)));
    const ref = { companyId, scheduleId: created.id, version: 0 };
    const takes = await Promise.all(Array.from({ length: 8 }, () => claimSchedule(env.db, ref)));
    expect(takes.filter(Boolean)).toHaveLength(1);
    const [row] = await env.db.select({ status: schedules.status }).from(schedules).where(eq(schedules.id, created.id));
    expect(row!.status).toBe("ENVIANDO");
    // Not before its time: a schedule due later is not taken.
    const future = await schedule({ body: "Ainda não", sendAt: inMs(60 * 60_000) });
    expect(await claimSchedule(env.db, { companyId, scheduleId: future.id, version: 0 })).toBeUndefined();
  });
});
