import { and, eq, isNull, not, type SQL, sql } from "drizzle-orm";
import type { Executor } from "../../db/client.js";
import { companies, contacts, plans, queueIntegrations, queues, tickets, whatsapps } from "../../db/schema/index.js";
import type { TicketRow } from "../../modules/tickets/tickets.repository.js";
import { TYPEBOT_STATE_KEY, type TypebotState } from "./typebot.logic.js";

export type IntegrationRow = typeof queueIntegrations.$inferSelect;

/**
 * A ticket with the integrations its queue and its connection name (integrations.logic.ts
 * picks), and whether the company's plan has useIntegrations (a company without a plan has not).
 */
export async function ticketWithNamedIntegrations(
  db: Executor,
  companyId: number,
  ticketId: number,
): Promise<
  { ticket: TicketRow; named: { queue: number | null; connection: number | null }; planAllows: boolean } | undefined
> {
  const [row] = await db
    .select({
      ticket: tickets,
      queue: queues.integrationId,
      connection: whatsapps.integrationId,
      planAllows: plans.useIntegrations,
    })
    .from(tickets)
    .leftJoin(queues, and(eq(queues.companyId, tickets.companyId), eq(queues.id, tickets.queueId)))
    .leftJoin(whatsapps, and(eq(whatsapps.companyId, tickets.companyId), eq(whatsapps.id, tickets.whatsappId)))
    .leftJoin(companies, eq(companies.id, tickets.companyId))
    .leftJoin(plans, eq(plans.id, companies.planId))
    .where(and(eq(tickets.companyId, companyId), eq(tickets.id, ticketId)))
    .limit(1);
  if (!row) return undefined;
  return {
    ticket: row.ticket,
    named: { queue: row.queue ?? null, connection: row.connection ?? null },
    planAllows: row.planAllows === true,
  };
}

export async function findIntegration(
  db: Executor,
  companyId: number,
  id: number,
): Promise<IntegrationRow | undefined> {
  const [row] = await db
    .select()
    .from(queueIntegrations)
    .where(and(eq(queueIntegrations.companyId, companyId), eq(queueIntegrations.id, id)))
    .limit(1);
  return row;
}

/** Still the bot's: pending, nobody's, not a group (what an integration's every write checks). */
const automated = and(eq(tickets.status, "pending"), isNull(tickets.userId), not(tickets.isGroup));

const ticketIs = (ticket: Pick<TicketRow, "companyId" | "id">) =>
  and(eq(tickets.companyId, ticket.companyId), eq(tickets.id, ticket.id));

/** The integration still has the ticket: the hand-over stands and nobody took the ticket. */
export const integrationHolds = (integrationId: number): SQL =>
  and(automated, eq(tickets.useIntegration, true), eq(tickets.integrationId, integrationId))!;

/** Only the bot's: a flow's Typebot node holds the ticket while the run does. */
export const ticketAutomated: SQL = automated!;

/** Whether `holds` is still true of the ticket (checked right before a bot's answer goes out). */
export async function ticketHeld(db: Executor, ticket: Pick<TicketRow, "companyId" | "id">, holds: SQL) {
  const [row] = await db
    .select({ id: tickets.id })
    .from(tickets)
    .where(and(ticketIs(ticket), holds))
    .limit(1);
  return row !== undefined;
}

/**
 * Locks the ticket's contact (FOR KEY SHARE) before a transaction that updates the ticket twice
 * (the message's take, then the hand-over): the second update checks the ticket's foreign keys
 * again (the row is the transaction's own), which locks the contact, while ingestion, storing the
 * customer's next message, locks the contact first and then the ticket. Taking the contact first
 * here keeps the same order, so the two wait for each other instead of deadlocking.
 */
export async function lockTicketContact(db: Executor, companyId: number, ticketId: number): Promise<void> {
  await db.execute(
    sql`select 1 from ${contacts} join ${tickets} on ${tickets.contactId} = ${contacts.id} where ${tickets.companyId} = ${companyId} and ${tickets.id} = ${ticketId} for key share of ${contacts}`,
  );
}

/**
 * Records the hand-over (useIntegration, integrationId) while the ticket is still the bot's,
 * dropping any Typebot session another owner left. Answers the ticket, or undefined when a
 * person took it meanwhile.
 */
export async function recordHandOver(
  db: Executor,
  ticket: Pick<TicketRow, "companyId" | "id">,
  integrationId: number,
): Promise<TicketRow | undefined> {
  const [row] = await db
    .update(tickets)
    .set({
      useIntegration: true,
      integrationId,
      automationState: withoutTypebot,
      updatedAt: sql`${tickets.updatedAt}`,
    })
    .where(and(ticketIs(ticket), automated))
    .returning();
  return row;
}

/**
 * The integration gives the conversation back: useIntegration goes off and integrationId stays,
 * so the same queue or connection does not hand the ticket to it again; its session is dropped.
 */
export async function handBackTicket(
  db: Executor,
  ticket: Pick<TicketRow, "companyId" | "id">,
  integrationId: number,
): Promise<boolean> {
  const rows = await db
    .update(tickets)
    .set({ useIntegration: false, automationState: withoutTypebot, updatedAt: sql`${tickets.updatedAt}` })
    .where(and(ticketIs(ticket), eq(tickets.integrationId, integrationId)))
    .returning({ id: tickets.id });
  return rows.length > 0;
}

/**
 * A person takes the ticket (accept, transfer, close): the integration stops with the same
 * commit and its Typebot session, if any, is dropped. integrationId stays as the record of the
 * hand-over (closing clears it with the ticket's own changes).
 */
export async function stopTicketIntegration(db: Executor, ticket: Pick<TicketRow, "companyId" | "id">): Promise<void> {
  await db
    .update(tickets)
    .set({ useIntegration: false, automationState: withoutTypebot })
    .where(
      and(ticketIs(ticket), sql`(${tickets.useIntegration} or ${tickets.automationState} ? ${TYPEBOT_STATE_KEY})`),
    );
}

/**
 * Stores the ticket's Typebot session (null: drops it), only while `holds` (the ticket is still
 * the owner's). Answers whether it did: a person who took the ticket meanwhile keeps the bot quiet.
 */
export async function storeTypebotState(
  db: Executor,
  ticket: Pick<TicketRow, "companyId" | "id">,
  state: TypebotState | null,
  holds: SQL,
): Promise<boolean> {
  const rows = await db
    .update(tickets)
    .set({
      automationState:
        state === null
          ? withoutTypebot
          : sql`coalesce(${tickets.automationState}, '{}'::jsonb) || jsonb_build_object(${TYPEBOT_STATE_KEY}::text, ${JSON.stringify(state)}::jsonb)`,
      updatedAt: sql`${tickets.updatedAt}`,
    })
    .where(and(ticketIs(ticket), holds))
    .returning({ id: tickets.id });
  return rows.length > 0;
}

/** automation_state without the Typebot session (null when nothing else is left). */
const withoutTypebot = sql`nullif(${tickets.automationState} - ${TYPEBOT_STATE_KEY}::text, '{}'::jsonb)`;
