import type { z } from "zod";
import type { AppContext } from "../context.js";

/**
 * How pg-boss queues a job name: "standard" (any number of jobs); "short": at most one job
 * waiting per singleton key, which is what timers want (a second enqueue for the same key while
 * one waits is dropped); "key_strict_fifo": every job carries a singleton key and the jobs of one
 * key run one at a time in the order they were written (a key's job that is running, waiting for
 * a retry or failed holds back the next), which is what a conversation's steps want.
 * pg-boss's "stately" and "singleton" are left out on purpose: their fetch skips the keys its
 * cached queue statistics last saw running, and that cache is refreshed about once a minute, so
 * a job written while its predecessor ran could wait up to a minute after the predecessor ended.
 */
export type JobPolicy = "standard" | "short" | "key_strict_fifo";

/**
 * One background job, declared once in its feature's `<feature>.jobs.ts`: a unique
 * name, the zod schema of its payload, the handler, and for recurring work a cron.
 */
export interface JobDefinition<Payload> {
  name: string;
  payload: z.ZodType<Payload>;
  /** `job.id` is pg-boss's id of this job: the same across its retries. */
  handler: (ctx: AppContext, payload: Payload, job: RunningJob) => Promise<void>;
  /** Cron expression (UTC) for recurring jobs, e.g. "0 3 * * *". */
  cron?: string;
  /** "standard" unless given. */
  policy?: JobPolicy;
  /** Handlers running at once in each worker process (1 unless given). */
  concurrency?: number;
  /**
   * Jobs each of those handlers takes per fetch (1 unless given), run batchConcurrency at a time and
   * settled one by one: under a backlog one fetch serves several (key_strict_fifo's fetch reads every
   * waiting key's head, so it is the costly statement of a busy queue).
   */
  batchSize?: number;
  /**
   * How many of a fetch's jobs run at once (all of them unless given): a large batch spreads the
   * fetch's cost over more jobs without running more of them side by side than the pool serves.
   */
  batchConcurrency?: number;
  /**
   * Seconds between a running handler's heartbeats (at least 10): a job whose process died is
   * retried once that long has passed without one, instead of after pg-boss's 15-minute expiry.
   */
  heartbeatSeconds?: number;
  /** Retries after a failure or a lost heartbeat (pg-boss's default, 2, unless given). */
  retryLimit?: number;
}

export interface RunningJob {
  id: string;
  /**
   * The retries before this run (0 on the first): a handler that must not fail its last try
   * counts with it. Always given by the workers; a test calling a handler may leave it out.
   */
  retryCount?: number;
}

export function defineJob<Payload>(definition: JobDefinition<Payload>): JobDefinition<Payload> {
  return definition;
}

/** Any definition, whatever its payload: what the registry holds. */
export type AnyJobDefinition = Omit<JobDefinition<unknown>, "handler"> & {
  handler: (ctx: AppContext, payload: never, job: RunningJob) => Promise<void>;
};
