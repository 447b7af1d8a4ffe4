// Ticket list, search and message page latency over real HTTP, on a database seeded by seed-tickets.ts
// (seeded here first when it has no company). The real app listens on 127.0.0.1 (random port); 50
// keep-alive connections (node's fetch, http-load.ts) send requests, each route bounded by a request count
// and a time limit. Prints one JSON line per route: { bench, shape, route, as, requests, errors,
// p50Ms, p99Ms, maxMs, rps, count } (count: the total the page answered, to show what was listed).
// Env: BENCH_DATABASE_URL (required, a scratch database), BENCH_SHAPE=A|B, BENCH_CONNECTIONS (50),
// BENCH_REQUESTS per route (3000), BENCH_SECONDS per route (20), BENCH_COMPANIES (shape A scale).
import type { AddressInfo } from "node:net";
import { sql } from "drizzle-orm";
import { loadConfig } from "../apps/server/src/config.js";
import { openDatabase } from "../apps/server/src/db/client.js";
import { buildApp } from "../apps/server/src/http/app.js";
import { runLoad } from "./http-load.js";
import { BENCH_PASSWORD, logins, SEARCH_WORD, seedTickets, shapeFromEnv } from "./seed-tickets.js";

type Rows<T> = { rows: T[] };
const url = process.env.BENCH_DATABASE_URL;
if (!url) throw new Error("set BENCH_DATABASE_URL to a scratch PostgreSQL database (seeded by seed-tickets.ts)");
const shape = shapeFromEnv();
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 3000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 20);
/** Unmeasured requests per route before measuring it. */
const WARMUP = Number(process.env.BENCH_WARMUP ?? 200);

const database = await openDatabase({ url });
await database.migrate();
const seeded = await database.db.execute<{ n: number }>(sql`select count(*)::int as n from companies`);
if (Number((seeded as unknown as Rows<{ n: number }>).rows[0]!.n) === 0) {
  const result = await seedTickets(url, shape);
  console.log(JSON.stringify({ bench: "seed-tickets", shape: shape.name, ...result }));
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

// Shape A: read 10 companies spread over the range (each ~200 tickets); shape B: its one company.
const companyIds =
  shape.name === "A"
    ? Array.from({ length: Math.min(10, shape.companies) }, (_, i) => 1 + Math.floor((i * shape.companies) / 10))
    : [1];
const admins: string[] = [];
const agents: string[] = [];
for (const c of companyIds) {
  admins.push(await login(logins(c).admin));
  agents.push(await login(logins(c).agent));
}
// Open tickets of the (first) company, for GET /messages/{ticketId}.
const openTickets = (
  (await database.db.execute<{ id: number }>(
    sql`select id from tickets where company_id = ${companyIds[0]!} and status = 'open' order by id limit 2000`,
  )) as unknown as Rows<{ id: number }>
).rows.map((row: { id: number }) => Number(row.id));

async function measure(route: string, as: "admin" | "agent", paths: string[]) {
  const { lastBody, ...result } = await runLoad({
    base,
    connections: CONNECTIONS,
    requests: REQUESTS,
    seconds: SECONDS,
    warmup: WARMUP,
    paths,
    tokens: as === "admin" ? admins : agents,
  });
  const count = lastBody ? ((JSON.parse(lastBody) as { count?: number }).count ?? 0) : 0;
  console.log(
    JSON.stringify({ bench: "tickets", shape: shape.name, route, as, connections: CONNECTIONS, ...result, count }),
  );
}

// An admin lists with showAll (without it only their own and unassigned tickets); an attendant as the web app does.
const search = encodeURIComponent(SEARCH_WORD);
// Warm up (JIT, connection pool, plan cache) before measuring.
for (let i = 0; i < 50; i++)
  await fetch(`${base}/tickets?showAll=true`, { headers: { authorization: `Bearer ${admins[0]}` } });
if (shape.name === "A") {
  await measure("GET /tickets", "admin", ["/tickets?showAll=true"]);
  await measure("GET /tickets", "agent", ["/tickets"]);
  await measure("GET /tickets?searchParam=", "admin", [`/tickets?showAll=true&searchParam=${search}`]);
  await measure("GET /tickets?searchParam=", "agent", [`/tickets?searchParam=${search}`]);
} else {
  await measure("GET /tickets?status=open", "admin", ["/tickets?status=open&showAll=true"]);
  await measure("GET /tickets?status=open", "agent", ["/tickets?status=open"]);
  await measure("GET /tickets?searchParam=", "admin", [`/tickets?showAll=true&searchParam=${search}`]);
  await measure("GET /tickets?searchParam=", "agent", [`/tickets?searchParam=${search}`]);
  await measure(
    "GET /messages/{ticketId}",
    "admin",
    openTickets.map((id) => `/messages/${id}`),
  );
}

await app.close();
await database.close();
