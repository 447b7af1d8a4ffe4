import { z } from "zod";
import type { AppContext } from "../../context.js";
import type { Executor } from "../../db/client.js";
import { defineJob } from "../../jobs/define.js";

/** Which interval of which run a resume job ends: the run's seq when its wait began. */
export interface ResumeRef {
  companyId: number;
  runId: number;
  seq: number;
}

/**
 * The end of a flow run's interval: a delayed job due at the run's waitUntil, written in the
 * transaction that starts the wait, so a restart during the interval loses nothing. A job
 * whose run has moved on since (another seq) does nothing, so none is ever cancelled. The
 * waits of many tickets are only rows: no handler sleeps, so an interval holds up no one.
 */
export const resumeFlowJob = defineJob<ResumeRef>({
  name: "flows.resume",
  payload: z.object({
    companyId: z.number().int().positive(),
    runId: z.number().int().positive(),
    seq: z.number().int().min(0),
  }),
  concurrency: 4,
  heartbeatSeconds: 10,
  // Loaded when the job runs: the engine writes this job, so a static import would be a cycle.
  handler: async (ctx, ref) => (await import("./flow-run.js")).resumeRun(ctx, ref),
});

/** Written in the transaction of the step's commit; `at` is the run's waitUntil. */
export async function enqueueResume(
  deps: Pick<AppContext, "jobs">,
  tx: Executor,
  ref: ResumeRef,
  at: Date,
): Promise<void> {
  await deps.jobs.enqueue(resumeFlowJob, ref, { tx, runAt: at });
}

/**
 * Workers find delayed jobs only when they poll (every JOB_POLL_SECONDS): a wake-up of this
 * process's workers at the due instant keeps intervals to the second. Only a nudge: lost in a
 * restart, the next poll still finds the job.
 */
export function wakeResumeAt(deps: Pick<AppContext, "jobs">, at: Date): void {
  setTimeout(() => deps.jobs.wake(resumeFlowJob), Math.max(0, at.getTime() - Date.now())).unref();
}

/**
 * Which failed step of which run a retry runs again: the run's seq when its send failed (the
 * step did not commit, so the run still stands there), the try it is, and the customer's
 * message the step answered (a menu repeated on an invalid answer), if any.
 */
export interface RetryRef {
  companyId: number;
  runId: number;
  seq: number;
  attempt: number;
  messageId: number | null;
}

/**
 * The next try of a step whose messages could not be sent (the connection down, the provider
 * refusing them): the same parts under the same ids, so nothing goes out twice. "short" keyed
 * by the step (run and seq): one try waits at a time, whoever failed it (the first try in an
 * inbound step, a customer's message that carried the run on, a retry). A try whose run has
 * moved on or ended since does nothing.
 */
export const retryFlowSendJob = defineJob<RetryRef>({
  name: "flows.retrySend",
  payload: z.object({
    companyId: z.number().int().positive(),
    runId: z.number().int().positive(),
    seq: z.number().int().min(0),
    attempt: z.number().int().min(2),
    messageId: z.number().int().positive().nullable(),
  }),
  policy: "short",
  concurrency: 4,
  heartbeatSeconds: 10,
  // Loaded when the job runs: the engine writes this job, so a static import would be a cycle.
  handler: async (ctx, ref) => (await import("./flow-run.js")).retryRun(ctx, ref),
});

/** Writes the next try, due at `at`, and nudges this process's workers then. */
export async function enqueueRetry(deps: Pick<AppContext, "jobs">, ref: RetryRef, at: Date): Promise<void> {
  await deps.jobs.enqueue(retryFlowSendJob, ref, { runAt: at, singletonKey: `run:${ref.runId}:${ref.seq}` });
  setTimeout(() => deps.jobs.wake(retryFlowSendJob), Math.max(0, at.getTime() - Date.now())).unref();
}
