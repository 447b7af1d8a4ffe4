// Ticket list, search and message page over real HTTP, for issue 15's figures. Each server build named in
// TICKETS_BENCH_SERVERS (e.g. today's main and a change) is started in turn as its own process, as
// `npm start` runs it, on the same database seeded by seed-tickets.ts (seeded here first when it has no
// company), and driven by autocannon in another process (http-load.ts), so BASE and NEW are measured back
// to back in one sitting. Per route it prints one JSON line:
//   { bench, server, shape, route, as, connections, requests, errors, rps, p50Ms, p99Ms, maxMs,
//     nodeCpuMsPerRequest, pgCpuMsPerRequest, rssMb, count, loadavg }
// CPU per request: the server process's utime+stime (/proc/<pid>/stat) and the summed utime+stime of the
// PostgreSQL backends connected to the bench database, each as a delta over the measured run divided by
// the requests answered. count is the total the route's first page answered, to show what was listed.
// Env: BENCH_DATABASE_URL (required, a scratch database), BENCH_SHAPE=A|B, BENCH_CONNECTIONS (50),
// BENCH_SECONDS per route (15), BENCH_WARMUP (300 unmeasured requests per route), BENCH_COMPANIES (shape A
// scale), TICKETS_BENCH_SERVERS ("label=path ...", default "main=apps/server/dist/main.js"),
// a server may name its own database as "label=path=url" (e.g. a copy of the seed at today's main's
// migrations, so that BASE is measured without the indexes a change adds; the server migrates its database
// when it starts, the bench itself does not), TICKETS_BENCH_PORT (18097), TICKETS_BENCH_ROUTES (comma-separated subset:
// list,search,messages,list-scroll; the default leaves list-scroll out), list-scroll: the list's first page and the
// TICKETS_BENCH_SCROLL_PAGES - 1 (5 - 1) pages after it by cursor, as the web scrolls, requested in turn (the cursors
// are read from the server once before the run; the bench writes nothing, so they stay valid),
// TICKETS_BENCH_SOAK_SECONDS (0; after the routes, the list at half its measured rate for this long, RSS
// sampled every 5 s: { bench: "tickets-soak" }), TICKETS_BENCH_PROBE_SECONDS (0; instead of the routes,
// the list at TICKETS_BENCH_PROBE_RATE (20) req/s for this long against an already running server at
// TICKETS_BENCH_PROBE_BASE, e.g. one the campaigns bench started on the same database while it
// dispatches: { bench: "tickets-probe" } with the max and p99 latency of each 5 s window),
// TICKETS_BENCH_NODE_ARGS (the servers' node flags, space-separated; the root start script's unless given, "" for none).
import { type ChildProcess, spawn } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { sql } from "drizzle-orm";
import { openDatabase } from "../apps/server/src/db/client.js";
import { runLoad } from "./http-load.js";
import { cpuMs } from "./process-cpu.js";
import { BENCH_PASSWORD, logins, SEARCH_WORD, seedTickets, shapeFromEnv } from "./seed-tickets.js";
import { serverNodeArgs } from "./start-flags.js";

type Rows<T> = { rows: T[] };
const url = process.env.BENCH_DATABASE_URL;
if (!url) throw new Error("set BENCH_DATABASE_URL to a scratch PostgreSQL database (seeded by seed-tickets.ts)");
const shape = shapeFromEnv();
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 15);
const WARMUP = Number(process.env.BENCH_WARMUP ?? 300);
const PORT = Number(process.env.TICKETS_BENCH_PORT ?? 18097);
const ROUTES = new Set((process.env.TICKETS_BENCH_ROUTES ?? "list,search,messages").split(","));
const SOAK_SECONDS = Number(process.env.TICKETS_BENCH_SOAK_SECONDS ?? 0);
const PROBE_SECONDS = Number(process.env.TICKETS_BENCH_PROBE_SECONDS ?? 0);
const SCROLL_PAGES = Number(process.env.TICKETS_BENCH_SCROLL_PAGES ?? 5);
const repoRoot = new URL("..", import.meta.url).pathname;
const NODE_ARGS = serverNodeArgs(process.env.TICKETS_BENCH_NODE_ARGS);
// The probe measures a server something else started: no build of its own is needed.
const servers = (PROBE_SECONDS > 0 ? "" : (process.env.TICKETS_BENCH_SERVERS ?? "main=apps/server/dist/main.js"))
  .split(/\s+/)
  .filter(Boolean)
  .map((entry) => {
    const [label, path, database = url] = entry.split("=") as [string, string, string?];
    const main = resolve(repoRoot, path);
    if (!existsSync(main)) throw new Error(`${label}: no built server at ${main} (npm run build -w @atendo/server)`);
    return { label, main, url: database };
  });

const rowsOf = <T>(result: unknown) => (result as Rows<T>).rows;
const database = await openDatabase({ url });
const hasCompanies = await database.db.execute(sql`select count(*)::int as n from companies`).then(
  (result) => Number(rowsOf<{ n: number }>(result)[0]!.n) > 0,
  () => false,
);
if (!hasCompanies) {
  const result = await seedTickets(url, shape);
  console.log(JSON.stringify({ bench: "seed-tickets", shape: shape.name, ...result }));
}
const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms));
const round = (value: number, digits = 2) => Number(value.toFixed(digits));

/** The backends connected to the server's database, with their CPU so far. */
async function pgBackendsCpu(db: typeof database.db): Promise<Map<number, number>> {
  const rows = rowsOf<{ pid: number }>(
    await db.execute(
      sql`select pid from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()`,
    ),
  );
  return new Map(rows.map(({ pid }) => [pid, cpuMs(pid)]));
}

function rssMb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  return Math.round(Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024);
}

async function startServer(main: string, url: string, base: string, dataDir: string): Promise<ChildProcess> {
  const child = spawn(process.execPath, [...NODE_ARGS, "--enable-source-maps", main], {
    env: {
      PATH: process.env.PATH,
      NODE_ENV: "production",
      JWT_SECRET: "tickets-bench-secret-0123456789abcdef",
      DATABASE_URL: url,
      PORT: String(PORT),
      HOST: "127.0.0.1",
      SIMULATOR: "off",
      BAILEYS: "off",
      SEED: "off",
      DATA_DIR: dataDir,
      LOG_LEVEL: "warn",
      LOGIN_RATE_LIMIT: "100000",
      LOGIN_IP_RATE_LIMIT: "100000",
    },
    stdio: ["ignore", "inherit", "inherit"],
  });
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    const up = await fetch(`${base}/health`).then(
      (response) => response.ok,
      () => false,
    );
    if (up) return child;
    if (Date.now() > deadline) throw new Error("server did not answer /health within 60 s");
    await sleep(200);
  }
}

async function login(base: string, email: string): Promise<string> {
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
// Open tickets of each company read, for GET /messages/{ticketId}: each asked with its own company's admin (another
// company's ticket answers 404).
const openTickets: number[][] = [];
for (const companyId of companyIds) {
  const rows = rowsOf<{ id: number }>(
    await database.db.execute(
      sql`select id from tickets where company_id = ${companyId} and status = 'open' order by id limit ${Math.ceil(2000 / companyIds.length)}`,
    ),
  );
  openTickets.push(rows.map((row) => Number(row.id)));
}
const search = encodeURIComponent(SEARCH_WORD);

interface Route {
  key: string;
  route: string;
  as: "admin" | "agent";
  paths: string[];
  /** A scroll: paths[0] and the pages after it, followed by cursor for each login (scrollPlan). */
  scroll?: boolean;
  /** paths[k] are company k's (companyIds order): each is asked with that company's login. */
  byCompany?: string[][];
}
// An admin lists with showAll (without it only their own and unassigned tickets); an attendant as the web app does.
const list = shape.name === "A" ? "/tickets" : "/tickets?status=open";
const listRoute = shape.name === "A" ? "GET /tickets" : "GET /tickets?status=open";
const join_ = list.includes("?") ? "&" : "?";
const routes: Route[] = [
  { key: "list", route: listRoute, as: "admin", paths: [`${list}${join_}showAll=true`] },
  { key: "list", route: listRoute, as: "agent", paths: [list] },
  ...(["admin", "agent"] as const).map(
    (as): Route => ({
      key: "list-scroll",
      route: `${listRoute} (page 1, then ${SCROLL_PAGES - 1} by cursor)`,
      as,
      paths: [as === "admin" ? `${list}${join_}showAll=true` : list],
      scroll: true,
    }),
  ),
  {
    key: "search",
    route: "GET /tickets?searchParam=",
    as: "admin",
    paths: [`/tickets?showAll=true&searchParam=${search}`],
  },
  { key: "search", route: "GET /tickets?searchParam=", as: "agent", paths: [`/tickets?searchParam=${search}`] },
  {
    key: "messages",
    route: "GET /messages/{ticketId}",
    as: "admin",
    paths: [],
    byCompany: openTickets.map((ids) => ids.map((id) => `/messages/${id}`)),
  },
];

/**
 * A scroll's requests: for each login, its first page and the SCROLL_PAGES - 1 pages after it, each
 * by the previous page's nextCursor (by page number from a server that answers none). Paths and
 * tokens come in pairs of equal length, so request i sends path i with the token it was read with.
 */
async function scrollPlan(
  base: string,
  first: string,
  tokens: string[],
): Promise<{ paths: string[]; tokens: string[] }> {
  const plan = { paths: [] as string[], tokens: [] as string[] };
  for (const token of tokens) {
    let path = first;
    for (let page = 1; page <= SCROLL_PAGES; page++) {
      plan.paths.push(path);
      plan.tokens.push(token);
      const answer = await fetch(base + path, { headers: { authorization: `Bearer ${token}` } }).then(
        (response) => response.json() as Promise<{ hasMore: boolean; nextCursor?: string | null }>,
      );
      if (!answer.hasMore) break;
      path = `${first}&${answer.nextCursor ? `cursor=${answer.nextCursor}` : `pageNumber=${page + 1}`}`;
    }
  }
  return plan;
}

/** Each company's paths with its login's token, interleaved company by company, as equal-length pairs. */
function companyPairs(byCompany: string[][], tokens: string[]): { paths: string[]; tokens: string[] } {
  const plan = { paths: [] as string[], tokens: [] as string[] };
  const longest = Math.max(...byCompany.map((paths) => paths.length));
  for (let i = 0; i < longest; i++) {
    byCompany.forEach((paths, company) => {
      if (i >= paths.length) return;
      plan.paths.push(paths[i]!);
      plan.tokens.push(tokens[company]!);
    });
  }
  return plan;
}

async function measureServer(label: string, main: string, serverUrl: string): Promise<void> {
  const base = `http://127.0.0.1:${PORT}`;
  const dataDir = mkdtempSync(join(tmpdir(), "atendo-bench-tickets-"));
  const server = await startServer(main, serverUrl, base, dataDir);
  const pid = server.pid!;
  const stats = serverUrl === url ? database : await openDatabase({ url: serverUrl });
  try {
    const tokens = { admin: [] as string[], agent: [] as string[] };
    for (const c of companyIds) {
      tokens.admin.push(await login(base, logins(c).admin));
      tokens.agent.push(await login(base, logins(c).agent));
    }
    let listRps = 0;
    for (const route of routes) {
      if (!ROUTES.has(route.key)) continue;
      const requests = route.scroll
        ? await scrollPlan(base, route.paths[0]!, tokens[route.as])
        : route.byCompany
          ? companyPairs(route.byCompany, tokens[route.as])
          : { paths: route.paths, tokens: tokens[route.as] };
      const plan = { base, connections: CONNECTIONS, seconds: SECONDS, ...requests };
      // Unmeasured first: JIT, the pool's connections and their prepared statements, the plan cache.
      await runLoad({ ...plan, requests: WARMUP, seconds: 30 });
      const nodeBefore = cpuMs(pid);
      const pgBefore = await pgBackendsCpu(stats.db);
      const result = await runLoad({ ...plan, requests: 0 });
      const nodeCpu = cpuMs(pid) - nodeBefore;
      let pgCpu = 0;
      for (const [backend, cpu] of await pgBackendsCpu(stats.db)) pgCpu += cpu - (pgBefore.get(backend) ?? 0);
      const first = await fetch(base + plan.paths[0], {
        headers: { authorization: `Bearer ${plan.tokens[0]}` },
      }).then((response) => response.json() as Promise<{ count?: number }>);
      if (route.key === "list" && route.as === "admin") listRps = result.rps;
      console.log(
        JSON.stringify({
          bench: "tickets",
          server: label,
          shape: shape.name,
          route: route.route,
          as: route.as,
          connections: CONNECTIONS,
          ...result,
          nodeCpuMsPerRequest: round(nodeCpu / Math.max(1, result.requests), 3),
          pgCpuMsPerRequest: round(pgCpu / Math.max(1, result.requests), 3),
          rssMb: rssMb(pid),
          ...(route.scroll ? { pagesPerScroll: plan.paths.length / tokens[route.as].length } : {}),
          count: first.count ?? 0,
          loadavg: loadavg().map((value) => round(value)),
        }),
      );
    }
    if (SOAK_SECONDS > 0 && listRps > 0) await soak(label, base, pid, tokens.admin, Math.round(listRps / 2));
  } finally {
    server.kill("SIGTERM");
    await new Promise((done) => server.once("exit", done));
    rmSync(dataDir, { recursive: true, force: true });
    if (stats !== database) await stats.close();
  }
}

/** The admin's list at half its peak rate for SOAK_SECONDS, the server's RSS sampled every 5 s. */
async function soak(label: string, base: string, pid: number, tokens: string[], rate: number): Promise<void> {
  const samples: number[] = [rssMb(pid)];
  const sampler = setInterval(() => samples.push(rssMb(pid)), 5000);
  const result = await runLoad({
    base,
    connections: 10,
    requests: 0,
    seconds: SOAK_SECONDS,
    rate,
    paths: [`${list}${join_}showAll=true`],
    tokens,
  });
  clearInterval(sampler);
  samples.push(rssMb(pid));
  console.log(
    JSON.stringify({
      bench: "tickets-soak",
      server: label,
      shape: shape.name,
      seconds: SOAK_SECONDS,
      rate,
      ...result,
      rssFirstMb: samples[0],
      rssMaxMb: Math.max(...samples),
      rssLastMb: samples.at(-1),
      rssMb: samples,
    }),
  );
}

/**
 * The list at a steady low rate against a server something else is loading (a campaign dispatch, an
 * import), reporting the slowest request of each 5 s window: a job that blocks the event loop shows here.
 */
async function probe(base: string): Promise<void> {
  const rate = Number(process.env.TICKETS_BENCH_PROBE_RATE ?? 20);
  const token = await login(base, logins(companyIds[0]!).admin);
  const path = `${list}${join_}showAll=true`;
  const started = performance.now();
  const windows: { maxMs: number; timings: number[] }[] = [];
  const inFlight: Promise<void>[] = [];
  // The server going away (the campaign bench stops its own at the end) ends the probe early.
  let refused = 0;
  for (let i = 0; performance.now() - started < PROBE_SECONDS * 1000 && refused === 0; i++) {
    const due = started + (i * 1000) / rate;
    await sleep(Math.max(0, due - performance.now()));
    inFlight.push(
      (async () => {
        const t0 = performance.now();
        try {
          const response = await fetch(base + path, { headers: { authorization: `Bearer ${token}` } });
          await response.arrayBuffer();
        } catch {
          refused++;
          return;
        }
        const ms = performance.now() - t0;
        const window = Math.floor((t0 - started) / 5000);
        windows[window] ??= { maxMs: 0, timings: [] };
        windows[window].timings.push(ms);
        windows[window].maxMs = Math.max(windows[window].maxMs, ms);
      })(),
    );
  }
  await Promise.all(inFlight);
  const all = windows.flatMap((window) => window?.timings ?? []).sort((a, b) => a - b);
  const p99 = (timings: number[]) => round([...timings].sort((a, b) => a - b)[Math.floor(timings.length * 0.99)] ?? 0);
  console.log(
    JSON.stringify({
      bench: "tickets-probe",
      base,
      rate,
      requests: all.length,
      refused,
      seconds: round((performance.now() - started) / 1000, 1),
      p50Ms: round(all[Math.floor(all.length / 2)] ?? 0),
      p99Ms: p99(all),
      maxMs: round(all.at(-1) ?? 0),
      windowMaxMs: windows.map((window) => round(window?.maxMs ?? 0, 1)),
      windowP99Ms: windows.map((window) => p99(window?.timings ?? [])),
    }),
  );
}

if (PROBE_SECONDS > 0) {
  await probe(process.env.TICKETS_BENCH_PROBE_BASE ?? `http://127.0.0.1:${PORT}`);
} else {
  for (const server of servers) await measureServer(server.label, server.main, server.url);
}
await database.close();
