import type { TicketsPage } from "@atendo/shared";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { newContact, newTenant, newTicket } from "../../../test/factories.js";
import { createTestEnv, type TestEnv } from "../../../test/harness.js";
import { messages, tickets } from "../../db/schema/index.js";
import { SEARCH_MESSAGE_CANDIDATES } from "./tickets.repository.js";

let env: TestEnv;
beforeAll(async () => {
  env = await createTestEnv();
});
afterAll(async () => env.close());

/** Every page of a search, followed by cursor. */
async function searchAll(headers: Record<string, string>, word: string) {
  const pages: TicketsPage[] = [];
  let cursor: string | null | undefined;
  do {
    const response = await env.app.inject({
      method: "GET",
      url: `/tickets?showAll=true&searchParam=${word}${cursor ? `&cursor=${cursor}` : ""}`,
      headers,
    });
    expect(response.statusCode, response.body).toBe(200);
    const page = response.json() as TicketsPage;
    pages.push(page);
    cursor = page.nextCursor;
  } while (cursor);
  return { ids: pages.flatMap((page) => page.tickets.map((ticket) => ticket.id)), pages };
}

describe("GET /tickets?searchParam=", () => {
  it("finds tickets by message text and by contact name or number, never another company's", async () => {
    const tenant = await newTenant(env);
    const other = await newTenant(env);
    const companyId = tenant.company.id;
    const byBody = await newTicket(env.db, companyId, { status: "open" });
    const byEarlierBody = await newTicket(env.db, companyId, { status: "closed" });
    const byName = await newTicket(env.db, companyId, {
      contactId: (await newContact(env.db, companyId, { name: "Zé Estornado" })).id,
    });
    const byNumber = await newTicket(env.db, companyId, {
      contactId: (await newContact(env.db, companyId, { number: "5511900estorn" })).id,
    });
    const unrelated = await newTicket(env.db, companyId);
    const foreign = await newTicket(env.db, other.company.id, {
      contactId: (await newContact(env.db, other.company.id, { name: "Estornado Alheio" })).id,
    });
    await env.db.insert(messages).values([
      { companyId, ticketId: byBody.id, body: "quero o ESTORNO do pedido" },
      { companyId, ticketId: byEarlierBody.id, body: "estorno feito" },
      { companyId, ticketId: byEarlierBody.id, body: "obrigado" },
      { companyId, ticketId: unrelated.id, body: "nada a ver" },
      { companyId: other.company.id, ticketId: foreign.id, body: "estorno alheio" },
    ]);

    const { ids, pages } = await searchAll(tenant.adminHeaders, "estorn");
    expect(ids.toSorted()).toEqual([byBody.id, byEarlierBody.id, byName.id, byNumber.id].toSorted());
    expect(pages[0]).toMatchObject({ count: 4, hasMore: false, nextCursor: null });
    // A pattern's wildcards are text: "%" finds nothing here.
    expect((await searchAll(tenant.adminHeaders, "%25")).ids).toEqual([]);
    expect((await searchAll(other.adminHeaders, "estorn")).ids).toEqual([foreign.id]);
  });

  it("looks at the tickets of the newest matching messages only, and counts that set", async () => {
    const tenant = await newTenant(env);
    const companyId = tenant.company.id;
    const contact = await newContact(env.db, companyId);
    const total = SEARCH_MESSAGE_CANDIDATES + 5;
    const made = await env.db
      .insert(tickets)
      .values(Array.from({ length: total }, () => ({ companyId, contactId: contact.id, status: "open" as const })))
      .returning({ id: tickets.id });
    // One matching message per ticket, the first ticket's the oldest.
    await env.db.insert(messages).values(
      made.map(({ id }, i) => ({
        companyId,
        ticketId: id,
        body: `pedido de reembolsar ${i}`,
        createdAt: sql`now() - ${total - i} * interval '1 second'`,
      })),
    );
    const { ids, pages } = await searchAll(tenant.adminHeaders, "reembolsar");
    const newest = made.slice(5).map(({ id }) => id);
    expect(ids.toSorted((a, b) => a - b)).toEqual(newest.toSorted((a, b) => a - b));
    expect(new Set(ids).size).toBe(SEARCH_MESSAGE_CANDIDATES);
    // The first page counts the candidate set; the later pages carry no count.
    expect(pages.length).toBeGreaterThan(1);
    expect(pages[0]!.count).toBe(SEARCH_MESSAGE_CANDIDATES);
    expect(pages.slice(1).every((page) => page.count === undefined)).toBe(true);
    expect(pages.at(-1)).toMatchObject({ hasMore: false, nextCursor: null });
  });
});
