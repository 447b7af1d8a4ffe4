import { and, desc, eq, gt, isNull, ne, sql } from "drizzle-orm";
import type { Executor } from "../../db/client.js";
import { companies, contacts, messages, plans, queues, tickets, whatsapps } from "../../db/schema/index.js";
import type { TicketRow } from "../../modules/tickets/tickets.repository.js";
import { AI_ANSWERED_KEY, AI_STOPPED_KEY } from "./ai-logic.js";

/* What the AI reads and keeps of a ticket (its state's keys: ai-logic.ts). */

/** The ticket with where a prompt may come from (its own, its queue's, its connection's) and whether the plan has AI. */
export interface AiTicket {
  ticket: TicketRow;
  queuePromptId: number | null;
  connectionPromptId: number | null;
  contactName: string;
  /** The company's plan has useOpenAi (a company without a plan has no AI). */
  planAllows: boolean;
}

export async function findAiTicket(db: Executor, companyId: number, ticketId: number): Promise<AiTicket | undefined> {
  const [row] = await db
    .select({
      ticket: tickets,
      queuePromptId: queues.promptId,
      connectionPromptId: whatsapps.promptId,
      contactName: contacts.name,
      planAllows: plans.useOpenAi,
    })
    .from(tickets)
    .leftJoin(queues, and(eq(queues.id, tickets.queueId), eq(queues.companyId, companyId)))
    .leftJoin(whatsapps, and(eq(whatsapps.id, tickets.whatsappId), eq(whatsapps.companyId, companyId)))
    .leftJoin(contacts, and(eq(contacts.id, tickets.contactId), eq(contacts.companyId, companyId)))
    .leftJoin(companies, eq(companies.id, tickets.companyId))
    .leftJoin(plans, eq(plans.id, companies.planId))
    .where(and(eq(tickets.companyId, companyId), eq(tickets.id, ticketId)))
    .limit(1);
  return row && { ...row, contactName: row.contactName ?? "", planAllows: row.planAllows === true };
}

/** Marks the customer's messages up to `messageId` as done, in the caller's transaction. */
export async function markAnswered(db: Executor, companyId: number, ticketId: number, messageId: number) {
  await db
    .update(tickets)
    .set({
      automationState: sql`coalesce(${tickets.automationState}, '{}'::jsonb) || jsonb_build_object(${AI_ANSWERED_KEY}::text, ${messageId}::int)`,
      // The AI's bookkeeping is not activity: the ticket keeps its place in the lists.
      updatedAt: sql`${tickets.updatedAt}`,
    })
    .where(and(eq(tickets.companyId, companyId), eq(tickets.id, ticketId)));
}

/**
 * The customer asked for a person: the ticket goes to `queueId` (or stays in its queue when
 * none), out of the bot, and the AI stops on it. Only while the ticket is still nobody's and
 * pending: a person who took it meanwhile keeps it. Answers the row when it changed.
 */
export async function handOverTicket(
  db: Executor,
  companyId: number,
  ticketId: number,
  queueId: number | null,
): Promise<TicketRow | undefined> {
  const [row] = await db
    .update(tickets)
    .set({
      queueId: queueId === null ? sql`${tickets.queueId}` : queueId,
      queueOptionId: null,
      chatbot: false,
      amountUsedBotQueues: 0,
      automationState: sql`coalesce(${tickets.automationState}, '{}'::jsonb) || jsonb_build_object(${AI_STOPPED_KEY}::text, true)`,
      updatedAt: new Date(),
    })
    .where(
      and(
        eq(tickets.companyId, companyId),
        eq(tickets.id, ticketId),
        eq(tickets.status, "pending"),
        isNull(tickets.userId),
      ),
    )
    .returning();
  return row;
}

/** The ticket's newest customer message after `messageId`, if any (not a call record). */
export async function newerCustomerMessage(
  db: Executor,
  companyId: number,
  ticketId: number,
  messageId: number,
): Promise<number | undefined> {
  const [row] = await db
    .select({ id: messages.id })
    .from(messages)
    .where(
      and(
        eq(messages.companyId, companyId),
        eq(messages.ticketId, ticketId),
        gt(messages.id, messageId),
        eq(messages.fromMe, false),
        ne(messages.mediaType, "call_log"),
      ),
    )
    .orderBy(desc(messages.id))
    .limit(1);
  return row?.id;
}

export interface ConversationRow {
  id: number;
  fromMe: boolean;
  body: string;
  mediaType: string;
  mediaUrl: string | null;
  mediaName: string | null;
  transcription: string | null;
}

/** The ticket's last `limit` messages up to `messageId`, oldest first (deleted ones and call records left out). */
export async function lastMessages(
  db: Executor,
  companyId: number,
  ticketId: number,
  upTo: number,
  limit: number,
): Promise<ConversationRow[]> {
  const rows = await db
    .select({
      id: messages.id,
      fromMe: messages.fromMe,
      body: messages.body,
      mediaType: messages.mediaType,
      mediaUrl: messages.mediaUrl,
      mediaName: messages.mediaName,
      transcription: sql<string | null>`${messages.dataJson} ->> 'transcription'`,
    })
    .from(messages)
    .where(
      and(
        eq(messages.companyId, companyId),
        eq(messages.ticketId, ticketId),
        sql`${messages.id} <= ${upTo}`,
        eq(messages.isDeleted, false),
        ne(messages.mediaType, "call_log"),
      ),
    )
    .orderBy(desc(messages.id))
    .limit(limit);
  return rows.reverse();
}

/** Keeps an audio's transcription with its message, so later answers read it without a new call. */
export async function keepTranscription(db: Executor, companyId: number, messageId: number, text: string) {
  await db
    .update(messages)
    .set({
      dataJson: sql`coalesce(${messages.dataJson}, '{}'::jsonb) || jsonb_build_object('transcription', ${text}::text)`,
    })
    .where(and(eq(messages.companyId, companyId), eq(messages.id, messageId)));
}
