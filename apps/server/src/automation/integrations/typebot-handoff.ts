import { sendTicketMessage } from "../../modules/messages/send.js";
import type { HandoffContext, HandoffOutcome, HandoffService } from "../flows/flow-handoff.js";
import { messageText } from "./integration-step.js";
import { BotCallFailed } from "./integrations.logic.js";
import { ticketAutomated } from "./integrations.repository.js";
import { startTypebot, type TypebotConversation, type TypebotOutcome, typebotMessage } from "./typebot.js";

/**
 * The flow engine's Typebot node (automation/flows/flow-handoff.ts): the node's own Typebot
 * settings run a session through the same client as a queue integration of type typebot. The
 * node's message goes first; the bot then keeps the conversation until it ends or the customer
 * sends the finish keyword, and the flow goes on from the node's edge. The node runs within the
 * flow's own step, which has no retries of its own: a Typebot that fails is logged and the bot
 * stays, so the customer's next message tries again (a queue integration's turn is retried by
 * job instead, conversation.jobs.ts).
 */
export const typebotHandoff: HandoffService = {
  async start(context) {
    const conversation = conversationOf(context);
    if (!conversation) return "stay";
    const { deps, ticket } = context;
    const intro = conversation.intro;
    if (intro.trim()) {
      try {
        await sendTicketMessage(deps, outgoingTicket(ticket), { body: intro, automatic: true });
      } catch (error) {
        deps.log.warn({ err: error, ticketId: ticket.id }, "typebot node message not sent");
      }
    }
    return outcomeOf(await logged(context, () => startTypebot(deps, conversation)));
  },
  async message(context, message) {
    const conversation = conversationOf(context);
    if (!conversation) return "stay";
    return outcomeOf(
      await logged(context, () => typebotMessage(context.deps, conversation, messageText(message), message.id)),
    );
  },
};

async function logged(context: HandoffContext, turn: () => Promise<TypebotOutcome>): Promise<TypebotOutcome> {
  try {
    return await turn();
  } catch (error) {
    if (!(error instanceof BotCallFailed)) throw error;
    context.deps.log.warn({ ticketId: context.ticket.id, remote: error.failure }, "typebot node: Typebot failed");
    return "stay";
  }
}

function conversationOf({ ticket, run, node }: HandoffContext): (TypebotConversation & { intro: string }) | undefined {
  if (node.type !== "typebot") return undefined;
  return {
    ticket,
    settings: node.data.typebotIntegration,
    intro: node.data.typebotIntegration.message,
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
