import type { HandoffContext, HandoffService } from "../flows/flow-handoff.js";
import { enqueueAnswer, wakeAnswerAt } from "./ai.jobs.js";
import { lastMessages } from "./ai.repository.js";

/**
 * The flow engine's OpenAI node (automation/flows/flow-handoff.ts): while a run waits on it, the
 * customer's messages are answered with the node's settings through the same job as a prompt's
 * (ai-answer.ts). The node keeps the conversation until the customer asks for a person, which
 * ends the run and hands the ticket to the node's queue; it never hands back to the flow.
 */
export const openAiHandoff: HandoffService = {
  /** The flow reached the node: it answers the customer's last message when that is still waiting for a reply. */
  async start(context) {
    const [last] = await lastMessages(context.deps.db, context.ticket.companyId, context.ticket.id, 2 ** 31 - 1, 1);
    if (last && !last.fromMe) await answer(context, last.id);
    return "stay";
  },
  async message(context, message) {
    await answer(context, message.id);
    return "stay";
  },
};

async function answer({ deps, ticket, run, node }: HandoffContext, messageId: number): Promise<void> {
  await enqueueAnswer(deps, {
    companyId: ticket.companyId,
    ticketId: ticket.id,
    messageId,
    attempt: 1,
    flow: { runId: run.id, nodeId: node.id },
  });
  wakeAnswerAt(deps);
}
