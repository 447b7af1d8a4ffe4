import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { createTestEnv, type TestEnv } from "../../test/harness.js";
import { defineJob } from "./define.js";
import { createJobs, JOB_SCHEMA } from "./jobs.js";

let env: TestEnv;
beforeAll(async () => {
  env = await createTestEnv();
});
afterAll(async () => env.close());

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe("batched fetches", () => {
  it("runs a fetch's jobs at once and settles each alone: a slow one holds no other key, a failed one is retried alone", async () => {
    const events: string[] = [];
    const batched = defineJob({
      name: "test.batched-strict",
      payload: z.object({ key: z.string(), n: z.number(), slowMs: z.number().optional(), failFirst: z.boolean() }),
      policy: "key_strict_fifo",
      concurrency: 2,
      batchSize: 3,
      retryLimit: 2,
      handler: async (_ctx, job, running) => {
        events.push(`start ${job.key}${job.n}`);
        if (job.slowMs) await sleep(job.slowMs);
        if (job.failFirst && running.retryCount === 0) {
          events.push(`fail ${job.key}${job.n}`);
          throw new Error("first try fails");
        }
        events.push(`end ${job.key}${job.n}`);
      },
    });
    const jobs = createJobs({ db: env.db, log: env.ctx.log, definitions: [batched], pollSeconds: 0.5 });
    await jobs.start();
    const send = (key: string, n: number, extra: { slowMs?: number; failFirst?: boolean } = {}) =>
      jobs.enqueue(batched, { key, n, failFirst: false, ...extra }, { singletonKey: key });
    await send("a", 1, { slowMs: 3000 });
    await send("b", 1, { failFirst: true });
    await send("c", 1);
    await send("c", 2);
    try {
      await jobs.startWorkers(env.ctx);
      const deadline = Date.now() + 15_000;
      while (!events.includes("end a1") && Date.now() < deadline) await sleep(50);

      // c's second job ran while a's slow job (fetched with c's first) still ran.
      expect(events.indexOf("end c2")).toBeGreaterThan(-1);
      expect(events.indexOf("end c2")).toBeLessThan(events.indexOf("end a1"));
      expect(events.indexOf("end c1")).toBeLessThan(events.indexOf("start c2"));
      // b failed once and its retry succeeded; nobody else ran twice.
      expect(events.filter((event) => event === "start b1")).toHaveLength(2);
      expect(events.filter((event) => event.startsWith("start ") && event !== "start b1")).toHaveLength(3);
      const result = await env.db.execute(
        sql`select data->>'key' || (data->>'n') as job, state, retry_count as "retryCount"
            from ${sql.identifier(JOB_SCHEMA)}.job where name = ${batched.name} order by 1`,
      );
      expect((result as unknown as { rows: unknown[] }).rows).toEqual([
        { job: "a1", state: "completed", retryCount: 0 },
        { job: "b1", state: "completed", retryCount: 1 },
        { job: "c1", state: "completed", retryCount: 0 },
        { job: "c2", state: "completed", retryCount: 0 },
      ]);
    } finally {
      await jobs.stop();
    }
  }, 30_000);

  it("runs no more of a fetch's jobs at once than batchConcurrency, and every one of them", async () => {
    let running = 0;
    let most = 0;
    const done: string[] = [];
    const pooled = defineJob({
      name: "test.batched-pool",
      payload: z.object({ key: z.string() }),
      policy: "key_strict_fifo",
      batchSize: 6,
      batchConcurrency: 2,
      handler: async (_ctx, job) => {
        running++;
        most = Math.max(most, running);
        await sleep(100);
        running--;
        done.push(job.key);
      },
    });
    const jobs = createJobs({ db: env.db, log: env.ctx.log, definitions: [pooled], pollSeconds: 0.5 });
    await jobs.start();
    const keys = ["a", "b", "c", "d", "e", "f"];
    for (const key of keys) await jobs.enqueue(pooled, { key }, { singletonKey: key });
    try {
      await jobs.startWorkers(env.ctx);
      const deadline = Date.now() + 10_000;
      while (done.length < keys.length && Date.now() < deadline) await sleep(50);
      expect(done.sort()).toEqual(keys);
      expect(most).toBe(2);
    } finally {
      await jobs.stop();
    }
  }, 20_000);
});
