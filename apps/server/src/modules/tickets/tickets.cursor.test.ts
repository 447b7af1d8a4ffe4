import { TICKETS_PAGE_SIZE, type TicketsPage } from "@atendo/shared";
import { and, eq, inArray, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { newCompany, newContact, newTenant, newTicket } from "../../../test/factories.js";
import { createTestEnv, type TestEnv } from "../../../test/harness.js";
import { PreparingClient } from "../../db/prepared-client.js";
import { tickets } from "../../db/schema/index.js";

let env: TestEnv;
beforeAll(async () => {
  env = await createTestEnv();
});
afterAll(async () => env.close());

const TOTAL = TICKETS_PAGE_SIZE * 2 + 20;

/**
 * TOTAL open tickets whose updatedAt are microseconds apart in pairs: two tickets share each
 * instant (the id breaks the tie) and neighbouring instants share their millisecond, which a
 * cursor holding a JavaScript Date would lose. Answers their ids in list order.
 */
async function openTickets(companyId: number): Promise<number[]> {
  const made: number[] = [];
  for (let i = 0; i < TOTAL; i++) made.push((await newTicket(env.db, companyId, { status: "open" })).id);
  await env.db
    .update(tickets)
    .set({
      updatedAt: sql`timestamptz '2026-11-24 12:00:00+00' + ((${tickets.id} - ${made[0]!}) / 2) * interval '7 microseconds'`,
    })
    .where(and(eq(tickets.companyId, companyId), inArray(tickets.id, made)));
  // Newest first; within an instant the higher id first.
  return made.toSorted((a, b) => Math.floor((b - made[0]!) / 2) - Math.floor((a - made[0]!) / 2) || b - a);
}

describe("GET /tickets paged by cursor", () => {
  it("skips no ticket when one leaves the list between two pages (offsets do)", async () => {
    const tenant = await newTenant(env);
    const companyId = tenant.company.id;
    const order = await openTickets(companyId);
    // Another company's open ticket never shows.
    await newTicket(env.db, (await newCompany(env.db)).id, { status: "open" });
    const list = async (query: string) => {
      const response = await env.app.inject({
        method: "GET",
        url: `/tickets?status=open&showAll=true${query}`,
        headers: tenant.adminHeaders,
      });
      expect(response.statusCode, response.body).toBe(200);
      return response.json() as TicketsPage;
    };
    const ids = (page: TicketsPage) => page.tickets.map((ticket) => ticket.id);

    const first = await list("");
    expect(ids(first)).toEqual(order.slice(0, TICKETS_PAGE_SIZE));
    expect(first).toMatchObject({ count: TOTAL, hasMore: true });
    expect(first.nextCursor).toMatch(/^\d+_\d+$/);

    // A ticket of the first page leaves the open list while the user scrolls.
    const leaving = order[3]!;
    await env.db.update(tickets).set({ status: "closed" }).where(eq(tickets.id, leaving));

    const byOffset = await list("&pageNumber=2");
    expect(ids(byOffset)).not.toContain(order[TICKETS_PAGE_SIZE]);

    const second = await list(`&cursor=${first.nextCursor}`);
    expect(ids(second)).toEqual(order.slice(TICKETS_PAGE_SIZE, TICKETS_PAGE_SIZE * 2));
    // A page by cursor does not count: the list's count after the ticket left is the first page's.
    expect(second).toMatchObject({ hasMore: true });
    expect(second).not.toHaveProperty("count");
    expect((await list("")).count).toBe(TOTAL - 1);
    const third = await list(`&cursor=${second.nextCursor}`);
    expect(ids(third)).toEqual(order.slice(TICKETS_PAGE_SIZE * 2));
    expect(third).toMatchObject({ hasMore: false, nextCursor: null });

    const seen = [...ids(first), ...ids(second), ...ids(third)];
    expect(new Set(seen).size).toBe(TOTAL);
    expect(seen.toSorted()).toEqual(order.toSorted());
  });

  it("pages an attendant's list and a search the same way", async () => {
    const tenant = await newTenant(env);
    const companyId = tenant.company.id;
    const contact = await newContact(env.db, companyId, { name: "Cursor Findme" });
    const order = await openTickets(companyId);
    await env.db.update(tickets).set({ contactId: contact.id }).where(inArray(tickets.id, order));
    for (const query of ["status=open", "searchParam=findme"]) {
      const seen: number[] = [];
      let cursor: string | null | undefined;
      do {
        const response = await env.app.inject({
          method: "GET",
          url: `/tickets?${query}${cursor ? `&cursor=${cursor}` : ""}`,
          headers: tenant.agentHeaders,
        });
        const page = response.json() as TicketsPage;
        seen.push(...page.tickets.map((ticket) => ticket.id));
        cursor = page.nextCursor;
      } while (cursor);
      expect(seen, query).toEqual(order);
    }
  });

  it("pages by number count the whole filter; pages by cursor run no count", async () => {
    const tenant = await newTenant(env);
    await openTickets(tenant.company.id);
    // Every statement the server's connections run (PreparingClient is the pool's client class).
    const query = vi.spyOn(PreparingClient.prototype, "query");
    const statementsOf = async (url: string) => {
      query.mockClear();
      const response = await env.app.inject({ method: "GET", url, headers: tenant.adminHeaders });
      expect(response.statusCode, response.body).toBe(200);
      const texts = query.mock.calls.map(([config]) => String(typeof config === "string" ? config : config?.text));
      return { page: response.json() as TicketsPage, counts: texts.filter((text) => /\bcount\(/i.test(text)) };
    };
    try {
      for (const search of ["", "&searchParam=contact"]) {
        const base = `/tickets?status=open&showAll=true${search}`;
        const first = await statementsOf(base);
        expect(first.page.count, search).toBe(TOTAL);
        expect(first.counts, search).toHaveLength(1);
        for (const byNumber of [`${base}&pageNumber=2`, `${base}&pageNumber=9`]) {
          const { page } = await statementsOf(byNumber);
          expect(page.count, byNumber).toBe(TOTAL);
        }
        const byCursor = `${base}&cursor=${first.page.nextCursor}`;
        const { page, counts } = await statementsOf(byCursor);
        expect(page.tickets.length, byCursor).toBeGreaterThan(0);
        expect(page, byCursor).not.toHaveProperty("count");
        expect(counts, byCursor).toEqual([]);
      }
    } finally {
      query.mockRestore();
    }
  });

  it("refuses a cursor that is not one with 400 ERR_VALIDATION", async () => {
    const tenant = await newTenant(env);
    for (const cursor of ["abc", "1_", "_1", "1.5_2", "12_34_56"]) {
      const response = await env.app.inject({
        method: "GET",
        url: `/tickets?cursor=${cursor}`,
        headers: tenant.adminHeaders,
      });
      expect(response.statusCode, cursor).toBe(400);
      expect(response.json().error).toBe("ERR_VALIDATION");
    }
  });
});
