import type { AppContext } from "../context.js";
import type { MessageRow } from "../modules/messages/messages.repository.js";
import { type InboundConnection, type TicketRow, takeInboundMessage } from "../modules/tickets/tickets.repository.js";
import { aiStep } from "./ai/ai-entry.js";
import { aiMayAnswer } from "./ai/ai-logic.js";
import { botContext, botMayAnswer, runChatbot } from "./chatbot/chatbot.js";
import { flowStep } from "./flows/flow-entry.js";
import { ticketAutomated } from "./flows/flow-run.js";
import { inboundStepFacts } from "./inbound-step.repository.js";
import { integrationStep } from "./integrations/integration-step.js";
import { integrationMayRun } from "./integrations/integrations.logic.js";
import { thankForRating } from "./rating.js";

/**
 * The automation step of one inbound message: what runs after the message's commit, from a job
 * written in the same transaction (automation.jobs.ts), so the provider's acknowledgement never
 * waits for it and a crash between the commit and the step does not skip it. A flow run takes
 * the message first (automation/flows); then a prompt that answers the ticket (automation/ai);
 * the chatbot gets it otherwise; integrations plug in beside them.
 */
export interface InboundStep {
  companyId: number;
  ticketId: number;
  messageId: number;
  /** The message answered a rating request and the rating was stored with it. */
  rated?: boolean;
  /** The message may start a flow: its connection has phrase campaigns, or a welcome flow and the message opened the ticket. */
  flowEntry?: boolean;
  /** The message opened its ticket (a welcome flow starts only then). */
  opened?: boolean;
}

export type InboundStepDeps = Pick<
  AppContext,
  "db" | "realtime" | "media" | "log" | "sessions" | "jobs" | "secrets" | "config"
>;

/**
 * The step a committed inbound message has to run, or undefined when it has none: a rating to
 * thank for, a ticket in a flow run, a flow the message may start, a ticket a prompt answers, or a
 * ticket the bot may answer on a connection with queues (a call record is none of these: the
 * customer's next message is).
 * Ingestion asks in its transaction, from what it has just written; a message with nothing to run
 * costs no job.
 */
export function inboundStepOf(written: {
  ticket: TicketRow;
  connection: InboundConnection | null;
  message: Pick<MessageRow, "id" | "mediaType">;
  rated: boolean;
  opened: boolean;
}): InboundStep | undefined {
  const { ticket, connection, message, opened } = written;
  const step: InboundStep = { companyId: ticket.companyId, ticketId: ticket.id, messageId: message.id };
  if (written.rated) return { ...step, rated: true };
  if (message.mediaType === "call_log" || !connection) return undefined;
  const flowEntry = ticketAutomated(ticket) && (connection.phraseCampaigns || (opened && connection.welcomeFlow));
  if (flowEntry) return { ...step, flowEntry, ...(opened ? { opened } : {}) };
  if (connection.flowRun || (botMayAnswer(ticket) && connection.hasQueues)) return step;
  if (connection.prompt && aiMayAnswer(ticket)) return step;
  if (connection.integration && integrationMayRun(ticket)) return step;
  return undefined;
}

/**
 * Runs a message's step at most once in effect: it reads all it needs (the ticket once, with what
 * each automation decides by: inbound-step.repository.ts), then, right before it acts, takes the
 * message (tickets.automated_message_id), so a retry after a crash finds it taken. A crash after the take and before the answer leaves that message unanswered rather
 * than answered twice. Steps of one ticket run one at a time, in order (the job's queue).
 */
export async function runInboundStep(deps: InboundStepDeps, step: InboundStep): Promise<void> {
  const { companyId, ticketId, messageId } = step;
  if (step.rated) {
    const ticket = await takeInboundMessage(deps.db, companyId, ticketId, messageId);
    if (ticket) await thankForRating(deps, ticket);
    return;
  }
  const facts = await inboundStepFacts(deps.db, companyId, ticketId, messageId);
  if (!facts) return;
  // While a run is active the flow has the conversation, and the bot stays quiet.
  if (await flowStep(deps, step, facts)) return;
  if (await aiStep(deps, step, facts)) return;
  if (await integrationStep(deps, step, facts)) return;
  const context = await botContext(deps, facts);
  if (!context || !facts.message) return;
  const ticket = await takeInboundMessage(deps.db, companyId, ticketId, messageId);
  if (!ticket) return;
  await runChatbot(deps, { ...context, ticket }, facts.message.body);
}
