// Campaign planning and dispatch through the real server: the production build (apps/server/dist/main.js,
// `npm run build` first) started as its own process, as `npm start` runs it (routes, pg-boss jobs, simulator
// network), on the real PostgreSQL, for issue 11's figures. The bench drives it over HTTP and reads the
// database for its counts; the server's RSS is read from /proc every second, so the bench's own memory is
// not in the figure.
//   1. Throughput: a company with a paired simulator connection, campaign intervals 0, and a contact list of
//      CAMPAIGN_BENCH_RECIPIENTS items (seeded set-based, untimed). POST /campaigns with scheduledAt now, then:
//      planning = start call -> every shipping row visible (includes the start job's pickup, JOB_POLL_SECONDS);
//      dispatch = rows visible -> FINALIZADA, delivered rows per second, and the simulator's received count.
//   2. Pacing: another company, messageInterval CAMPAIGN_BENCH_PACING_INTERVAL (5 s), CAMPAIGN_BENCH_PACING_RECIPIENTS
//      (6) recipients; the gaps between the simulator's received times and their largest deviation.
// Prints JSON lines: { bench: "campaigns-plan" }, { bench: "campaigns-dispatch" }, { bench: "campaigns-pacing" }.
// Progress goes to stderr every 10 s.
// Env: BENCH_DATABASE_URL (a scratch database, required), CAMPAIGN_BENCH_RECIPIENTS (100000),
// CAMPAIGN_BENCH_TIMEOUT_SECONDS (600, bounds the dispatch wait), CAMPAIGN_BENCH_PACING_RECIPIENTS (6),
// CAMPAIGN_BENCH_PACING_INTERVAL (5), CAMPAIGN_BENCH_SKIP (throughput|pacing: leave one part out),
// CAMPAIGN_BENCH_PORT (18099), CAMPAIGN_BENCH_LOG (the server's LOG_LEVEL, "warn" unless given),
// CAMPAIGN_BENCH_SERVER (the built server to start, e.g. one made with SERVER_OUT; apps/server/dist/main.js unless given),
// CAMPAIGN_BENCH_NODE_ARGS (the server's node flags, space-separated; the root package.json's `start` flags unless
// given, so the heap cap measured is the one `npm start` sets; "" runs without them, as a build before the cap).
import { type ChildProcess, spawn } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { performance } from "node:perf_hooks";
import { sql } from "drizzle-orm";
import { openDatabase } from "../apps/server/src/db/client.js";
import { hashPassword } from "../apps/server/src/modules/users/passwords.js";
import { serverNodeArgs } from "./start-flags.js";

type Rows<T> = { rows: T[] };
const RECIPIENTS = Number(process.env.CAMPAIGN_BENCH_RECIPIENTS ?? 100_000);
const TIMEOUT_S = Number(process.env.CAMPAIGN_BENCH_TIMEOUT_SECONDS ?? 600);
const PACING_RECIPIENTS = Number(process.env.CAMPAIGN_BENCH_PACING_RECIPIENTS ?? 6);
const PACING_INTERVAL = Number(process.env.CAMPAIGN_BENCH_PACING_INTERVAL ?? 5);
const SKIP = process.env.CAMPAIGN_BENCH_SKIP ?? "";
const PASSWORD = "Bench#2026";
const url = process.env.BENCH_DATABASE_URL;
if (!url) throw new Error("set BENCH_DATABASE_URL to a scratch PostgreSQL database");

const PORT = Number(process.env.CAMPAIGN_BENCH_PORT ?? 18099);
const BASE = `http://127.0.0.1:${PORT}`;
const SERVER_MAIN =
  process.env.CAMPAIGN_BENCH_SERVER ?? new URL("../apps/server/dist/main.js", import.meta.url).pathname;
if (!existsSync(SERVER_MAIN)) throw new Error(`no built server at ${SERVER_MAIN}: npm run build (or SERVER_OUT=...)`);
const NODE_ARGS = serverNodeArgs(process.env.CAMPAIGN_BENCH_NODE_ARGS);

const database = await openDatabase({ url });
await database.migrate();
const { db } = database;
const dataDir = mkdtempSync(join(tmpdir(), "atendo-bench-campaigns-"));

/** The server as `npm start` runs it, in its own process, on the scratch database. */
async function startServer(): Promise<ChildProcess> {
  const child = spawn(process.execPath, [...NODE_ARGS, SERVER_MAIN], {
    env: {
      PATH: process.env.PATH,
      NODE_ENV: "production",
      JWT_SECRET: "campaign-bench-secret-0123456789",
      DATABASE_URL: url,
      PORT: String(PORT),
      HOST: "127.0.0.1",
      SIMULATOR: "on",
      BAILEYS: "off",
      DATA_DIR: dataDir,
      LOG_LEVEL: process.env.CAMPAIGN_BENCH_LOG ?? "warn",
      LOGIN_RATE_LIMIT: "1000",
    },
    stdio: ["ignore", "inherit", "inherit"],
  });
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    const up = await fetch(`${BASE}/health`).then(
      (response) => response.ok,
      () => false,
    );
    if (up) return child;
    if (Date.now() > deadline) throw new Error("server did not answer /health within 60 s");
    await sleep(200);
  }
}

/** The server process's resident set, from the kernel. */
function serverRss(child: ChildProcess): number {
  const status = readFileSync(`/proc/${child.pid}/status`, "utf8");
  const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
  return kb * 1024;
}

const rowsOf = <T>(result: unknown) => (result as Rows<T>).rows;
const one = async <T>(query: ReturnType<typeof sql>) => rowsOf<T>(await db.execute(query))[0]!;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const round = (value: number, digits = 2) => Number(value.toFixed(digits));
const mb = (bytes: number) => Math.round(bytes / 1024 / 1024);

async function request(headers: Record<string, string>, method: "GET" | "POST", path: string, payload?: object) {
  const response = await fetch(`${BASE}${path}`, {
    method,
    headers: { ...headers, ...(payload ? { "content-type": "application/json" } : {}) },
    ...(payload ? { body: JSON.stringify(payload) } : {}),
  });
  const body = await response.text();
  if (response.status !== 200) throw new Error(`${method} ${path}: ${response.status} ${body}`);
  return JSON.parse(body) as Record<string, unknown>;
}

/** A company with an admin (logged in), a paired simulator connection and the given campaign intervals. */
async function tenant(tag: string, messageInterval: number) {
  const run = `${tag}-${Date.now().toString(36)}`;
  // Campaigns need a plan with the campaigns flag (the plans table's defaults have every flag on).
  const { id: planId } = await one<{ id: number }>(
    sql`insert into plans (name) values (${`Bench campaigns ${run}`}) returning id`,
  );
  const { id: companyId } = await one<{ id: number }>(
    sql`insert into companies (name, email, status, due_date, plan_id)
        values (${`Bench campaigns ${run}`}, ${`campaigns-${run}@bench.dev`}, true, now() + interval '1 year', ${planId}) returning id`,
  );
  const email = `admin-${run}@bench.dev`;
  await db.execute(
    sql`insert into users (company_id, name, email, password_hash, profile)
        values (${companyId}, 'Admin', ${email}, ${await hashPassword(PASSWORD)}, 'admin')`,
  );
  const { id: whatsappId } = await one<{ id: number }>(
    sql`insert into whatsapps (company_id, name, provider, status, is_default, token)
        values (${companyId}, 'Simulador', 'simulator', 'DISCONNECTED', true, ${`bench-${run}`}) returning id`,
  );
  const login = await request({}, "POST", "/auth/login", { email, password: PASSWORD });
  const headers = { authorization: `Bearer ${login.token as string}` };
  await request(headers, "POST", `/whatsappsession/${whatsappId}`);
  await request({}, "POST", `/simulator/scan/${whatsappId}`);
  await request(headers, "POST", "/campaign-settings", {
    settings: { messageInterval, longerIntervalAfter: 0, greaterInterval: 0 },
  });
  return { companyId, whatsappId, headers };
}

/** A contact list of `size` valid numbers, one set-based statement. */
async function contactList(companyId: number, size: number, base: number) {
  const { id } = await one<{ id: number }>(
    sql`insert into contact_lists (company_id, name) values (${companyId}, ${`Lista ${size}`}) returning id`,
  );
  await db.execute(
    sql`insert into contact_list_items (company_id, contact_list_id, name, number, email, is_whatsapp_valid)
        select ${companyId}, ${id}, 'Cliente' || i || ' Silva', (${base}::bigint + i)::text, '', true
        from generate_series(1, ${size}) i`,
  );
  return id;
}

const counts = (companyId: number, campaignId: number, whatsappId: number) =>
  one<{ planned: number; delivered: number; failed: number; received: number; status: string }>(
    sql`select (select count(*)::int from campaign_shippings where company_id = ${companyId} and campaign_id = ${campaignId}) as planned,
               (select count(*)::int from campaign_shippings where company_id = ${companyId} and campaign_id = ${campaignId} and delivered_at is not null) as delivered,
               (select count(*)::int from campaign_shippings where company_id = ${companyId} and campaign_id = ${campaignId} and failed_at is not null) as failed,
               (select count(*)::int from simulator_outbound where whatsapp_id = ${whatsappId}) as received,
               (select status from campaigns where id = ${campaignId}) as status`,
  );

/**
 * What the dispatch wait polls, once a second: the rows still to send (read through the partial
 * due index, so the poll gets cheaper as the campaign advances) and the status. Counting the
 * delivered rows instead scans every row each time: at 100,000 rows, four polls a second of that
 * took CPU from the server being measured.
 */
const remaining = (companyId: number, campaignId: number) =>
  one<{ left: number; status: string }>(
    sql`select (select count(*)::int from campaign_shippings
                where company_id = ${companyId} and campaign_id = ${campaignId}
                  and delivered_at is null and failed_at is null) as "left",
               (select status from campaigns where id = ${campaignId}) as status`,
  );

async function startCampaign(headers: Record<string, string>, whatsappId: number, contactListId: number) {
  const campaign = await request(headers, "POST", "/campaigns", {
    name: `Bench ${Date.now()}`,
    message1: "Olá {{firstName}}, temos uma oferta para você",
    message2: "Oi {{name}}, confira a novidade",
    whatsappId,
    contactListId,
    scheduledAt: new Date().toISOString(),
  });
  if (campaign.status !== "PROGRAMADA") throw new Error(`campaign not PROGRAMADA: ${campaign.status}`);
  return Number(campaign.id);
}

const server = await startServer();
// The server's RSS every second over the whole run.
const rss: number[] = [];
const sample = () => rss.push(serverRss(server));
const sampler = setInterval(sample, 1000);
sample();

async function throughput() {
  const { companyId, whatsappId, headers } = await tenant("throughput", 0);
  const seedStarted = performance.now();
  const listId = await contactList(companyId, RECIPIENTS, 5511900000000);
  const seedSeconds = (performance.now() - seedStarted) / 1000;
  const rssBefore = serverRss(server);

  const t0 = performance.now();
  const campaignId = await startCampaign(headers, whatsappId, listId);
  const createMs = performance.now() - t0;
  let now = await counts(companyId, campaignId, whatsappId);
  while (now.planned < RECIPIENTS && performance.now() - t0 < TIMEOUT_S * 1000) {
    await sleep(50);
    now = await counts(companyId, campaignId, whatsappId);
  }
  const planned = performance.now();
  // When pg-boss took the start job and how long its handler (the planning transaction) ran.
  const job = await one<{ waitedS: number | null; ranS: number | null }>(
    sql`select extract(epoch from started_on - created_on)::float as "waitedS",
               extract(epoch from completed_on - started_on)::float as "ranS"
        from pgboss.job where name = 'campaigns.start' and data->>'campaignId' = ${String(campaignId)}
        order by created_on desc limit 1`,
  ).catch(() => ({ waitedS: null, ranS: null }));
  console.log(
    JSON.stringify({
      bench: "campaigns-plan",
      recipients: RECIPIENTS,
      planned: now.planned,
      seedSeconds: round(seedSeconds),
      createMs: round(createMs, 1),
      planSeconds: round((planned - t0) / 1000),
      startJobWaitedSeconds: job.waitedS === null ? null : round(job.waitedS),
      startJobRanSeconds: job.ranS === null ? null : round(job.ranS),
      targetSeconds: 10,
    }),
  );

  let lastLog = performance.now();
  // The longest time the count of rows left stood still (a dispatch run waiting for its successor, say).
  let lastChange = performance.now();
  let progress = await remaining(companyId, campaignId);
  let lastLeft = progress.left;
  let longestStall = 0;
  while (progress.status !== "FINALIZADA" && performance.now() - planned < TIMEOUT_S * 1000) {
    await sleep(1000);
    progress = await remaining(companyId, campaignId);
    if (progress.left !== lastLeft) {
      longestStall = Math.max(longestStall, performance.now() - lastChange);
      lastChange = performance.now();
      lastLeft = progress.left;
    }
    if (performance.now() - lastLog >= 10_000) {
      lastLog = performance.now();
      const seconds = (lastLog - planned) / 1000;
      const sent = now.planned - progress.left;
      console.error(
        `[campaigns] ${seconds.toFixed(0)} s: sent ${sent}, ${Math.round(sent / seconds)} msg/s, server rss ${mb(serverRss(server))} MB`,
      );
    }
  }
  const done = performance.now();
  now = await counts(companyId, campaignId, whatsappId);
  const seconds = (done - planned) / 1000;
  // The network's own view: first to last message it received.
  const network = await one<{ spanS: number | null }>(
    sql`select extract(epoch from max(created_at) - min(created_at))::float as "spanS"
        from simulator_outbound where whatsapp_id = ${whatsappId}`,
  );
  const samples = rss.slice();
  console.log(
    JSON.stringify({
      bench: "campaigns-dispatch",
      recipients: RECIPIENTS,
      status: now.status,
      timedOut: now.status !== "FINALIZADA",
      delivered: now.delivered,
      failed: now.failed,
      simulatorReceived: now.received,
      seconds: round(seconds),
      msgPerSec: Math.round(now.delivered / seconds),
      longestStallSeconds: round(longestStall / 1000),
      simulatorMsgPerSec: network.spanS ? Math.round(now.received / network.spanS) : null,
      targetMsgPerSec: 500,
      rssBeforeMb: mb(rssBefore),
      rssMinMb: mb(Math.min(...samples)),
      rssMaxMb: mb(Math.max(...samples)),
      rssLastMb: mb(serverRss(server)),
      rssSamples: samples.length,
      targetRssMb: 400,
    }),
  );
}

async function pacing() {
  const { companyId, whatsappId, headers } = await tenant("pacing", PACING_INTERVAL);
  const listId = await contactList(companyId, PACING_RECIPIENTS, 5521900000000);
  const campaignId = await startCampaign(headers, whatsappId, listId);
  const limit = performance.now() + (PACING_RECIPIENTS * PACING_INTERVAL + 60) * 1000;
  let now = await counts(companyId, campaignId, whatsappId);
  while (now.status !== "FINALIZADA" && performance.now() < limit) {
    await sleep(250);
    now = await counts(companyId, campaignId, whatsappId);
  }
  const received = rowsOf<{ at: number }>(
    await db.execute(
      sql`select extract(epoch from created_at)::float as at from simulator_outbound
          where whatsapp_id = ${whatsappId} order by created_at, id`,
    ),
  ).map((row) => Number(row.at));
  const gaps = received.slice(1).map((at, k) => round(at - received[k]!, 3));
  const maxDeviation = gaps.length ? Math.max(...gaps.map((gap) => Math.abs(gap - PACING_INTERVAL))) : null;
  console.log(
    JSON.stringify({
      bench: "campaigns-pacing",
      recipients: PACING_RECIPIENTS,
      intervalSeconds: PACING_INTERVAL,
      status: now.status,
      received: received.length,
      gapsSeconds: gaps,
      maxDeviationSeconds: maxDeviation === null ? null : round(maxDeviation, 3),
      targetDeviationSeconds: 0.5,
    }),
  );
}

try {
  if (SKIP !== "throughput") await throughput();
  if (SKIP !== "pacing") await pacing();
} finally {
  clearInterval(sampler);
  server.kill("SIGTERM");
  await new Promise((resolve) => server.once("exit", resolve));
  await database.close();
  rmSync(dataDir, { recursive: true, force: true });
}
