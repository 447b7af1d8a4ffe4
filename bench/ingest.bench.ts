// Inbound throughput through the one ingestion path every provider uses (ingestInbound),
// with the real AppContext from buildApp on the real PostgreSQL.
// 10 companies with one simulator connection each, 5,000 customers, 50,000 messages (10 per customer).
// Messages are offered in arrival order by BENCH_CONCURRENCY workers (default 16: one in flight per
// connection plus a few); a customer's next message is 5,000 positions later, so it is never in flight
// twice, as a provider delivering a chat in order.
// With BENCH_AUTOMATION=on (the default), each connection has an active phrase campaign whose phrase
// nobody writes, so every message also writes and runs its automation step (the inbound-step job:
// its write in the message's transaction, the worker's fetch, the step's reads, the completion)
// in the same process; "off" measures ingestion alone, as before.
// Prints one JSON line: { bench, messages, seconds, msgPerSec, p50Ms, p99Ms, maxMs, rssMaxMb, ... }
// where the latency is provider event (ingestInbound called) -> appMessage emitted by ctx.realtime, and
// stepsSeconds / withStepsMsgPerSec run until the last automation step completed. What a message costs, from the
// start until the last step completed: statementsPerMessage (every statement this process sent, pg-boss's included, by
// first word in statementsByKind: statement-count.mjs) and nodeCpuMsPerMessage (this process's CPU, the bench's own
// small share included).
// Env: BENCH_DATABASE_URL (or DATABASE_URL; a scratch database, required), BENCH_MESSAGES,
// BENCH_CUSTOMERS, BENCH_COMPANIES, BENCH_CONCURRENCY, BENCH_AUTOMATION (on|off).
import { loadavg } from "node:os";
import { performance } from "node:perf_hooks";
import { sql } from "drizzle-orm";
import type { InboundMessage } from "../apps/server/src/channels/provider.js";
import { loadConfig } from "../apps/server/src/config.js";
import { openDatabase } from "../apps/server/src/db/client.js";
import { buildApp } from "../apps/server/src/http/app.js";
import { ingestInbound } from "../apps/server/src/modules/ingestion/ingest.js";
import { statementCounts } from "./statement-count.mjs";

const MESSAGES = Number(process.env.BENCH_MESSAGES ?? 50_000);
const COMPANIES = Number(process.env.BENCH_COMPANIES ?? 10);
const CUSTOMERS = Number(process.env.BENCH_CUSTOMERS ?? 5_000);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? COMPANIES + 6);
const AUTOMATION = (process.env.BENCH_AUTOMATION ?? "on") === "on";
type Rows<T> = { rows: T[] };
const url = process.env.BENCH_DATABASE_URL ?? process.env.DATABASE_URL;
if (!url) throw new Error("set BENCH_DATABASE_URL to a scratch PostgreSQL database");

const database = await openDatabase({ url });
await database.migrate();
const config = loadConfig({ NODE_ENV: "test", LOG_LEVEL: "silent", SEED: "off" });
const { app, ctx } = await buildApp({ config, db: database.db, logger: false });
await app.ready();

// One company per connection, a fresh set each run (a rerun on the same database adds new ones).
const run = Date.now().toString(36);
const connections: { id: number; companyId: number }[] = [];
for (let c = 0; c < COMPANIES; c++) {
  const company = await database.db.execute<{ id: number }>(
    sql`insert into companies (name, email) values (${`Bench ingest ${run} ${c}`}, ${`ingest-${run}-${c}@bench.dev`}) returning id`,
  );
  const companyId = Number((company as unknown as Rows<{ id: number }>).rows[0]!.id);
  const whatsapp = await database.db.execute<{ id: number }>(
    sql`insert into whatsapps (company_id, name, provider, status, is_default, token)
        values (${companyId}, 'Simulador', 'simulator', 'CONNECTED', true, ${`bench-${run}-${c}`}) returning id`,
  );
  const whatsappId = Number((whatsapp as unknown as Rows<{ id: number }>).rows[0]!.id);
  if (AUTOMATION) {
    const flow = await database.db.execute<{ id: number }>(
      sql`insert into flows (company_id, name, flow) values (${companyId}, 'Bench', '{"nodes":[],"connections":[]}'::jsonb) returning id`,
    );
    await database.db.execute(
      sql`insert into flow_campaigns (company_id, name, flow_id, whatsapp_id, phrase, status)
          values (${companyId}, 'Bench', ${(flow as unknown as Rows<{ id: number }>).rows[0]!.id}, ${whatsappId}, 'frase que ninguém escreve', true)`,
    );
  }
  connections.push({ id: whatsappId, companyId });
}

// Provider event -> appMessage emit, keyed by the (unique) message body.
const startedAt = new Map<string, number>();
const latencies: number[] = [];
const stamp = (event: string, payload: unknown) => {
  if (!event.endsWith("-appMessage")) return;
  const body = (payload as { action?: string; message?: { body?: string } }).message?.body;
  if (body === undefined) return;
  const t0 = startedAt.get(body);
  if (t0 === undefined) return;
  latencies.push(performance.now() - t0);
  startedAt.delete(body);
};
const { toRooms, toCompany } = ctx.realtime;
ctx.realtime.toRooms = (rooms, event, payload, except) => {
  stamp(event, payload);
  toRooms.call(ctx.realtime, rooms, event, payload, except);
};
ctx.realtime.toCompany = (companyId, event, payload) => {
  stamp(event, payload);
  toCompany.call(ctx.realtime, companyId, event, payload);
};

let rssMax = process.memoryUsage().rss;
const sampler = setInterval(() => {
  rssMax = Math.max(rssMax, process.memoryUsage().rss);
}, 100);

const customersPerCompany = Math.ceil(CUSTOMERS / COMPANIES);
let next = 0;
let duplicates = 0;
const statementsBefore = statementCounts();
const cpuBefore = process.cpuUsage();
const started = performance.now();
await Promise.all(
  Array.from({ length: CONCURRENCY }, async () => {
    for (let seq = next++; seq < MESSAGES; seq = next++) {
      const customer = seq % CUSTOMERS;
      const connection = connections[customer % COMPANIES]!;
      const local = Math.floor(customer / COMPANIES) % customersPerCompany;
      const body = `Olá, preciso de ajuda com o pedido ${seq} (cliente ${customer})`;
      const message: InboundMessage = {
        providerId: `BENCH${run}${seq}`.toUpperCase(),
        from: String(5511900000000 + customer),
        name: `Cliente ${local}`,
        body,
        timestamp: Date.now(),
      };
      startedAt.set(body, performance.now());
      const result = await ingestInbound(ctx, connection, message);
      if ("duplicate" in result && result.duplicate) duplicates++;
    }
  }),
);
const seconds = (performance.now() - started) / 1000;
// The automation steps run in this process's workers; wait (bounded) until the last one completed.
const stepsLeft = async () =>
  Number(
    (
      (await database.db.execute(
        sql`select count(*)::int as n from pgboss.job where name = 'automation.inbound-step' and state in ('created', 'retry', 'active')`,
      )) as unknown as Rows<{ n: number }>
    ).rows[0]!.n,
  );
const stepsDeadline = performance.now() + 300_000;
while (AUTOMATION && (await stepsLeft()) > 0 && performance.now() < stepsDeadline) {
  await new Promise((resolve) => setTimeout(resolve, 100));
}
const stepsSeconds = (performance.now() - started) / 1000;
const cpu = process.cpuUsage(cpuBefore);
const statementsAfter = statementCounts();
const perMessage = (value: number) => Number((value / MESSAGES).toFixed(2));
const steps = (
  (await database.db.execute(
    sql`select count(*)::int as n from pgboss.job where name = 'automation.inbound-step' and state = 'completed'
        and data->>'companyId' in ${connections.map((c) => String(c.companyId))}`,
  )) as unknown as Rows<{ n: number }>
).rows[0]!.n;
clearInterval(sampler);
rssMax = Math.max(rssMax, process.memoryUsage().rss);

latencies.sort((x, y) => x - y);
const at = (q: number) =>
  latencies.length
    ? Number(latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))]!.toFixed(2))
    : 0;
const counts = await database.db.execute<{ messages: number; tickets: number; contacts: number }>(
  sql`select (select count(*)::int from messages where company_id in ${connections.map((c) => c.companyId)}) as messages,
             (select count(*)::int from tickets where company_id in ${connections.map((c) => c.companyId)}) as tickets,
             (select count(*)::int from contacts where company_id in ${connections.map((c) => c.companyId)}) as contacts`,
);
console.log(
  JSON.stringify({
    bench: "ingest",
    messages: MESSAGES,
    companies: COMPANIES,
    customers: CUSTOMERS,
    concurrency: CONCURRENCY,
    automation: AUTOMATION,
    seconds: Number(seconds.toFixed(2)),
    msgPerSec: Math.round(MESSAGES / seconds),
    stepsCompleted: steps,
    stepsSeconds: Number(stepsSeconds.toFixed(2)),
    withStepsMsgPerSec: Math.round(MESSAGES / stepsSeconds),
    // Steps completed per second from the first message on (ingestion shares the CPU meanwhile).
    stepsPerSec: Math.round(steps / stepsSeconds),
    emitted: latencies.length,
    p50Ms: at(0.5),
    p99Ms: at(0.99),
    maxMs: at(1),
    rssMaxMb: Math.round(rssMax / 1024 / 1024),
    statementsPerMessage: perMessage(statementsAfter.total - statementsBefore.total),
    statementsByKind: Object.fromEntries(
      Object.entries(statementsAfter.byKind).map(([kind, n]) => [
        kind,
        perMessage(n - (statementsBefore.byKind[kind] ?? 0)),
      ]),
    ),
    nodeCpuMsPerMessage: perMessage((cpu.user + cpu.system) / 1000),
    loadAverage: loadavg().map((value) => Number(value.toFixed(2))),
    duplicates,
    stored: (counts as unknown as Rows<Record<string, number>>).rows[0],
  }),
);

await app.close();
await database.close();
