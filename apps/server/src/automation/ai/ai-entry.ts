import type { AppContext } from "../../context.js";
import { takeInboundMessage } from "../../modules/tickets/tickets.repository.js";
import type { InboundFacts } from "../inbound-step.repository.js";
import { enqueueAnswer, wakeAnswerAt } from "./ai.jobs.js";
import { promptIdOf } from "./ai-logic.js";

/**
 * The AI's part of an inbound message's step (automation/inbound-step.ts, from what it read),
 * after the flow's and before the chatbot's: when a prompt answers the ticket (its queue's, or its connection's while
 * it has no queue; ai-logic.ts promptIdOf), the message is taken and its answer's job written in
 * one transaction, so a step repeated after a crash writes no second job. Answers whether the AI
 * has the message (the chatbot stays quiet then).
 */
export async function aiStep(
  deps: Pick<AppContext, "db" | "jobs" | "log">,
  step: { companyId: number; ticketId: number; messageId: number },
  facts: Pick<InboundFacts, "ticket" | "queuePromptId" | "connection" | "planAllowsAi">,
): Promise<boolean> {
  const { companyId, ticketId, messageId } = step;
  const prompts = {
    queue: facts.queuePromptId,
    connection: facts.connection?.promptId ?? null,
    planAllows: facts.planAllowsAi,
  };
  if (promptIdOf(facts.ticket, prompts) === null) return false;
  try {
    const written = await deps.db.transaction(async (tx) => {
      if (!(await takeInboundMessage(tx, companyId, ticketId, messageId))) return false;
      await enqueueAnswer(deps, { companyId, ticketId, messageId, attempt: 1 }, { tx });
      return true;
    });
    if (written) wakeAnswerAt(deps);
  } catch (error) {
    // The message is stored whatever happens here: it waits for an attendant.
    deps.log.error({ err: error, ticketId }, "AI step failed");
  }
  return true;
}
