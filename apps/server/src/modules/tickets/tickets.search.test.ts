import type { TicketsPage } from "@atendo/shared";
import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { newContact, newTenant, newTicket } from "../../../test/factories.js";
import { createTestEnv, type TestEnv } from "../../../test/harness.js";
import { likePattern } from "../../db/errors.js";
import { messages, messageWords, messageWordsPending, tickets } from "../../db/schema/index.js";
import { indexPendingWords, startWordIndexer, WORD_INDEX_BATCH } from "./search-words.js";
import { SEARCH_MESSAGE_CANDIDATES, WORDS_PER_SEARCH } from "./tickets.repository.js";

let env: TestEnv;
beforeAll(async () => {
  // The tests below index the pending words themselves, at the points they choose.
  env = await createTestEnv({ config: { SEARCH_WORDS_EVERY_MS: String(3_600_000) } });
});
afterAll(async () => env.close());

const ascending = (ids: number[]) => ids.toSorted((a, b) => a - b);

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

describe("GET /tickets?searchParam= through the word index", () => {
  /** What ILIKE finds straight from the tables: the tickets of matching contacts and of matching bodies. */
  async function substringMatches(companyId: number, text: string): Promise<number[]> {
    const pattern = likePattern(text);
    // The driver's result type is generic over node-postgres and PGlite: both answer `rows`.
    const result = (await env.db.execute(sql`
      select t.id from tickets t join contacts c on c.id = t.contact_id
      where t.company_id = ${companyId} and (c.name ilike ${pattern} or c.number ilike ${pattern})
      union
      select ticket_id from messages where company_id = ${companyId} and body ilike ${pattern}`)) as unknown as {
      rows: { id: number }[];
    };
    return ascending(result.rows.map((row) => Number(row.id)));
  }

  /** A company whose tickets each hold one of these bodies. */
  async function companyWithBodies(bodies: string[]) {
    const tenant = await newTenant(env);
    const companyId = tenant.company.id;
    const made = [];
    for (const body of bodies) {
      const ticket = await newTicket(env.db, companyId, { status: "open" });
      const [message] = await env.db.insert(messages).values({ companyId, ticketId: ticket.id, body }).returning();
      made.push({ ticket, message: message! });
    }
    return { tenant, companyId, made };
  }

  /** Indexes every pending message's words, as the indexer's rounds do. */
  async function indexAll() {
    while ((await indexPendingWords(env.db)) === WORD_INDEX_BATCH) {}
  }

  const isPending = async (messageId: number) =>
    (await env.db.select().from(messageWordsPending).where(eq(messageWordsPending.messageId, messageId))).length > 0;

  const wordsOf = async (messageId: number) =>
    (await env.db.select({ word: messageWords.word }).from(messageWords).where(eq(messageWords.messageId, messageId)))
      .map((row) => row.word)
      .toSorted();

  it("finds the same tickets as a substring match of the bodies, indexed or not yet, accents and case included", async () => {
    const longRun = `${"k".repeat(70)}fim`;
    const { tenant, companyId } = await companyWithBodies([
      "Quero o REEMBOLSO já!",
      "AÇÃO judicial em curso",
      "pedido#4471 entregue",
      "olá, mundo",
    ]);
    const searches = ["reembols", "EMBOLS", "ação", "AÇÃ", "ção", "pedido", "4471", "do#44", "o, mu", "olá", "kkkkkk"];
    const expectSameAsSubstring = async (state: string) => {
      for (const search of searches) {
        const { ids } = await searchAll(tenant.adminHeaders, encodeURIComponent(search));
        expect(ascending(ids), `${state}: ${search}`).toEqual(await substringMatches(companyId, search));
      }
    };
    await expectSameAsSubstring("none indexed");
    await indexAll();
    // Half indexed: the newer bodies are pending.
    for (const body of [
      "reembolsão? Não, obrigado",
      "uma ação simples",
      "Pedido 4471, nota 4471-B",
      `código ${longRun}`,
    ]) {
      const ticket = await newTicket(env.db, companyId, { status: "open" });
      await env.db.insert(messages).values({ companyId, ticketId: ticket.id, body });
    }
    await expectSameAsSubstring("half indexed");
    await indexAll();
    await expectSameAsSubstring("all indexed");
    // Sanity: the word searches above did find something.
    expect((await searchAll(tenant.adminHeaders, "reembols")).ids).toHaveLength(2);
    expect((await searchAll(tenant.adminHeaders, encodeURIComponent("ação"))).ids).toHaveLength(2);
  });

  it("reads the word index for a search of letters and digits, and the bodies for any other", async () => {
    const { tenant, companyId, made } = await companyWithBodies(["Quero o reembolso do pedido"]);
    await indexAll();
    expect((await searchAll(tenant.adminHeaders, "reembols")).ids).toEqual([made[0]!.ticket.id]);
    // With the company's words gone, a word search finds nothing, and one with a space still reads the bodies.
    await env.db.delete(messageWords).where(eq(messageWords.companyId, companyId));
    expect((await searchAll(tenant.adminHeaders, "reembols")).ids).toEqual([]);
    expect((await searchAll(tenant.adminHeaders, encodeURIComponent("o reembols"))).ids).toEqual([made[0]!.ticket.id]);
  });

  it("reads the bodies for a search inside more than WORDS_PER_SEARCH of the company's words", async () => {
    const many = WORDS_PER_SEARCH + 1;
    const { tenant, companyId, made } = await companyWithBodies(
      Array.from({ length: many }, (_, i) => `código zqx${i}`),
    );
    await indexAll();
    await env.db.delete(messageWords).where(eq(messageWords.companyId, companyId));
    const { ids } = await searchAll(tenant.adminHeaders, "zqx");
    expect(ascending(ids)).toEqual(ascending(made.map(({ ticket }) => ticket.id)));
  });

  it("keeps a message's words with its body: pending, indexed, edited, deleted, and cut at 64 characters", async () => {
    const { tenant, companyId, made } = await companyWithBodies([`Primeiro texto, ${"x".repeat(5000)}!`]);
    const { ticket, message } = made[0]!;
    expect(await isPending(message.id)).toBe(true);
    expect(await wordsOf(message.id)).toEqual([]);
    await indexAll();
    expect(await isPending(message.id)).toBe(false);
    expect(await wordsOf(message.id)).toEqual(["primeiro", "texto", "x".repeat(64)]);

    // An edit drops the old words at once; the new body is found while it waits to be indexed.
    await env.db
      .update(messages)
      .set({ body: "segundo texto" })
      .where(and(eq(messages.companyId, companyId), eq(messages.id, message.id)));
    expect(await wordsOf(message.id)).toEqual([]);
    expect((await searchAll(tenant.adminHeaders, "primeiro")).ids).toEqual([]);
    expect((await searchAll(tenant.adminHeaders, "segundo")).ids).toEqual([ticket.id]);
    await indexAll();
    expect(await wordsOf(message.id)).toEqual(["segundo", "texto"]);
    expect((await searchAll(tenant.adminHeaders, "segundo")).ids).toEqual([ticket.id]);

    // Deleted with its ticket: the indexed words and a pending message go with it.
    const [pending] = await env.db
      .insert(messages)
      .values({ companyId, ticketId: ticket.id, body: "terceiro" })
      .returning();
    await env.db.delete(tickets).where(eq(tickets.id, ticket.id));
    expect(await wordsOf(message.id)).toEqual([]);
    expect(await isPending(pending!.id)).toBe(false);
  });

  it("indexes new messages in the background, in batches, until none is pending", async () => {
    const { tenant, companyId, made } = await companyWithBodies(["lote mensagem", "lote aviso"]);
    // More than one batch, written as one statement (a campaign's or an import's shape).
    const bulk = Array.from({ length: WORD_INDEX_BATCH + 5 }, (_, i) => ({
      companyId,
      ticketId: made[i % made.length]!.ticket.id,
      body: `lote${i} mensagem`,
    }));
    await env.db.insert(messages).values(bulk);
    const indexer = startWordIndexer(env.db, env.app.log, { everyMs: 10, vacuumAfter: WORD_INDEX_BATCH });
    try {
      await expect
        .poll(async () => (await env.db.select().from(messageWordsPending)).length, { timeout: 10_000 })
        .toBe(0);
      // The dead rows the batches left are vacuumed away.
      const vacuums = async () =>
        (
          (await env.db.execute(
            sql`select vacuum_count::int as n from pg_stat_user_tables where relname = 'message_words_pending'`,
          )) as unknown as { rows: { n: number }[] }
        ).rows[0]?.n ?? 0;
      await expect.poll(vacuums, { timeout: 10_000 }).toBeGreaterThan(0);
    } finally {
      await indexer.stop();
    }
    const result = (await env.db.execute(
      sql`select count(distinct message_id)::int as n from message_words where company_id = ${companyId}`,
    )) as unknown as { rows: { n: number }[] };
    expect(result.rows[0]!.n).toBe(2 + WORD_INDEX_BATCH + 5);
    expect((await searchAll(tenant.adminHeaders, "lote1004")).ids).toEqual([made[1004 % 2]!.ticket.id]);
  });
});
