import type { AppContext } from "../../context.js";
import { findMessage } from "../../modules/messages/messages.repository.js";
import { findTicketRow } from "../../modules/tickets/tickets.repository.js";
import { announceSystemNote, writeSystemNote } from "../ai/system-note.js";
import { endRun, findRun } from "../flows/flow-runs.repository.js";
import type { BotTurn, IntegrationTurn } from "./bot-turn.jobs.js";
import { dialogflowMessage } from "./dialogflow.js";
import { messageText } from "./integration-step.js";
import { BotCallFailed, type BotFailure, botFailureNote, integrationMayRun } from "./integrations.logic.js";
import {
  findIntegration,
  handBackTicket,
  integrationHolds,
  ticketWithNamedIntegrations,
} from "./integrations.repository.js";
import { typebotMessage } from "./typebot.js";
import { runTypebotNodeTurn } from "./typebot-handoff.js";

export type BotTurnDeps = Pick<
  AppContext,
  "db" | "realtime" | "media" | "log" | "sessions" | "secrets" | "config" | "jobs"
>;

/**
 * The integrations.bot-turn job (bot-turn.jobs.ts): the customer's message goes to the Typebot
 * or Dialogflow integration that still has the ticket (or to the Typebot of the flow node the
 * ticket's run waits on), and the answer is sent. `retryCount` is
 * the job's retries so far. A failure the service may get over (no answer, 408, 429, 5xx) throws
 * while tries are left: nothing was sent (the clients fail before any message goes out, and a
 * turn that answered records it), so the next try repeats nothing. A refusal (400, 401, 403, 404,
 * a URL the server may not call, an account that cannot be read) or the last try leaves a note
 * for the attendants and gives the ticket back: the customer's message is stored and waits there.
 */
export async function runBotTurn(deps: BotTurnDeps, turn: BotTurn, retryCount: number): Promise<void> {
  const attempt = retryCount + 1;
  const last = attempt >= turn.attempts;
  try {
    await ("runId" in turn ? runTypebotNodeTurn(deps, turn) : turnOnce(deps, turn));
  } catch (error) {
    const context = { ticketId: turn.ticketId, ...turnSource(turn), attempt };
    if (error instanceof BotCallFailed) {
      if (error.failure.retryable && !last) {
        deps.log.warn({ ...context, remote: error.failure }, "integration turn failed: trying again later");
        throw error;
      }
      await giveUp(deps, turn, error.failure, attempt);
      return;
    }
    // Our own failure (database, sending): tried again while tries are left, then only logged.
    deps.log.error({ ...context, err: error }, "integration turn failed");
    if (!last) throw error;
  }
}

async function turnOnce(deps: BotTurnDeps, turn: IntegrationTurn): Promise<void> {
  const found = await ticketWithNamedIntegrations(deps.db, turn.companyId, turn.ticketId);
  // A plan that lost useIntegrations, a person who took the ticket, or a turn before this one that
  // gave it back: the message is the attendants' (or the chatbot's next time).
  if (!found?.planAllows) return;
  const { ticket } = found;
  if (!integrationMayRun(ticket) || !ticket.useIntegration || ticket.integrationId !== turn.integrationId) return;
  const integration = await findIntegration(deps.db, turn.companyId, turn.integrationId);
  if (integration?.type !== "typebot" && integration?.type !== "dialogflow") return;
  const message = await findMessage(deps.db, turn.companyId, turn.messageId);
  if (!message || message.fromMe) return;
  const text = messageText(message);
  const outcome =
    integration.type === "typebot"
      ? await typebotMessage(
          deps,
          {
            ticket,
            settings: integration,
            owner: `integration:${integration.id}`,
            holds: integrationHolds(integration.id),
          },
          text,
          message.id,
        )
      : await dialogflowMessage(deps, ticket, integration, text);
  if (outcome === "ended") await handBackTicket(deps.db, ticket, integration.id);
}

/**
 * The integration gives up on the message: the ticket goes back with a note saying why. A flow
 * node's bot gives up by ending the flow's run, and the ticket is the attendants' the same way.
 */
async function giveUp(deps: BotTurnDeps, turn: BotTurn, failure: BotFailure, attempt: number): Promise<void> {
  const level = failure.retryable ? "warn" : "error";
  deps.log[level](
    { ticketId: turn.ticketId, ...turnSource(turn), attempt, remote: failure },
    "integration turn failed: left to the attendants",
  );
  const found = await findTicketRow(deps.db, turn.companyId, turn.ticketId);
  if (!found) return;
  const noted = await deps.db.transaction(async (tx) => {
    if ("runId" in turn) {
      // Only the run still waiting on the node: one that moved on or ended has left the bot already.
      const standing = await findRun(tx, turn.companyId, turn.runId);
      if (standing?.status !== "active" || standing.wait !== "handoff" || standing.nodeId !== turn.nodeId) return false;
      if (!(await endRun(tx, standing, "failed"))) return false;
    } else {
      await handBackTicket(tx, found, turn.integrationId);
    }
    await writeSystemNote(tx, found, botFailureNote(failure, attempt, "runId" in turn ? "flow" : "integration"));
    return true;
  });
  if (noted) await announceSystemNote(deps, found);
}

/** Whose turn it is, for the log. */
const turnSource = (turn: BotTurn) =>
  "runId" in turn ? { runId: turn.runId, nodeId: turn.nodeId } : { integrationId: turn.integrationId };
