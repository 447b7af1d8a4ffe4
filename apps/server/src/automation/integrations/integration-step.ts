import type { AppContext } from "../../context.js";
import { findFlow } from "../../modules/flows/flows.repository.js";
import type { MessageRow } from "../../modules/messages/messages.repository.js";
import { type TicketRow, takeInboundMessage } from "../../modules/tickets/tickets.repository.js";
import { startFlow } from "../flows/flow-run.js";
import type { InboundFacts } from "../inbound-step.repository.js";
import { botTurnJob, enqueueBotTurn } from "./bot-turn.jobs.js";
import { integrationToRun } from "./integrations.logic.js";
import {
  findIntegration,
  handBackTicket,
  type IntegrationRow,
  lockTicketContact,
  recordHandOver,
} from "./integrations.repository.js";
import { enqueueWebhookDelivery } from "./webhook.js";

export type IntegrationDeps = Pick<
  AppContext,
  "db" | "realtime" | "media" | "log" | "sessions" | "jobs" | "secrets" | "config"
>;

interface Step {
  companyId: number;
  ticketId: number;
  messageId: number;
}

/**
 * The queue integrations' part of an inbound message's step (automation/inbound-step.ts, from what
 * it read), after the flow's and the AI's and before the chatbot's: when the ticket's queue or connection hands
 * it to an integration (integrations.logic.ts), the integration gets the message, and the
 * hand-over is recorded on the ticket (useIntegration, integrationId). A company whose plan has
 * no useIntegrations hands nothing over: the message goes on to the chatbot. Answers whether the
 * integration took the message (the chatbot stays quiet then). Never throws: the message is
 * stored whatever happens here, and a failure leaves it for an attendant.
 */
export async function integrationStep(
  deps: IntegrationDeps,
  step: Step,
  facts: Pick<InboundFacts, "ticket" | "queueIntegrationId" | "connection" | "planAllowsIntegrations">,
): Promise<boolean> {
  if (!facts.planAllowsIntegrations) return false;
  const named = { queue: facts.queueIntegrationId, connection: facts.connection?.integrationId ?? null };
  const pick = integrationToRun(facts.ticket, named);
  if (!pick) return false;
  const integration = await findIntegration(deps.db, step.companyId, pick.id);
  if (!integration) return false;
  try {
    switch (integration.type) {
      case "flowbuilder":
        return await flowbuilderStep(deps, step, facts.ticket, integration, pick.handOver);
      case "n8n":
      case "webhook":
        return await webhookStep(deps, step, integration, pick.handOver);
      case "typebot":
      case "dialogflow":
        return await conversationStep(deps, step, integration, pick.handOver);
    }
  } catch (error) {
    deps.log.error({ err: error, ticketId: step.ticketId, integrationId: integration.id }, "integration step failed");
    return true;
  }
}

/**
 * Typebot and Dialogflow answer the message in a turn of their own (bot-turn.ts), retried by job
 * when the service fails. The message's take, the hand-over and the turn's job are written in
 * one transaction: a step repeated after a crash finds the message taken and writes no second turn.
 */
async function conversationStep(
  deps: IntegrationDeps,
  step: Step,
  integration: IntegrationRow,
  handOver: boolean,
): Promise<boolean> {
  const written = await deps.db.transaction(async (tx) => {
    await lockTicketContact(tx, step.companyId, step.ticketId);
    const ticket = await takeInboundMessage(tx, step.companyId, step.ticketId, step.messageId);
    if (!ticket) return false;
    if (handOver && !(await recordHandOver(tx, ticket, integration.id))) return false;
    await enqueueBotTurn(deps, tx, {
      companyId: step.companyId,
      ticketId: step.ticketId,
      messageId: step.messageId,
      integrationId: integration.id,
      attempts: deps.config.INTEGRATION_ATTEMPTS,
    });
    return true;
  });
  if (written) deps.jobs.wake(botTurnJob);
  return true;
}

/** The message's delivery is written with its take, so neither happens without the other. */
async function webhookStep(deps: IntegrationDeps, step: Step, integration: IntegrationRow, handOver: boolean) {
  await deps.db.transaction(async (tx) => {
    await lockTicketContact(tx, step.companyId, step.ticketId);
    const ticket = await takeInboundMessage(tx, step.companyId, step.ticketId, step.messageId);
    if (!ticket) return;
    if (handOver && !(await recordHandOver(tx, ticket, integration.id))) return;
    await enqueueWebhookDelivery(deps, tx, {
      companyId: step.companyId,
      integrationId: integration.id,
      ticketId: step.ticketId,
      messageId: step.messageId,
    });
  });
  return true;
}

/**
 * A flowbuilder integration starts its flow (automation/flows), which has the conversation
 * while its run is active; the flow's step comes first, so a message reaching this point with
 * the hand-over standing finds the run over, and the ticket goes back. A flow that is gone or
 * inactive hands the ticket back at once, and the message goes on to the chatbot.
 */
async function flowbuilderStep(
  deps: IntegrationDeps,
  step: Step,
  ticket: TicketRow,
  integration: IntegrationRow,
  handOver: boolean,
): Promise<boolean> {
  const flow =
    handOver && integration.flowId !== null ? await findFlow(deps.db, step.companyId, integration.flowId) : undefined;
  if (!flow?.active) {
    if (handOver) await recordHandOver(deps.db, ticket, integration.id);
    await handBackTicket(deps.db, ticket, integration.id);
    return false;
  }
  const taken = await takeInboundMessage(deps.db, step.companyId, step.ticketId, step.messageId);
  if (!taken) return true;
  const recorded = await recordHandOver(deps.db, taken, integration.id);
  if (!recorded) return true;
  const started = await startFlow(deps, {
    ticket: recorded,
    flowId: flow.id,
    trigger: "integration",
    messageId: step.messageId,
  });
  if (!started) await handBackTicket(deps.db, recorded, integration.id);
  return true;
}

/**
 * The text a bot reads in a customer's message: a text's body, a file's caption; nothing for a
 * file without one (its body holds the file's name), a location or a contact card.
 */
export function messageText(
  message: Pick<MessageRow, "body" | "mediaType"> & { mediaName?: MessageRow["mediaName"] },
): string {
  if (message.mediaType === "chat") return message.body;
  if (
    message.mediaType === "locationMessage" ||
    message.mediaType === "vcard" ||
    message.mediaType === "contactMessage"
  )
    return "";
  // Without the file's name a caption cannot be told from it: the file goes unread.
  if (message.mediaName === undefined) return "";
  return message.body === message.mediaName ? "" : message.body;
}
