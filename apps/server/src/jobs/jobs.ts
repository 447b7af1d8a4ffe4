import { PGlite } from "@electric-sql/pglite";
import { sql } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import pg from "pg";
import { fromDrizzle, fromPglite, type Db as IDatabase, PgBoss } from "pg-boss";
import type { AppContext } from "../context.js";
import type { Database, Executor } from "../db/client.js";
import type { AnyJobDefinition, JobDefinition } from "./define.js";
import { analyzeAfterSlowFetches } from "./fetch-statistics.js";
import { inPool } from "./in-pool.js";

/** pg-boss keeps its tables beside ours, in its own schema. */
export const JOB_SCHEMA = "pgboss";

/** How long stop() lets running handlers finish; unfinished ones are retried after a restart. */
const STOP_TIMEOUT_MS = 10_000;

/**
 * How often pg-boss looks for jobs whose heartbeat stopped (a process that died mid-handler):
 * with a queue's heartbeatSeconds, such a job is retried within about twice this.
 */
const SUPERVISE_SECONDS = 10;

const QUEUE_NAME = /^[\w.\-/]+$/;

export interface EnqueueOptions {
  /** Not before this moment (a delayed job). */
  runAt?: Date;
  /**
   * With the "short" policy, a second job for the same key is dropped while one waits; with
   * "key_strict_fifo" (where it is required), the key's jobs run one at a time, in order.
   */
  singletonKey?: string;
  /**
   * The open transaction the job must commit (or roll back) with, so the row that needs the job
   * and the job itself cannot part. Without it the job is written on its own.
   */
  tx?: Executor;
  /**
   * This job's own retries, over its queue's: `limit` retries after a thrown handler,
   * `delaySeconds` before the first, doubling (with pg-boss's jitter) when `backoff`.
   */
  retry?: { limit: number; delaySeconds: number; backoff: boolean };
}

/** The process's background jobs: pg-boss on the application's database (DESIGN.md). */
export interface Jobs {
  /** Writes a job of a declared definition; answers its id, or null when a waiting singleton dropped it. */
  enqueue<Payload>(job: JobDefinition<Payload>, payload: Payload, options?: EnqueueOptions): Promise<string | null>;
  /**
   * Asks one of this process's workers of the job to fetch now rather than at its next poll: a
   * caller that just committed a job it wants run at once (without workers here, nothing happens
   * and another process's poll finds it).
   */
  wake(job: Pick<AnyJobDefinition, "name">): void;
  /**
   * Whether pg-boss holds the job as running (a handler has it and its heartbeat is current). A
   * job whose process died stops being active once its heartbeat is missed (retried or failed).
   */
  isActive(job: Pick<AnyJobDefinition, "name">, id: string): Promise<boolean>;
  /** Creates pg-boss's schema and the queues: enqueue works from here on. */
  start(): Promise<void>;
  /** Workers and cron schedules (after the app is ready: handlers send through running sessions). */
  startWorkers(ctx: AppContext): Promise<void>;
  /** Stops polling and waits for running handlers (bounded); the database stays open. */
  stop(): Promise<void>;
}

/**
 * Refuses a registry that could not run: a definition without a handler or payload schema, a
 * name pg-boss cannot queue, or a name declared twice (the server does not start).
 */
export function assertJobDefinitions(definitions: readonly AnyJobDefinition[]): void {
  const seen = new Set<string>();
  for (const definition of definitions) {
    const name = definition?.name;
    if (typeof name !== "string" || !QUEUE_NAME.test(name)) throw new Error(`job name ${String(name)} is not valid`);
    if (seen.has(name)) throw new Error(`job ${name} is declared twice`);
    seen.add(name);
    if (typeof definition.handler !== "function") throw new Error(`job ${name} has no handler`);
    if (typeof definition.payload?.safeParse !== "function") throw new Error(`job ${name} has no payload schema`);
  }
}

/**
 * pg-boss runs its statements on the application's own connections: the node-postgres pool
 * (closed with the database) or the embedded PGlite, through pg-boss's adapter for it. On
 * PostgreSQL a slow key_strict_fifo fetch has its table analyzed (fetch-statistics.ts).
 */
function jobDatabase(db: Database, log: FastifyBaseLogger): { db: IDatabase; backend: "postgres" | "pglite" } {
  const client = (db as unknown as { $client?: unknown }).$client;
  if (client instanceof pg.Pool) {
    const executeSql = analyzeAfterSlowFetches(
      (text, values) => client.query(text, values),
      (error, table) => log.error({ err: error, table }, "job table not analyzed"),
    );
    return {
      db: { executeSql: (text, values) => executeSql(text, values as unknown[] | undefined) },
      backend: "postgres",
    };
  }
  if (client instanceof PGlite) return { db: fromPglite(client), backend: "pglite" };
  throw new Error("jobs: unknown database driver");
}

/** A Drizzle transaction (or the database) as a pg-boss executor. */
function executorOf(tx: Executor): IDatabase {
  return fromDrizzle(tx as Parameters<typeof fromDrizzle>[0], sql as unknown as Parameters<typeof fromDrizzle>[1]);
}

/** One job through its handler: an unreadable payload is dropped, a failure logged and thrown. */
async function runJob(
  definition: AnyJobDefinition,
  ctx: AppContext,
  job: { id: string; data: unknown; retryCount: number },
  log: FastifyBaseLogger,
): Promise<void> {
  const payload = definition.payload.safeParse(job.data);
  if (!payload.success) {
    // A payload that cannot parse will never parse: dropping it beats retrying it forever.
    log.error({ job: definition.name, id: job.id, issues: payload.error.issues }, "job payload invalid");
    return;
  }
  try {
    await definition.handler(ctx, payload.data as never, { id: job.id, retryCount: job.retryCount });
  } catch (error) {
    log.error({ err: error, job: definition.name, id: job.id }, "job failed");
    throw error;
  }
}

export function createJobs(options: {
  db: Database;
  log: FastifyBaseLogger;
  definitions: readonly AnyJobDefinition[];
  pollSeconds: number;
}): Jobs {
  const { definitions, log } = options;
  assertJobDefinitions(definitions);
  const declared = new Map(definitions.map((definition) => [definition.name, definition]));
  const { db, backend } = jobDatabase(options.db, log);
  const boss = new PgBoss({
    db,
    backend,
    schema: JOB_SCHEMA,
    superviseIntervalSeconds: SUPERVISE_SECONDS,
    monitorIntervalSeconds: SUPERVISE_SECONDS,
  });
  boss.on("error", (error) => log.error({ err: error }, "job queue error"));
  let started = false;

  /**
   * Puts a declared queue into pg-boss's queue cache. pg-boss loads that cache when it starts
   * (and once a minute after); a queue it does not hold is looked up at the first send on pg-boss's
   * own connection, even for a send inside a transaction. PGlite has one connection, so that lookup
   * would wait for the transaction, which waits for the send: an enqueue in a transaction right
   * after a fresh start hung for good. pg-boss offers no refresh call; findJobs reads the queue
   * through the cache (filling it) and, asked for an id no job has, costs one index probe.
   */
  const cacheQueue = async (name: string) => {
    await boss.findJobs(name, { id: "00000000-0000-0000-0000-000000000000" });
  };
  /** Each job's workers in this process, and which of them the next wake() picks (round robin). */
  const workers = new Map<string, { ids: string[]; next: number }>();

  return {
    async enqueue(job, payload, enqueueOptions = {}) {
      if (declared.get(job.name) !== (job as unknown as AnyJobDefinition))
        throw new Error(`job ${job.name} is not in the registry`);
      if (!started) throw new Error("jobs not started");
      const data = job.payload.parse(payload) as object;
      return boss.send(job.name, data, {
        ...(enqueueOptions.runAt ? { startAfter: enqueueOptions.runAt } : {}),
        ...(enqueueOptions.singletonKey ? { singletonKey: enqueueOptions.singletonKey } : {}),
        ...(enqueueOptions.retry
          ? {
              retryLimit: enqueueOptions.retry.limit,
              retryDelay: enqueueOptions.retry.delaySeconds,
              // pg-boss turns a zero delay with backoff into one second: no delay wants no backoff.
              retryBackoff: enqueueOptions.retry.backoff && enqueueOptions.retry.delaySeconds > 0,
            }
          : {}),
        ...(enqueueOptions.tx ? { db: executorOf(enqueueOptions.tx) } : {}),
      });
    },

    wake(job) {
      const local = workers.get(job.name);
      if (!local || local.ids.length === 0) return;
      boss.notifyWorker(local.ids[local.next % local.ids.length]!);
      local.next += 1;
    },

    async isActive(job, id) {
      const found = await boss.getJobById(job.name, id);
      return found?.state === "active";
    },

    async start() {
      await boss.start();
      for (const definition of definitions) {
        const existing = await boss.getQueue(definition.name);
        const policy = definition.policy ?? "standard";
        if (!existing) {
          await boss.createQueue(definition.name, {
            policy,
            ...(definition.heartbeatSeconds ? { heartbeatSeconds: definition.heartbeatSeconds } : {}),
            ...(definition.retryLimit !== undefined ? { retryLimit: definition.retryLimit } : {}),
          });
        } else if (existing.policy !== policy) {
          throw new Error(`job ${definition.name}: queue policy is ${existing.policy}, declared ${policy}`);
        }
        // Created here, or by another process after this one's pg-boss loaded its cache.
        await cacheQueue(definition.name);
      }
      started = true;
    },

    async startWorkers(ctx) {
      for (const definition of definitions) {
        // One work() per handler slot (rather than localConcurrency), so wake() can reach each of them.
        const local = { ids: [] as string[], next: 0 };
        workers.set(definition.name, local);
        for (let slot = 0; slot < (definition.concurrency ?? 1); slot++) {
          let self: string | undefined;
          const batchSize = definition.batchSize ?? 1;
          const id = await boss.work<unknown>(
            definition.name,
            { pollingIntervalSeconds: options.pollSeconds, batchSize },
            async (batch) => {
              if (batchSize === 1) {
                // Thrown: pg-boss fails (retries) the job; returned: pg-boss completes it.
                for (const job of batch) await runJob(definition, ctx, job, log);
              } else {
                // Several jobs from one fetch run at once (batchConcurrency of them), and each settles
                // as soon as it ends, so a slow one holds back no other (a key_strict_fifo key's next
                // job waits for its own). pg-boss's completion of the batch afterwards finds nothing
                // left active.
                await inPool(batch, definition.batchConcurrency ?? batch.length, async (job) => {
                  try {
                    await runJob(definition, ctx, job, log);
                    await boss.complete(definition.name, job.id);
                  } catch (error) {
                    await boss.fail(definition.name, job.id, error as Error).catch((failure) => {
                      log.error({ err: failure, job: definition.name, id: job.id }, "job failure not recorded");
                    });
                  }
                });
              }
              // A slot that just ran a job looks for the next at once instead of after its poll: a
              // wake() that reached it while it was busy, or reached no idle slot, is not lost (the
              // herd of inbound steps after a burst of messages would otherwise wait for polls).
              if (batch.length > 0 && self) boss.notifyWorker(self);
            },
          );
          self = id;
          local.ids.push(id);
        }
        if (definition.cron) await boss.schedule(definition.name, definition.cron, {}, { tz: "UTC" });
      }
      // A cron removed from its definition (or a job removed altogether) stops recurring.
      for (const schedule of await boss.getSchedules()) {
        if (!declared.get(schedule.name)?.cron) await boss.unschedule(schedule.name, schedule.key);
      }
    },

    async stop() {
      started = false;
      workers.clear();
      await boss.stop({ graceful: true, close: false, timeout: STOP_TIMEOUT_MS });
    },
  };
}
