import { z } from "zod";
import type { AppContext } from "../../context.js";
import type { Executor } from "../../db/client.js";
import { defineJob } from "../../jobs/define.js";

/** Which customer message an AI answer is for, and whose settings answer it. */
export interface AiAnswerRef {
  companyId: number;
  ticketId: number;
  /** The customer's message that asked for the answer; the answer reads the conversation up to the newest one. */
  messageId: number;
  /** 1 for the first try; a try that timed out or was rate limited writes the next one, later. */
  attempt: number;
  /** A flow's OpenAI node has the conversation (automation/flows), rather than a queue's or connection's prompt. */
  flow?: { runId: number; nodeId: string };
}

/**
 * One AI answer, away from the inbound step so a slow or failing service holds up no chatbot or
 * flow, keyed by ticket: one ticket's answers run one at a time in order, any number of tickets
 * at once. The handler never throws (a failed key_strict_fifo job would hold its ticket back
 * for good): a try that may succeed later writes the next try as a delayed job of the same key,
 * and the last one leaves a note for the attendants (ai-answer.ts). Retries here only cover a
 * process that died mid-answer.
 */
export const aiAnswerJob = defineJob<AiAnswerRef>({
  name: "ai.answer",
  payload: z.object({
    companyId: z.number().int().positive(),
    ticketId: z.number().int().positive(),
    messageId: z.number().int().positive(),
    attempt: z.number().int().min(1),
    flow: z.object({ runId: z.number().int().positive(), nodeId: z.string().min(1).max(64) }).optional(),
  }),
  policy: "key_strict_fifo",
  concurrency: 4,
  heartbeatSeconds: 10,
  retryLimit: 3,
  // Loaded when the job runs: the answer writes this job, so a static import would be a cycle.
  handler: async (ctx, ref) => (await import("./ai-answer.js")).answerTicket(ctx, ref),
});

/**
 * Writes an answer's job: in the caller's transaction when given (the inbound step's take), at
 * `runAt` for a later try. This process's workers are nudged when it is due, since a delayed
 * job is otherwise found at the next poll only.
 */
export async function enqueueAnswer(
  deps: Pick<AppContext, "jobs">,
  ref: AiAnswerRef,
  options: { tx?: Executor; runAt?: Date } = {},
): Promise<void> {
  await deps.jobs.enqueue(aiAnswerJob, ref, {
    singletonKey: `ticket:${ref.ticketId}`,
    ...(options.tx ? { tx: options.tx } : {}),
    ...(options.runAt ? { runAt: options.runAt } : {}),
  });
}

/** Nudges this process's workers at `at` (or now): only a nudge, a restart leaves the job to the next poll. */
export function wakeAnswerAt(deps: Pick<AppContext, "jobs">, at: Date = new Date()): void {
  setTimeout(() => deps.jobs.wake(aiAnswerJob), Math.max(0, at.getTime() - Date.now())).unref();
}
