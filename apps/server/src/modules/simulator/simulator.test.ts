import { companyEvent } from "@atendo/shared";
import { and, eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { newTenant, newTicket, newWhatsapp } from "../../../test/factories.js";
import { createTestEnv, type TestEnv } from "../../../test/harness.js";
import { type SimulatorProvider, virtualNumber } from "../../channels/simulator/simulator.provider.js";
import { contacts, messages, simulatorInbound, tickets, whatsapps } from "../../db/schema/index.js";
import { upsertSetting } from "../settings/settings.repository.js";

let env: TestEnv;
beforeAll(async () => {
  env = await createTestEnv();
});
afterAll(async () => env.close());
afterEach(() => vi.restoreAllMocks());

/** 1×1 transparent PNG. */
const PNG_BASE64 = "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=";

const connectionRow = async (id: number) => (await env.db.select().from(whatsapps).where(eq(whatsapps.id, id)))[0]!;

/** A simulator connection, started and paired through the simulator's scan. */
async function connectedSimulator() {
  const tenant = await newTenant(env);
  const whatsapp = await newWhatsapp(env.db, tenant.company.id, { provider: "simulator" });
  await env.ctx.sessions!.start(whatsapp.id);
  const scan = await env.app.inject({ method: "POST", url: `/simulator/scan/${whatsapp.id}` });
  expect(scan.statusCode).toBe(200);
  return { ...tenant, whatsapp };
}

const inbound = (payload: Record<string, unknown>) =>
  env.app.inject({ method: "POST", url: "/simulator/inbound", payload });

const eventsNamed = (spy: ReturnType<typeof vi.spyOn>, event: string) =>
  spy.mock.calls.filter((call: unknown[]) => call[1] === event).map((call: unknown[]) => call[2]) as Record<
    string,
    // biome-ignore lint/suspicious/noExplicitAny: event payloads are read loosely in assertions
    any
  >[];

async function messagesOf(whatsappId: number) {
  return env.db.select().from(messages).where(eq(messages.whatsappId, whatsappId));
}

describe("pairing", () => {
  it("shows a QR code, and the simulator's scan connects with a virtual number", async () => {
    const { company, whatsapp } = await newTenant(env).then(async (t) => ({
      ...t,
      whatsapp: await newWhatsapp(env.db, t.company.id, { provider: "simulator" }),
    }));
    const emit = vi.spyOn(env.ctx.realtime, "toCompany");
    await env.ctx.sessions!.start(whatsapp.id);

    let row = await connectionRow(whatsapp.id);
    expect(row.status).toBe("qrcode");
    expect(row.qrcode).toMatch(/^atendo-sim:/);
    const sessionEvents = () => eventsNamed(emit, companyEvent.whatsappSession(company.id));
    expect(sessionEvents().at(-1)).toMatchObject({
      action: "update",
      session: { id: whatsapp.id, status: "qrcode", qrcode: row.qrcode },
    });

    const scan = await env.app.inject({ method: "POST", url: `/simulator/scan/${whatsapp.id}` });
    expect(scan.statusCode).toBe(200);
    expect(scan.json()).toEqual({ number: virtualNumber(whatsapp.id) });
    row = await connectionRow(whatsapp.id);
    expect(row).toMatchObject({ status: "CONNECTED", qrcode: "", number: virtualNumber(whatsapp.id), retries: 0 });
    expect(sessionEvents().map((e) => e.session.status)).toEqual(["OPENING", "qrcode", "OPENING", "CONNECTED"]);
    expect(sessionEvents().at(-1)?.session).toMatchObject({ qrcode: "", retries: 0 });

    // Paired: a scan is not expected any more, and a restart reconnects without a QR.
    expect((await env.app.inject({ method: "POST", url: `/simulator/scan/${whatsapp.id}` })).statusCode).toBe(400);
    await env.ctx.sessions!.stop(whatsapp.id);
    await env.ctx.sessions!.start(whatsapp.id);
    expect((await connectionRow(whatsapp.id)).status).toBe("CONNECTED");
  });

  it("answers 404 for a connection that is not on the simulated network", async () => {
    const { company } = await newTenant(env);
    const beta = await newWhatsapp(env.db, company.id);
    expect((await env.app.inject({ method: "POST", url: `/simulator/scan/${beta.id}` })).statusCode).toBe(404);
    expect((await env.app.inject({ method: "POST", url: "/simulator/scan/999999" })).statusCode).toBe(404);
    const response = await inbound({ whatsappId: beta.id, from: "5511999990001", body: "hi" });
    expect(response.statusCode).toBe(404);
    expect(response.json().error).toBe("ERR_NO_WAPP_FOUND");
  });
});

describe("inbound", () => {
  it("a text creates the contact, a pending ticket and the message, and emits them", async () => {
    const { company, whatsapp } = await connectedSimulator();
    const emit = vi.spyOn(env.ctx.realtime, "toRooms");
    const response = await inbound({ whatsappId: whatsapp.id, from: "5511999990001", name: "Maria", body: "Olá!" });
    expect(response.statusCode).toBe(200);
    const { id } = response.json();
    expect(id).toMatch(/^SIM[0-9A-F]+$/);

    await vi.waitFor(async () => expect(await messagesOf(whatsapp.id)).toHaveLength(1));
    const [message] = await messagesOf(whatsapp.id);
    expect(message).toMatchObject({ providerId: id, body: "Olá!", fromMe: false, mediaType: "chat" });
    const [contact] = await env.db.select().from(contacts).where(eq(contacts.id, message!.contactId!));
    expect(contact).toMatchObject({ companyId: company.id, name: "Maria", number: "5511999990001", isGroup: false });
    const [ticket] = await env.db.select().from(tickets).where(eq(tickets.id, message!.ticketId));
    expect(ticket).toMatchObject({
      companyId: company.id,
      status: "pending",
      whatsappId: whatsapp.id,
      lastMessage: "Olá!",
      unreadMessages: 1,
    });

    await vi.waitFor(() => expect(eventsNamed(emit, companyEvent.ticket(company.id))).toHaveLength(1));
    const [created] = eventsNamed(emit, companyEvent.appMessage(company.id));
    expect(created).toMatchObject({
      action: "create",
      message: { id: message!.id, body: "Olá!", ticketId: ticket!.id, contact: { name: "Maria" } },
      ticket: {
        id: ticket!.id,
        uuid: ticket!.uuid,
        status: "pending",
        unreadMessages: 1,
        contact: { id: contact!.id },
      },
      contact: { id: contact!.id, number: "5511999990001" },
    });
    expect(eventsNamed(emit, companyEvent.ticket(company.id))[0]).toMatchObject({
      action: "update",
      ticket: { id: ticket!.id },
    });
    // Acknowledged to the network only after the commit.
    const [network] = await env.db.select().from(simulatorInbound).where(eq(simulatorInbound.providerId, id));
    expect(network?.ackedAt).not.toBeNull();

    // A second message goes to the same ticket.
    await inbound({ whatsappId: whatsapp.id, from: "5511999990001", body: "Alguém?" });
    await vi.waitFor(async () => expect(await messagesOf(whatsapp.id)).toHaveLength(2));
    const [again] = await env.db.select().from(tickets).where(eq(tickets.id, ticket!.id));
    expect(again).toMatchObject({ lastMessage: "Alguém?", unreadMessages: 2 });
  });

  it("stores a message delivered twice with the same provider id once", async () => {
    const { whatsapp } = await connectedSimulator();
    const { id } = (await inbound({ whatsappId: whatsapp.id, from: "5511999990002", body: "once" })).json();
    await vi.waitFor(async () => expect(await messagesOf(whatsapp.id)).toHaveLength(1));

    // The network forgets the acknowledgement (as after a crash between commit and ack) and redelivers.
    await env.db.update(simulatorInbound).set({ ackedAt: null }).where(eq(simulatorInbound.providerId, id));
    const provider = env.ctx.sessions!.get(whatsapp.id) as SimulatorProvider;
    provider.kick();
    await vi.waitFor(async () => {
      const [row] = await env.db.select().from(simulatorInbound).where(eq(simulatorInbound.providerId, id));
      expect(row?.ackedAt).not.toBeNull();
    });
    const stored = await messagesOf(whatsapp.id);
    expect(stored).toHaveLength(1);
    const [ticket] = await env.db.select().from(tickets).where(eq(tickets.id, stored[0]!.ticketId));
    expect(ticket?.unreadMessages).toBe(1);
  });

  it("keeps a phone's resend of the same message id once, and answers that id", async () => {
    const { whatsapp } = await connectedSimulator();
    const payload = { whatsappId: whatsapp.id, id: "PHONE-MSG-0001", from: "5511999990042", body: "resent" };
    const first = await inbound(payload);
    const again = await inbound(payload);
    expect(first.json()).toEqual({ id: "PHONE-MSG-0001" });
    expect(again.json()).toEqual({ id: "PHONE-MSG-0001" });
    const network = await env.db.select().from(simulatorInbound).where(eq(simulatorInbound.whatsappId, whatsapp.id));
    expect(network).toHaveLength(1);
    await vi.waitFor(async () => expect(await messagesOf(whatsapp.id)).toHaveLength(1));
  });

  it("keeps messages sent while disconnected and delivers them after a retry", async () => {
    const { adminHeaders, whatsapp } = await connectedSimulator();
    const off = await env.app.inject({
      method: "DELETE",
      url: `/whatsappsession/${whatsapp.id}`,
      headers: adminHeaders,
    });
    expect(off.statusCode).toBe(200);
    expect(await connectionRow(whatsapp.id)).toMatchObject({ status: "DISCONNECTED", qrcode: "" });

    const { id } = (await inbound({ whatsappId: whatsapp.id, from: "5511999990003", body: "are you there?" })).json();
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(await messagesOf(whatsapp.id)).toHaveLength(0);

    // Logged out: the retry shows a QR code; once scanned, the pending message arrives.
    const retry = await env.app.inject({
      method: "POST",
      url: `/whatsappsession/${whatsapp.id}`,
      headers: adminHeaders,
    });
    expect(retry.statusCode).toBe(200);
    expect(retry.json()).toEqual({ message: "Starting session." });
    expect((await connectionRow(whatsapp.id)).status).toBe("qrcode");
    await env.app.inject({ method: "POST", url: `/simulator/scan/${whatsapp.id}` });
    await vi.waitFor(async () => expect((await messagesOf(whatsapp.id)).map((m) => m.providerId)).toEqual([id]));
  });

  it("delivers what arrived while the session was stopped when it starts again, without a new QR", async () => {
    const { adminHeaders, whatsapp } = await connectedSimulator();
    await env.ctx.sessions!.stop(whatsapp.id);
    await inbound({ whatsappId: whatsapp.id, from: "5511999990004", body: "first" });
    await inbound({ whatsappId: whatsapp.id, from: "5511999990004", body: "second" });
    const retry = await env.app.inject({
      method: "POST",
      url: `/whatsappsession/${whatsapp.id}`,
      headers: adminHeaders,
    });
    expect(retry.statusCode).toBe(200);
    expect((await connectionRow(whatsapp.id)).status).toBe("CONNECTED");
    await vi.waitFor(async () => expect(await messagesOf(whatsapp.id)).toHaveLength(2));
    const bodies = (await messagesOf(whatsapp.id)).sort((a, b) => a.id - b.id).map((m) => m.body);
    expect(bodies).toEqual(["first", "second"]);
  });

  it("stores an image and serves it under /public", async () => {
    const { whatsapp } = await connectedSimulator();
    const response = await inbound({
      whatsappId: whatsapp.id,
      from: "5511999990005",
      media: { type: "image", fileName: "photo.png", base64: PNG_BASE64 },
    });
    expect(response.statusCode).toBe(200);
    await vi.waitFor(async () => expect(await messagesOf(whatsapp.id)).toHaveLength(1));
    const [message] = await messagesOf(whatsapp.id);
    expect(message).toMatchObject({ mediaType: "image", mediaName: "photo.png", body: "photo.png" });
    expect(message!.mediaUrl).toMatch(/^company\d+\/[0-9a-f-]+\.png$/);
    const file = await env.app.inject({ url: `/public/${message!.mediaUrl}` });
    expect(file.statusCode).toBe(200);
    expect(file.rawPayload.equals(Buffer.from(PNG_BASE64, "base64"))).toBe(true);
  });

  it("stores a location and a contact card in the spec's formats", async () => {
    const { whatsapp } = await connectedSimulator();
    await inbound({
      whatsappId: whatsapp.id,
      from: "5511999990006",
      location: { lat: -23.55, lng: -46.63, description: "Praça da Sé" },
    });
    const vcard =
      "BEGIN:VCARD\nVERSION:3.0\nFN:João Silva\nTEL;type=CELL;waid=5511988887777:+55 11 98888-7777\nEND:VCARD";
    await inbound({ whatsappId: whatsapp.id, from: "5511999990006", vcard });
    await vi.waitFor(async () => expect(await messagesOf(whatsapp.id)).toHaveLength(2));
    const [location, card] = (await messagesOf(whatsapp.id)).sort((a, b) => a.id - b.id);
    expect(location!.mediaType).toBe("locationMessage");
    const [image, link, description] = location!.body.split("|");
    expect(image).toMatch(/^https:\/\/tile\.openstreetmap\.org\/15\/\d+\/\d+\.png$/);
    expect(link).toContain("-23.55%2C-46.63");
    expect(description).toBe("Praça da Sé");
    expect(card).toMatchObject({ mediaType: "vcard", body: vcard });
    const [ticket] = await env.db.select().from(tickets).where(eq(tickets.id, card!.ticketId));
    expect(ticket?.lastMessage).toBe("João Silva");
  });

  it("opens a group ticket when groups are not ignored, and skips groups when CheckMsgIsGroup is enabled", async () => {
    const { company, whatsapp } = await connectedSimulator();
    const group = { id: "120363000000000001", name: "Family" };
    // The default (enabled) ignores groups: acknowledged, not stored.
    const { id: ignored } = (
      await inbound({ whatsappId: whatsapp.id, from: "5511999990007", name: "Ana", body: "hi all", group })
    ).json();
    await vi.waitFor(async () => {
      const [row] = await env.db.select().from(simulatorInbound).where(eq(simulatorInbound.providerId, ignored));
      expect(row?.ackedAt).not.toBeNull();
    });
    expect(await messagesOf(whatsapp.id)).toHaveLength(0);

    await upsertSetting(env.db, company.id, "CheckMsgIsGroup", "disabled");
    await inbound({ whatsappId: whatsapp.id, from: "5511999990007", name: "Ana", body: "hello group", group });
    await vi.waitFor(async () => expect(await messagesOf(whatsapp.id)).toHaveLength(1));
    const [message] = await messagesOf(whatsapp.id);
    expect(message).toMatchObject({ participant: "Ana", body: "hello group" });
    const [contact] = await env.db.select().from(contacts).where(eq(contacts.id, message!.contactId!));
    expect(contact).toMatchObject({ number: group.id, name: "Family", isGroup: true });
    const [ticket] = await env.db.select().from(tickets).where(eq(tickets.id, message!.ticketId));
    expect(ticket).toMatchObject({ isGroup: true, status: "pending", contactId: contact!.id });
  });

  it("rejects a message with nothing in it and bad base64", async () => {
    const { whatsapp } = await connectedSimulator();
    expect((await inbound({ whatsappId: whatsapp.id, from: "5511999990008" })).statusCode).toBe(400);
    expect((await inbound({ whatsappId: whatsapp.id, from: "+55 11", body: "x" })).statusCode).toBe(400);
    const bad = await inbound({
      whatsappId: whatsapp.id,
      from: "5511999990008",
      media: { type: "image", fileName: "x.png", base64: "!!!" },
    });
    expect(bad.statusCode).toBe(400);
  });
});

describe("outbound", () => {
  it("shows what the company sent with acks 1 → 2, and a read moves them to 3 and updates the message", async () => {
    const { company, whatsapp } = await connectedSimulator();
    const to = "5511999990009";
    const provider = env.ctx.sessions!.require(whatsapp.id);
    expect(await provider.checkNumber(to)).toBe(true);
    expect(await provider.checkNumber("123")).toBe(false);
    const emit = vi.spyOn(env.ctx.realtime, "toRooms");

    const { providerId } = await provider.sendText(to, "Bom dia!");
    // The sending path stores the company's message with the provider id.
    const ticket = await newTicket(env.db, company.id, { whatsappId: whatsapp.id });
    const [stored] = await env.db
      .insert(messages)
      .values({
        companyId: company.id,
        ticketId: ticket.id,
        whatsappId: whatsapp.id,
        providerId,
        body: "Bom dia!",
        fromMe: true,
        ack: 1,
      })
      .returning();
    const list = async () =>
      (await env.app.inject({ url: `/simulator/outbound?whatsappId=${whatsapp.id}&to=${to}` })).json();
    const [first] = await list();
    expect(first).toMatchObject({
      id: providerId,
      to,
      body: "Bom dia!",
      mediaType: null,
      mediaName: null,
      ack: 1,
      quotedId: null,
    });
    expect(Date.parse(first.createdAt)).not.toBeNaN();

    await vi.waitFor(async () => expect((await list())[0].ack).toBe(2));
    await vi.waitFor(async () => {
      const [row] = await env.db.select().from(messages).where(eq(messages.id, stored!.id));
      expect(row?.ack).toBe(2);
    });

    const media = await provider.sendMedia(to, {
      data: Buffer.from(PNG_BASE64, "base64"),
      fileName: "price.png",
      mimeType: "image/png",
      caption: "our prices",
    });
    const reply = await provider.sendText(to, "see above", { quotedProviderId: providerId });
    const sent = await list();
    expect(sent.map((item: { id: string }) => item.id)).toEqual([providerId, media.providerId, reply.providerId]);
    expect(sent[1]).toMatchObject({ mediaType: "image", mediaName: "price.png", body: "our prices" });
    expect(sent[2]).toMatchObject({ quotedId: providerId });

    const read = await env.app.inject({
      method: "POST",
      url: "/simulator/read",
      payload: { whatsappId: whatsapp.id, from: to },
    });
    expect(read.statusCode).toBe(200);
    expect(read.json()).toEqual({ read: 3 });
    expect((await list()).map((item: { ack: number }) => item.ack)).toEqual([3, 3, 3]);
    const [row] = await env.db
      .select()
      .from(messages)
      .where(and(eq(messages.id, stored!.id)));
    expect(row?.ack).toBe(3);
    expect(
      eventsNamed(emit, companyEvent.appMessage(company.id)).some(
        (e) => e.action === "update" && e.message.id === stored!.id && e.message.ack === 3,
      ),
    ).toBe(true);

    await provider.deleteMessage(to, reply.providerId);
    expect((await list())[2].deleted).toBe(true);
    // Other customers' messages stay out of the list.
    expect(
      await (await env.app.inject({ url: `/simulator/outbound?whatsappId=${whatsapp.id}&to=5511000000000` })).json(),
    ).toEqual([]);
  });

  it("refuses to send while the connection is down", async () => {
    const { whatsapp } = await connectedSimulator();
    const provider = env.ctx.sessions!.require(whatsapp.id);
    await env.ctx.sessions!.stop(whatsapp.id);
    await expect(provider.sendText("5511999990010", "hi")).rejects.toMatchObject({ code: "ERR_WAPP_NOT_INITIALIZED" });
    expect(() => env.ctx.sessions!.require(whatsapp.id)).toThrow();
  });
});

describe("with the simulator off", () => {
  it("has no /simulator routes", async () => {
    const off = await createTestEnv({ config: { SIMULATOR: "off" } });
    try {
      for (const [method, url] of [
        ["POST", "/simulator/scan/1"],
        ["POST", "/simulator/inbound"],
        ["GET", "/simulator/outbound?whatsappId=1"],
        ["POST", "/simulator/read"],
      ] as const) {
        expect((await off.app.inject({ method, url, payload: method === "POST" ? {} : undefined })).statusCode).toBe(
          404,
        );
      }
      // A simulator connection stays down: nothing runs it.
      const { company, adminHeaders } = await newTenant(off);
      const whatsapp = await newWhatsapp(off.db, company.id, { provider: "simulator" });
      const retry = await off.app.inject({
        method: "POST",
        url: `/whatsappsession/${whatsapp.id}`,
        headers: adminHeaders,
      });
      expect(retry.statusCode).toBe(200);
      const [row] = await off.db.select().from(whatsapps).where(eq(whatsapps.id, whatsapp.id));
      expect(row?.status).toBe("DISCONNECTED");
    } finally {
      await off.close();
    }
  });

  it("documents the simulator routes in /docs when on", async () => {
    const docs = (await env.app.inject({ url: "/docs/json" })).json();
    expect(docs.paths["/simulator/inbound"].post.tags).toEqual(["simulator"]);
    expect(Object.keys(docs.paths)).toEqual(
      expect.arrayContaining(["/simulator/scan/{whatsappId}", "/simulator/outbound", "/simulator/read"]),
    );
  });
});
