import type { TicketRow } from "../../modules/tickets/tickets.repository.js";

/*
 * Which queue integration has a ticket's conversation, free of I/O. The ticket records the
 * hand-over in useIntegration and integrationId (document 1's ticket fields):
 * - useIntegration and integrationId: that integration has the conversation;
 * - integrationId alone: it had it and handed it back (or a person took the ticket), so the
 *   same queue or connection does not hand it over again;
 * - neither: nothing was handed over yet.
 */

type TicketFacts = Pick<
  TicketRow,
  "status" | "userId" | "isGroup" | "whatsappId" | "queueId" | "chatbot" | "useIntegration" | "integrationId"
>;

/** Still the bot's: pending, nobody's, not a group, on a connection (a person's ticket is theirs). */
export function integrationMayRun(ticket: TicketFacts): boolean {
  return ticket.status === "pending" && ticket.userId === null && !ticket.isGroup && ticket.whatsappId !== null;
}

/**
 * The integration a ticket's queue or connection names: its queue's once it is in a queue and
 * out of the queue's option menu, the connection's while it has no queue (as prompts do,
 * automation/ai/ai-logic.ts promptIdOf). A connection's integration does not follow the ticket
 * into a queue: the queue is where its attendants are.
 */
export function namedIntegration(
  ticket: Pick<TicketFacts, "queueId" | "chatbot">,
  named: { queue: number | null; connection: number | null },
): number | null {
  if (ticket.queueId !== null) return ticket.chatbot ? null : named.queue;
  return named.connection;
}

/**
 * The integration that takes the ticket's message, and whether this is its hand-over (to be
 * recorded on the ticket), or undefined when none does.
 */
export function integrationToRun(
  ticket: TicketFacts,
  named: { queue: number | null; connection: number | null },
): { id: number; handOver: boolean } | undefined {
  if (!integrationMayRun(ticket)) return undefined;
  if (ticket.useIntegration && ticket.integrationId !== null) return { id: ticket.integrationId, handOver: false };
  const id = namedIntegration(ticket, named);
  // Handed back already: the customer's messages are the queue's (or the chatbot's) now.
  if (id === null || id === ticket.integrationId) return undefined;
  return { id, handOver: true };
}
