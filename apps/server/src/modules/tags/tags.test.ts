import { companyEvent, PAGE_SIZE } from "@atendo/shared";
import { and, eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { linkUserQueue, login, newQueue, newTag, newTenant, newTicket, newUser } from "../../../test/factories.js";
import { createTestEnv, type TestEnv } from "../../../test/harness.js";
import { tags, ticketTags } from "../../db/schema/index.js";
import { tagEvent } from "./tags.service.js";

let env: TestEnv;
beforeAll(async () => {
  env = await createTestEnv();
});
afterAll(async () => env.close());
afterEach(() => vi.restoreAllMocks());

const tagOn = (companyId: number, ticketId: number, tagId: number) =>
  env.db.insert(ticketTags).values({ companyId, ticketId, tagId });
const tagIdsOf = async (ticketId: number) =>
  (await env.db.select().from(ticketTags).where(eq(ticketTags.ticketId, ticketId))).map((row) => row.tagId).sort();
const ids = (list: { id: number }[]) => list.map((item) => item.id);

async function supervisorHeaders(companyId: number) {
  const supervisor = await newUser(env.db, companyId, { profile: "supervisor" });
  return login(env, supervisor.email);
}

describe("GET /tags", () => {
  it("pages the company's tags by name with ticketsCount, count and hasMore", async () => {
    const { company, agentHeaders } = await newTenant(env);
    const alpha = await newTag(env.db, company.id, { name: "Alpha", kanban: 1, color: "#111111" });
    const beta = await newTag(env.db, company.id, { name: "Beta" });
    const other = await newTenant(env);
    await newTag(env.db, other.company.id, { name: "Alpha other" });
    for (let i = 0; i < 3; i++) {
      const ticket = await newTicket(env.db, company.id);
      await tagOn(company.id, ticket.id, alpha.id);
      if (i === 0) await tagOn(company.id, ticket.id, beta.id);
    }

    const response = await env.app.inject({ url: "/tags", headers: agentHeaders });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      tags: [
        { id: alpha.id, name: "Alpha", color: "#111111", kanban: 1, userId: null, ticketsCount: 3 },
        { id: beta.id, name: "Beta", color: "#A4CCCC", kanban: 0, userId: null, ticketsCount: 1 },
      ],
      count: 2,
      hasMore: false,
    });

    const search = await env.app.inject({ url: "/tags?searchParam=bet", headers: agentHeaders });
    expect(ids(search.json().tags)).toEqual([beta.id]);
    expect((await env.app.inject({ url: "/tags" })).statusCode).toBe(401);
  });

  it("says hasMore while pages remain", async () => {
    const { company, agentHeaders } = await newTenant(env);
    for (let i = 0; i < PAGE_SIZE + 1; i++)
      await newTag(env.db, company.id, { name: `Tag ${String(i).padStart(2, "0")}` });
    const first = (await env.app.inject({ url: "/tags?pageNumber=1", headers: agentHeaders })).json();
    expect(first.tags).toHaveLength(PAGE_SIZE);
    expect(first).toMatchObject({ count: PAGE_SIZE + 1, hasMore: true });
    const second = (await env.app.inject({ url: "/tags?pageNumber=2", headers: agentHeaders })).json();
    expect(second.tags).toHaveLength(1);
    expect(second.hasMore).toBe(false);
  });
});

describe("GET /tags/list and /tags/kanban", () => {
  it("lists every tag by name, optionally by kanban flag; kanban answers lista", async () => {
    const { company, agentHeaders } = await newTenant(env);
    const zulu = await newTag(env.db, company.id, { name: "Zulu", kanban: 1 });
    const mike = await newTag(env.db, company.id, { name: "Mike" });
    const alpha = await newTag(env.db, company.id, { name: "Alpha", kanban: 1 });
    await newTag(env.db, (await newTenant(env)).company.id, { name: "Elsewhere", kanban: 1 });
    const ticket = await newTicket(env.db, company.id);
    await tagOn(company.id, ticket.id, zulu.id);

    const all = await env.app.inject({ url: "/tags/list", headers: agentHeaders });
    expect(all.statusCode).toBe(200);
    expect(ids(all.json())).toEqual([alpha.id, mike.id, zulu.id]);
    expect(all.json()[2]).toEqual({
      id: zulu.id,
      name: "Zulu",
      color: "#A4CCCC",
      kanban: 1,
      userId: null,
      ticketsCount: 1,
    });
    const onlyKanban = await env.app.inject({ url: "/tags/list?kanban=1", headers: agentHeaders });
    expect(ids(onlyKanban.json())).toEqual([alpha.id, zulu.id]);
    const notKanban = await env.app.inject({ url: "/tags/list?kanban=0", headers: agentHeaders });
    expect(ids(notKanban.json())).toEqual([mike.id]);

    const kanban = await env.app.inject({ url: "/tags/kanban", headers: agentHeaders });
    expect(kanban.statusCode).toBe(200);
    expect(Object.keys(kanban.json())).toEqual(["lista"]);
    expect(ids(kanban.json().lista)).toEqual([alpha.id, zulu.id]);
  });
});

describe("GET /tags/:id", () => {
  it("answers one tag with its count, or ERR_NOT_FOUND", async () => {
    const { company, agentHeaders } = await newTenant(env);
    const tag = await newTag(env.db, company.id, { name: "Solo" });
    const response = await env.app.inject({ url: `/tags/${tag.id}`, headers: agentHeaders });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      id: tag.id,
      name: "Solo",
      color: "#A4CCCC",
      kanban: 0,
      userId: null,
      ticketsCount: 0,
    });
    const missing = await env.app.inject({ url: "/tags/99999999", headers: agentHeaders });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ error: "ERR_NOT_FOUND" });
  });
});

describe("POST /tags", () => {
  it("creates a tag with defaults, owned by the caller, and emits create on company-{id}-tag", async () => {
    const { company, agent, agentHeaders } = await newTenant(env);
    const emit = vi.spyOn(env.ctx.realtime, "toCompany");
    const response = await env.app.inject({
      method: "POST",
      url: "/tags",
      headers: agentHeaders,
      payload: { name: "  VIP  ", userId: 123456 },
    });
    expect(response.statusCode).toBe(200);
    const tag = response.json();
    expect(tag).toEqual({
      id: expect.any(Number),
      name: "VIP",
      color: "#A4CCCC",
      kanban: 0,
      userId: agent.id,
      ticketsCount: 0,
    });
    expect(emit).toHaveBeenCalledWith(company.id, `company-${company.id}-tag`, { action: "create", tag });
    expect(tagEvent(company.id)).toBe(`company-${company.id}-tag`);
  });

  it("sets the kanban flag for admin and supervisor only; an attendant's is ignored", async () => {
    const { company, adminHeaders, agentHeaders } = await newTenant(env);
    const supervisor = await supervisorHeaders(company.id);
    const post = (headers: Record<string, string>, name: string, kanban: unknown) =>
      env.app.inject({ method: "POST", url: "/tags", headers, payload: { name, kanban } });
    expect((await post(adminHeaders, "By admin", 1)).json().kanban).toBe(1);
    expect((await post(supervisor, "By supervisor", true)).json().kanban).toBe(1);
    const byAgent = await post(agentHeaders, "By agent", 1);
    expect(byAgent.statusCode).toBe(200);
    expect(byAgent.json().kanban).toBe(0);
  });

  it("answers ERR_VALIDATION for a short or missing name and a bad flag, and ERR_TAG_NAME_ALREADY_EXISTS for a duplicate", async () => {
    const { company, agentHeaders } = await newTenant(env);
    for (const [payload, path] of [
      [{ name: "ab" }, "body.name"],
      [{}, "body.name"],
      [{ name: "   " }, "body.name"],
      [{ name: "Fine", kanban: 2 }, "body.kanban"],
      [{ name: "Fine", color: "#1234567890" }, "body.color"],
    ] as const) {
      const response = await env.app.inject({ method: "POST", url: "/tags", headers: agentHeaders, payload });
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json().error).toBe("ERR_VALIDATION");
      expect(response.json().fields.map((f: { path: string }) => f.path)).toContain(path);
    }
    const existing = await newTag(env.db, company.id, { name: "Taken" });
    const duplicate = await env.app.inject({
      method: "POST",
      url: "/tags",
      headers: agentHeaders,
      payload: { name: ` ${existing.name} ` },
    });
    expect(duplicate.statusCode).toBe(409);
    expect(duplicate.json()).toEqual({ error: "ERR_TAG_NAME_ALREADY_EXISTS" });
    const elsewhere = await env.app.inject({
      method: "POST",
      url: "/tags",
      headers: (await newTenant(env)).agentHeaders,
      payload: { name: existing.name },
    });
    expect(elsewhere.statusCode).toBe(200);
  });

  it("two concurrent creations of one name answer one 200 and one ERR_TAG_NAME_ALREADY_EXISTS, never 500", async () => {
    const { agentHeaders } = await newTenant(env);
    const responses = await Promise.all(
      [1, 2].map(() =>
        env.app.inject({ method: "POST", url: "/tags", headers: agentHeaders, payload: { name: "Race" } }),
      ),
    );
    expect(responses.map((r) => r.statusCode).sort()).toEqual([200, 409]);
  });
});

describe("PUT /tags/:id", () => {
  it("changes only the fields sent, keeps ticketsCount, and emits update", async () => {
    const { company, agentHeaders } = await newTenant(env);
    const tag = await newTag(env.db, company.id, { name: "Before", color: "#000000" });
    await tagOn(company.id, (await newTicket(env.db, company.id)).id, tag.id);
    const emit = vi.spyOn(env.ctx.realtime, "toCompany");
    const response = await env.app.inject({
      method: "PUT",
      url: `/tags/${tag.id}`,
      headers: agentHeaders,
      payload: { name: "After" },
    });
    expect(response.statusCode).toBe(200);
    const updated = response.json();
    expect(updated).toEqual({ id: tag.id, name: "After", color: "#000000", kanban: 0, userId: null, ticketsCount: 1 });
    expect(emit).toHaveBeenCalledWith(company.id, tagEvent(company.id), { action: "update", tag: updated });
  });

  it("ignores an attendant's kanban change, honours a supervisor's, and refuses a taken name", async () => {
    const { company, agentHeaders } = await newTenant(env);
    const tag = await newTag(env.db, company.id, { name: "Board", kanban: 1 });
    const other = await newTag(env.db, company.id, { name: "Other" });
    const byAgent = await env.app.inject({
      method: "PUT",
      url: `/tags/${tag.id}`,
      headers: agentHeaders,
      payload: { kanban: 0, color: "#222222" },
    });
    expect(byAgent.json()).toMatchObject({ kanban: 1, color: "#222222" });
    const bySupervisor = await env.app.inject({
      method: "PUT",
      url: `/tags/${tag.id}`,
      headers: await supervisorHeaders(company.id),
      payload: { kanban: 0 },
    });
    expect(bySupervisor.json().kanban).toBe(0);
    const taken = await env.app.inject({
      method: "PUT",
      url: `/tags/${tag.id}`,
      headers: agentHeaders,
      payload: { name: other.name },
    });
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toEqual({ error: "ERR_TAG_NAME_ALREADY_EXISTS" });
    const same = await env.app.inject({
      method: "PUT",
      url: `/tags/${tag.id}`,
      headers: agentHeaders,
      payload: { name: tag.name },
    });
    expect(same.statusCode).toBe(200);
    const short = await env.app.inject({
      method: "PUT",
      url: `/tags/${tag.id}`,
      headers: agentHeaders,
      payload: { name: "x" },
    });
    expect(short.statusCode).toBe(400);
  });
});

describe("DELETE /tags/:id", () => {
  it("is for admins; removes the tag from its tickets and emits delete", async () => {
    const { company, adminHeaders, agentHeaders } = await newTenant(env);
    const tag = await newTag(env.db, company.id);
    const ticket = await newTicket(env.db, company.id);
    await tagOn(company.id, ticket.id, tag.id);
    const denied = await env.app.inject({ method: "DELETE", url: `/tags/${tag.id}`, headers: agentHeaders });
    expect(denied.statusCode).toBe(403);
    expect(denied.json()).toEqual({ error: "ERR_NO_PERMISSION" });
    const emit = vi.spyOn(env.ctx.realtime, "toCompany");
    const response = await env.app.inject({ method: "DELETE", url: `/tags/${tag.id}`, headers: adminHeaders });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: expect.any(String) });
    expect(emit).toHaveBeenCalledWith(company.id, tagEvent(company.id), { action: "delete", tagId: tag.id });
    expect(await tagIdsOf(ticket.id)).toEqual([]);
    const again = await env.app.inject({ method: "DELETE", url: `/tags/${tag.id}`, headers: adminHeaders });
    expect(again.statusCode).toBe(404);
  });
});

describe("POST /tags/sync", () => {
  it("replaces the ticket's tags, answers them by name, and emits the ticket update", async () => {
    const { company, agentHeaders } = await newTenant(env);
    const [a, b, c] = [
      await newTag(env.db, company.id, { name: "Aaa" }),
      await newTag(env.db, company.id, { name: "Bbb", color: "#123123" }),
      await newTag(env.db, company.id, { name: "Ccc", kanban: 1 }),
    ];
    const ticket = await newTicket(env.db, company.id);
    await tagOn(company.id, ticket.id, a.id);
    await tagOn(company.id, ticket.id, b.id);
    const emit = vi.spyOn(env.ctx.realtime, "toRooms");
    const response = await env.app.inject({
      method: "POST",
      url: "/tags/sync",
      headers: agentHeaders,
      payload: { ticketId: ticket.id, tags: [{ id: c.id, name: "ignored" }, { id: b.id }, { id: c.id }] },
    });
    expect(response.statusCode).toBe(200);
    const expected = [
      { id: b.id, name: "Bbb", color: "#123123", kanban: 0 },
      { id: c.id, name: "Ccc", color: "#A4CCCC", kanban: 1 },
    ];
    expect(response.json()).toEqual(expected);
    expect(await tagIdsOf(ticket.id)).toEqual([b.id, c.id].sort());
    expect(emit).toHaveBeenCalledWith(expect.any(Array), companyEvent.ticket(company.id), {
      action: "update",
      ticket: { id: ticket.id, tags: expected },
    });

    const cleared = await env.app.inject({
      method: "POST",
      url: "/tags/sync",
      headers: agentHeaders,
      payload: { ticketId: ticket.id, tags: [] },
    });
    expect(cleared.json()).toEqual([]);
    expect(await tagIdsOf(ticket.id)).toEqual([]);
  });

  it("changes nothing when a tag or the ticket is another company's", async () => {
    const { company, agentHeaders } = await newTenant(env);
    const other = await newTenant(env);
    const mine = await newTag(env.db, company.id);
    const ticket = await newTicket(env.db, company.id);
    await tagOn(company.id, ticket.id, mine.id);
    const theirTag = await newTag(env.db, other.company.id);
    const theirTicket = await newTicket(env.db, other.company.id);
    const emit = vi.spyOn(env.ctx.realtime, "toRooms");

    const foreignTag = await env.app.inject({
      method: "POST",
      url: "/tags/sync",
      headers: agentHeaders,
      payload: { ticketId: ticket.id, tags: [{ id: theirTag.id }] },
    });
    expect(foreignTag.statusCode).toBe(404);
    expect(foreignTag.json()).toEqual({ error: "ERR_NOT_FOUND" });
    expect(await tagIdsOf(ticket.id)).toEqual([mine.id]);

    const foreignTicket = await env.app.inject({
      method: "POST",
      url: "/tags/sync",
      headers: agentHeaders,
      payload: { ticketId: theirTicket.id, tags: [{ id: mine.id }] },
    });
    expect(foreignTicket.statusCode).toBe(404);
    expect(foreignTicket.json()).toEqual({ error: "ERR_NO_TICKET_FOUND" });
    expect(await tagIdsOf(theirTicket.id)).toEqual([]);
    expect(emit).not.toHaveBeenCalled();

    const bad = await env.app.inject({
      method: "POST",
      url: "/tags/sync",
      headers: agentHeaders,
      payload: { tags: "x" },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields.map((f: { path: string }) => f.path)).toEqual(
      expect.arrayContaining(["body.ticketId", "body.tags"]),
    );
  });
});

describe("ticket-tags", () => {
  it("PUT adds one tag idempotently and DELETE removes them all, each emitting the ticket update", async () => {
    const { company, agentHeaders } = await newTenant(env);
    const tag = await newTag(env.db, company.id, { name: "Hot" });
    const kept = await newTag(env.db, company.id, { name: "Cold" });
    const ticket = await newTicket(env.db, company.id);
    await tagOn(company.id, ticket.id, kept.id);
    const emit = vi.spyOn(env.ctx.realtime, "toRooms");

    for (let i = 0; i < 2; i++) {
      const put = await env.app.inject({
        method: "PUT",
        url: `/ticket-tags/${ticket.id}/${tag.id}`,
        headers: agentHeaders,
      });
      expect(put.statusCode).toBe(200);
      expect(put.json()).toEqual({ message: expect.any(String) });
    }
    expect(await tagIdsOf(ticket.id)).toEqual([tag.id, kept.id].sort());
    expect(emit).toHaveBeenLastCalledWith(expect.any(Array), companyEvent.ticket(company.id), {
      action: "update",
      ticket: {
        id: ticket.id,
        tags: [
          { id: kept.id, name: "Cold", color: "#A4CCCC", kanban: 0 },
          { id: tag.id, name: "Hot", color: "#A4CCCC", kanban: 0 },
        ],
      },
    });

    for (let i = 0; i < 2; i++) {
      const del = await env.app.inject({ method: "DELETE", url: `/ticket-tags/${ticket.id}`, headers: agentHeaders });
      expect(del.statusCode).toBe(200);
      expect(del.json()).toEqual({ message: expect.any(String) });
    }
    expect(await tagIdsOf(ticket.id)).toEqual([]);
    expect(emit).toHaveBeenLastCalledWith(expect.any(Array), companyEvent.ticket(company.id), {
      action: "update",
      ticket: { id: ticket.id, tags: [] },
    });
    // Removing a tag from tickets keeps the tag itself.
    expect(
      await env.db
        .select()
        .from(tags)
        .where(and(eq(tags.id, tag.id), eq(tags.companyId, company.id))),
    ).toHaveLength(1);
  });

  it("answers 404 for an unknown tag or ticket", async () => {
    const { company, agentHeaders } = await newTenant(env);
    const ticket = await newTicket(env.db, company.id);
    const tag = await newTag(env.db, company.id);
    const noTag = await env.app.inject({
      method: "PUT",
      url: `/ticket-tags/${ticket.id}/99999999`,
      headers: agentHeaders,
    });
    expect(noTag.statusCode).toBe(404);
    const noTicket = await env.app.inject({
      method: "PUT",
      url: `/ticket-tags/99999999/${tag.id}`,
      headers: agentHeaders,
    });
    expect(noTicket.json()).toEqual({ error: "ERR_NO_TICKET_FOUND" });
    const noTicketDelete = await env.app.inject({
      method: "DELETE",
      url: "/ticket-tags/99999999",
      headers: agentHeaders,
    });
    expect(noTicketDelete.statusCode).toBe(404);
  });
});

describe("GET /ticket/kanban", () => {
  async function board() {
    const tenant = await newTenant(env);
    const { company, agent } = tenant;
    const mine = await newQueue(env.db, company.id);
    const alsoMine = await newQueue(env.db, company.id);
    const notMine = await newQueue(env.db, company.id);
    await linkUserQueue(env.db, company.id, agent.id, mine.id);
    await linkUserQueue(env.db, company.id, agent.id, alsoMine.id);
    const tag = await newTag(env.db, company.id, { name: "Lane", kanban: 1 });
    const inMine = await newTicket(env.db, company.id, { queueId: mine.id, status: "open", lastMessage: "hello" });
    await tagOn(company.id, inMine.id, tag.id);
    const inAlsoMine = await newTicket(env.db, company.id, { queueId: alsoMine.id });
    const inOther = await newTicket(env.db, company.id, { queueId: notMine.id });
    const assigned = await newTicket(env.db, company.id, { queueId: notMine.id, userId: agent.id, status: "open" });
    const noQueue = await newTicket(env.db, company.id);
    const closed = await newTicket(env.db, company.id, { queueId: mine.id, status: "closed" });
    await newTicket(env.db, (await newTenant(env)).company.id, { queueId: null });
    return { ...tenant, mine, alsoMine, notMine, tag, inMine, inAlsoMine, inOther, assigned, noQueue, closed };
  }
  const sorted = (list: number[]) => [...list].sort((x, y) => x - y);
  const kanban = (headers: Record<string, string>, query: string) =>
    env.app.inject({ url: `/ticket/kanban?${query}`, headers });

  it("gives an admin's showAll every open or pending ticket of the company, with contact and tags", async () => {
    const b = await board();
    const response = await kanban(b.adminHeaders, "showAll=true");
    expect(response.statusCode).toBe(200);
    const { tickets } = response.json();
    expect(sorted(ids(tickets))).toEqual(
      sorted([b.inMine.id, b.inAlsoMine.id, b.inOther.id, b.assigned.id, b.noQueue.id]),
    );
    const card = tickets.find((t: { id: number }) => t.id === b.inMine.id);
    expect(card).toEqual({
      id: b.inMine.id,
      uuid: b.inMine.uuid,
      status: "open",
      queueId: b.mine.id,
      userId: null,
      lastMessage: "hello",
      updatedAt: b.inMine.updatedAt.toISOString(),
      contact: { id: b.inMine.contactId, name: expect.any(String), number: expect.any(String) },
      tags: [{ id: b.tag.id, name: "Lane", color: "#A4CCCC", kanban: 1 }],
    });
  });

  it("ignores showAll for an attendant: the asked queues' tickets they may see, their own and those without a queue", async () => {
    const b = await board();
    const all = await kanban(
      b.agentHeaders,
      `showAll=true&queueIds=${encodeURIComponent(JSON.stringify([b.mine.id, b.notMine.id]))}`,
    );
    expect(all.statusCode).toBe(200);
    expect(sorted(ids(all.json().tickets))).toEqual(sorted([b.inMine.id, b.assigned.id, b.noQueue.id]));
    const none = await kanban(b.agentHeaders, "showAll=false");
    expect(sorted(ids(none.json().tickets))).toEqual(
      sorted([b.inMine.id, b.inAlsoMine.id, b.assigned.id, b.noQueue.id]),
    );
  });

  it("gives an admin without showAll what their list shows: own and unassigned tickets of the asked queues", async () => {
    const b = await board();
    await linkUserQueue(env.db, b.company.id, b.admin.id, b.notMine.id);
    const response = await kanban(
      b.adminHeaders,
      `showAll=false&queueIds=${encodeURIComponent(JSON.stringify([b.notMine.id, b.mine.id]))}`,
    );
    expect(sorted(ids(response.json().tickets))).toEqual(sorted([b.inMine.id, b.inOther.id, b.noQueue.id]));
  });

  it("shows what the ticket list shows: tickets without a queue, and allTicket's pending tickets of other queues", async () => {
    const b = await board();
    // allTicket: pending tickets of every queue are theirs to see.
    const bell = await newUser(env.db, b.company.id, { allTicket: "enabled" });
    await linkUserQueue(env.db, b.company.id, bell.id, b.mine.id);
    const bellHeaders = await login(env, bell.email);
    // Another attendant's ticket in the agent's queue: not on the agent's list, so not on the board.
    const colleagues = await newTicket(env.db, b.company.id, {
      queueId: b.mine.id,
      userId: b.admin.id,
      status: "open",
    });
    const listed = async (headers: Record<string, string>, query: string) => {
      const lists = await Promise.all(
        ["open", "pending"].map((status) => env.app.inject({ url: `/tickets?status=${status}&${query}`, headers })),
      );
      return sorted(lists.flatMap((list) => ids(list.json().tickets)));
    };
    const onBoard = async (headers: Record<string, string>, query: string) =>
      sorted(ids((await kanban(headers, query)).json().tickets));

    const own = `queueIds=${encodeURIComponent(JSON.stringify([b.mine.id]))}`;
    expect(await onBoard(b.agentHeaders, own)).toContain(b.noQueue.id);
    expect(await onBoard(bellHeaders, "")).toContain(b.inOther.id);
    expect(await onBoard(b.agentHeaders, "")).not.toContain(colleagues.id);
    for (const [who, headers] of [
      ["agent", b.agentHeaders],
      ["allTicket user", bellHeaders],
      ["admin", b.adminHeaders],
    ] as const) {
      for (const query of ["", own, "showAll=true", `showAll=true&${own}`]) {
        expect(await onBoard(headers, query), `${who}: ${query}`).toEqual(await listed(headers, query));
      }
    }
  });

  it("answers ERR_VALIDATION for queueIds that are not a JSON list of ids", async () => {
    const { agentHeaders } = await newTenant(env);
    for (const queueIds of ["nope", JSON.stringify({ a: 1 }), JSON.stringify(["x"])]) {
      const response = await kanban(agentHeaders, `queueIds=${encodeURIComponent(queueIds)}`);
      expect(response.statusCode, queueIds).toBe(400);
      expect(response.json().fields[0].path).toBe("querystring.queueIds");
    }
  });
});

describe("tenant isolation", () => {
  it("answers 404 to company A's admin for company B's tag and ticket ids, and changes nothing", async () => {
    const a = await newTenant(env);
    const b = await newTenant(env);
    const tag = await newTag(env.db, b.company.id, { name: "Theirs" });
    const ticket = await newTicket(env.db, b.company.id);
    await tagOn(b.company.id, ticket.id, tag.id);
    const myTag = await newTag(env.db, a.company.id);
    const emit = vi.spyOn(env.ctx.realtime, "toCompany");
    for (const [method, url, payload] of [
      ["GET", `/tags/${tag.id}`, undefined],
      ["PUT", `/tags/${tag.id}`, { name: "Hijacked" }],
      ["DELETE", `/tags/${tag.id}`, undefined],
      ["POST", "/tags/sync", { ticketId: ticket.id, tags: [] }],
      ["PUT", `/ticket-tags/${ticket.id}/${myTag.id}`, undefined],
      ["PUT", `/ticket-tags/${ticket.id}/${tag.id}`, undefined],
      ["DELETE", `/ticket-tags/${ticket.id}`, undefined],
    ] as const) {
      const response = await env.app.inject({ method, url, headers: a.adminHeaders, payload });
      expect(response.statusCode, `${method} ${url}`).toBe(404);
      expect(response.json().error).toMatch(/^ERR_(NOT_FOUND|NO_TICKET_FOUND)$/);
    }
    expect(emit).not.toHaveBeenCalled();
    const [row] = await env.db.select().from(tags).where(eq(tags.id, tag.id));
    expect(row?.name).toBe("Theirs");
    expect(await tagIdsOf(ticket.id)).toEqual([tag.id]);
    const list = await env.app.inject({ url: "/tags/list", headers: a.adminHeaders });
    expect(ids(list.json())).toEqual([myTag.id]);
  });
});
