import { existsSync } from "node:fs";
import { join } from "node:path";
import { companyEvent } from "@atendo/shared";
import { eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { linkUserQueue, newContact, newQueue, newTenant, newTicket, newWhatsapp } from "../../../test/factories.js";
import { createTestEnv, type TestEnv } from "../../../test/harness.js";
import type { SimulatorProvider } from "../../channels/simulator/simulator.provider.js";
import { messages, tickets } from "../../db/schema/index.js";
import { sendTicketMessage } from "./send.js";

let env: TestEnv;
beforeAll(async () => {
  env = await createTestEnv();
});
afterAll(async () => env.close());
afterEach(() => vi.restoreAllMocks());

/** 1×1 transparent PNG. */
const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=",
  "base64",
);

type Headers = Record<string, string>;

/** A tenant with a paired simulator connection (the default) and an open ticket of the agent's. */
async function connectedTicket() {
  const tenant = await newTenant(env);
  const whatsapp = await newWhatsapp(env.db, tenant.company.id, { provider: "simulator", isDefault: true });
  await env.ctx.sessions!.start(whatsapp.id);
  const scan = await env.app.inject({ method: "POST", url: `/simulator/scan/${whatsapp.id}` });
  expect(scan.statusCode).toBe(200);
  const contact = await newContact(env.db, tenant.company.id);
  const ticket = await newTicket(env.db, tenant.company.id, {
    contactId: contact.id,
    whatsappId: whatsapp.id,
    status: "open",
    userId: tenant.agent.id,
  });
  return { ...tenant, whatsapp, contact, ticket };
}

const send = (headers: Headers, ticketId: number, payload: Record<string, unknown>) =>
  env.app.inject({ method: "POST", url: `/messages/${ticketId}`, headers, payload });

async function sendMedia(headers: Headers, ticketId: number, files: { data: Buffer; name: string }[], body?: string) {
  const form = new FormData();
  if (body !== undefined) form.append("body", body);
  for (const file of files) form.append("medias", new Blob([file.data]), file.name);
  const encoded = new Response(form);
  return env.app.inject({
    method: "POST",
    url: `/messages/${ticketId}`,
    headers: { ...headers, "content-type": encoded.headers.get("content-type") ?? "" },
    payload: Buffer.from(await encoded.arrayBuffer()),
  });
}

const outbound = async (whatsappId: number, to: string) =>
  (await env.app.inject({ url: `/simulator/outbound?whatsappId=${whatsappId}&to=${to}` })).json() as {
    id: string;
    body: string;
    mediaType: string | null;
    mediaName: string | null;
    ack: number;
    quotedId: string | null;
  }[];

const messageRow = async (id: number) => (await env.db.select().from(messages).where(eq(messages.id, id)))[0]!;

const eventsNamed = (spy: ReturnType<typeof vi.spyOn>, event: string) =>
  spy.mock.calls.filter((call: unknown[]) => call[1] === event).map((call: unknown[]) => call[2]) as Record<
    string,
    // biome-ignore lint/suspicious/noExplicitAny: event payloads are read loosely in assertions
    any
  >[];

describe("POST /messages/:ticketId", () => {
  it("reaches the simulated customer, stores the row and its acks come back 1→2→3", async () => {
    const { company, agent, agentHeaders, whatsapp, contact, ticket } = await connectedTicket();
    const emit = vi.spyOn(env.ctx.realtime, "toRooms");

    const response = await send(agentHeaders, ticket.id, { body: "Hello there", read: 1, fromMe: true, mediaUrl: "" });
    expect(response.statusCode, response.body).toBe(200);
    const [sent] = response.json();
    expect(sent).toMatchObject({
      ticketId: ticket.id,
      body: "Hello there",
      fromMe: true,
      ack: 1,
      read: true,
      mediaType: "chat",
      mediaUrl: null,
      quotedMsg: null,
    });

    const [delivered] = await outbound(whatsapp.id, contact.number);
    expect(delivered).toMatchObject({ body: "Hello there", ack: 1, quotedId: null });
    const row = await messageRow(sent.id);
    expect(row).toMatchObject({ providerId: delivered!.id, fromMe: true, ack: 1, dataJson: { userId: agent.id } });
    const [ticketRow] = await env.db.select().from(tickets).where(eq(tickets.id, ticket.id));
    expect(ticketRow!.lastMessage).toBe("Hello there");

    const created = eventsNamed(emit, companyEvent.appMessage(company.id));
    expect(created[0]).toMatchObject({
      action: "create",
      message: { id: sent.id, body: "Hello there", fromMe: true },
      ticket: { id: ticket.id, lastMessage: "Hello there" },
      contact: { id: contact.id },
    });
    expect(eventsNamed(emit, companyEvent.ticket(company.id))).toContainEqual(
      expect.objectContaining({ action: "update", ticket: expect.objectContaining({ id: ticket.id }) }),
    );

    await expect.poll(async () => (await messageRow(sent.id)).ack, { timeout: 3000 }).toBe(2);
    const read = await env.app.inject({
      method: "POST",
      url: "/simulator/read",
      payload: { whatsappId: whatsapp.id, from: contact.number },
    });
    expect(read.statusCode).toBe(200);
    expect((await messageRow(sent.id)).ack).toBe(3);
    expect(eventsNamed(emit, companyEvent.appMessage(company.id)).at(-1)).toMatchObject({
      action: "update",
      message: { id: sent.id, ack: 3 },
    });
  });

  it("ends at the right ack when the provider reports it before the row exists", async () => {
    const { company, whatsapp, contact, ticket } = await connectedTicket();
    const provider = env.ctx.sessions!.get(whatsapp.id) as SimulatorProvider;
    const sendText = provider.sendText.bind(provider);
    vi.spyOn(provider, "sendText").mockImplementation(async (...args) => {
      const sent = await sendText(...args);
      await provider.customerRead(contact.number);
      return sent;
    });
    const row = await sendTicketMessage(env.ctx, ticket, { body: "Read at once" });
    expect(row.ack).toBe(3);
    expect((await messageRow(row.id)).ack).toBe(3);
    expect(row.companyId).toBe(company.id);
  });

  it("sends a quoted reply with the quoted message's provider id", async () => {
    const { agentHeaders, whatsapp, contact, ticket } = await connectedTicket();
    const inbound = await env.app.inject({
      method: "POST",
      url: "/simulator/inbound",
      payload: { whatsappId: whatsapp.id, from: contact.number, body: "Where is my order?" },
    });
    const providerId = inbound.json().id as string;
    await expect
      .poll(async () => (await env.db.select().from(messages).where(eq(messages.providerId, providerId))).length, {
        timeout: 5000,
      })
      .toBe(1);
    const [question] = await env.db.select().from(messages).where(eq(messages.providerId, providerId));
    expect(question!.ticketId).toBe(ticket.id);

    const response = await send(agentHeaders, ticket.id, { body: "On its way", quotedMsg: { id: question!.id } });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()[0]).toMatchObject({
      quotedMsgId: question!.id,
      quotedMsg: { id: question!.id, body: "Where is my order?", fromMe: false, mediaType: "chat" },
    });
    expect((await outbound(whatsapp.id, contact.number)).at(-1)).toMatchObject({
      body: "On its way",
      quotedId: providerId,
    });

    // A message of another ticket cannot be quoted.
    const other = await newTicket(env.db, ticket.companyId, { whatsappId: whatsapp.id, status: "open" });
    const foreign = await send(agentHeaders, other.id, { body: "x", quotedMsgId: question!.id });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().fields[0]).toMatchObject({ path: "body.quotedMsgId", message: "notInTicket" });
  });

  it("sends an uploaded file, typed by its bytes, and stores it", async () => {
    const { agentHeaders, whatsapp, contact, ticket } = await connectedTicket();
    const response = await sendMedia(agentHeaders, ticket.id, [{ data: PNG, name: "photo.png" }], "photo.png");
    expect(response.statusCode, response.body).toBe(200);
    const [sent] = response.json();
    expect(sent).toMatchObject({ mediaType: "image", mediaName: "photo.png", body: "photo.png" });
    expect(sent.mediaUrl).toMatch(/^\/public\/company\d+\/[0-9a-f-]+\.png$/);
    const stored = sent.mediaUrl.replace("/public/", "");
    expect(existsSync(join(env.ctx.media.root, stored))).toBe(true);
    expect((await outbound(whatsapp.id, contact.number)).at(-1)).toMatchObject({
      mediaType: "image",
      mediaName: "photo.png",
    });
    const file = await env.app.inject({ url: sent.mediaUrl });
    expect(file.statusCode).toBe(200);

    // Two files: two messages, the body as their caption.
    const pdf = Buffer.from("%PDF-1.4\n%test\n");
    const two = await sendMedia(
      agentHeaders,
      ticket.id,
      [
        { data: PNG, name: "a.png" },
        { data: pdf, name: "invoice.pdf" },
      ],
      "Your files",
    );
    expect(two.statusCode, two.body).toBe(200);
    expect(two.json().map((m: { mediaType: string; body: string }) => [m.mediaType, m.body])).toEqual([
      ["image", "Your files"],
      ["application", "Your files"],
    ]);
  });

  it("enforces upload types and per-type sizes on the server", async () => {
    const { agentHeaders, ticket } = await connectedTicket();
    const html = Buffer.from("<html>\0</html>");
    const bad = await sendMedia(agentHeaders, ticket.id, [{ data: html, name: "page.png" }]);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields[0]).toMatchObject({ path: "body.medias.0", message: "unsupportedType" });

    // A PNG over the 2 MB image limit, though under the 20 MB transport limit.
    const big = Buffer.concat([PNG, Buffer.alloc(2 * 1024 * 1024 + 1)]);
    const tooBig = await sendMedia(agentHeaders, ticket.id, [{ data: big, name: "big.png" }]);
    expect(tooBig.statusCode).toBe(413);
    expect(tooBig.json()).toMatchObject({ error: "ERR_PAYLOAD_TOO_LARGE", data: { kind: "image" } });
    expect(await env.db.select().from(messages).where(eq(messages.ticketId, ticket.id))).toEqual([]);
  });

  it("refuses an empty or blank body without media, and a closed ticket", async () => {
    const { agentHeaders, company, ticket } = await connectedTicket();
    for (const body of ["", "   \n "]) {
      const response = await send(agentHeaders, ticket.id, { body });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ error: "ERR_VALIDATION", fields: [{ path: "body.body" }] });
    }
    const closed = await newTicket(env.db, company.id, { whatsappId: ticket.whatsappId, status: "closed" });
    const response = await send(agentHeaders, closed.id, { body: "late" });
    expect(response.statusCode).toBe(400);
    expect(response.json().fields[0]).toMatchObject({ path: "params.ticketId", message: "ticketClosed" });
    expect(await env.db.select().from(messages).where(eq(messages.companyId, company.id))).toEqual([]);
  });

  it("answers ERR_WAPP_NOT_INITIALIZED on a disconnected connection and ERR_NO_DEF_WAPP_FOUND without one", async () => {
    const { agentHeaders, adminHeaders, company, whatsapp, ticket } = await connectedTicket();
    await env.ctx.sessions!.logout(whatsapp.id);
    const down = await send(agentHeaders, ticket.id, { body: "anyone?" });
    expect(down.statusCode).toBe(400);
    expect(down.json()).toEqual({ error: "ERR_WAPP_NOT_INITIALIZED" });

    // A ticket without a connection goes out on the company's default; here there is none.
    const other = await newTenant(env);
    const orphan = await newTicket(env.db, other.company.id, { status: "open" });
    const none = await send(other.adminHeaders, orphan.id, { body: "hi" });
    expect(none.statusCode).toBe(404);
    expect(none.json()).toEqual({ error: "ERR_NO_DEF_WAPP_FOUND" });
    expect(company.id).not.toBe(other.company.id);
    void adminHeaders;
  });

  it("sends a ticket without a connection on the company's default, which it adopts", async () => {
    const { agentHeaders, company, whatsapp } = await connectedTicket();
    const loose = await newTicket(env.db, company.id, { status: "open" });
    const response = await send(agentHeaders, loose.id, { body: "via default" });
    expect(response.statusCode, response.body).toBe(200);
    const [row] = await env.db.select().from(tickets).where(eq(tickets.id, loose.id));
    expect(row!.whatsappId).toBe(whatsapp.id);
  });

  it("answers ERR_SENDING_WAPP_MSG when the provider fails, storing nothing", async () => {
    const { agentHeaders, whatsapp, ticket } = await connectedTicket();
    const provider = env.ctx.sessions!.get(whatsapp.id)!;
    vi.spyOn(provider, "sendText").mockRejectedValue(new Error("socket closed"));
    const response = await send(agentHeaders, ticket.id, { body: "lost" });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ error: "ERR_SENDING_WAPP_MSG" });
    expect(await env.db.select().from(messages).where(eq(messages.ticketId, ticket.id))).toEqual([]);
  });

  it("applies ticket visibility: 403 outside the agent's queues, 404 for another company", async () => {
    const { agentHeaders, adminHeaders, company, agent, whatsapp } = await connectedTicket();
    const theirs = await newQueue(env.db, company.id);
    const foreignQueue = await newQueue(env.db, company.id);
    await linkUserQueue(env.db, company.id, agent.id, theirs.id);
    const inQueue = await newTicket(env.db, company.id, {
      whatsappId: whatsapp.id,
      queueId: theirs.id,
      status: "open",
    });
    const hidden = await newTicket(env.db, company.id, {
      whatsappId: whatsapp.id,
      queueId: foreignQueue.id,
      status: "open",
    });
    expect((await send(agentHeaders, inQueue.id, { body: "ok" })).statusCode).toBe(200);
    const denied = await send(agentHeaders, hidden.id, { body: "no" });
    expect(denied.statusCode).toBe(403);
    expect(denied.json()).toEqual({ error: "ERR_NO_PERMISSION" });
    expect((await env.app.inject({ url: `/messages/${hidden.id}`, headers: agentHeaders })).statusCode).toBe(403);
    expect((await send(adminHeaders, hidden.id, { body: "admin" })).statusCode).toBe(200);

    const other = await newTenant(env);
    const cross = await send(other.adminHeaders, inQueue.id, { body: "sneaky" });
    expect(cross.statusCode).toBe(404);
    expect(cross.json()).toEqual({ error: "ERR_NO_TICKET_FOUND" });
    const crossRead = await env.app.inject({ url: `/messages/${inQueue.id}`, headers: other.adminHeaders });
    expect(crossRead.statusCode).toBe(404);
  });

  it("needs a session", async () => {
    expect((await env.app.inject({ method: "POST", url: "/messages/1", payload: { body: "x" } })).statusCode).toBe(401);
    expect((await env.app.inject({ url: "/messages/1" })).statusCode).toBe(401);
  });
});

describe("GET /messages/:ticketId", () => {
  it("pages newest first, each page in chronological order, with hasMore and count", async () => {
    const { agentHeaders, company, contact, ticket } = await connectedTicket();
    const base = Date.now() - 60 * 60 * 1000;
    await env.db.insert(messages).values(
      Array.from({ length: 25 }, (_, i) => ({
        companyId: company.id,
        ticketId: ticket.id,
        contactId: contact.id,
        body: `m${i + 1}`,
        fromMe: i % 2 === 0,
        createdAt: new Date(base + i * 1000),
      })),
    );
    const first = await env.app.inject({ url: `/messages/${ticket.id}`, headers: agentHeaders });
    expect(first.statusCode, first.body).toBe(200);
    const page1 = first.json();
    expect(page1.count).toBe(25);
    expect(page1.hasMore).toBe(true);
    expect(page1.messages.map((m: { body: string }) => m.body)).toEqual(
      Array.from({ length: 20 }, (_, i) => `m${i + 6}`),
    );
    expect(page1.ticket).toMatchObject({ id: ticket.id, contact: { id: contact.id }, unreadMessages: 0 });
    expect(page1.messages[0]).toMatchObject({
      ticketId: ticket.id,
      mediaUrl: null,
      quotedMsg: null,
      contact: { id: contact.id, name: contact.name },
      participant: null,
    });

    const second = (await env.app.inject({ url: `/messages/${ticket.id}?pageNumber=2`, headers: agentHeaders })).json();
    expect(second.hasMore).toBe(false);
    expect(second.messages.map((m: { body: string }) => m.body)).toEqual(["m1", "m2", "m3", "m4", "m5"]);
  });

  it("includes the contact's earlier conversations, so the list can mark where each one ended", async () => {
    const { agentHeaders, company, contact, ticket, whatsapp } = await connectedTicket();
    const earlier = await newTicket(env.db, company.id, {
      contactId: contact.id,
      whatsappId: whatsapp.id,
      status: "closed",
    });
    const otherContact = await newTicket(env.db, company.id, { whatsappId: whatsapp.id, status: "closed" });
    const base = Date.now() - 60 * 60 * 1000;
    const message = (ticketId: number, contactId: number, body: string, offset: number) => ({
      companyId: company.id,
      ticketId,
      contactId,
      body,
      fromMe: false,
      createdAt: new Date(base + offset),
    });
    await env.db
      .insert(messages)
      .values([
        message(earlier.id, contact.id, "before", 0),
        message(otherContact.id, otherContact.contactId, "someone else", 500),
        message(ticket.id, contact.id, "now", 1000),
      ]);
    const page = (await env.app.inject({ url: `/messages/${ticket.id}`, headers: agentHeaders })).json();
    expect(page.count).toBe(2);
    expect(page.messages.map((m: { body: string; ticketId: number }) => [m.body, m.ticketId])).toEqual([
      ["before", earlier.id],
      ["now", ticket.id],
    ]);
  });

  it("resets unread, marks inbound read and emits updateUnread only when something changed", async () => {
    const { agentHeaders, company, contact, ticket } = await connectedTicket();
    await env.db.insert(messages).values([
      { companyId: company.id, ticketId: ticket.id, contactId: contact.id, body: "a", fromMe: false },
      { companyId: company.id, ticketId: ticket.id, contactId: contact.id, body: "b", fromMe: false },
    ]);
    const lastActivity = new Date(Date.now() - 60_000);
    await env.db.update(tickets).set({ unreadMessages: 2, updatedAt: lastActivity }).where(eq(tickets.id, ticket.id));
    const emit = vi.spyOn(env.ctx.realtime, "toRooms");

    // A peek (markRead=false) reads nothing.
    const peek = (await env.app.inject({ url: `/messages/${ticket.id}?markRead=false`, headers: agentHeaders })).json();
    expect(peek.ticket.unreadMessages).toBe(2);
    expect(eventsNamed(emit, companyEvent.ticket(company.id))).toEqual([]);

    const page = (await env.app.inject({ url: `/messages/${ticket.id}`, headers: agentHeaders })).json();
    expect(page.ticket.unreadMessages).toBe(0);
    expect(page.messages.every((m: { read: boolean }) => m.read)).toBe(true);
    const [row] = await env.db.select().from(tickets).where(eq(tickets.id, ticket.id));
    expect(row!.unreadMessages).toBe(0);
    // Reading is not activity: the ticket keeps its place in the lists.
    expect(row!.updatedAt.getTime()).toBe(lastActivity.getTime());
    const stored = await env.db.select().from(messages).where(eq(messages.ticketId, ticket.id));
    expect(stored.every((m) => m.read)).toBe(true);
    expect(eventsNamed(emit, companyEvent.ticket(company.id))).toEqual([
      { action: "updateUnread", ticketId: ticket.id },
    ]);

    await env.app.inject({ url: `/messages/${ticket.id}`, headers: agentHeaders });
    expect(eventsNamed(emit, companyEvent.ticket(company.id))).toHaveLength(1);
  });
});

describe("POST /messages/:ticketId/read", () => {
  it("reads the ticket without a page: unread back to 0, inbound read, updateUnread once; others' tickets are not found", async () => {
    const { agentHeaders, company, contact, ticket } = await connectedTicket();
    await env.db
      .insert(messages)
      .values({ companyId: company.id, ticketId: ticket.id, contactId: contact.id, body: "oi", fromMe: false });
    await env.db.update(tickets).set({ unreadMessages: 1 }).where(eq(tickets.id, ticket.id));
    const emit = vi.spyOn(env.ctx.realtime, "toRooms");
    const read = () => env.app.inject({ method: "POST", url: `/messages/${ticket.id}/read`, headers: agentHeaders });

    const answer = await read();
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toEqual({ message: "read" });
    const [row] = await env.db.select().from(tickets).where(eq(tickets.id, ticket.id));
    expect(row!.unreadMessages).toBe(0);
    const stored = await env.db.select().from(messages).where(eq(messages.ticketId, ticket.id));
    expect(stored.every((m) => m.read)).toBe(true);
    expect(eventsNamed(emit, companyEvent.ticket(company.id))).toEqual([
      { action: "updateUnread", ticketId: ticket.id },
    ]);
    // Nothing left to read: no event.
    expect((await read()).statusCode).toBe(200);
    expect(eventsNamed(emit, companyEvent.ticket(company.id))).toHaveLength(1);

    const other = await newTenant(env);
    const foreign = await env.app.inject({
      method: "POST",
      url: `/messages/${ticket.id}/read`,
      headers: other.adminHeaders,
    });
    expect(foreign.statusCode).toBe(404);
  });
});

describe("DELETE /messages/:id", () => {
  it("lets only the author delete, tells the provider and emits the update", async () => {
    const { agentHeaders, adminHeaders, company, whatsapp, contact, ticket } = await connectedTicket();
    const [sent] = (await send(agentHeaders, ticket.id, { body: "Oops" })).json();
    const emit = vi.spyOn(env.ctx.realtime, "toRooms");

    const byAdmin = await env.app.inject({ method: "DELETE", url: `/messages/${sent.id}`, headers: adminHeaders });
    expect(byAdmin.statusCode).toBe(403);
    expect(byAdmin.json()).toEqual({ error: "ERR_NO_PERMISSION" });

    const other = await newTenant(env);
    const cross = await env.app.inject({ method: "DELETE", url: `/messages/${sent.id}`, headers: other.adminHeaders });
    expect(cross.statusCode).toBe(404);
    expect((await messageRow(sent.id)).isDeleted).toBe(false);

    const response = await env.app.inject({ method: "DELETE", url: `/messages/${sent.id}`, headers: agentHeaders });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ id: sent.id, isDeleted: true });
    expect((await messageRow(sent.id)).isDeleted).toBe(true);
    expect(eventsNamed(emit, companyEvent.appMessage(company.id))).toContainEqual(
      expect.objectContaining({ action: "update", message: expect.objectContaining({ id: sent.id, isDeleted: true }) }),
    );
    const outboundRows = await outbound(whatsapp.id, contact.number);
    expect(outboundRows).toHaveLength(1);
  });

  it("refuses inbound messages and answers ERR_DELETE_WAPP_MSG when the provider fails", async () => {
    const { agentHeaders, company, whatsapp, contact, ticket } = await connectedTicket();
    const [inboundRow] = await env.db
      .insert(messages)
      .values({ companyId: company.id, ticketId: ticket.id, contactId: contact.id, body: "theirs", fromMe: false })
      .returning();
    const refused = await env.app.inject({
      method: "DELETE",
      url: `/messages/${inboundRow!.id}`,
      headers: agentHeaders,
    });
    expect(refused.statusCode).toBe(403);

    const [sent] = (await send(agentHeaders, ticket.id, { body: "keep" })).json();
    const provider = env.ctx.sessions!.get(whatsapp.id)!;
    vi.spyOn(provider, "deleteMessage").mockRejectedValue(new Error("network"));
    const failed = await env.app.inject({ method: "DELETE", url: `/messages/${sent.id}`, headers: agentHeaders });
    expect(failed.statusCode).toBe(400);
    expect(failed.json()).toEqual({ error: "ERR_DELETE_WAPP_MSG" });
    expect((await messageRow(sent.id)).isDeleted).toBe(false);
  });
});
