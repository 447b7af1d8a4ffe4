import { and, desc, eq, sql } from "drizzle-orm";
import type { AppContext } from "../../context.js";
import type { Executor } from "../../db/client.js";
import { messages, tickets, whatsapps } from "../../db/schema/index.js";
import type { JobDefinition } from "../../jobs/define.js";
import type { WhatsappRow } from "../whatsapps/whatsapps.repository.js";
import { latestTracking, type TicketRow } from "./tickets.repository.js";

/**
 * What the ticket timers share (docs/decisions.md, "Ticket and chatbot timeouts"): the clock a
 * timer measures, the ticket it measures, and re-arming a timer whose clock was reset.
 */

export type ClockDeps = Pick<AppContext, "db" | "jobs" | "config">;

/** The payload of every per-ticket timer. */
export interface TicketTimer {
  companyId: number;
  ticketId: number;
}

/** One waiting timer of each kind per ticket (the jobs' "short" policy drops a second one). */
export const ticketTimerKey = (ticketId: number) => `ticket:${ticketId}`;

/** `minutes` of the connection's timeouts after `from` (a "minute" is TIMEOUT_UNIT_MS long). */
export function minutesAfter(config: ClockDeps["config"], from: Date, minutes: number): Date {
  return new Date(from.getTime() + minutes * config.TIMEOUT_UNIT_MS);
}

/** When the customer last wrote on the ticket (the newest inbound message), through messages_company_ticket_created_idx. */
export async function lastCustomerMessageAt(
  db: Executor,
  companyId: number,
  ticketId: number,
): Promise<Date | undefined> {
  const [row] = await db
    .select({ createdAt: messages.createdAt })
    .from(messages)
    .where(and(eq(messages.companyId, companyId), eq(messages.ticketId, ticketId), eq(messages.fromMe, false)))
    .orderBy(desc(messages.createdAt))
    .limit(1);
  return row?.createdAt;
}

/**
 * The clock's start for timers measured from the customer's last word: that message, but never
 * before the ticket's current life cycle began (its creation, or its latest reopening), so a
 * ticket reopened by an attendant is not closed at once for a conversation that ended long ago.
 */
export async function customerClock(db: Executor, ticket: TicketRow): Promise<Date> {
  const [lastMessage, cycle] = await Promise.all([
    lastCustomerMessageAt(db, ticket.companyId, ticket.id),
    latestTracking(db, ticket.companyId, ticket.id),
  ]);
  const times = [ticket.createdAt, lastMessage, cycle?.queuedAt].filter((time): time is Date => time instanceof Date);
  return new Date(Math.max(...times.map((time) => time.getTime())));
}

/**
 * An SQL condition for a timer's final update: no customer message arrived after the clock the
 * handler read, so a message committed while the handler ran wins over the timeout.
 */
export function noCustomerMessageAfter(clock: Date) {
  return sql`not exists (select 1 from ${messages} where ${messages.companyId} = ${tickets.companyId} and ${messages.ticketId} = ${tickets.id} and ${messages.fromMe} = false and ${messages.createdAt} > ${clock})`;
}

/** The ticket and its connection (company-scoped), as a timer re-reads them when it fires. */
export async function ticketWithConnection(
  db: Executor,
  timer: TicketTimer,
): Promise<{ ticket: TicketRow; whatsapp: WhatsappRow | null } | undefined> {
  const [row] = await db
    .select({ ticket: tickets, whatsapp: whatsapps })
    .from(tickets)
    .leftJoin(whatsapps, and(eq(whatsapps.companyId, tickets.companyId), eq(whatsapps.id, tickets.whatsappId)))
    .where(and(eq(tickets.companyId, timer.companyId), eq(tickets.id, timer.ticketId)))
    .limit(1);
  return row;
}

/**
 * The clock was reset since the timer was written (a newer message): the timer waits again until
 * the new deadline. The running job does not count against the key, so this one is kept.
 */
export async function rearm(
  deps: ClockDeps,
  job: JobDefinition<TicketTimer>,
  timer: TicketTimer,
  due: Date,
): Promise<void> {
  await deps.jobs.enqueue(job, timer, { runAt: due, singletonKey: ticketTimerKey(timer.ticketId) });
}
