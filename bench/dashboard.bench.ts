// GET /dashboard?days=30 (and the two charts over the same 30 days) latency over real HTTP, on a
// database seeded by seed-tickets.ts (seeded here first when it has no company). The seed writes
// tickets only, so this bench first gives them the life-cycle rows the dashboard reads, set-based:
// a tracking per open or closed ticket (accepted 1–20 minutes after arrival, closed 5–44 minutes
// later), ratings on half the closed ones, and presence marks; pending tickets keep none, as
// ingestion leaves them. Prints one JSON line per route: { bench, shape, route, connections,
// requests, errors, p50Ms, p99Ms, maxMs, rps }. Target (shape B, 20,000 tickets): p99 < 200 ms.
// Env: BENCH_DATABASE_URL (required, a scratch database), BENCH_SHAPE=A|B, BENCH_CONNECTIONS (10),
// BENCH_REQUESTS per route (1000), BENCH_SECONDS per route (20), BENCH_COMPANIES (shape A scale).
import type { AddressInfo } from "node:net";
import { performance } from "node:perf_hooks";
import { sql } from "drizzle-orm";
import { loadConfig } from "../apps/server/src/config.js";
import { openDatabase } from "../apps/server/src/db/client.js";
import { buildApp } from "../apps/server/src/http/app.js";
import { runLoad } from "./http-load.js";
import { BENCH_PASSWORD, logins, seedTickets, shapeFromEnv } from "./seed-tickets.js";

type Rows<T> = { rows: T[] };
const url = process.env.BENCH_DATABASE_URL;
if (!url) throw new Error("set BENCH_DATABASE_URL to a scratch PostgreSQL database (seeded by seed-tickets.ts)");
const shape = shapeFromEnv();
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 1000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 20);
/** Unmeasured requests per route before measuring it. */
const WARMUP = Number(process.env.BENCH_WARMUP ?? 200);

const database = await openDatabase({ url });
await database.migrate();
const count = async (query: ReturnType<typeof sql>) =>
  Number(((await database.db.execute(query)) as unknown as Rows<{ n: number }>).rows[0]!.n);

if ((await count(sql`select count(*)::int as n from companies`)) === 0) {
  const result = await seedTickets(url, shape);
  console.log(JSON.stringify({ bench: "seed-tickets", shape: shape.name, ...result }));
}
if ((await count(sql`select count(*)::int as n from ticket_trackings`)) === 0) {
  const t0 = performance.now();
  await database.db.transaction(async (tx) => {
    await tx.execute(sql`
      insert into ticket_trackings (company_id, ticket_id, whatsapp_id, user_id, queued_at, started_at, finished_at,
                                    created_at, updated_at)
      select t.company_id, t.id, t.whatsapp_id, t.user_id, t.created_at,
             t.created_at + (1 + t.id % 20) * interval '1 minute',
             case when t.status = 'closed' then t.created_at + (6 + t.id % 20 + t.id % 40) * interval '1 minute' end,
             t.created_at, t.created_at
        from tickets t
       where t.status in ('open', 'closed')`);
    await tx.execute(sql`
      insert into user_ratings (company_id, ticket_id, user_id, rate, created_at, updated_at)
      select tt.company_id, tt.ticket_id, tt.user_id, 1 + tt.ticket_id % 3, tt.finished_at, tt.finished_at
        from ticket_trackings tt
       where tt.finished_at is not null and tt.ticket_id % 2 = 0`);
    await tx.execute(sql`update users set online = true, last_seen_at = now() where id % 2 = 0`);
  });
  await database.db.execute(sql`analyze ticket_trackings`);
  await database.db.execute(sql`analyze user_ratings`);
  const trackings = await count(sql`select count(*)::int as n from ticket_trackings`);
  const seconds = Number(((performance.now() - t0) / 1000).toFixed(2));
  console.log(JSON.stringify({ bench: "dashboard-seed", shape: shape.name, trackings, seconds }));
}

const config = loadConfig({ NODE_ENV: "test", LOG_LEVEL: "silent", SEED: "off", LOGIN_RATE_LIMIT: "1000000" });
const { app } = await buildApp({ config, db: database.db, logger: false });
await app.listen({ host: "127.0.0.1", port: 0 });
const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;

async function login(email: string): Promise<string> {
  const response = await fetch(`${base}/auth/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email, password: BENCH_PASSWORD }),
  });
  if (response.status !== 200) throw new Error(`login ${email}: ${response.status} ${await response.text()}`);
  return ((await response.json()) as { token: string }).token;
}

// Shape A: 10 companies spread over the range (each ~200 tickets); shape B: its one company of 20,000.
const companyIds =
  shape.name === "A"
    ? Array.from({ length: Math.min(10, shape.companies) }, (_, i) => 1 + Math.floor((i * shape.companies) / 10))
    : [1];
const admins: string[] = [];
for (const c of companyIds) admins.push(await login(logins(c).admin));

async function measure(route: string, path: string) {
  const result = await runLoad({
    base,
    connections: CONNECTIONS,
    requests: REQUESTS,
    seconds: SECONDS,
    warmup: WARMUP,
    paths: [path],
    tokens: admins,
  });
  console.log(JSON.stringify({ bench: "dashboard", shape: shape.name, route, connections: CONNECTIONS, ...result }));
}

const day = (offset: number) => new Date(Date.now() - offset * 86_400_000).toISOString().slice(0, 10);
const range = `initialDate=${day(29)}&finalDate=${day(0)}`;
// Warm up (JIT, connection pool, plan cache) before measuring.
for (let i = 0; i < 20; i++)
  await fetch(`${base}/dashboard?days=30`, { headers: { authorization: `Bearer ${admins[0]}` } });
await measure("GET /dashboard?days=30", "/dashboard?days=30");
await measure("GET /dashboard/ticketsUsers (30 days)", `/dashboard/ticketsUsers?${range}`);
await measure("GET /dashboard/ticketsDay (30 days)", `/dashboard/ticketsDay?${range}`);

await app.close();
await database.close();
