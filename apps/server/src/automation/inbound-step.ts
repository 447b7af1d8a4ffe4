import type { AppContext } from "../context.js";
import { findMessage, type MessageRow } from "../modules/messages/messages.repository.js";
import { type InboundConnection, type TicketRow, takeInboundMessage } from "../modules/tickets/tickets.repository.js";
import { botContext, botMayAnswer, runChatbot } from "./chatbot/chatbot.js";
import { thankForRating } from "./rating.js";

/**
 * The automation step of one inbound message: what runs after the message's commit, from a job
 * written in the same transaction (automation.jobs.ts), so the provider's acknowledgement never
 * waits for it and a crash between the commit and the step does not skip it. The chatbot runs
 * here; flows, integrations and AI plug in beside it.
 */
export interface InboundStep {
  companyId: number;
  ticketId: number;
  messageId: number;
  /** The message answered a rating request and the rating was stored with it. */
  rated?: boolean;
}

export type InboundStepDeps = Pick<AppContext, "db" | "realtime" | "media" | "log" | "sessions">;

/**
 * Whether a committed inbound message has a step to run: a rating to thank for, or a ticket the
 * bot may answer on a connection with queues (a call record is not a reply to the menu: the
 * customer's next message is). Ingestion asks in its transaction, from what it has just written;
 * a message with nothing to run costs no job.
 */
export function needsInboundStep(written: {
  ticket: TicketRow;
  connection: InboundConnection | null;
  message: Pick<MessageRow, "mediaType">;
  rated: boolean;
}): boolean {
  if (written.rated) return true;
  const { ticket, connection, message } = written;
  return botMayAnswer(ticket) && connection?.hasQueues === true && message.mediaType !== "call_log";
}

/**
 * Runs a message's step at most once in effect: it reads all it needs, then, right before it
 * acts, takes the message (tickets.automated_message_id), so a retry after a crash finds it
 * taken. A crash after the take and before the answer leaves that message unanswered rather
 * than answered twice. Steps of one ticket run one at a time, in order (the job's queue).
 */
export async function runInboundStep(deps: InboundStepDeps, step: InboundStep): Promise<void> {
  const { companyId, ticketId, messageId } = step;
  if (step.rated) {
    const ticket = await takeInboundMessage(deps.db, companyId, ticketId, messageId);
    if (ticket) await thankForRating(deps, ticket);
    return;
  }
  const context = await botContext(deps, companyId, ticketId);
  if (!context) return;
  const ticket = await takeInboundMessage(deps.db, companyId, ticketId, messageId);
  if (!ticket) return;
  const message = await findMessage(deps.db, companyId, messageId);
  if (!message) return;
  await runChatbot(deps, { ...context, ticket }, message.body);
}
