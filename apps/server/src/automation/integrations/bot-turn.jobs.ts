import { z } from "zod";
import type { AppContext } from "../../context.js";
import type { Executor } from "../../db/client.js";
import { defineJob } from "../../jobs/define.js";

/** One customer's message for the Typebot or Dialogflow integration that has the ticket. */
export interface IntegrationTurn {
  companyId: number;
  ticketId: number;
  messageId: number;
  integrationId: number;
  /** Tries of this turn (config INTEGRATION_ATTEMPTS when written): the job's retry limit is one less. */
  attempts: number;
}

/**
 * A turn of a flow's Typebot node (typebot-handoff.ts): the run's visit of the node, and the
 * customer's message for the bot, or null for the session's start when the run reached the node.
 */
export interface FlowNodeTurn {
  companyId: number;
  ticketId: number;
  runId: number;
  nodeId: string;
  messageId: number | null;
  attempts: number;
}

export type BotTurn = IntegrationTurn | FlowNodeTurn;

const id = z.number().int().positive();
const attempts = z.number().int().min(1).max(20);

/**
 * A Typebot or Dialogflow turn (a queue integration's, or a flow's Typebot node's), away from the
 * inbound step so a slow or failing service holds up no other automation, keyed by ticket: one
 * ticket's turns run one at a time in the order they were written. A turn whose service timed out, limited the rate or failed on its side throws,
 * and pg-boss tries it again later (INTEGRATION_RETRY_SECONDS, doubling) while the ticket's
 * next turns wait behind it; the last try does not throw (a failed key_strict_fifo job would
 * hold its ticket back for good) but leaves a note and the ticket to the attendants (bot-turn.ts).
 */
export const botTurnJob = defineJob<BotTurn>({
  name: "integrations.bot-turn",
  payload: z.union([
    z.object({ companyId: id, ticketId: id, messageId: id, integrationId: id, attempts }),
    z.object({
      companyId: id,
      ticketId: id,
      runId: id,
      nodeId: z.string().min(1).max(64),
      messageId: id.nullable(),
      attempts,
    }),
  ]),
  policy: "key_strict_fifo",
  concurrency: 4,
  heartbeatSeconds: 10,
  // The queue's default; every turn is written with its own limit (attempts - 1).
  retryLimit: 3,
  // Loaded when the job runs: the turn's code reaches back to the inbound step's, which writes this job.
  handler: async (ctx, turn, job) => (await import("./bot-turn.js")).runBotTurn(ctx, turn, job.retryCount ?? 0),
});

/**
 * Writes a turn in the caller's transaction (the inbound step's take of the message), so they
 * cannot part; a flow node's turn, written after the flow's step, passes the database.
 */
export async function enqueueBotTurn(
  deps: Pick<AppContext, "jobs" | "config">,
  tx: Executor,
  turn: BotTurn,
): Promise<void> {
  await deps.jobs.enqueue(botTurnJob, turn, {
    tx,
    singletonKey: `ticket:${turn.ticketId}`,
    retry: { limit: turn.attempts - 1, delaySeconds: deps.config.INTEGRATION_RETRY_SECONDS, backoff: true },
  });
}
