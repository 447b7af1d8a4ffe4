import type { AppContext } from "../../context.js";
import { insertTicketNote } from "../../modules/ticket-notes/ticket-notes.repository.js";
import type { TicketRow } from "../../modules/tickets/tickets.repository.js";
import { endRun, type FlowRunRow } from "./flow-runs.repository.js";
import { enqueueRetry } from "./flows.jobs.js";

/*
 * A step whose messages could not be sent (the connection down, the provider refusing them)
 * does not commit, so its run stays where the step started. Rather than wait there for the
 * customer's next message, it is tried again later by a job (flows.retrySend), with a growing
 * wait; after the last try the run ends and a note tells the attendants to take over.
 */

type RetryDeps = Pick<AppContext, "db" | "jobs" | "log" | "config">;

/** The wait before try `attempt` (2, 3, ...): the base, doubled for each try after the second. */
export function flowRetryDelayMs(attempt: number, baseMs: number): number {
  return baseMs * 2 ** Math.max(0, attempt - 2);
}

/** The note the attendants find on the ticket when the flow gave up. */
export function sendFailedNote(attempts: number): string {
  const tries = attempts > 1 ? ` depois de ${attempts} tentativas` : "";
  return `[Fluxo] As mensagens do fluxo não puderam ser enviadas pela conexão${tries}, e o fluxo foi encerrado. O cliente aguarda: continue o atendimento por aqui.`;
}

export interface FailedSend {
  run: FlowRunRow;
  ticket: TicketRow;
  /** The try that failed: 1 for the step's first. */
  attempt: number;
  /** The customer's message the step answered, when it answered one. */
  messageId: number | null;
  /** The sending path's error code, for the log. */
  code: string;
}

/** Writes the next try of the failed step, or, after the last, ends the run with a note. */
export async function sendFailed(deps: RetryDeps, failed: FailedSend): Promise<void> {
  const { run, ticket, attempt, code } = failed;
  const context = { runId: run.id, ticketId: ticket.id, seq: run.seq, attempt, code };
  if (attempt < deps.config.FLOW_SEND_ATTEMPTS) {
    const at = new Date(Date.now() + flowRetryDelayMs(attempt + 1, deps.config.FLOW_RETRY_MS));
    deps.log.warn(context, "flow message not sent: trying again later");
    const ref = { companyId: run.companyId, runId: run.id, seq: run.seq, attempt: attempt + 1 };
    await enqueueRetry(deps, { ...ref, messageId: failed.messageId }, at);
    return;
  }
  // At the seq that failed only: a run that moved on meanwhile (a retry of another executor) goes on.
  const ended = await deps.db.transaction(async (tx) => {
    const row = await endRun(tx, run, "sendFailed");
    if (row) {
      await insertTicketNote(tx, {
        companyId: run.companyId,
        ticketId: ticket.id,
        contactId: ticket.contactId,
        userId: null,
        note: sendFailedNote(attempt),
      });
    }
    return row;
  });
  if (ended) deps.log.error(context, "flow message not sent after the last try: run ended, left to the attendants");
}
