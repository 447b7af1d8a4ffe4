import { companyEvent, DEFAULT_RATING_MESSAGE } from "@atendo/shared";
import { and, eq } from "drizzle-orm";
import { io as connect, type Socket } from "socket.io-client";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import {
  linkUserQueue,
  login,
  newContact,
  newQueue,
  newTag,
  newTenant,
  newTicket,
  newUser,
  newWhatsapp,
} from "../../../test/factories.js";
import { createTestEnv, type TestEnv } from "../../../test/harness.js";
import { messages, tickets, ticketTags, ticketTrackings, userRatings } from "../../db/schema/index.js";
import { rooms } from "../../realtime/gateway.js";
import { ingestInbound } from "../ingestion/ingest.js";
import { sendTicketMessage } from "../messages/send.js";
import { upsertSetting } from "../settings/settings.repository.js";
import { canSeeTicket } from "./ticket-access.js";

// Sends are the messages module's; here only what the transitions ask it to send is checked.
// The real path (simulator) is exercised in tickets.sends.test.ts.
vi.mock("../messages/send.js", () => ({ sendTicketMessage: vi.fn(async () => ({ id: 0 })) }));
const send = vi.mocked(sendTicketMessage);
const sentBodies = () => send.mock.calls.map((call) => call[2].body);

let env: TestEnv;
let port = 0;
beforeAll(async () => {
  env = await createTestEnv({ listen: true });
  const address = env.app.server.address();
  port = typeof address === "object" && address ? address.port : 0;
});
afterAll(async () => env.close());
beforeEach(() => send.mockClear());
afterEach(() => vi.restoreAllMocks());

async function setup() {
  const tenant = await newTenant(env);
  const companyId = tenant.company.id;
  const whatsapp = await newWhatsapp(env.db, companyId, { isDefault: true, provider: "simulator" });
  const sales = await newQueue(env.db, companyId, { name: "Vendas" });
  const support = await newQueue(env.db, companyId, { name: "Suporte" });
  await linkUserQueue(env.db, companyId, tenant.agent.id, sales.id);
  return { ...tenant, companyId, whatsapp, sales, support };
}

const get = (url: string, headers: Record<string, string>) => env.app.inject({ method: "GET", url, headers });
const put = (id: number, headers: Record<string, string>, payload: Record<string, unknown>) =>
  env.app.inject({ method: "PUT", url: `/tickets/${id}`, headers, payload });
const ids = (response: { json(): { tickets: { id: number }[] } }) =>
  response
    .json()
    .tickets.map((t) => t.id)
    .sort((a, b) => a - b);

async function tracking(ticketId: number) {
  return env.db
    .select()
    .from(ticketTrackings)
    .where(eq(ticketTrackings.ticketId, ticketId))
    .orderBy(ticketTrackings.id);
}

async function socketOf(token: string): Promise<Socket> {
  const socket = connect(`http://127.0.0.1:${port}`, { transports: ["polling"], query: { token } });
  await new Promise<void>((resolve, reject) => {
    socket.on("connect", () => resolve());
    socket.on("connect_error", reject);
  });
  return socket;
}

describe("canSeeTicket", () => {
  const user = { userId: 7, profile: "user" as const, super: false };
  it("lets allTicket users see pending tickets of any queue, and nothing more", () => {
    expect(canSeeTicket(user, { queueId: 1, userId: null, status: "pending" }, [], true)).toBe(true);
    expect(canSeeTicket(user, { queueId: 1, userId: 2, status: "open" }, [], true)).toBe(false);
    expect(canSeeTicket(user, { queueId: 1, userId: null, status: "pending" }, [], false)).toBe(false);
  });
});

describe("GET /tickets", () => {
  it("filters by status, message text, tags, queues, users, unread and dates, within what the user may see", async () => {
    const { companyId, admin, agent, adminHeaders, agentHeaders, sales, support, whatsapp } = await setup();
    const maria = await newContact(env.db, companyId, { name: "Maria Souza", number: "5511900000001" });
    const t1 = await newTicket(env.db, companyId, { contactId: maria.id, queueId: sales.id, status: "pending" });
    const t2 = await newTicket(env.db, companyId, {
      queueId: sales.id,
      status: "open",
      userId: agent.id,
      unreadMessages: 2,
      whatsappId: whatsapp.id,
    });
    const t3 = await newTicket(env.db, companyId, { queueId: support.id, status: "open", userId: admin.id });
    const t4 = await newTicket(env.db, companyId, { queueId: null, status: "pending" });
    const t5 = await newTicket(env.db, companyId, { queueId: support.id, status: "pending" });
    await env.db.insert(messages).values([
      { companyId, ticketId: t2.id, body: "Quero um orçamento de 50% off" },
      { companyId, ticketId: t3.id, body: "orçamento também" },
    ]);
    const vip = await newTag(env.db, companyId, { name: "VIP" });
    const hot = await newTag(env.db, companyId, { name: "Quente" });
    await env.db.insert(ticketTags).values([
      { companyId, ticketId: t1.id, tagId: vip.id },
      { companyId, ticketId: t1.id, tagId: hot.id },
      { companyId, ticketId: t2.id, tagId: vip.id },
    ]);

    // The agent (queue Vendas): own and unassigned tickets of Vendas and tickets with no queue.
    const mine = await get("/tickets", agentHeaders);
    expect(mine.statusCode).toBe(200);
    expect(ids(mine)).toEqual([t1.id, t2.id, t4.id]);
    expect(mine.json()).toMatchObject({ count: 3, hasMore: false });
    // showAll is an admin's: ignored for the agent.
    expect(ids(await get("/tickets?showAll=true", agentHeaders))).toEqual([t1.id, t2.id, t4.id]);
    // The admin without showAll: own and unassigned; with it, everything.
    expect(ids(await get("/tickets", adminHeaders))).toEqual([t1.id, t3.id, t4.id, t5.id]);
    expect(ids(await get("/tickets?showAll=true", adminHeaders))).toEqual([t1.id, t2.id, t3.id, t4.id, t5.id]);

    expect(ids(await get("/tickets?status=open&showAll=true", adminHeaders))).toEqual([t2.id, t3.id]);
    // Search: message text (a % is literal), contact name and number.
    expect(
      ids(await get(`/tickets?showAll=true&searchParam=${encodeURIComponent("orçamento")}`, adminHeaders)),
    ).toEqual([t2.id, t3.id]);
    expect(ids(await get(`/tickets?showAll=true&searchParam=${encodeURIComponent("50%")}`, adminHeaders))).toEqual([
      t2.id,
    ]);
    expect(ids(await get(`/tickets?showAll=true&searchParam=${encodeURIComponent("5%")}`, adminHeaders))).toEqual([]);
    expect(ids(await get("/tickets?searchParam=souza", agentHeaders))).toEqual([t1.id]);
    expect(ids(await get("/tickets?searchParam=5511900000001", agentHeaders))).toEqual([t1.id]);
    // The agent never finds by search what they may not see.
    expect(ids(await get(`/tickets?searchParam=${encodeURIComponent("também")}`, agentHeaders))).toEqual([]);
    // Tags: tickets carrying every tag given.
    expect(ids(await get(`/tickets?showAll=true&tags=[${vip.id}]`, adminHeaders))).toEqual([t1.id, t2.id]);
    expect(ids(await get(`/tickets?showAll=true&tags=[${vip.id},${hot.id}]`, adminHeaders))).toEqual([t1.id]);
    // Queues: those queues plus tickets without a queue.
    expect(ids(await get(`/tickets?showAll=true&queueIds=[${support.id}]`, adminHeaders))).toEqual([
      t3.id,
      t4.id,
      t5.id,
    ]);
    expect(ids(await get(`/tickets?showAll=true&users=[${agent.id}]`, adminHeaders))).toEqual([t2.id]);
    expect(ids(await get("/tickets?showAll=true&withUnreadMessages=true", adminHeaders))).toEqual([t2.id]);
    const today = new Date();
    const day = `${today.getFullYear()}-${String(today.getMonth() + 1).padStart(2, "0")}-${String(today.getDate()).padStart(2, "0")}`;
    expect(ids(await get(`/tickets?showAll=true&date=${day}`, adminHeaders))).toHaveLength(5);
    expect(ids(await get("/tickets?showAll=true&date=2001-01-01", adminHeaders))).toEqual([]);
    expect(ids(await get(`/tickets?showAll=true&updatedAt=${day}`, adminHeaders))).toHaveLength(5);
    expect((await get("/tickets?date=yesterday", adminHeaders)).statusCode).toBe(400);

    // The row's shape.
    const [row] = (await get(`/tickets?showAll=true&users=[${agent.id}]`, adminHeaders)).json().tickets;
    expect(row).toMatchObject({
      id: t2.id,
      uuid: t2.uuid,
      status: "open",
      userId: agent.id,
      user: { id: agent.id, name: agent.name },
      queue: { id: sales.id, name: "Vendas", color: sales.color },
      whatsapp: { id: whatsapp.id, name: whatsapp.name },
      contact: { id: t2.contactId, profilePicUrl: "", email: "" },
      unreadMessages: 2,
      tags: [{ id: vip.id, name: "VIP", color: vip.color }],
      useIntegration: false,
      promptId: null,
      integrationId: null,
    });
  });

  it("lets allTicket users see pending tickets of every queue", async () => {
    const { companyId, support } = await setup();
    const bell = await newUser(env.db, companyId, { allTicket: "enabled" });
    const headers = await login(env, bell.email);
    const pending = await newTicket(env.db, companyId, { queueId: support.id, status: "pending" });
    await newTicket(env.db, companyId, { queueId: support.id, status: "open" });
    expect(ids(await get("/tickets", headers))).toEqual([pending.id]);
    expect((await get(`/tickets/${pending.id}`, headers)).statusCode).toBe(200);
  });

  it("pages by 40, newest activity first, with hasMore", async () => {
    const { companyId, adminHeaders } = await setup();
    const contact = await newContact(env.db, companyId);
    const base = Date.now() - 1_000_000;
    await env.db.insert(tickets).values(
      Array.from({ length: 41 }, (_, i) => ({
        companyId,
        contactId: contact.id,
        status: "closed" as const,
        updatedAt: new Date(base + i * 1000),
      })),
    );
    const first = (await get("/tickets?status=closed&showAll=true", adminHeaders)).json();
    expect(first.tickets).toHaveLength(40);
    expect(first).toMatchObject({ count: 41, hasMore: true });
    expect(new Date(first.tickets[0].updatedAt).getTime()).toBe(base + 40_000);
    const second = (await get("/tickets?status=closed&showAll=true&pageNumber=2", adminHeaders)).json();
    expect(second).toMatchObject({ count: 41, hasMore: false });
    expect(second.tickets).toHaveLength(1);
  });
});

describe("visibility", () => {
  it("answers 403 ERR_NO_PERMISSION outside the user's queues and 404 for another company's ticket", async () => {
    const { companyId, agentHeaders, adminHeaders, support, sales } = await setup();
    const hidden = await newTicket(env.db, companyId, { queueId: support.id, status: "pending" });
    expect((await get(`/tickets/${hidden.id}`, agentHeaders)).json()).toEqual({ error: "ERR_NO_PERMISSION" });
    expect((await get(`/tickets/${hidden.id}`, agentHeaders)).statusCode).toBe(403);
    expect((await get(`/tickets/u/${hidden.uuid}`, agentHeaders)).statusCode).toBe(403);
    const denied = await put(hidden.id, agentHeaders, { status: "open" });
    expect(denied.statusCode).toBe(403);
    expect(denied.json()).toEqual({ error: "ERR_NO_PERMISSION" });
    expect((await get(`/tickets/${hidden.id}`, adminHeaders)).statusCode).toBe(200);
    const visible = await newTicket(env.db, companyId, { queueId: sales.id });
    expect((await get(`/tickets/u/${visible.uuid}`, agentHeaders)).json()).toMatchObject({ id: visible.id });

    const other = await setup();
    const foreign = await newTicket(env.db, other.companyId, { queueId: other.sales.id });
    for (const response of [
      await get(`/tickets/${foreign.id}`, adminHeaders),
      await get(`/tickets/u/${foreign.uuid}`, adminHeaders),
      await put(foreign.id, adminHeaders, { status: "closed" }),
      await env.app.inject({ method: "DELETE", url: `/tickets/${foreign.id}`, headers: adminHeaders }),
    ]) {
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ error: "ERR_NO_TICKET_FOUND" });
    }
    expect((await get("/tickets/u/not-a-uuid", adminHeaders)).statusCode).toBe(404);
  });

  it("sends ticket and message events only to sockets allowed to see the ticket", async () => {
    const { companyId, agent, admin, whatsapp, support, adminHeaders } = await setup();
    const outsider = await newUser(env.db, companyId);
    const member = await newUser(env.db, companyId);
    await linkUserQueue(env.db, companyId, member.id, support.id);
    const token = async (email: string) => (await login(env, email)).authorization.replace("Bearer ", "");
    const sockets = {
      outsider: await socketOf(await token(outsider.email)),
      agent: await socketOf(await token(agent.email)),
      member: await socketOf(await token(member.email)),
      admin: await socketOf(await token(admin.email)),
    };
    const received: Record<string, unknown[]> = { outsider: [], agent: [], member: [], admin: [] };
    for (const [name, socket] of Object.entries(sockets)) {
      socket.on(companyEvent.ticket(companyId), (payload: unknown) => received[name]!.push(payload));
      socket.on(companyEvent.appMessage(companyId), (payload: unknown) => received[name]!.push(payload));
      // Joining the ticket's chat room gives no access.
      socket.emit("joinChatBox", "1");
    }
    try {
      // A message on a Suporte ticket: the agent (Vendas) and the outsider hear nothing.
      const contact = await newContact(env.db, companyId);
      const ticket = await newTicket(env.db, companyId, {
        contactId: contact.id,
        queueId: support.id,
        whatsappId: whatsapp.id,
        status: "pending",
      });
      await ingestInbound(env.ctx, whatsapp, {
        providerId: `T${Date.now()}`,
        from: contact.number,
        body: "oi",
        timestamp: Date.now(),
      });
      const accepted = await put(ticket.id, adminHeaders, { status: "open" });
      expect(accepted.statusCode).toBe(200);
      await vi.waitFor(() => {
        expect(received.member!.length).toBeGreaterThanOrEqual(3);
        expect(received.admin!.length).toBe(received.member!.length);
      });
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(received.outsider).toEqual([]);
      // The attendant of another queue (Vendas) neither.
      expect(received.agent).toEqual([]);
      expect(received.admin).toEqual(
        expect.arrayContaining([
          expect.objectContaining({ action: "update", ticket: expect.objectContaining({ id: ticket.id }) }),
        ]),
      );
      // Each socket got each event once (the admin is in the admins room and their own user room).
      const adminUpdates = received.admin!.filter(
        (e) => (e as { action: string; ticket?: { status: string } }).ticket?.status === "open",
      );
      expect(adminUpdates).toHaveLength(1);
    } finally {
      for (const socket of Object.values(sockets)) socket.close();
    }
  });
});

describe("POST /tickets", () => {
  it("creates an open ticket of the caller on the default connection, with its tracking", async () => {
    const { companyId, agent, agentHeaders, sales, whatsapp } = await setup();
    const contact = await newContact(env.db, companyId);
    const response = await env.app.inject({
      method: "POST",
      url: "/tickets",
      headers: agentHeaders,
      payload: { contactId: contact.id, queueId: sales.id, status: "pending", userId: 999 },
    });
    expect(response.statusCode).toBe(200);
    const ticket = response.json();
    expect(ticket).toMatchObject({
      status: "open",
      userId: agent.id,
      queueId: sales.id,
      whatsappId: whatsapp.id,
      contactId: contact.id,
      tags: [],
    });
    const [row] = await tracking(ticket.id);
    expect(row).toMatchObject({ userId: agent.id, whatsappId: whatsapp.id, finishedAt: null });
    expect(row!.queuedAt).toBeInstanceOf(Date);
    expect(row!.startedAt).toBeInstanceOf(Date);
  });

  it("requires a queue unless admin, and the company's contact and connection", async () => {
    const { companyId, agentHeaders, adminHeaders } = await setup();
    const contact = await newContact(env.db, companyId);
    const post = (headers: Record<string, string>, payload: Record<string, unknown>) =>
      env.app.inject({ method: "POST", url: "/tickets", headers, payload });
    const noQueue = await post(agentHeaders, { contactId: contact.id });
    expect(noQueue.statusCode).toBe(400);
    expect(noQueue.json()).toMatchObject({ error: "ERR_VALIDATION", fields: [{ path: "body.queueId" }] });
    expect((await post(adminHeaders, { contactId: contact.id, queueId: "" })).json()).toMatchObject({ queueId: null });

    const other = await setup();
    const foreignContact = await newContact(env.db, other.companyId);
    expect((await post(adminHeaders, { contactId: foreignContact.id })).json()).toEqual({
      error: "ERR_NO_CONTACT_FOUND",
    });
    expect((await post(adminHeaders, { contactId: contact.id, whatsappId: other.whatsapp.id })).json()).toEqual({
      error: "ERR_NO_WAPP_FOUND",
    });
  });

  it("answers 409 ERR_OTHER_OPEN_TICKET naming the owner and the queue", async () => {
    const { companyId, agent, adminHeaders, sales, whatsapp } = await setup();
    const contact = await newContact(env.db, companyId);
    const existing = await newTicket(env.db, companyId, {
      contactId: contact.id,
      whatsappId: whatsapp.id,
      queueId: sales.id,
      userId: agent.id,
      status: "open",
    });
    const response = await env.app.inject({
      method: "POST",
      url: "/tickets",
      headers: adminHeaders,
      payload: { contactId: contact.id, queueId: sales.id },
    });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({
      error: "ERR_OTHER_OPEN_TICKET",
      data: {
        ticket: {
          id: existing.id,
          uuid: existing.uuid,
          userId: agent.id,
          user: { name: agent.name },
          queue: { name: "Vendas" },
        },
      },
    });
    // Closed tickets do not count.
    await env.db.update(tickets).set({ status: "closed" }).where(eq(tickets.id, existing.id));
    const again = await env.app.inject({
      method: "POST",
      url: "/tickets",
      headers: adminHeaders,
      payload: { contactId: contact.id, queueId: sales.id },
    });
    expect(again.statusCode).toBe(200);
  });
});

describe("PUT /tickets/{id}", () => {
  it("accepts with the greeting naming the attendant, and a failed send does not fail the accept", async () => {
    const { companyId, agent, agentHeaders, sales, whatsapp } = await setup();
    await upsertSetting(env.db, companyId, "sendGreetingAccepted", "enabled");
    const contact = await newContact(env.db, companyId, { name: "Joana" });
    const ticket = await newTicket(env.db, companyId, {
      contactId: contact.id,
      queueId: sales.id,
      whatsappId: whatsapp.id,
    });
    const response = await put(ticket.id, agentHeaders, { status: "open", userId: agent.id, queueId: sales.id });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ status: "open", userId: agent.id, user: { name: agent.name } });
    expect(send).toHaveBeenCalledTimes(1);
    expect(send.mock.calls[0]![1]).toMatchObject({ id: ticket.id, whatsappId: whatsapp.id, contactId: contact.id });
    expect(sentBodies()[0]).toContain(`meu nome é *${agent.name}*`);
    expect(sentBodies()[0]).toContain("Joana");
    // The first accept starts the tracking of a ticket that came in by ingestion.
    const [row] = await tracking(ticket.id);
    expect(row).toMatchObject({ userId: agent.id, finishedAt: null });
    expect(row!.queuedAt?.getTime()).toBe(ticket.createdAt.getTime());
    expect(row!.startedAt).toBeInstanceOf(Date);

    send.mockRejectedValueOnce(new Error("ERR_SENDING_WAPP_MSG"));
    const second = await newTicket(env.db, companyId, { queueId: sales.id, whatsappId: whatsapp.id });
    expect((await put(second.id, agentHeaders, { status: "open" })).statusCode).toBe(200);
    // Groups get no greeting.
    send.mockClear();
    const group = await newTicket(env.db, companyId, { queueId: sales.id, whatsappId: whatsapp.id, isGroup: true });
    expect((await put(group.id, agentHeaders, { status: "open" })).statusCode).toBe(200);
    expect(send).not.toHaveBeenCalled();
  });

  it("returns to pending, reopens with the caller, and keeps integration fields until closed", async () => {
    const { companyId, agent, agentHeaders, sales, whatsapp } = await setup();
    const ticket = await newTicket(env.db, companyId, {
      queueId: sales.id,
      whatsappId: whatsapp.id,
      status: "open",
      userId: agent.id,
    });
    const returned = await put(ticket.id, agentHeaders, { status: "pending", userId: null });
    expect(returned.json()).toMatchObject({ status: "pending", userId: null, user: null });
    expect((await put(ticket.id, agentHeaders, { useIntegration: true })).json()).toMatchObject({
      status: "pending",
      useIntegration: true,
    });
    const closed = await put(ticket.id, agentHeaders, { status: "closed", userId: agent.id, queueId: sales.id });
    expect(closed.json()).toMatchObject({ status: "closed", userId: agent.id, useIntegration: false, promptId: null });
    const reopened = await put(ticket.id, agentHeaders, { status: "open" });
    expect(reopened.json()).toMatchObject({ status: "open", userId: agent.id, queueId: sales.id });
    // A reopened ticket starts a second life cycle.
    const rows = await tracking(ticket.id);
    expect(rows).toHaveLength(2);
    expect(rows[0]!.finishedAt).toBeInstanceOf(Date);
    expect(rows[1]).toMatchObject({ finishedAt: null, userId: agent.id });
    // A closed ticket is only reopened.
    await put(ticket.id, agentHeaders, { status: "closed" });
    expect((await put(ticket.id, agentHeaders, { status: "pending" })).statusCode).toBe(400);
  });

  it("closes with the completion message, or asks for a rating and stores the answer", async () => {
    const { companyId, agent, agentHeaders, sales } = await setup();
    const whatsapp = await newWhatsapp(env.db, companyId, { complationMessage: "Obrigado!", ratingMessage: "" });
    const contact = await newContact(env.db, companyId);
    const plain = await newTicket(env.db, companyId, {
      contactId: contact.id,
      queueId: sales.id,
      whatsappId: whatsapp.id,
      status: "open",
      userId: agent.id,
    });
    await put(plain.id, agentHeaders, { status: "closed" });
    expect(sentBodies()).toEqual(["Obrigado!"]);
    const [finished] = await tracking(plain.id);
    expect(finished!.finishedAt).toBeInstanceOf(Date);

    await upsertSetting(env.db, companyId, "userRating", "enabled");
    send.mockClear();
    const rated = await newTicket(env.db, companyId, {
      contactId: contact.id,
      queueId: sales.id,
      whatsappId: whatsapp.id,
      status: "open",
      userId: agent.id,
    });
    await put(rated.id, agentHeaders, { status: "closed" });
    expect(sentBodies()).toEqual([DEFAULT_RATING_MESSAGE]);
    const [awaiting] = await env.db.select().from(tickets).where(eq(tickets.id, rated.id));
    expect(awaiting!.automationState).toEqual({ awaitingRating: true });
    expect((await tracking(rated.id))[0]!.ratingAt).toBeInstanceOf(Date);

    // The customer answers 3: stored on the closed ticket (no new ticket), then the completion message.
    send.mockClear();
    const reply = await ingestInbound(env.ctx, whatsapp, {
      providerId: `R${Date.now()}`,
      from: contact.number,
      body: " 3 ",
      timestamp: Date.now(),
    });
    expect(reply).toMatchObject({ ticketCreated: false, ticket: { id: rated.id } });
    const ratings = await env.db.select().from(userRatings).where(eq(userRatings.ticketId, rated.id));
    expect(ratings).toMatchObject([{ rate: 3, userId: agent.id, companyId }]);
    // The completion message goes out after the commit, from the message's automation step.
    await vi.waitFor(() => expect(sentBodies()).toEqual(["Obrigado!"]));
    expect((await tracking(rated.id))[0]!.rated).toBe(true);
    const [after] = await env.db.select().from(tickets).where(eq(tickets.id, rated.id));
    expect(after).toMatchObject({ status: "closed", automationState: {} });

    // Answered once: the next message opens a new ticket.
    const next = await ingestInbound(env.ctx, whatsapp, {
      providerId: `R2${Date.now()}`,
      from: contact.number,
      body: "2",
      timestamp: Date.now(),
    });
    expect(next).toMatchObject({ ticketCreated: true });
    expect(await env.db.select().from(userRatings).where(eq(userRatings.ticketId, rated.id))).toHaveLength(1);
  });

  it("opens a new ticket when the answer to a rating request is not a rating", async () => {
    const { companyId, agent, agentHeaders, sales } = await setup();
    await upsertSetting(env.db, companyId, "userRating", "enabled");
    const whatsapp = await newWhatsapp(env.db, companyId, { ratingMessage: "Nota de 1 a 3?" });
    const contact = await newContact(env.db, companyId);
    const ticket = await newTicket(env.db, companyId, {
      contactId: contact.id,
      queueId: sales.id,
      whatsappId: whatsapp.id,
      status: "open",
      userId: agent.id,
    });
    await put(ticket.id, agentHeaders, { status: "closed" });
    expect(sentBodies()).toEqual(["Nota de 1 a 3?"]);
    const reply = await ingestInbound(env.ctx, whatsapp, {
      providerId: `N${Date.now()}`,
      from: contact.number,
      body: "tenho outra dúvida",
      timestamp: Date.now(),
    });
    expect(reply).toMatchObject({ ticketCreated: true, ticket: { status: "pending" } });
    const [old] = await env.db.select().from(tickets).where(eq(tickets.id, ticket.id));
    expect(old!.automationState).toEqual({});
    expect(await env.db.select().from(userRatings).where(eq(userRatings.ticketId, ticket.id))).toEqual([]);
  });

  it("transfers to a queue (pending) or a user (open), with the transfer message, and tells the old audience", async () => {
    const { companyId, agent, admin, agentHeaders, sales, support, whatsapp } = await setup();
    await upsertSetting(env.db, companyId, "sendMsgTransfTicket", "enabled");
    const ticket = await newTicket(env.db, companyId, {
      queueId: sales.id,
      whatsappId: whatsapp.id,
      status: "open",
      userId: agent.id,
    });
    const noQueue = await put(ticket.id, agentHeaders, { userId: admin.id });
    expect(noQueue.statusCode).toBe(400);
    expect(noQueue.json()).toMatchObject({ error: "ERR_VALIDATION", fields: [{ path: "body.queueId" }] });

    const emit = vi.spyOn(env.ctx.realtime, "toRooms");
    const toQueue = await put(ticket.id, agentHeaders, { queueId: support.id, userId: null, status: "pending" });
    expect(toQueue.json()).toMatchObject({ status: "pending", queueId: support.id, userId: null });
    expect(sentBodies()[0]).toContain("departamento *Suporte*");
    // The agent (Vendas) loses the ticket: a delete to the old audience, except sockets that still see it.
    const deletes = emit.mock.calls.filter((call) => (call[2] as { action: string }).action === "delete");
    expect(deletes).toHaveLength(1);
    expect(deletes[0]![0]).toContain(rooms.user(companyId, agent.id));
    expect(deletes[0]![2]).toEqual({ action: "delete", ticketId: ticket.id });
    expect(deletes[0]![3]).toContain(rooms.admins(companyId));
    const update = emit.mock.calls.find((call) => (call[2] as { action: string }).action === "update")!;
    expect(update[0]).not.toContain(rooms.user(companyId, agent.id));
    expect(update[0]).toContain(rooms.admins(companyId));

    send.mockClear();
    const adminHeaders = await login(env, admin.email);
    const toUser = await put(ticket.id, adminHeaders, { queueId: sales.id, userId: agent.id, status: "open" });
    expect(toUser.json()).toMatchObject({ status: "open", queueId: sales.id, userId: agent.id });
    expect(sentBodies()[0]).toContain(`atendente *${agent.name}*`);
    const foreign = await setup();
    expect((await put(ticket.id, adminHeaders, { queueId: foreign.sales.id })).json()).toEqual({
      error: "ERR_NO_QUEUE_FOUND",
    });
    expect((await put(ticket.id, adminHeaders, { queueId: sales.id, userId: foreign.agent.id })).json()).toEqual({
      error: "ERR_NO_USER_FOUND",
    });
  });
});

describe("DELETE /tickets/{id}", () => {
  it("is an admin's, and tells the ticket's audience", async () => {
    const { companyId, agentHeaders, adminHeaders, sales } = await setup();
    const ticket = await newTicket(env.db, companyId, { queueId: sales.id });
    const denied = await env.app.inject({ method: "DELETE", url: `/tickets/${ticket.id}`, headers: agentHeaders });
    expect(denied.statusCode).toBe(403);
    const emit = vi.spyOn(env.ctx.realtime, "toRooms");
    const response = await env.app.inject({ method: "DELETE", url: `/tickets/${ticket.id}`, headers: adminHeaders });
    expect(response.statusCode).toBe(200);
    expect(emit).toHaveBeenCalledWith(
      expect.arrayContaining([rooms.admins(companyId)]),
      companyEvent.ticket(companyId),
      {
        action: "delete",
        ticketId: ticket.id,
      },
    );
    expect(
      await env.db
        .select()
        .from(tickets)
        .where(and(eq(tickets.id, ticket.id))),
    ).toEqual([]);
  });
});
