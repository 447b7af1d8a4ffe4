import { and, eq, isNull, or } from "drizzle-orm";
import { z } from "zod";
import type { AppContext } from "../../context.js";
import type { Executor } from "../../db/client.js";
import { tickets } from "../../db/schema/index.js";
import { defineJob } from "../../jobs/define.js";
import { findContact } from "../../modules/contacts/contacts.repository.js";
import {
  type ClockDeps,
  customerClock,
  minutesAfter,
  noCustomerMessageAfter,
  rearm,
  type TicketTimer,
  ticketTimerKey,
  ticketWithConnection,
} from "../../modules/tickets/tickets.clocks.js";
import { emitTicketChange } from "../../modules/tickets/tickets.events.js";
import { type InboundConnection, type TicketRow, ticketRelations } from "../../modules/tickets/tickets.repository.js";
import { ticketPayload } from "../../modules/tickets/tickets.serializers.js";
import { maxInvalidReplies } from "./chatbot.logic.js";

type BotTimerDeps = ClockDeps & Pick<AppContext, "realtime" | "log">;

/**
 * A ticket the bot is still talking to: pending, nobody's, not a group, and either without a
 * queue (the queue menu) or inside its queue's option tree (chatbot on).
 */
export function botWaitsForChoice(ticket: TicketRow): boolean {
  return (
    ticket.status === "pending" &&
    ticket.userId === null &&
    !ticket.isGroup &&
    (ticket.queueId === null || ticket.chatbot)
  );
}

/**
 * timeUseBotQueues: a customer who leaves the bot's menu unanswered for that many minutes is no
 * longer served by the bot on this ticket. It gives up exactly as after maxUseBotQueues invalid
 * replies (chatbot off, the invalid-reply count at its limit): the ticket stays pending where it is
 * (without queue, or in the queue it reached) for an attendant, and the bot stays quiet.
 */
export const botTimeoutJob = defineJob<TicketTimer>({
  name: "chatbot.idle-timeout",
  payload: z.object({ companyId: z.number().int().positive(), ticketId: z.number().int().positive() }),
  policy: "short",
  handler: (ctx, timer) => stopIdleBot(ctx, timer),
});

/**
 * Starts the timeUseBotQueues clock of an inbound message in the ingestion transaction that
 * stores it (as tickets.jobs.ts's startInboundClocks does for the ticket's own timers).
 */
export async function startBotClock(
  deps: Pick<AppContext, "jobs" | "config">,
  tx: Executor,
  event: { ticket: TicketRow; at: Date; connection: InboundConnection | null },
): Promise<void> {
  const { ticket, at, connection } = event;
  if (ticket.whatsappId === null || !connection || connection.timeUseBotQueues <= 0) return;
  if (!botWaitsForChoice(ticket)) return;
  const runAt = minutesAfter(deps.config, at, connection.timeUseBotQueues);
  const timer: TicketTimer = { companyId: ticket.companyId, ticketId: ticket.id };
  await deps.jobs.enqueue(botTimeoutJob, timer, { tx, runAt, singletonKey: ticketTimerKey(ticket.id) });
}

/** The timeUseBotQueues timer (idempotent: it re-reads the ticket and the clock). */
export async function stopIdleBot(deps: BotTimerDeps, timer: TicketTimer, now = new Date()): Promise<void> {
  const found = await ticketWithConnection(deps.db, timer);
  if (!found?.whatsapp || !botWaitsForChoice(found.ticket)) return;
  const { ticket: before, whatsapp } = found;
  if (whatsapp.timeUseBotQueues <= 0) return;
  const limit = maxInvalidReplies(whatsapp.maxUseBotQueues);
  if (!before.chatbot && before.amountUsedBotQueues >= limit) return; // it already gave up
  const clock = await customerClock(deps.db, before);
  const due = minutesAfter(deps.config, clock, whatsapp.timeUseBotQueues);
  if (due > now) {
    await rearm(deps, botTimeoutJob, timer, due);
    return;
  }
  const [after] = await deps.db
    .update(tickets)
    .set({ chatbot: false, queueOptionId: null, amountUsedBotQueues: limit, updatedAt: now })
    .where(
      and(
        eq(tickets.companyId, timer.companyId),
        eq(tickets.id, timer.ticketId),
        eq(tickets.status, "pending"),
        isNull(tickets.userId),
        or(isNull(tickets.queueId), eq(tickets.chatbot, true)),
        noCustomerMessageAfter(clock),
      ),
    )
    .returning();
  if (!after) return;
  deps.log.info({ ticketId: after.id }, "chatbot stopped: no choice in time");
  if (before.chatbot === after.chatbot) return; // nothing any list shows changed
  try {
    const contact = await findContact(deps.db, after.companyId, after.contactId);
    if (!contact) return;
    const relations = await ticketRelations(deps.db, after.companyId, after.id);
    await emitTicketChange(deps, before, after, { action: "update", ticket: ticketPayload(after, contact, relations) });
  } catch (error) {
    deps.log.error({ err: error, ticketId: after.id }, "chatbot timer event failed");
  }
}
