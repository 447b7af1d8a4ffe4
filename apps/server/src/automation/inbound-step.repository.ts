import { and, eq, sql } from "drizzle-orm";
import type { Database } from "../db/client.js";
import { preparedStatement } from "../db/prepared.js";
import {
  companies,
  contacts,
  flowRuns,
  flows,
  messages,
  plans,
  queues,
  tickets,
  whatsappQueues,
  whatsapps,
} from "../db/schema/index.js";
import type { ContactRow } from "../modules/contacts/contacts.repository.js";
import type { MessageRow } from "../modules/messages/messages.repository.js";
import type { TicketRow } from "../modules/tickets/tickets.repository.js";
import type { WhatsappRow } from "../modules/whatsapps/whatsapps.repository.js";
import { type FlowRunRow, type FlowState, flowVersion } from "./flows/flow-runs.repository.js";

/**
 * What an inbound message's step reads before it acts, in one round trip: the ticket and, for each
 * automation that may take the message, what decides whether it does (automation/inbound-step.ts).
 * Each step read its own copy of the ticket before (four statements for a message the chatbot
 * answers); the steps before the chatbot write nothing when they pass the message on, except a
 * flowbuilder integration's hand-back, which changes nothing the chatbot reads.
 */
export interface InboundFacts {
  ticket: TicketRow;
  /** The ticket's active flow run, and its flow's state (not its document: flow-run.ts). */
  run: FlowRunRow | null;
  flow: FlowState | null;
  message: MessageRow | null;
  contact: ContactRow | null;
  /** The ticket's connection, while it belongs to the company. */
  connection: WhatsappRow | null;
  /** The connection has queues (the chatbot's menu). */
  connectionHasQueues: boolean;
  /** The prompt and the integration the ticket's queue names. */
  queuePromptId: number | null;
  queueIntegrationId: number | null;
  /** The company's plan has useOpenAi, useIntegrations (a company without a plan has neither). */
  planAllowsAi: boolean;
  planAllowsIntegrations: boolean;
}

export async function inboundStepFacts(
  db: Database,
  companyId: number,
  ticketId: number,
  messageId: number,
): Promise<InboundFacts | undefined> {
  const [row] = await factsStatement(db).execute({ companyId, ticketId, messageId });
  if (!row) return undefined;
  return {
    ticket: row.ticket,
    run: row.run,
    flow: row.flow as FlowState | null,
    message: row.message,
    contact: row.contact,
    connection: row.connection,
    connectionHasQueues: row.connectionHasQueues === true,
    queuePromptId: row.queuePromptId ?? null,
    queueIntegrationId: row.queueIntegrationId ?? null,
    planAllowsAi: row.planAllowsAi === true,
    planAllowsIntegrations: row.planAllowsIntegrations === true,
  };
}

/** Built once per database (a prepared statement: every inbound step runs it). */
const factsStatement = preparedStatement((db) => {
  const companyId = sql.placeholder("companyId");
  return db
    .select({
      ticket: tickets,
      run: flowRuns,
      flow: { id: flows.id, active: flows.active, version: flowVersion },
      message: messages,
      contact: contacts,
      connection: whatsapps,
      // The menu's queues under their own name: the outer query joins the ticket's queue as queues.
      connectionHasQueues: sql<boolean>`exists (select 1 from ${whatsappQueues} inner join ${queues} menu_queue on menu_queue.id = ${whatsappQueues.queueId} and menu_queue.company_id = ${companyId} where ${whatsappQueues.companyId} = ${companyId} and ${whatsappQueues.whatsappId} = ${tickets.whatsappId})`,
      queuePromptId: queues.promptId,
      queueIntegrationId: queues.integrationId,
      planAllowsAi: plans.useOpenAi,
      planAllowsIntegrations: plans.useIntegrations,
    })
    .from(tickets)
    .leftJoin(
      flowRuns,
      and(eq(flowRuns.companyId, companyId), eq(flowRuns.ticketId, tickets.id), eq(flowRuns.status, "active")),
    )
    .leftJoin(flows, and(eq(flows.companyId, companyId), eq(flows.id, flowRuns.flowId)))
    .leftJoin(messages, and(eq(messages.companyId, companyId), eq(messages.id, sql.placeholder("messageId"))))
    .leftJoin(contacts, and(eq(contacts.companyId, companyId), eq(contacts.id, tickets.contactId)))
    .leftJoin(whatsapps, and(eq(whatsapps.companyId, companyId), eq(whatsapps.id, tickets.whatsappId)))
    .leftJoin(queues, and(eq(queues.companyId, companyId), eq(queues.id, tickets.queueId)))
    .leftJoin(companies, eq(companies.id, tickets.companyId))
    .leftJoin(plans, eq(plans.id, companies.planId))
    .where(and(eq(tickets.companyId, companyId), eq(tickets.id, sql.placeholder("ticketId"))))
    .limit(1)
    .prepare("automation_inbound_step_facts");
});
