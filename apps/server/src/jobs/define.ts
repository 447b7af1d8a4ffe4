import type { z } from "zod";
import type { AppContext } from "../context.js";

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
}

export function defineJob<Payload>(definition: JobDefinition<Payload>): JobDefinition<Payload> {
  return definition;
}
