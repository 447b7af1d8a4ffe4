import { findPhraseCampaign } from "../../modules/flows/flows.repository.js";
import type { InboundFacts } from "../inbound-step.repository.js";
import { type FlowDeps, runInbound, startFlow, ticketAutomated } from "./flow-run.js";

/**
 * The flow's part of an inbound message's step (automation/inbound-step.ts), from what the step
 * read (inbound-step.repository.ts). A ticket with an active run gives the message to it.
 * Otherwise a message may start a flow: the text of an active phrase campaign of its connection
 * (trimmed, case-insensitive), or, on the message that opened the ticket and matched no phrase,
 * the connection's welcome flow (flowIdNotPhrase). A phrase does not restart a running flow:
 * while a run is active, the customer's messages are its answers. Answers whether the flow took
 * the message (the chatbot stays quiet then).
 */
export async function flowStep(
  deps: FlowDeps,
  step: { companyId: number; ticketId: number; messageId: number; flowEntry?: boolean; opened?: boolean },
  facts: InboundFacts,
): Promise<boolean> {
  const { companyId, ticketId, messageId } = step;
  const { ticket, run, message } = facts;
  if (!run && !step.flowEntry) return false;
  const contact = facts.contact ?? undefined;
  // The sends of the step go out on the ticket's connection, read with the ticket.
  const connection = facts.connection ?? undefined;
  try {
    if (run) {
      await runInbound(deps, run, ticket, messageId, 1, { ...facts, connection });
      return true;
    }
    if (!ticketAutomated(ticket)) return false;
    if (!message || message.fromMe || message.mediaType === "call_log") return false;
    const whatsappId = ticket.whatsappId!;
    const campaign = await findPhraseCampaign(deps.db, companyId, whatsappId, message.body);
    const start = { ticket, messageId, contact, connection };
    if (campaign) return await startFlow(deps, { ...start, flowId: campaign.flowId, trigger: "phrase" });
    if (!step.opened) return false;
    const welcome = facts.connection?.flowIdNotPhrase;
    if (!welcome) return false;
    return await startFlow(deps, { ...start, flowId: welcome, trigger: "welcome" });
  } catch (error) {
    // The message is stored whatever happens here; the run stays where it was for the next one.
    deps.log.error({ err: error, ticketId }, "flow step failed");
    return true;
  }
}
