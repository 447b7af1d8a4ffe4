import { type ChildProcess, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { sql } from "drizzle-orm";
import pg from "pg";
import { afterAll, describe, expect, inject, it } from "vitest";
import { type DatabaseHandle, openDatabase } from "../src/db/client.js";
import { copyTemplateDatabase } from "./harness.js";

/**
 * Crash safety of inbound messages: the real server runs as a child process,
 * is SIGKILLed in the middle of 2,000 simulator messages and restarted on the
 * same database; after the simulator redelivers (and the customers resend what
 * the dead server refused), every message is stored exactly once. And a message
 * committed just before a SIGKILL still gets its automation (the chatbot) once,
 * from the next process.
 */

const ROOT = fileURLToPath(new URL("../../..", import.meta.url));
const TOTAL = 2000;
const CUSTOMERS = 200;
const IN_FLIGHT = 20;
const KILL_AFTER = TOTAL / 2;
const RECOVERY_LIMIT_MS = 150_000;
const WHATSAPP_ID = 1; // the demo seed's "Simulador"
const ADMIN = { email: "admin@atendo.dev", password: "Atendo#2026" };

interface Outgoing {
  /** Chosen by the phone, as on WhatsApp: a resend reuses it. */
  id: string;
  from: string;
  name: string;
  body: string;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      const port = typeof address === "object" && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

/** Where both server processes keep their data: a copy of the template database, or a PGlite directory. */
async function sharedDatabase() {
  const target = inject("testDatabase");
  if (!target) {
    const dataDir = mkdtempSync(join(tmpdir(), "atendo-crash-"));
    return {
      env: { DATA_DIR: dataDir } as Record<string, string>,
      /** PGlite holds one process at a time: open only while no server runs. */
      exclusive: true,
      open: () => openDatabase({ dataDir }),
      drop: async () => rmSync(dataDir, { recursive: true, force: true }),
    };
  }
  const { url, drop } = await copyTemplateDatabase(target, "crash_");
  return {
    env: { DATABASE_URL: url } as Record<string, string>,
    exclusive: false,
    open: () => openDatabase({ url }),
    drop,
  };
}

/** One server process: `node --import tsx apps/server/src/main.ts`, as production starts it. */
class ServerProcess {
  readonly output: string[] = [];
  private exited: Promise<void>;
  private alive = true;

  private constructor(
    readonly child: ChildProcess,
    readonly base: string,
  ) {
    this.exited = new Promise((resolve) =>
      child.once("exit", (code, signal) => {
        this.alive = false;
        this.output.push(`[exit code=${code} signal=${signal}]`);
        resolve();
      }),
    );
    const keep = (chunk: Buffer) => {
      this.output.push(chunk.toString());
      if (this.output.length > 200) this.output.splice(0, this.output.length - 200);
    };
    child.stdout?.on("data", keep);
    child.stderr?.on("data", keep);
  }

  static async start(databaseEnv: Record<string, string>): Promise<ServerProcess> {
    const port = await freePort();
    const env: NodeJS.ProcessEnv = { ...process.env };
    delete env.DATABASE_URL;
    delete env.DATA_DIR;
    const child = spawn(process.execPath, ["--import", "tsx", "apps/server/src/main.ts"], {
      cwd: ROOT,
      env: {
        ...env,
        NODE_ENV: "test",
        PORT: String(port),
        HOST: "127.0.0.1",
        SEED: "on",
        SIMULATOR: "on",
        BAILEYS: "off",
        LOG_LEVEL: "warn",
        LOGIN_RATE_LIMIT: "1000",
        LOGIN_IP_RATE_LIMIT: "100000",
        ...databaseEnv,
      },
      stdio: ["ignore", "pipe", "pipe"],
    });
    const server = new ServerProcess(child, `http://127.0.0.1:${port}`);
    await server.waitHealthy();
    return server;
  }

  get running(): boolean {
    return this.alive;
  }

  private async waitHealthy(): Promise<void> {
    const deadline = Date.now() + 60_000;
    while (Date.now() < deadline) {
      if (!this.alive) throw new Error(`server exited while starting:\n${this.output.join("")}`);
      try {
        const response = await fetch(`${this.base}/health`, { signal: AbortSignal.timeout(2000) });
        if (response.ok) return;
      } catch {
        // not listening yet
      }
      await sleep(200);
    }
    throw new Error(`server not healthy after 60 s:\n${this.output.join("")}`);
  }

  async request(method: string, path: string, body?: unknown, token?: string): Promise<Response> {
    return fetch(`${this.base}${path}`, {
      method,
      headers: {
        ...(body === undefined ? {} : { "content-type": "application/json" }),
        ...(token ? { authorization: `Bearer ${token}` } : {}),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
      // Generous: a request that times out on a live server is as ambiguous as one cut by the kill.
      signal: AbortSignal.timeout(60_000),
    });
  }

  /** Pairs the simulator connection only when it shows a QR code; waits until CONNECTED. */
  async ensureConnected(): Promise<{ paired: boolean }> {
    const login = await this.request("POST", "/auth/login", ADMIN);
    if (login.status !== 200) throw new Error(`login failed: ${login.status} ${await login.text()}`);
    const { token } = (await login.json()) as { token: string };
    let paired = false;
    const deadline = Date.now() + 30_000;
    while (Date.now() < deadline) {
      const response = await this.request("GET", `/whatsapp/${WHATSAPP_ID}`, undefined, token);
      const { status } = (await response.json()) as { status: string };
      if (status === "CONNECTED") return { paired };
      if (status === "qrcode" && !paired) {
        const scan = await this.request("POST", `/simulator/scan/${WHATSAPP_ID}`);
        if (scan.status !== 200) throw new Error(`scan failed: ${scan.status} ${await scan.text()}`);
        paired = true;
      }
      await sleep(100);
    }
    throw new Error("the simulator connection did not reach CONNECTED");
  }

  kill(signal: NodeJS.Signals): Promise<void> {
    if (this.alive) this.child.kill(signal);
    return this.exited;
  }
}

/** Sends messages, IN_FLIGHT at a time, until none is left or `isDead` (the server was killed). */
async function sendAll(
  server: ServerProcess,
  pending: Outgoing[],
  onAccepted: (message: Outgoing) => void,
  isDead: () => boolean = () => false,
): Promise<{ accepted: Outgoing[]; rejected: Outgoing[]; refused: string[] }> {
  const accepted: Outgoing[] = [];
  const rejected: Outgoing[] = [];
  const refused: string[] = [];
  const worker = async () => {
    for (;;) {
      if (isDead()) return;
      const message = pending.shift();
      if (!message) return;
      try {
        const response = await server.request("POST", "/simulator/inbound", { whatsappId: WHATSAPP_ID, ...message });
        const answer = response.status === 200 ? ((await response.json()) as { id?: string }) : undefined;
        if (answer?.id) {
          accepted.push(message);
          onAccepted(message);
        } else {
          // The server answered, and said no: not a crash, a bug.
          refused.push(`${message.body}: ${response.status}`);
          rejected.push(message);
        }
      } catch {
        // No answer: the server died with this request in flight.
        rejected.push(message);
      }
    }
  };
  await Promise.all(Array.from({ length: IN_FLIGHT }, worker));
  return { accepted, rejected, refused };
}

interface Snapshot {
  stored: number;
  distinct: number;
  duplicates: { body: string; copies: number }[];
  unexpected: number;
  unacked: number;
}

async function snapshot(handle: DatabaseHandle, prefix: string): Promise<Snapshot> {
  const { db } = handle;
  const like = `${prefix}%`;
  const rows = <T>(result: unknown) => (result as { rows: T[] }).rows;
  const [counts] = rows<{ stored: number; distinct: number }>(
    await db.execute(
      sql`select count(*)::int as stored, count(distinct body)::int as distinct from messages
          where whatsapp_id = ${WHATSAPP_ID} and from_me = false and body like ${like}`,
    ),
  );
  const duplicates = rows<{ body: string; copies: number }>(
    await db.execute(
      sql`select body, count(*)::int as copies from messages
          where whatsapp_id = ${WHATSAPP_ID} and from_me = false
          group by body having count(*) > 1 order by body limit 20`,
    ),
  );
  // Stored inbound messages the simulated network never held: the demo seed's own waiting
  // messages came through the network, so they are not counted; anything else would be invented.
  const [others] = rows<{ unexpected: number }>(
    await db.execute(
      sql`select count(*)::int as unexpected from messages m
          where m.from_me = false and m.body not like ${like}
            and not exists (select 1 from simulator_inbound s
                            where s.whatsapp_id = m.whatsapp_id and s.provider_id = m.provider_id)`,
    ),
  );
  const [inbound] = rows<{ unacked: number }>(
    await db.execute(sql`select count(*)::int as unacked from simulator_inbound where acked_at is null`),
  );
  return {
    stored: counts!.stored,
    distinct: counts!.distinct,
    duplicates,
    unexpected: others!.unexpected,
    unacked: inbound!.unacked,
  };
}

/** Which of these bodies the simulated network holds (simulator_inbound), whatever their ack. */
async function bodiesInNetwork(handle: DatabaseHandle, bodies: string[]): Promise<Set<string>> {
  if (!bodies.length) return new Set();
  const result = (await handle.db.execute(
    sql`select payload->>'body' as body from simulator_inbound
        where whatsapp_id = ${WHATSAPP_ID} and payload->>'body' in (${sql.join(
          bodies.map((body) => sql`${body}`),
          sql`, `,
        )})`,
  )) as unknown as { rows: { body: string }[] };
  return new Set(result.rows.map((row) => row.body));
}

describe("crash recovery of inbound messages", () => {
  let database: Awaited<ReturnType<typeof sharedDatabase>> | undefined;
  let server: ServerProcess | undefined;
  let handle: DatabaseHandle | undefined;

  afterAll(async () => {
    await server?.kill("SIGKILL");
    await handle?.close().catch(() => undefined);
    await database?.drop();
  });

  it("stores every message exactly once after a SIGKILL mid-stream and a restart", { timeout: 300_000 }, async () => {
    database = await sharedDatabase();
    const prefix = `crash-${randomBytes(4).toString("hex")}-`;
    const messages: Outgoing[] = Array.from({ length: TOTAL }, (_, index) => {
      const customer = index % CUSTOMERS;
      return {
        id: `${prefix}id${index}`,
        from: `5511900${String(customer).padStart(6, "0")}`,
        name: `Cliente ${customer}`,
        body: `${prefix}${String(index).padStart(4, "0")}`,
      };
    });
    const expected = new Set(messages.map((message) => message.body));

    // 1. First process: connected (the demo seed pairs its simulator; a QR would be scanned),
    // stream messages, SIGKILL half-way through.
    server = await ServerProcess.start(database.env);
    await server.ensureConnected();
    const victim = server;
    let killed = false;
    let acceptedCount = 0;
    const pending = [...messages];
    const before = await sendAll(
      victim,
      pending,
      () => {
        acceptedCount += 1;
        if (acceptedCount >= KILL_AFTER && !killed) {
          killed = true;
          victim.child.kill("SIGKILL");
        }
      },
      () => killed,
    );
    await victim.kill("SIGKILL");
    expect(before.refused, "the live server refused messages").toEqual([]);
    expect(before.accepted.length + before.rejected.length + pending.length).toBe(TOTAL);

    handle = await database.open();
    const atKill = await snapshot(handle, prefix);
    // A request can die after its row committed but before its answer left: the phone cannot
    // tell, so it resends everything unanswered with the same message ids, as WhatsApp phones do.
    const committedUnanswered = await bodiesInNetwork(
      handle,
      before.rejected.map((message) => message.body),
    );
    const toResend = [...before.rejected, ...pending];
    console.log(
      `[crash-recovery] killed after ${before.accepted.length} accepted (${before.rejected.length} in flight lost, ` +
        `${committedUnanswered.size} of them committed though unanswered; ${pending.length} not sent yet); ` +
        `${atKill.stored} stored and ${atKill.unacked} unacknowledged at the kill`,
    );
    expect(atKill.duplicates).toEqual([]);
    if (database.exclusive) {
      await handle.close();
      handle = undefined;
    }

    // 2. Second process on the same data: the pairing survives, the network redelivers.
    const restartedAt = Date.now();
    server = await ServerProcess.start(database.env);
    const second = await server.ensureConnected();
    const after = await sendAll(server, toResend, () => undefined);
    expect(after.refused, "the restarted server refused messages").toEqual([]);
    expect(after.rejected.length).toBe(0);

    // 3. Wait (bounded) until every body is stored and nothing is left unacknowledged.
    let final: Snapshot | undefined;
    let restarts = 0;
    const deadline = restartedAt + RECOVERY_LIMIT_MS;
    for (;;) {
      if (database.exclusive) {
        // PGlite: one process at a time, so look between graceful restarts.
        await sleep(10_000);
        await server.kill("SIGTERM");
        handle = await database.open();
        final = await snapshot(handle, prefix);
        const done = final.stored >= TOTAL && final.unacked === 0;
        if (done || Date.now() > deadline) break;
        await handle.close();
        handle = undefined;
        server = await ServerProcess.start(database.env);
        await server.ensureConnected();
        restarts += 1;
      } else {
        if (!handle) throw new Error("no database handle");
        final = await snapshot(handle, prefix);
        if ((final.stored >= TOTAL && final.unacked === 0) || Date.now() > deadline) break;
        await sleep(250);
      }
    }
    const recoveryMs = Date.now() - restartedAt;
    console.log(
      `[crash-recovery] restart ${second.paired ? "needed a new pairing" : "kept the pairing"}; ` +
        `${after.accepted.length} resent; all ${final.stored}/${TOTAL} stored in ${(recoveryMs / 1000).toFixed(1)} s` +
        (database.exclusive ? ` (${restarts} extra graceful restarts to look)` : ""),
    );

    if (!handle) throw new Error("no database handle");
    expect(final.duplicates, "bodies stored more than once").toEqual([]);
    expect(final.unexpected, "messages nobody sent").toBe(0);
    expect(final.stored).toBe(TOTAL);
    expect(final.distinct).toBe(TOTAL);
    expect(final.unacked, "simulator_inbound rows never acknowledged").toBe(0);
    // Every body sent is among those stored (the counts above leave no room for others).
    const { rows } = (await handle.db.execute(
      sql`select body from messages where whatsapp_id = ${WHATSAPP_ID} and from_me = false and body like ${`${prefix}%`}`,
    )) as unknown as { rows: { body: string }[] };
    const stored = new Set(rows.map((row) => row.body));
    expect([...expected].filter((body) => !stored.has(body))).toEqual([]);
    // No redelivery left a second simulator row for one message (the demo's own waiting messages aside).
    const [inbound] = (
      (await handle.db.execute(
        sql`select count(*)::int as rows from simulator_inbound
            where whatsapp_id = ${WHATSAPP_ID} and payload->>'body' like ${`${prefix}%`}`,
      )) as unknown as { rows: { rows: number }[] }
    ).rows;
    expect(inbound!.rows).toBe(TOTAL);
  });
});

/** The demo seed's connection greets with its queue menu (demo/seed.ts). */
const DEMO_MENU = "Olá! Bem-vindo à Demo. Escolha uma opção:";

describe("crash recovery of the automation", () => {
  let database: Awaited<ReturnType<typeof sharedDatabase>> | undefined;
  let server: ServerProcess | undefined;
  let handle: DatabaseHandle | undefined;
  let locker: pg.Client | undefined;

  afterAll(async () => {
    await server?.kill("SIGKILL");
    await locker?.end().catch(() => undefined);
    await handle?.close().catch(() => undefined);
    await database?.drop();
  });

  // A second connection holds the bot back while the server runs: PostgreSQL only (PGlite is one process's).
  it.skipIf(!inject("testDatabase"))(
    "answers with the bot, once, a message committed just before the SIGKILL",
    { timeout: 240_000 },
    async () => {
      database = await sharedDatabase();
      server = await ServerProcess.start(database.env);
      await server.ensureConnected();
      handle = await database.open();
      const rows = async <T>(query: ReturnType<typeof sql>) =>
        ((await handle!.db.execute(query)) as unknown as { rows: T[] }).rows;
      const from = "5511988776655";
      const providerId = `crash-bot-${randomBytes(4).toString("hex")}`;
      const stored = () =>
        rows<{ id: number; ticketId: number }>(
          sql`select id, ticket_id as "ticketId" from messages where whatsapp_id = ${WHATSAPP_ID} and provider_id = ${providerId}`,
        );
      const botAnswers = (ticketId: number) =>
        rows<{ body: string }>(sql`select body from messages where ticket_id = ${ticketId} and from_me order by id`);

      // The bot reads the company's scheduleType before it acts, and the inbound path of a private
      // message never reads settings: while this lock is held, a message is stored and
      // acknowledged but the bot waits before it acts.
      locker = new pg.Client({ connectionString: database.env.DATABASE_URL });
      await locker.connect();
      await locker.query("begin");
      await locker.query("lock table settings in access exclusive mode");

      const sent = server
        .request("POST", "/simulator/inbound", {
          whatsappId: WHATSAPP_ID,
          id: providerId,
          from,
          name: "Cliente",
          body: "Oi",
        })
        .catch(() => undefined);
      const deadline = Date.now() + 30_000;
      while ((await stored()).length === 0) {
        if (Date.now() > deadline) throw new Error(`the message was not stored:\n${server.output.join("")}`);
        await sleep(50);
      }
      const [message] = await stored();
      // Long enough for the bot to reach the lock, wherever it runs.
      await sleep(1000);
      const [network] = await rows<{ acked: boolean }>(
        sql`select acked_at is not null as acked from simulator_inbound where provider_id = ${providerId}`,
      );
      await server.kill("SIGKILL");
      await sent;
      await locker.query("rollback");
      await locker.end();
      locker = undefined;
      // The provider had its acknowledgement with the commit: it did not wait for the bot.
      expect(network?.acked).toBe(true);
      expect(await botAnswers(message!.ticketId)).toEqual([]);

      // The next process runs what the dead one left: the bot answers that message, and only once.
      server = await ServerProcess.start(database.env);
      await server.ensureConnected();
      const answered = Date.now() + 120_000;
      while ((await botAnswers(message!.ticketId)).length === 0) {
        if (Date.now() > answered) throw new Error(`the bot never answered:\n${server.output.join("")}`);
        await sleep(250);
      }
      // Time for a second answer to show up, were the step to run twice.
      await sleep(5000);
      const answers = await botAnswers(message!.ticketId);
      expect(answers).toHaveLength(1);
      expect(answers[0]!.body.startsWith(DEMO_MENU)).toBe(true);
      expect(await stored()).toHaveLength(1);
    },
  );
});
