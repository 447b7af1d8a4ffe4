// The flow engine under load, for issue 12's figures: FLOW_BENCH_CUSTOMERS (1,000) simulated customers walk a
// 10-node flow at the same time, through the real server: the production build (apps/server/dist/main.js, `npm run
// build -w @atendo/server` first) started as its own process, as `npm start` runs it (routes, pg-boss jobs, simulator
// network), on the real PostgreSQL. The bench is the customers: it posts their messages to /simulator/inbound and
// reads what they get from the simulated network's table.
//   Flow: start → message → menu (2 options) → question → message → interval 1 s → randomizer → message A | B → ticket.
//   Each customer sends the campaign's phrase (the starts spread evenly over FLOW_BENCH_RAMP_SECONDS), gets the greeting and the menu, answers "1" after a think
//   time, gets the question, answers with a name after another, gets the thanks, and after the interval the last
//   message; the ticket node moves the ticket to the queue.
//   Step latency: from the customer's message (just before its POST) to the network's receipt of the first answer
//   (simulator_outbound.created_at), for the three steps outside intervals; p50, p99, max.
//   Interval accuracy: the time between the thanks and the message after the interval, minus the interval.
//   The server's RSS is read from /proc every second.
//   Where a step's time goes (flow-gaps), from the rows' own timestamps: the network's offer (simulator_inbound
//   created_at -> delivered_at), ingestion up to the step job's insert (-> pgboss created_on), the job's wait for a
//   worker (-> started_on), its run (-> completed_on), and its start to the answer on the network.
//   Whether the server worked or waited for a core (flow-run): its main thread's time on a CPU and queued for one
//   (/proc/<pid>/schedstat) over the run, as shares of the wall time; on a loaded machine the second grows.
//   What a customer message costs (flow-cost): over the run, the server's statements (counted in its process by
//   statement-count.mjs, pg-boss's included, by first word), its CPU (utime + stime) and its PostgreSQL backends' CPU
//   (the connections named flow-bench-server), each divided by the customers' messages (3 per customer), and the
//   bench's own CPU (the load generator shares the two cores).
// Prints JSON lines: { bench: "flow-steps" }, { bench: "flow-gaps" }, { bench: "flow-interval" }, { bench: "flow-run" },
// { bench: "flow-cost" }.
// Progress on stderr.
// Env: BENCH_DATABASE_URL (a scratch database, required), FLOW_BENCH_CUSTOMERS (1000), FLOW_BENCH_CONNECTIONS (4:
// the customers are spread over this many simulator connections of the company), FLOW_BENCH_RAMP_SECONDS (10: the
// customers start evenly over this; 0 starts them all at once), FLOW_BENCH_THINK_MS (2000: each answer waits a
// uniform random 0..this after the prompt arrived), FLOW_BENCH_TIMEOUT_SECONDS (300),
// FLOW_BENCH_PORT (18098), FLOW_BENCH_LOG (the server's LOG_LEVEL, "warn" unless given), FLOW_BENCH_SERVER (the built
// server file, apps/server/dist/main.js), FLOW_BENCH_NODE_ARGS (the server's node flags, space-separated; the root start script's unless given, ""
// for none; e.g. "--max-old-space-size=256 --cpu-prof --cpu-prof-dir=/tmp/prof" adds a CPU profile written when it stops).
import { type ChildProcess, spawn } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { sql } from "drizzle-orm";
import { openDatabase } from "../apps/server/src/db/client.js";
import { hashPassword } from "../apps/server/src/modules/users/passwords.js";
import { cpuMs } from "./process-cpu.js";
import { serverNodeArgs } from "./start-flags.js";

type Rows<T> = { rows: T[] };
const CUSTOMERS = Number(process.env.FLOW_BENCH_CUSTOMERS ?? 1000);
const CONNECTIONS = Number(process.env.FLOW_BENCH_CONNECTIONS ?? 4);
const THINK_MS = Number(process.env.FLOW_BENCH_THINK_MS ?? 2000);
const RAMP_S = Number(process.env.FLOW_BENCH_RAMP_SECONDS ?? 10);
const TIMEOUT_S = Number(process.env.FLOW_BENCH_TIMEOUT_SECONDS ?? 300);
const INTERVAL_S = 1;
const PHRASE = "quero atendimento";
const PASSWORD = "Bench#2026";
const url = process.env.BENCH_DATABASE_URL;
if (!url) throw new Error("set BENCH_DATABASE_URL to a scratch PostgreSQL database");

const PORT = Number(process.env.FLOW_BENCH_PORT ?? 18098);
const BASE = `http://127.0.0.1:${PORT}`;
const NODE_ARGS = serverNodeArgs(process.env.FLOW_BENCH_NODE_ARGS);
const COUNTER = new URL("./statement-count.mjs", import.meta.url).pathname;
/** The server's connections carry this name, so their backends' CPU can be told from the bench's own. */
const APPLICATION_NAME = "flow-bench-server";
const SERVER_MAIN = process.env.FLOW_BENCH_SERVER ?? new URL("../apps/server/dist/main.js", import.meta.url).pathname;
if (!existsSync(SERVER_MAIN)) throw new Error("build the server first: npm run build -w @atendo/server");

const database = await openDatabase({ url });
await database.migrate();
const { db } = database;
const dataDir = mkdtempSync(join(tmpdir(), "atendo-bench-flow-"));

const rowsOf = <T>(result: unknown) => (result as Rows<T>).rows;
const one = async <T>(query: ReturnType<typeof sql>) => rowsOf<T>(await db.execute(query))[0]!;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const round = (value: number, digits = 1) => Number(value.toFixed(digits));
const mb = (bytes: number) => Math.round(bytes / 1024 / 1024);

/** The server as `npm start` runs it, in its own process, on the scratch database. */
async function startServer(): Promise<ChildProcess> {
  const serverUrl = new URL(url!);
  serverUrl.searchParams.set("application_name", APPLICATION_NAME);
  const child = spawn(process.execPath, [...NODE_ARGS, "--import", COUNTER, "--enable-source-maps", SERVER_MAIN], {
    env: {
      PATH: process.env.PATH,
      NODE_ENV: "production",
      JWT_SECRET: "flow-bench-secret-0123456789abcdef",
      DATABASE_URL: serverUrl.toString(),
      PORT: String(PORT),
      HOST: "127.0.0.1",
      SIMULATOR: "on",
      BAILEYS: "off",
      SEED: "off",
      DATA_DIR: dataDir,
      LOG_LEVEL: process.env.FLOW_BENCH_LOG ?? "warn",
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

function serverRss(child: ChildProcess): number {
  const status = readFileSync(`/proc/${child.pid}/status`, "utf8");
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) * 1024;
}

/** The main thread's nanoseconds on a CPU and waiting in the run queue (Linux schedstat). */
function serverSchedule(child: ChildProcess): { onCpu: number; queued: number } {
  const [onCpu, queued] = readFileSync(`/proc/${child.pid}/schedstat`, "utf8").split(" ").map(Number);
  return { onCpu: onCpu ?? 0, queued: queued ?? 0 };
}

/**
 * The CPU of the server's PostgreSQL backends over the run. Sampled every second, since a pool closes idle
 * connections and a backend's figure goes with it: each backend counts from its first sample to its last.
 */
class BackendsCpu {
  private readonly first = new Map<number, number>();
  private readonly last = new Map<number, number>();

  async sample(): Promise<void> {
    const rows = rowsOf<{ pid: number }>(
      await db.execute(sql`select pid from pg_stat_activity where application_name = ${APPLICATION_NAME}`),
    );
    for (const { pid } of rows) {
      const ms = cpuMs(pid);
      if (!ms) continue;
      if (!this.first.has(pid)) this.first.set(pid, ms);
      this.last.set(pid, ms);
    }
  }

  totalMs(): number {
    let total = 0;
    for (const [pid, ms] of this.last) total += ms - this.first.get(pid)!;
    return total;
  }
}

/** The server's statements so far (statement-count.mjs writes them when asked by SIGUSR2). */
async function serverStatements(child: ChildProcess): Promise<{ total: number; byKind: Record<string, number> }> {
  const file = `/tmp/statement-count-${child.pid}.json`;
  rmSync(file, { force: true });
  child.kill("SIGUSR2");
  for (let tries = 0; tries < 100 && !existsSync(file); tries++) await sleep(20);
  await sleep(20);
  const counts = JSON.parse(readFileSync(file, "utf8"));
  rmSync(file, { force: true });
  return counts;
}

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

/** The 10-node flow (document as the builder saves it). */
function flowDocument(queueId: number) {
  const node = (id: string, type: string, data: object, x: number) => ({ id, type, data, position: { x, y: 100 } });
  const edge = (source: string, target: string, sourceHandle: string | null = null) => ({
    id: `${source}-${target}-${sourceHandle ?? ""}`,
    source,
    target,
    sourceHandle,
  });
  return {
    nodes: [
      node("1", "start", { label: "Inicio do fluxo" }, 0),
      node("hello", "message", { label: "Olá {{firstName}}, bem-vindo!" }, 200),
      node(
        "menu",
        "menu",
        {
          message: "Como posso ajudar?",
          arrayOption: [
            { number: 1, value: "Comprar" },
            { number: 2, value: "Suporte" },
          ],
        },
        400,
      ),
      node("ask", "question", { typebotIntegration: { message: "Qual é o seu nome?", answerKey: "nome" } }, 600),
      node("thanks", "message", { label: "Obrigado, {{nome}}. Um momento..." }, 800),
      node("pause", "interval", { sec: INTERVAL_S }, 1000),
      node("dice", "randomizer", { percent: 50 }, 1200),
      node("agentA", "message", { label: "A equipe A vai te atender." }, 1400),
      node("agentB", "message", { label: "A equipe B vai te atender." }, 1400),
      node("queue", "ticket", { data: { id: queueId, name: "Vendas" } }, 1600),
    ],
    connections: [
      edge("1", "hello"),
      edge("hello", "menu"),
      edge("menu", "ask", "a1"),
      edge("menu", "ask", "a2"),
      edge("ask", "thanks"),
      edge("thanks", "pause"),
      edge("pause", "dice"),
      edge("dice", "agentA", "a"),
      edge("dice", "agentB", "b"),
      edge("agentA", "queue"),
      edge("agentB", "queue"),
    ],
  };
}

/** A company with an admin, CONNECTIONS paired simulator connections, a queue, the flow and its phrase on each connection. */
async function tenant() {
  const run = Date.now().toString(36);
  const { id: companyId } = await one<{ id: number }>(
    sql`insert into companies (name, email, status, due_date)
        values (${`Bench flow ${run}`}, ${`flow-${run}@bench.dev`}, true, now() + interval '1 year') returning id`,
  );
  const email = `admin-${run}@bench.dev`;
  await db.execute(
    sql`insert into users (company_id, name, email, password_hash, profile)
        values (${companyId}, 'Admin', ${email}, ${await hashPassword(PASSWORD)}, 'admin')`,
  );
  const { id: queueId } = await one<{ id: number }>(
    sql`insert into queues (company_id, name, color) values (${companyId}, 'Vendas', '#7c4dff') returning id`,
  );
  const { id: flowId } = await one<{ id: number }>(
    sql`insert into flows (company_id, name, flow) values (${companyId}, 'Bench', ${JSON.stringify(flowDocument(queueId))}::jsonb) returning id`,
  );
  const login = await request({}, "POST", "/auth/login", { email, password: PASSWORD });
  const headers = { authorization: `Bearer ${login.token as string}` };
  const whatsappIds: number[] = [];
  for (let index = 0; index < CONNECTIONS; index++) {
    const { id } = await one<{ id: number }>(
      sql`insert into whatsapps (company_id, name, provider, status, is_default, token)
          values (${companyId}, ${`Simulador ${index + 1}`}, 'simulator', 'DISCONNECTED', ${index === 0}, ${`bench-flow-${run}-${index}`}) returning id`,
    );
    await db.execute(
      sql`insert into flow_campaigns (company_id, name, flow_id, whatsapp_id, phrase, status)
          values (${companyId}, ${`Frase ${index + 1}`}, ${flowId}, ${id}, ${PHRASE}, true)`,
    );
    await request(headers, "POST", `/whatsappsession/${id}`);
    await request({}, "POST", `/simulator/scan/${id}`);
    whatsappIds.push(id);
  }
  return { companyId, queueId, flowId, whatsappIds };
}

interface Received {
  id: number;
  to: string;
  body: string;
  at: number;
}

/**
 * What the network delivered to each customer, read in one query every 20 ms. Rows commit out of id order (several
 * senders at once), so each read starts after the highest id below which every row has been seen (`floor`); a
 * missing id (a rolled-back insert leaves one) holds the floor for at most GAP_MS. Reading only the rows not yet
 * seen keeps the bench's own share of the two cores small (it re-read the last 2,000 rows every 20 ms before).
 */
const GAP_MS = 10_000;
class Network {
  private readonly seen = new Set<number>();
  private readonly gapSince = new Map<number, number>();
  private readonly inbox = new Map<string, Received[]>();
  private readonly waiting = new Map<string, { count: number; resolve: () => void }>();
  private stopped = false;
  readonly done: Promise<void>;

  /** `floor`: the network's highest id before the run (earlier runs' rows, other connections'). */
  constructor(
    private readonly whatsappIds: number[],
    private floor: number,
  ) {
    this.done = this.loop();
  }

  private async loop(): Promise<void> {
    const ids = `{${this.whatsappIds.join(",")}}`;
    while (!this.stopped) {
      const rows = rowsOf<Received>(
        await db.execute(
          sql`select id, "to", body, (extract(epoch from created_at) * 1000)::float8 as at from simulator_outbound
              where whatsapp_id = any(${ids}::int[]) and id > ${this.floor} order by id`,
        ),
      );
      for (const row of rows) {
        if (this.seen.has(row.id)) continue;
        this.seen.add(row.id);
        const list = this.inbox.get(row.to) ?? [];
        list.push(row);
        this.inbox.set(row.to, list);
        const waiter = this.waiting.get(row.to);
        if (waiter && list.length >= waiter.count) {
          this.waiting.delete(row.to);
          waiter.resolve();
        }
      }
      this.raiseFloor(rows.at(-1)?.id ?? this.floor);
      await sleep(20);
    }
  }

  /** Moves the floor over every id seen, and over a missing one GAP_MS after it was first missed (it will not commit). */
  private raiseFloor(highest: number): void {
    const now = Date.now();
    for (let id = this.floor + 1; id <= highest; id++)
      if (!this.seen.has(id) && !this.gapSince.has(id)) this.gapSince.set(id, now);
    while (this.floor < highest) {
      const next = this.floor + 1;
      if (!this.seen.has(next) && now - this.gapSince.get(next)! < GAP_MS) return;
      this.seen.delete(next);
      this.gapSince.delete(next);
      this.floor = next;
    }
  }

  received(to: string): Received[] {
    return this.inbox.get(to) ?? [];
  }

  /** Resolves once `to` has received `count` messages in all. */
  async until(to: string, count: number): Promise<Received[]> {
    if (this.received(to).length < count) {
      await new Promise<void>((resolve) => this.waiting.set(to, { count, resolve }));
    }
    return this.received(to);
  }

  stop(): void {
    this.stopped = true;
  }
}

const percentile = (sorted: number[], p: number) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]! : Number.NaN;
const summary = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return {
    count: sorted.length,
    p50: round(percentile(sorted, 50)),
    p99: round(percentile(sorted, 99)),
    max: round(sorted.at(-1) ?? Number.NaN),
  };
};
const think = () => sleep(Math.random() * THINK_MS);

const server = await startServer();
const rss: number[] = [];
const sampler = setInterval(() => rss.push(serverRss(server)), 1000);
rss.push(serverRss(server));

try {
  const setup = await tenant();
  const { floor } = await one<{ floor: number }>(
    sql`select coalesce(max(id), 0)::int as floor from simulator_outbound`,
  );
  const network = new Network(setup.whatsappIds, floor);
  const steps: Record<"phrase" | "menu" | "question", number[]> = { phrase: [], menu: [], question: [] };
  const intervals: number[] = [];
  let finished = 0;
  const failures: string[] = [];

  const send = async (whatsappId: number, from: string, name: string, body: string) => {
    const sentAt = Date.now();
    await request({}, "POST", "/simulator/inbound", { whatsappId, from, name, body });
    return sentAt;
  };

  async function customer(index: number) {
    const whatsappId = setup.whatsappIds[index % setup.whatsappIds.length]!;
    const from = `55119${String(70_000_000 + index)}`;
    const name = `Cliente${index} Bench`;
    await sleep((index / CUSTOMERS) * RAMP_S * 1000);
    let sentAt = await send(whatsappId, from, name, PHRASE);
    let got = await network.until(from, 2);
    steps.phrase.push(got[0]!.at - sentAt);
    await think();
    sentAt = await send(whatsappId, from, name, "1");
    got = await network.until(from, 3);
    steps.menu.push(got[2]!.at - sentAt);
    await think();
    sentAt = await send(whatsappId, from, name, `Nome${index}`);
    got = await network.until(from, 5);
    steps.question.push(got[3]!.at - sentAt);
    intervals.push(got[4]!.at - got[3]!.at - INTERVAL_S * 1000);
    if (got[3]!.body !== `Obrigado, Nome${index}. Um momento...`) failures.push(`${from}: ${got[3]!.body}`);
    finished++;
  }

  // How many runs are active at once (sampled every second): the concurrency the figures were measured at.
  let peakActiveRuns = 0;
  const activeSampler = setInterval(() => {
    void one<{ n: number }>(
      sql`select count(*)::int as n from flow_runs where company_id = ${setup.companyId} and status = 'active'`,
    ).then(({ n }) => {
      peakActiveRuns = Math.max(peakActiveRuns, n);
    });
  }, 1000);
  const backends = new BackendsCpu();
  await backends.sample();
  const statementsBefore = await serverStatements(server);
  const cpuBefore = cpuMs(server.pid!);
  const benchCpuBefore = process.cpuUsage();
  const backendSampler = setInterval(() => void backends.sample(), 1000);
  const started = Date.now();
  const scheduleBefore = serverSchedule(server);
  const progress = setInterval(() => {
    console.error(
      `[flow] ${((Date.now() - started) / 1000).toFixed(0)} s: ${finished}/${CUSTOMERS} customers done, server rss ${mb(serverRss(server))} MB`,
    );
  }, 10_000);
  const all = Promise.all(Array.from({ length: CUSTOMERS }, (_, index) => customer(index)));
  // The bound's timer is cleared once the customers finish: left pending, it kept the process alive for its 300 s.
  let bound: NodeJS.Timeout | undefined;
  const timedOut = await Promise.race([
    all.then(() => false),
    new Promise<boolean>((resolve) => {
      bound = setTimeout(() => resolve(true), TIMEOUT_S * 1000);
    }),
  ]);
  clearTimeout(bound);
  clearInterval(progress);
  clearInterval(activeSampler);
  const wallSeconds = (Date.now() - started) / 1000;
  const scheduleAfter = serverSchedule(server);
  const cpuAfter = cpuMs(server.pid!);
  const benchCpu = process.cpuUsage(benchCpuBefore);
  clearInterval(backendSampler);
  await backends.sample();
  const statementsAfter = await serverStatements(server);
  // Let late duplicates, if any, arrive before counting.
  await sleep(1500);
  network.stop();
  await network.done;

  const counts = await one<{
    outbound: number;
    runsEnded: number;
    runsActive: number;
    moved: number;
    reasons: unknown;
  }>(
    sql`select (select count(*)::int from simulator_outbound where whatsapp_id = any(${`{${setup.whatsappIds.join(",")}}`}::int[])) as outbound,
               (select count(*)::int from flow_runs where company_id = ${setup.companyId} and status = 'ended' and ended_reason = 'ticket') as "runsEnded",
               (select count(*)::int from flow_runs where company_id = ${setup.companyId} and status = 'active') as "runsActive",
               (select count(*)::int from tickets where company_id = ${setup.companyId} and queue_id = ${setup.queueId}) as moved,
               (select json_object_agg(coalesce(ended_reason, status), n) from (select ended_reason, status, count(*)::int as n from flow_runs where company_id = ${setup.companyId} group by 1, 2) r) as reasons`,
  );
  // Each customer message's path, in milliseconds between the timestamps its rows kept (see the header).
  const gaps = await one<Record<string, unknown>>(
    sql`with path as (
          select extract(epoch from si.delivered_at - si.created_at) * 1000 as offered,
                 extract(epoch from job.created_on - si.delivered_at) * 1000 as ingested,
                 extract(epoch from job.started_on - job.created_on) * 1000 as waited,
                 extract(epoch from job.completed_on - job.started_on) * 1000 as ran,
                 extract(epoch from (select min(so.created_at) from simulator_outbound so
                   where so.whatsapp_id = si.whatsapp_id and so."to" = si.payload->>'from' and so.created_at >= si.created_at)
                   - job.started_on) * 1000 as answered
          from simulator_inbound si
          join messages m on m.whatsapp_id = si.whatsapp_id and m.provider_id = si.provider_id and not m.from_me
          join pgboss.job job on job.name = 'automation.inbound-step' and (job.data->>'messageId')::int = m.id
          where si.whatsapp_id = any(${`{${setup.whatsappIds.join(",")}}`}::int[]))
        select count(*)::int as count,
          ${sql.raw(
            ["offered", "ingested", "waited", "ran", "answered"]
              .map(
                (gap) =>
                  `json_build_object('p50', round(percentile_cont(0.5) within group (order by ${gap})::numeric, 1), 'p99', round(percentile_cont(0.99) within group (order by ${gap})::numeric, 1)) as "${gap}Ms"`,
              )
              .join(", "),
          )}
        from path`,
  );
  const outside = [...steps.phrase, ...steps.menu, ...steps.question];
  console.log(
    JSON.stringify({
      bench: "flow-steps",
      customers: CUSTOMERS,
      connections: CONNECTIONS,
      thinkMs: THINK_MS,
      rampSeconds: RAMP_S,
      allMs: summary(outside),
      phraseMs: summary(steps.phrase),
      menuAnswerMs: summary(steps.menu),
      questionAnswerMs: summary(steps.question),
      targetP99Ms: 100,
    }),
  );
  console.log(JSON.stringify({ bench: "flow-gaps", ...gaps }));
  console.log(
    JSON.stringify({
      bench: "flow-interval",
      intervalSeconds: INTERVAL_S,
      lateMs: summary(intervals),
      earliestMs: round(Math.min(...intervals)),
    }),
  );
  const samples = rss.length ? rss : [serverRss(server)];
  console.log(
    JSON.stringify({
      bench: "flow-run",
      timedOut,
      wallSeconds: round(wallSeconds),
      finished,
      peakActiveRuns,
      outbound: counts.outbound,
      expectedOutbound: CUSTOMERS * 5,
      runsEndedAtTicket: counts.runsEnded,
      runsActive: counts.runsActive,
      ticketsMoved: counts.moved,
      runReasons: counts.reasons,
      wrongTexts: failures.slice(0, 5),
      rssMinMb: mb(Math.min(...samples)),
      rssMaxMb: mb(Math.max(...samples)),
      rssLastMb: mb(serverRss(server)),
      serverOnCpuShare: round((scheduleAfter.onCpu - scheduleBefore.onCpu) / 1e9 / wallSeconds, 2),
      serverQueuedForCpuShare: round((scheduleAfter.queued - scheduleBefore.queued) / 1e9 / wallSeconds, 2),
      loadAverage: readFileSync("/proc/loadavg", "utf8").split(" ").slice(0, 3).map(Number),
    }),
  );
  // The run's customer messages: three each (the phrase, the menu's answer, the question's answer).
  const customerMessages = finished * 3;
  const perMessage = (value: number) => round(value / customerMessages, 2);
  const byKind = Object.fromEntries(
    Object.entries(statementsAfter.byKind).map(([kind, n]) => [
      kind,
      perMessage(n - (statementsBefore.byKind[kind] ?? 0)),
    ]),
  );
  console.log(
    JSON.stringify({
      bench: "flow-cost",
      customerMessages,
      statementsPerCustomerMessage: perMessage(statementsAfter.total - statementsBefore.total),
      statementsByKind: byKind,
      nodeCpuMsPerCustomerMessage: perMessage(cpuAfter - cpuBefore),
      pgCpuMsPerCustomerMessage: perMessage(backends.totalMs()),
      benchCpuMsPerCustomerMessage: perMessage((benchCpu.user + benchCpu.system) / 1000),
      loadAverage: readFileSync("/proc/loadavg", "utf8").split(" ").slice(0, 3).map(Number),
    }),
  );
} finally {
  clearInterval(sampler);
  server.kill("SIGTERM");
  await new Promise((resolve) => server.once("exit", resolve));
  await database.close();
  rmSync(dataDir, { recursive: true, force: true });
}
