// Seeds a scratch database for tickets.bench.ts with set-based SQL (INSERT ... SELECT generate_series),
// never row by row. Run on an empty database: it migrates, refuses a database that has companies,
// and prints one JSON line with the row counts and the seconds taken.
//   shape A: 1,000 companies x 200 tickets (200,000) x 10 messages (2,000,000), one contact per ticket
//   shape B: 1 company, 20,000 tickets (a third each open, pending, closed), 200,000 messages, 20,000 contacts
// Ends with ANALYZE (VACUUM ANALYZE with BENCH_VACUUM=on). Every company gets one simulator connection, two queues, an admin and two attendants (one per queue,
// in user_queues), so the lists can be read as an admin and as an attendant (password BENCH_PASSWORD).
// Env: BENCH_DATABASE_URL (required), BENCH_SHAPE=A|B, BENCH_COMPANIES (shape A at a smaller scale).
import { performance } from "node:perf_hooks";
import { sql } from "drizzle-orm";
import { openDatabase } from "../apps/server/src/db/client.js";
import { indexPendingWords, vacuumPendingWords } from "../apps/server/src/modules/tickets/search-words.js";
import { hashPassword } from "../apps/server/src/modules/users/passwords.js";

type Rows<T> = { rows: T[] };

export const BENCH_PASSWORD = "Bench#2026";
/** The word the search bench looks for: it ends about 1% of the message bodies (~10% of the tickets). */
export const SEARCH_WORD = "reembolso";

export interface Shape {
  name: "A" | "B";
  companies: number;
  ticketsPerCompany: number;
  messagesPerTicket: number;
}

export function shapeFromEnv(): Shape {
  const name = (process.env.BENCH_SHAPE ?? "A").toUpperCase();
  if (name === "B") return { name, companies: 1, ticketsPerCompany: 20_000, messagesPerTicket: 10 };
  if (name !== "A") throw new Error(`BENCH_SHAPE must be A or B, not ${name}`);
  return {
    name,
    companies: Number(process.env.BENCH_COMPANIES ?? 1_000),
    ticketsPerCompany: 200,
    messagesPerTicket: 10,
  };
}

/** Who to log in as in company `c` (1-based). */
export const logins = (c: number) => ({ admin: `admin-${c}@bench.dev`, agent: `agent-${c}@bench.dev` });

export async function seedTickets(url: string, shape: Shape): Promise<Record<string, number>> {
  const database = await openDatabase({ url });
  await database.migrate();
  const { db } = database;
  const existing = await db.execute<{ n: number }>(sql`select count(*)::int as n from companies`);
  if (Number((existing as unknown as Rows<{ n: number }>).rows[0]!.n) > 0)
    throw new Error("the database already has companies: seed an empty one");

  const C = shape.companies;
  const T = shape.ticketsPerCompany;
  const M = shape.messagesPerTicket;
  const hash = await hashPassword(BENCH_PASSWORD);
  const started = performance.now();
  const timings: Record<string, number> = {};
  const step = async (name: string, query: ReturnType<typeof sql>) => {
    const t0 = performance.now();
    await db.execute(query);
    timings[`${name}Seconds`] = Number(((performance.now() - t0) / 1000).toFixed(2));
  };

  await db.transaction(async (tx) => {
    await tx.execute(sql`set local synchronous_commit = off`);
    await tx.execute(
      sql`insert into companies (id, name, email, status, due_date)
          select c, 'Empresa ' || c, 'empresa-' || c || '@bench.dev', true, now() + interval '1 year'
          from generate_series(1, ${C}) c`,
    );
    await tx.execute(
      sql`insert into whatsapps (id, company_id, name, provider, status, is_default, token)
          select c, c, 'Simulador', 'simulator', 'CONNECTED', true, 'bench-seed-' || c
          from generate_series(1, ${C}) c`,
    );
    await tx.execute(
      sql`insert into queues (id, company_id, name, color, order_queue)
          select 2 * c - 2 + q, c, case q when 1 then 'Atendimento' else 'Financeiro' end,
                 case q when 1 then '#2563EB' else '#16A34A' end, q
          from generate_series(1, ${C}) c, generate_series(1, 2) q`,
    );
    await tx.execute(
      sql`insert into whatsapp_queues (company_id, whatsapp_id, queue_id)
          select c, c, 2 * c - 2 + q from generate_series(1, ${C}) c, generate_series(1, 2) q`,
    );
    // u = 1 admin, 2 attendant of queue 1, 3 attendant of queue 2.
    await tx.execute(
      sql`insert into users (id, company_id, name, email, password_hash, profile, all_ticket)
          select 3 * c - 3 + u, c,
                 case u when 1 then 'Admin ' || c when 2 then 'Atendente ' || c else 'Atendente B ' || c end,
                 case u when 1 then 'admin-' || c when 2 then 'agent-' || c else 'agent2-' || c end || '@bench.dev',
                 ${hash}, case u when 1 then 'admin' else 'user' end,
                 case u when 1 then 'enabled' else 'desabled' end
          from generate_series(1, ${C}) c, generate_series(1, 3) u`,
    );
    await tx.execute(
      sql`insert into user_queues (company_id, user_id, queue_id)
          select c, 3 * c - 3 + q + 1, 2 * c - 2 + q from generate_series(1, ${C}) c, generate_series(1, 2) q`,
    );
  });

  const count = C * T;
  // Ticket k of company c has id (c-1)*T + k and its own contact with the same id.
  await step(
    "contacts",
    sql`insert into contacts (id, company_id, name, number, created_at, updated_at)
        select i, (i - 1) / ${T} + 1, 'Cliente ' || i, (5511000000000 + i)::text, now(), now()
        from generate_series(1, ${count}) i`,
  );
  // status by k % 3: 0 open (assigned to the queue's attendant), 1 pending (every 6th without a queue
  // yet, as in the chatbot), 2 closed (assigned). Activity spread over the last 30 days.
  await step(
    "tickets",
    sql`insert into tickets (id, company_id, status, contact_id, whatsapp_id, user_id, queue_id,
                             last_message, unread_messages, created_at, updated_at)
        select i, c, case k % 3 when 0 then 'open' when 1 then 'pending' else 'closed' end,
               i, c,
               case when k % 3 = 1 then null else 3 * c - 3 + 2 + k % 2 end,
               case when k % 6 = 1 then null else 2 * c - 2 + 1 + k % 2 end,
               'Última mensagem do ticket ' || i, case k % 3 when 1 then 1 + k % 4 else 0 end,
               now() - interval '30 days' + (hashint * interval '1 second'),
               now() - (hashint * interval '1 second')
        from (select i, (i - 1) / ${T} + 1 as c, (i - 1) % ${T} + 1 as k, (i * 7919) % 2592000 as hashint
              from generate_series(1, ${count}) i) t`,
  );
  const phrases = [
    "Olá, bom dia! Gostaria de saber o status do meu pedido",
    "Boa tarde, preciso da segunda via do boleto",
    "Qual o prazo de entrega para o meu CEP?",
    "Vocês aceitam pagamento por pix?",
    "O produto chegou com defeito, como faço a troca?",
    "Obrigado pelo atendimento, resolvido!",
    "Pode me enviar a nota fiscal por email?",
    "Não consigo acessar minha conta no aplicativo",
    "Quero alterar o endereço de entrega",
    "Tem desconto para pagamento à vista?",
    "Olá! Em que podemos ajudar?",
    "Seu pedido foi enviado e chega em 3 dias úteis",
    "Segue o código de rastreio do seu pedido",
    "Um momento, vou verificar com o setor financeiro",
    "Pode confirmar o seu CPF, por favor?",
    "Já atualizamos o seu cadastro",
  ];
  // Message j of ticket i has id (i-1)*M + j; inbound when j is odd. About 1% end with SEARCH_WORD.
  await step(
    "messages",
    sql`insert into messages (id, company_id, ticket_id, contact_id, whatsapp_id, provider_id, body, from_me,
                              media_type, ack, read, created_at, updated_at)
        select m.id, t.company_id, t.id, case when m.j % 2 = 1 then t.contact_id end, t.company_id,
               'SEED' || m.id,
               (${sql.raw(`array[${phrases.map((p) => `'${p.replaceAll("'", "''")}'`).join(",")}]`)})[1 + (m.id * 7) % ${phrases.length}]
                 || case when m.id % 101 = 0 then ${` quero ${SEARCH_WORD}`} else '' end,
               m.j % 2 = 0, 'chat', case when m.j % 2 = 0 then 3 else 0 end, true,
               t.updated_at - (${M} - m.j) * interval '1 minute', t.updated_at - (${M} - m.j) * interval '1 minute'
        from tickets t, lateral (select (t.id - 1) * ${M} + j as id, j from generate_series(1, ${M}) j) m`,
  );
  // The word index, as the server's indexer leaves it (search-words.ts), in batches of one transaction each.
  const wordsStarted = performance.now();
  while ((await indexPendingWords(db, 50_000)) > 0) {}
  await vacuumPendingWords(db);
  timings.wordsSeconds = Number(((performance.now() - wordsStarted) / 1000).toFixed(2));
  for (const table of ["companies", "whatsapps", "queues", "users", "contacts", "tickets", "messages"]) {
    await db.execute(
      sql.raw(
        `select setval(pg_get_serial_sequence('${table}', 'id'), (select coalesce(max(id), 0) + 1 from ${table}), false)`,
      ),
    );
  }
  // As a bulk load leaves a database, unless BENCH_VACUUM=on: VACUUM sets the visibility map (index-only
  // counts) and merges the GIN indexes' pending lists, as autovacuum does some time later.
  if (process.env.BENCH_VACUUM === "on") await step("vacuum", sql`vacuum analyze`);
  else await step("analyze", sql`analyze`);
  const seconds = Number(((performance.now() - started) / 1000).toFixed(2));
  const rows = await db.execute<Record<string, number>>(
    sql`select (select count(*)::int from companies) as companies, (select count(*)::int from tickets) as tickets,
               (select count(*)::int from messages) as messages, (select count(*)::int from contacts) as contacts,
               (select count(*)::int from users) as users`,
  );
  await database.close();
  return { ...(rows as unknown as Rows<Record<string, number>>).rows[0]!, ...timings, seconds };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const url = process.env.BENCH_DATABASE_URL;
  if (!url) throw new Error("set BENCH_DATABASE_URL to an empty scratch PostgreSQL database");
  const shape = shapeFromEnv();
  const result = await seedTickets(url, shape);
  console.log(JSON.stringify({ bench: "seed-tickets", shape: shape.name, ...result }));
}
