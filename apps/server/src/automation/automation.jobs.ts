import { z } from "zod";
import type { AppContext } from "../context.js";
import type { Executor } from "../db/client.js";
import { defineJob } from "../jobs/define.js";
import { type InboundStep, runInboundStep } from "./inbound-step.js";

/**
 * One job per inbound message with a step to run, keyed by its ticket: the queue runs one
 * ticket's steps one at a time in the order they were written (key_strict_fifo), any number of
 * tickets at once. A step whose process died is retried once its heartbeat is missed.
 */
export const inboundStepJob = defineJob<InboundStep>({
  name: "automation.inbound-step",
  payload: z.object({
    companyId: z.number().int().positive(),
    ticketId: z.number().int().positive(),
    messageId: z.number().int().positive(),
    rated: z.boolean().optional(),
    flowEntry: z.boolean().optional(),
    opened: z.boolean().optional(),
  }),
  policy: "key_strict_fifo",
  // At most four steps at once, as before batches: two handlers, each running two at a time of
  // the up to 32 heads one fetch gives it. More at once only queued for database connections and
  // the CPU (eight at once made the flow bench's intervals later and its steps no faster). The
  // fetch reads every waiting ticket's head, so in a backlog it is the bottleneck and each one
  // should bring many: 64 steps a second with 45,000 waiting at one head per fetch, 152 at eight,
  // 252 at 32 (bench/README.md, ingest).
  concurrency: 2,
  batchSize: 32,
  batchConcurrency: 2,
  heartbeatSeconds: 10,
  // A key's failed job holds back its ticket's next steps: the step logs its own failures and
  // never throws, so only lost heartbeats (dead processes) count against this.
  retryLimit: 5,
  handler: (ctx, step) => runInboundStep(ctx, step),
});

/** Writes the step in the transaction that stores its message (ingestion), so they cannot part. */
export async function enqueueInboundStep(
  deps: Pick<AppContext, "jobs">,
  tx: Executor,
  step: InboundStep,
): Promise<void> {
  await deps.jobs.enqueue(inboundStepJob, step, { tx, singletonKey: `ticket:${step.ticketId}` });
}
