import { and, eq, inArray, isNull, ne, or } from "drizzle-orm";
import { z } from "zod";
import type { AppContext } from "../../context.js";
import type { Executor } from "../../db/client.js";
import { tickets } from "../../db/schema/index.js";
import { defineJob } from "../../jobs/define.js";
import { findQueue } from "../queues/queues.repository.js";
import { getSetting } from "../settings/settings.repository.js";
import {
  type ClockDeps,
  customerClock,
  minutesAfter,
  noCustomerMessageAfter,
  rearm,
  type TicketTimer,
  ticketTimerKey,
  ticketWithConnection,
} from "./tickets.clocks.js";
import { type AudienceTicket, emitTicketChange } from "./tickets.events.js";
import { type InboundConnection, latestTracking, type TicketRow, updateTracking } from "./tickets.repository.js";
import { toTicketById } from "./tickets.service.js";
import { ticketTexts } from "./tickets.texts.js";

const TicketTimerPayload = z.object({ companyId: z.number().int().positive(), ticketId: z.number().int().positive() });

type TimerDeps = ClockDeps & Pick<AppContext, "realtime" | "media" | "log" | "sessions" | "sendMessage">;

/**
 * expiresTicket: an open or pending ticket whose customer has not written for that many minutes
 * is closed, and the connection's expiresInactiveMessage goes out.
 */
export const ticketExpiryJob = defineJob<TicketTimer>({
  name: "tickets.expire-inactive",
  payload: TicketTimerPayload,
  policy: "short",
  handler: (ctx, timer) => expireInactiveTicket(ctx, timer),
});

/**
 * timeToTransfer: a pending ticket nobody accepted within that many minutes of its arrival moves
 * to the connection's transferQueueId (with the transfer message when sendMsgTransfTicket is on).
 */
export const ticketTransferJob = defineJob<TicketTimer>({
  name: "tickets.transfer-unaccepted",
  payload: TicketTimerPayload,
  policy: "short",
  handler: (ctx, timer) => transferUnacceptedTicket(ctx, timer),
});

const isActive = (ticket: TicketRow) => ticket.status === "open" || ticket.status === "pending";

const audienceOf = (row: TicketRow): AudienceTicket => ({
  id: row.id,
  companyId: row.companyId,
  queueId: row.queueId,
  userId: row.userId,
  status: row.status,
});

/**
 * Starts the ticket's timers an inbound message starts (the bot's own is chatbot.jobs.ts's), in
 * the ingestion transaction that stores it (so a crash cannot keep the message and lose its
 * timers). Called by ingest.ts for every committed inbound message; `at` is the message's time.
 */
export async function startInboundClocks(
  deps: Pick<AppContext, "jobs" | "config">,
  tx: Executor,
  event: { ticket: TicketRow; ticketCreated: boolean; at: Date; connection: InboundConnection | null },
): Promise<void> {
  // The connection's timeouts come with the statement that wrote the ticket: no extra read per message.
  const { ticket, ticketCreated, at, connection } = event;
  if (ticket.isGroup || !isActive(ticket) || ticket.whatsappId === null || !connection) return;
  const timer: TicketTimer = { companyId: ticket.companyId, ticketId: ticket.id };
  const singletonKey = ticketTimerKey(ticket.id);
  const { config } = deps;
  if (connection.expiresTicket > 0) {
    const runAt = minutesAfter(config, at, connection.expiresTicket);
    await deps.jobs.enqueue(ticketExpiryJob, timer, { tx, runAt, singletonKey });
  }
  const transferAfter = connection.timeToTransfer ?? 0;
  if (ticketCreated && ticket.status === "pending" && transferAfter > 0 && connection.transferQueueId !== null) {
    const runAt = minutesAfter(config, ticket.createdAt, transferAfter);
    await deps.jobs.enqueue(ticketTransferJob, timer, { tx, runAt, singletonKey });
  }
}

/** The expiresTicket timer (idempotent: it re-reads the ticket and the clock). */
export async function expireInactiveTicket(deps: TimerDeps, timer: TicketTimer, now = new Date()): Promise<void> {
  const found = await ticketWithConnection(deps.db, timer);
  if (!found?.whatsapp || !isActive(found.ticket) || found.ticket.isGroup) return;
  const { ticket: before, whatsapp } = found;
  if (whatsapp.expiresTicket <= 0) return;
  const clock = await customerClock(deps.db, before);
  const due = minutesAfter(deps.config, clock, whatsapp.expiresTicket);
  if (due > now) {
    await rearm(deps, ticketExpiryJob, timer, due);
    return;
  }
  const after = await deps.db.transaction(async (tx) => {
    const [row] = await tx
      .update(tickets)
      .set({ status: "closed", useIntegration: false, integrationId: null, promptId: null, updatedAt: now })
      .where(
        and(
          eq(tickets.companyId, timer.companyId),
          eq(tickets.id, timer.ticketId),
          inArray(tickets.status, ["open", "pending"]),
          noCustomerMessageAfter(clock),
        ),
      )
      .returning();
    if (!row) return undefined;
    const tracking = await latestTracking(tx, row.companyId, row.id);
    if (tracking && !tracking.finishedAt) await updateTracking(tx, row.companyId, tracking.id, { finishedAt: now });
    return row;
  });
  if (!after) return;
  deps.log.info({ ticketId: after.id, companyId: after.companyId }, "inactive ticket closed");
  await announce(deps, before, after);
  await sendAutomatic(deps, after, whatsapp.expiresInactiveMessage);
}

/** The timeToTransfer timer (idempotent: it re-reads the ticket). */
export async function transferUnacceptedTicket(deps: TimerDeps, timer: TicketTimer, now = new Date()): Promise<void> {
  const found = await ticketWithConnection(deps.db, timer);
  if (!found?.whatsapp) return;
  const { ticket: before, whatsapp } = found;
  const minutes = whatsapp.timeToTransfer ?? 0;
  const queueId = whatsapp.transferQueueId;
  if (before.status !== "pending" || before.userId !== null || before.isGroup) return;
  if (minutes <= 0 || queueId === null || before.queueId === queueId) return;
  const due = minutesAfter(deps.config, before.createdAt, minutes);
  if (due > now) {
    await rearm(deps, ticketTransferJob, timer, due);
    return;
  }
  const queue = await findQueue(deps.db, before.companyId, queueId);
  if (!queue) return;
  const [after] = await deps.db
    .update(tickets)
    .set({ queueId: queue.id, queueOptionId: null, chatbot: false, updatedAt: now })
    .where(
      and(
        eq(tickets.companyId, timer.companyId),
        eq(tickets.id, timer.ticketId),
        eq(tickets.status, "pending"),
        isNull(tickets.userId),
        or(isNull(tickets.queueId), ne(tickets.queueId, queue.id)),
      ),
    )
    .returning();
  if (!after) return;
  deps.log.info({ ticketId: after.id, queueId: queue.id }, "unaccepted ticket transferred");
  await announce(deps, before, after);
  if ((await getSetting(deps.db, after.companyId, "sendMsgTransfTicket")) === "enabled") {
    await sendAutomatic(deps, after, ticketTexts.transferredToQueue(queue.name));
  }
}

/** The ticket's update to its new audience (a delete to sockets that lose it). */
async function announce(deps: TimerDeps, before: TicketRow, after: TicketRow): Promise<void> {
  try {
    const ticket = await toTicketById(deps.db, after.companyId, after.id);
    await emitTicketChange(deps, audienceOf(before), audienceOf(after), { action: "update", ticket });
  } catch (error) {
    deps.log.error({ err: error, ticketId: after.id }, "timer ticket event failed");
  }
}

/** Best effort: the change is committed, so a failed send is logged, not retried (it would send twice). */
async function sendAutomatic(deps: TimerDeps, ticket: TicketRow, body: string): Promise<void> {
  if (!body.trim() || ticket.whatsappId === null) return;
  try {
    await deps.sendMessage(
      deps,
      { id: ticket.id, companyId: ticket.companyId, whatsappId: ticket.whatsappId, contactId: ticket.contactId },
      { body, automatic: true },
    );
  } catch (error) {
    deps.log.warn({ err: error, ticketId: ticket.id }, "timer message not sent");
  }
}
