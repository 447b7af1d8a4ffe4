import type { z } from "zod";
import type { AppContext } from "../context.js";

/**
 * How pg-boss queues a job name: "standard" (any number of jobs), or "short":
 * at most one job waiting per singleton key, which is what timers want (a second
 * enqueue for the same key while one waits is dropped).
 */
export type JobPolicy = "standard" | "short";

/**
 * One background job, declared once in its feature's `<feature>.jobs.ts`: a unique
 * name, the zod schema of its payload, the handler, and for recurring work a cron.
 */
export interface JobDefinition<Payload> {
  name: string;
  payload: z.ZodType<Payload>;
  handler: (ctx: AppContext, payload: Payload) => Promise<void>;
  /** Cron expression (UTC) for recurring jobs, e.g. "0 3 * * *". */
  cron?: string;
  /** "standard" unless given. */
  policy?: JobPolicy;
}

export function defineJob<Payload>(definition: JobDefinition<Payload>): JobDefinition<Payload> {
  return definition;
}

/** Any definition, whatever its payload: what the registry holds. */
export type AnyJobDefinition = Omit<JobDefinition<unknown>, "handler"> & {
  handler: (ctx: AppContext, payload: never) => Promise<void>;
};
