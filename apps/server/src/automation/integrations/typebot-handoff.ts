import { findMessage } from "../../modules/messages/messages.repository.js";
import { sendTicketMessage } from "../../modules/messages/send.js";
import type { HandoffContext, HandoffOutcome, HandoffService } from "../flows/flow-handoff.js";
import { handBackRun, standingHandoff } from "../flows/flow-handoff-turn.js";
import { botTurnJob, enqueueBotTurn, type FlowNodeTurn } from "./bot-turn.jobs.js";
import type { BotTurnDeps } from "./bot-turn.js";
import { messageText } from "./integration-step.js";
import { ticketAutomated } from "./integrations.repository.js";
import { startTypebot, type TypebotConversation, type TypebotOutcome, typebotMessage } from "./typebot.js";
import { typebotStateOf } from "./typebot.logic.js";

/**
 * The flow engine's Typebot node (automation/flows/flow-handoff.ts): the node's own Typebot
 * settings run a session through the same client as a queue integration of type typebot. The
 * node's message goes first; the bot then keeps the conversation until it ends or the customer
 * sends the finish keyword, and the flow goes on from the node's edge. Typebot is called from
 * the integrations.bot-turn job, as a queue integration's turns are (bot-turn.ts): the start of
 * the session and each customer's message are turns of the ticket, in order, retried on a
 * timeout, 408, 429 or 5xx, and given up at once on a refusal or after the last try, which ends
 * the run with a note for the attendants.
 */
export const typebotHandoff: HandoffService = {
  async start(context) {
    if (context.node.type !== "typebot") return "stay";
    const { deps, ticket } = context;
    const intro = context.node.data.typebotIntegration.message;
    if (intro.trim()) {
      try {
        await sendTicketMessage(deps, outgoingTicket(ticket), { body: intro, automatic: true });
      } catch (error) {
        deps.log.warn({ err: error, ticketId: ticket.id }, "typebot node message not sent");
      }
    }
    await enqueueNodeTurn(context, null);
    return "stay";
  },
  async message(context, message) {
    if (context.node.type === "typebot") await enqueueNodeTurn(context, message.id);
    return "stay";
  },
};

/**
 * Written once the flow's step committed the run's wait on the node (the engine's step writes no
 * job itself), and woken at once: the bot answers without waiting for a poll.
 */
async function enqueueNodeTurn({ deps, ticket, run, node }: HandoffContext, messageId: number | null) {
  await enqueueBotTurn(deps, deps.db, {
    companyId: ticket.companyId,
    ticketId: ticket.id,
    runId: run.id,
    nodeId: node.id,
    messageId,
    attempts: deps.config.INTEGRATION_ATTEMPTS,
  });
  deps.jobs.wake(botTurnJob);
}

/**
 * One turn of the node's bot (the bot-turn job): nothing when the run no longer waits on the
 * node or a person has the ticket. Throws BotCallFailed as a queue integration's turn does.
 */
export async function runTypebotNodeTurn(deps: BotTurnDeps, turn: FlowNodeTurn): Promise<void> {
  const standing = await standingHandoff(deps, turn);
  if (!standing) return;
  const conversation = conversationOf(standing);
  if (!conversation) return;
  let outcome: TypebotOutcome;
  if (turn.messageId === null) {
    // A start tried again after it went through (the job's process died after it) starts nothing more.
    if (typebotStateOf(standing.ticket.automationState, conversation.owner)) return;
    outcome = await startTypebot(deps, conversation);
  } else {
    const message = await findMessage(deps.db, turn.companyId, turn.messageId);
    if (!message || message.fromMe) return;
    outcome = await typebotMessage(deps, conversation, messageText(message), message.id);
  }
  if (outcomeOf(outcome) === "handBack") await handBackRun(standing);
}

function conversationOf({ ticket, run, node }: HandoffContext): TypebotConversation | undefined {
  if (node.type !== "typebot") return undefined;
  return {
    ticket,
    settings: node.data.typebotIntegration,
    // A session belongs to the run's visit of the node: a later run (or node) starts its own.
    owner: `flow:${run.id}:${node.id}`,
    holds: ticketAutomated,
  };
}

const outcomeOf = (outcome: TypebotOutcome): HandoffOutcome => (outcome === "ended" ? "handBack" : "stay");

const outgoingTicket = (ticket: HandoffContext["ticket"]) => ({
  id: ticket.id,
  companyId: ticket.companyId,
  whatsappId: ticket.whatsappId,
  contactId: ticket.contactId,
});
