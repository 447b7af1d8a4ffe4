import { sendTicketMessage } from "../../modules/messages/send.js";
import type { HandoffContext, HandoffOutcome, HandoffService } from "../flows/flow-handoff.js";
import { messageText } from "./integration-step.js";
import { ticketAutomated } from "./integrations.repository.js";
import { startTypebot, type TypebotConversation, type TypebotOutcome, typebotMessage } from "./typebot.js";

/**
 * The flow engine's Typebot node (automation/flows/flow-handoff.ts): the node's own Typebot
 * settings run a session through the same client as a queue integration of type typebot. The
 * node's message goes first; the bot then keeps the conversation until it ends or the customer
 * sends the finish keyword, and the flow goes on from the node's edge.
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
    return outcomeOf(await startTypebot(deps, conversation));
  },
  async message(context, message) {
    const conversation = conversationOf(context);
    if (!conversation) return "stay";
    return outcomeOf(await typebotMessage(context.deps, conversation, messageText(message), message.id));
  },
};

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
