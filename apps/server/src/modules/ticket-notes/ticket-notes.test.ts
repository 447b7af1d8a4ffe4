import { eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { linkUserQueue, login, newContact, newQueue, newTenant, newTicket, newUser } from "../../../test/factories.js";
import { createTestEnv, type TestEnv } from "../../../test/harness.js";
import { ticketNotes, tickets, users } from "../../db/schema/index.js";
import { canSeeTicket } from "../tickets/ticket-access.js";

let env: TestEnv;
beforeAll(async () => {
  env = await createTestEnv();
});
afterAll(async () => env.close());
afterEach(() => vi.restoreAllMocks());

type Headers = { authorization: string };
const addNote = (headers: Headers, payload: Record<string, unknown>) =>
  env.app.inject({ method: "POST", url: "/ticket-notes", headers, payload });
const listNotes = (headers: Headers, ticketId: number, contactId?: number) =>
  env.app.inject({
    url: `/ticket-notes/list?ticketId=${ticketId}${contactId ? `&contactId=${contactId}` : ""}`,
    headers,
  });
const insertNote = async (values: typeof ticketNotes.$inferInsert) => {
  const [row] = await env.db.insert(ticketNotes).values(values).returning();
  return row!;
};

describe("canSeeTicket", () => {
  const user = { userId: 7, profile: "user" as const, super: false };
  it("lets admins see everything and users their queues, their tickets and queueless tickets", () => {
    expect(canSeeTicket({ ...user, profile: "admin" }, { queueId: 1, userId: 2, status: "open" }, [])).toBe(true);
    expect(canSeeTicket({ ...user, super: true }, { queueId: 1, userId: 2, status: "open" }, [])).toBe(true);
    expect(canSeeTicket(user, { queueId: 1, userId: null, status: "open" }, [1, 3])).toBe(true);
    expect(canSeeTicket(user, { queueId: 1, userId: 7, status: "open" }, [])).toBe(true);
    expect(canSeeTicket(user, { queueId: null, userId: 2, status: "open" }, [])).toBe(true);
    expect(canSeeTicket(user, { queueId: 1, userId: 2, status: "open" }, [3])).toBe(false);
    expect(canSeeTicket(user, { queueId: 1, userId: null, status: "open" }, [])).toBe(false);
  });
});

describe("POST /ticket-notes", () => {
  it("adds a trimmed note by the caller and answers it with the author", async () => {
    const { company, agent, agentHeaders } = await newTenant(env);
    const ticket = await newTicket(env.db, company.id);
    const response = await addNote(agentHeaders, {
      note: "  Called back  ",
      ticketId: ticket.id,
      contactId: ticket.contactId,
    });
    expect(response.statusCode).toBe(200);
    const note = response.json();
    expect(note).toEqual({
      id: expect.any(Number),
      note: "Called back",
      ticketId: ticket.id,
      contactId: ticket.contactId,
      userId: agent.id,
      user: { id: agent.id, name: agent.name },
      createdAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
    });
    const [row] = await env.db.select().from(ticketNotes).where(eq(ticketNotes.id, note.id));
    expect(row).toMatchObject({ companyId: company.id, userId: agent.id, note: "Called back" });
  });

  it("validates the note and ids with 400 ERR_VALIDATION and the failing fields", async () => {
    const { company, agentHeaders } = await newTenant(env);
    const ticket = await newTicket(env.db, company.id);
    const base = { note: "ok note", ticketId: ticket.id, contactId: ticket.contactId };
    const cases: [Record<string, unknown>, string][] = [
      [{ note: undefined }, "body.note"],
      [{ note: " a  " }, "body.note"],
      [{ note: "" }, "body.note"],
      [{ ticketId: undefined }, "body.ticketId"],
      [{ contactId: "abc" }, "body.contactId"],
    ];
    for (const [values, path] of cases) {
      const response = await addNote(agentHeaders, { ...base, ...values });
      expect(response.statusCode, path).toBe(400);
      expect(response.json().error).toBe("ERR_VALIDATION");
      expect(response.json().fields.map((f: { path: string }) => f.path)).toContain(path);
    }
  });

  it("refuses a contact that is not the ticket's with ERR_VALIDATION on contactId", async () => {
    const { company, agentHeaders } = await newTenant(env);
    const ticket = await newTicket(env.db, company.id);
    const otherContact = await newContact(env.db, company.id);
    const response = await addNote(agentHeaders, { note: "wrong", ticketId: ticket.id, contactId: otherContact.id });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      error: "ERR_VALIDATION",
      fields: [{ path: "body.contactId", message: "notTicketContact" }],
    });
  });

  it("answers 404 for another company's ticket or contact and writes nothing", async () => {
    const { company, adminHeaders } = await newTenant(env);
    const ticket = await newTicket(env.db, company.id);
    const other = await newTenant(env);
    const foreignTicket = await newTicket(env.db, other.company.id);

    const noTicket = await addNote(adminHeaders, {
      note: "x".repeat(5),
      ticketId: foreignTicket.id,
      contactId: ticket.contactId,
    });
    expect(noTicket.statusCode).toBe(404);
    expect(noTicket.json()).toEqual({ error: "ERR_NO_TICKET_FOUND" });
    const noContact = await addNote(adminHeaders, {
      note: "x".repeat(5),
      ticketId: ticket.id,
      contactId: foreignTicket.contactId,
    });
    expect(noContact.statusCode).toBe(404);
    expect(noContact.json()).toEqual({ error: "ERR_NO_CONTACT_FOUND" });
    expect(await env.db.select().from(ticketNotes).where(eq(ticketNotes.companyId, company.id))).toEqual([]);
    expect(await env.db.select().from(ticketNotes).where(eq(ticketNotes.companyId, other.company.id))).toEqual([]);
  });

  it("lets a user note only tickets of their queues, assigned to them or without a queue", async () => {
    const { company, agent, agentHeaders, adminHeaders } = await newTenant(env);
    const mine = await newQueue(env.db, company.id);
    const theirs = await newQueue(env.db, company.id);
    await linkUserQueue(env.db, company.id, agent.id, mine.id);
    const inMyQueue = await newTicket(env.db, company.id, { queueId: mine.id });
    const assigned = await newTicket(env.db, company.id, { queueId: theirs.id, userId: agent.id });
    const noQueue = await newTicket(env.db, company.id);
    const hidden = await newTicket(env.db, company.id, { queueId: theirs.id });

    for (const ticket of [inMyQueue, assigned, noQueue]) {
      const response = await addNote(agentHeaders, {
        note: "visible",
        ticketId: ticket.id,
        contactId: ticket.contactId,
      });
      expect(response.statusCode).toBe(200);
    }
    const denied = await addNote(agentHeaders, { note: "hidden", ticketId: hidden.id, contactId: hidden.contactId });
    expect(denied.statusCode).toBe(403);
    expect(denied.json()).toEqual({ error: "ERR_NO_PERMISSION" });
    const asAdmin = await addNote(adminHeaders, { note: "admin", ticketId: hidden.id, contactId: hidden.contactId });
    expect(asAdmin.statusCode).toBe(200);
  });

  it("needs a session", async () => {
    expect((await env.app.inject({ method: "POST", url: "/ticket-notes", payload: {} })).statusCode).toBe(401);
  });
});

describe("GET /ticket-notes/list", () => {
  it("answers the ticket's notes newest first with the author's name", async () => {
    const { company, admin, agent, agentHeaders } = await newTenant(env);
    const ticket = await newTicket(env.db, company.id);
    const otherTicket = await newTicket(env.db, company.id, { contactId: ticket.contactId });
    const older = await insertNote({
      companyId: company.id,
      ticketId: ticket.id,
      contactId: ticket.contactId,
      userId: agent.id,
      note: "first",
      createdAt: new Date(Date.now() - 60_000),
    });
    const newer = await insertNote({
      companyId: company.id,
      ticketId: ticket.id,
      contactId: ticket.contactId,
      userId: admin.id,
      note: "second",
    });
    await insertNote({
      companyId: company.id,
      ticketId: otherTicket.id,
      contactId: ticket.contactId,
      userId: admin.id,
      note: "elsewhere",
    });

    const response = await listNotes(agentHeaders, ticket.id, ticket.contactId);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual([
      {
        id: newer.id,
        note: "second",
        ticketId: ticket.id,
        contactId: ticket.contactId,
        userId: admin.id,
        user: { id: admin.id, name: admin.name },
        createdAt: newer.createdAt.toISOString(),
      },
      {
        id: older.id,
        note: "first",
        ticketId: ticket.id,
        contactId: ticket.contactId,
        userId: agent.id,
        user: { id: agent.id, name: agent.name },
        createdAt: older.createdAt.toISOString(),
      },
    ]);
    const withoutContact = await listNotes(agentHeaders, ticket.id);
    expect(withoutContact.json().map((n: { id: number }) => n.id)).toEqual([newer.id, older.id]);
    const otherContact = await newContact(env.db, company.id);
    expect((await listNotes(agentHeaders, ticket.id, otherContact.id)).json()).toEqual([]);
  });

  it("answers a note whose author was removed with user null", async () => {
    const { company, adminHeaders } = await newTenant(env);
    const author = await newUser(env.db, company.id);
    const ticket = await newTicket(env.db, company.id);
    await insertNote({
      companyId: company.id,
      ticketId: ticket.id,
      contactId: ticket.contactId,
      userId: author.id,
      note: "orphan",
    });
    await env.db.delete(users).where(eq(users.id, author.id));
    const [note] = (await listNotes(adminHeaders, ticket.id)).json();
    expect(note).toMatchObject({ note: "orphan", userId: null, user: null });
  });

  it("applies the visibility rule, 404 for another company's ticket and 400 without ticketId", async () => {
    const { company, agent, agentHeaders, adminHeaders } = await newTenant(env);
    const queue = await newQueue(env.db, company.id);
    const hidden = await newTicket(env.db, company.id, { queueId: queue.id });
    const denied = await listNotes(agentHeaders, hidden.id);
    expect(denied.statusCode).toBe(403);
    expect(denied.json()).toEqual({ error: "ERR_NO_PERMISSION" });
    expect((await listNotes(adminHeaders, hidden.id)).statusCode).toBe(200);
    // With allTicket the attendant reads a pending ticket of another queue, as the ticket itself.
    await env.db.update(users).set({ allTicket: "enabled" }).where(eq(users.id, agent.id));
    expect((await listNotes(agentHeaders, hidden.id)).statusCode).toBe(200);
    await env.db.update(tickets).set({ status: "open" }).where(eq(tickets.id, hidden.id));
    expect((await listNotes(agentHeaders, hidden.id)).statusCode).toBe(403);

    const other = await newTenant(env);
    const foreign = await newTicket(env.db, other.company.id);
    await insertNote({
      companyId: other.company.id,
      ticketId: foreign.id,
      contactId: foreign.contactId,
      note: "secret",
    });
    const missing = await listNotes(adminHeaders, foreign.id, foreign.contactId);
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ error: "ERR_NO_TICKET_FOUND" });

    const bad = await env.app.inject({ url: "/ticket-notes/list", headers: adminHeaders });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields[0].path).toBe("querystring.ticketId");
  });
});

describe("DELETE /ticket-notes/:id", () => {
  it("lets the author delete their note", async () => {
    const { company, agent, agentHeaders } = await newTenant(env);
    const ticket = await newTicket(env.db, company.id);
    const note = await insertNote({
      companyId: company.id,
      ticketId: ticket.id,
      contactId: ticket.contactId,
      userId: agent.id,
      note: "mine",
    });
    const response = await env.app.inject({ method: "DELETE", url: `/ticket-notes/${note.id}`, headers: agentHeaders });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: "ticketNoteDeleted" });
    expect(await env.db.select().from(ticketNotes).where(eq(ticketNotes.id, note.id))).toEqual([]);
  });

  it("lets an admin delete anyone's note and refuses another user with ERR_NO_PERMISSION", async () => {
    const { company, agent, adminHeaders } = await newTenant(env);
    const colleague = await newUser(env.db, company.id);
    const colleagueHeaders = await login(env, colleague.email);
    const ticket = await newTicket(env.db, company.id);
    const note = await insertNote({
      companyId: company.id,
      ticketId: ticket.id,
      contactId: ticket.contactId,
      userId: agent.id,
      note: "agent's",
    });

    const denied = await env.app.inject({
      method: "DELETE",
      url: `/ticket-notes/${note.id}`,
      headers: colleagueHeaders,
    });
    expect(denied.statusCode).toBe(403);
    expect(denied.json()).toEqual({ error: "ERR_NO_PERMISSION" });
    expect(await env.db.select().from(ticketNotes).where(eq(ticketNotes.id, note.id))).toHaveLength(1);

    const asAdmin = await env.app.inject({ method: "DELETE", url: `/ticket-notes/${note.id}`, headers: adminHeaders });
    expect(asAdmin.statusCode).toBe(200);
    expect(await env.db.select().from(ticketNotes).where(eq(ticketNotes.id, note.id))).toEqual([]);
  });

  it("answers ERR_NOT_FOUND for another company's note or an unknown id, and keeps it", async () => {
    const { adminHeaders } = await newTenant(env);
    const other = await newTenant(env);
    const ticket = await newTicket(env.db, other.company.id);
    const foreign = await insertNote({
      companyId: other.company.id,
      ticketId: ticket.id,
      contactId: ticket.contactId,
      userId: other.admin.id,
      note: "theirs",
    });
    for (const id of [foreign.id, 99999999]) {
      const response = await env.app.inject({ method: "DELETE", url: `/ticket-notes/${id}`, headers: adminHeaders });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ error: "ERR_NOT_FOUND" });
    }
    expect(await env.db.select().from(ticketNotes).where(eq(ticketNotes.id, foreign.id))).toHaveLength(1);
    const malformed = await env.app.inject({ method: "DELETE", url: "/ticket-notes/abc", headers: adminHeaders });
    expect(malformed.statusCode).toBe(400);
  });
});
