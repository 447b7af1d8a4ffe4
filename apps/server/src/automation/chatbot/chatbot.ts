import { and, eq, sql } from "drizzle-orm";
import type { AppContext } from "../../context.js";
import { tickets } from "../../db/schema/index.js";
import { findContact } from "../../modules/contacts/contacts.repository.js";
import { sendTicketMessage } from "../../modules/messages/send.js";
import type { QueueRow } from "../../modules/queues/queues.repository.js";
import { getSetting } from "../../modules/settings/settings.repository.js";
import { emitTicketChange } from "../../modules/tickets/tickets.events.js";
import {
  type TicketChanges,
  type TicketRow,
  ticketRelations,
  updateTicketRow,
} from "../../modules/tickets/tickets.repository.js";
import { ticketPayload } from "../../modules/tickets/tickets.serializers.js";
import type { WhatsappRow } from "../../modules/whatsapps/whatsapps.repository.js";
import type { InboundFacts } from "../inbound-step.repository.js";
import {
  type BotOption,
  dayKey,
  isWithinSchedule,
  joinParts,
  maxInvalidReplies,
  navigate,
  optionMenuText,
  parseReply,
  pickQueue,
  queueMenuText,
} from "./chatbot.logic.js";
import { companySchedules, connectionQueues, queueOptionTree } from "./chatbot.repository.js";

export type ChatbotDeps = Pick<AppContext, "db" | "realtime" | "media" | "log" | "sessions">;

/** The automationState key remembering the day the out-of-hours message went out. */
export const OUT_OF_HOURS_KEY = "outOfHoursNotifiedOn";

/** Whether the bot has anything to do with the ticket: a pending, unassigned, non-group ticket without queue or in the bot. */
export function botMayAnswer(ticket: TicketRow): boolean {
  return (
    !ticket.isGroup &&
    ticket.status === "pending" &&
    ticket.userId === null &&
    ticket.whatsappId !== null &&
    (ticket.queueId === null || ticket.chatbot)
  );
}

/** What the bot reads before it acts (botContext). */
export interface BotContext {
  ticket: TicketRow;
  whatsapp: WhatsappRow;
  queues: QueueRow[];
  scheduleType: string;
}

/**
 * Routing for one inbound message: queue choice, option tree and working hours. The automation
 * step (automation/inbound-step.ts) runs it after the message's commit, once per message and in
 * order per ticket. Never throws: the message is stored whatever happens here, so a failure is
 * only logged.
 */
export async function runChatbot(
  deps: ChatbotDeps,
  context: BotContext,
  body: string,
  now: Date = new Date(),
): Promise<void> {
  try {
    await step(deps, context, body, now);
  } catch (error) {
    deps.log.error({ err: error, ticketId: context.ticket.id }, "chatbot failed");
  }
}

interface Run {
  deps: ChatbotDeps;
  ticket: TicketRow;
  whatsapp: WhatsappRow;
  queues: QueueRow[];
  scheduleType: string;
  now: Date;
}

/**
 * What the bot reads before it acts, or undefined when it has nothing to do with the ticket: from
 * the ticket and its connection with whether the connection has queues, as the automation step
 * read them (automation/inbound-step.repository.ts), the queues and the company's scheduleType.
 * The automation step reads it all before it takes the message, so what can wait on the database
 * waits before the take (automation/inbound-step.ts).
 */
export async function botContext(
  deps: Pick<ChatbotDeps, "db">,
  facts: Pick<InboundFacts, "ticket" | "connection" | "connectionHasQueues">,
): Promise<BotContext | undefined> {
  const { ticket, connection } = facts;
  if (!connection || !facts.connectionHasQueues || !botMayAnswer(ticket)) return undefined;
  const [queues, scheduleType] = await Promise.all([
    connectionQueues(deps.db, ticket.companyId, connection.id),
    getSetting(deps.db, ticket.companyId, "scheduleType"),
  ]);
  if (queues.length === 0) return undefined;
  return { ticket, whatsapp: connection, queues, scheduleType };
}

async function step(deps: ChatbotDeps, context: BotContext, body: string, now: Date): Promise<void> {
  const { ticket, whatsapp, queues, scheduleType } = context;
  if (!botMayAnswer(ticket)) return;
  const { companyId } = ticket;
  const run: Run = { deps, ticket, whatsapp, queues, scheduleType, now };

  if (scheduleType === "company" && !isWithinSchedule(await companySchedules(deps.db, companyId), now)) {
    await outOfHours(run, whatsapp.outOfHoursMessage);
    return;
  }

  if (ticket.queueId === null) {
    if (queues.length === 1) {
      const greet = (await getSetting(deps.db, companyId, "sendGreetingMessageOneQueues")) === "enabled";
      await enterQueue(run, queues[0]!, greet);
      return;
    }
    if (!ticket.chatbot) {
      // A bot that gave up (too many invalid replies) stays quiet on this ticket.
      if (ticket.amountUsedBotQueues >= maxInvalidReplies(whatsapp.maxUseBotQueues)) return;
      await change(run, { chatbot: true, queueOptionId: null });
      await send(run, queueMenuText(whatsapp.greetingMessage, queues));
      return;
    }
    const reply = parseReply(body);
    const queue = pickQueue(queues, reply);
    if (queue) await enterQueue(run, queue, true);
    else if (reply.kind === "root") await send(run, queueMenuText(whatsapp.greetingMessage, queues));
    else await invalid(run, queueMenuText(whatsapp.greetingMessage, queues));
    return;
  }

  const queue = queues.find((q) => q.id === ticket.queueId);
  if (!queue) {
    // The queue left the connection while the customer was in its menu.
    await change(run, { chatbot: false });
    return;
  }
  if (scheduleType === "queue" && !isWithinSchedule(queue.schedules, now)) {
    await change(run, { chatbot: false });
    await outOfHours(run, queue.outOfHoursMessage);
    return;
  }
  const tree = await queueOptionTree(deps.db, companyId, queue.id);
  if (tree.length === 0) {
    await change(run, { chatbot: false });
    return;
  }
  await optionStep(run, tree, body);
}

async function optionStep(run: Run, tree: BotOption[], body: string): Promise<void> {
  const several = run.queues.length > 1;
  const levelMenu = (parentId: number | null) =>
    optionMenuText(
      tree,
      parentId,
      // The queue's greeting went out when the ticket entered it: the root menu is shown bare.
      parentId === null ? "" : (tree.find((o) => o.id === parentId)?.message ?? ""),
      { queueMenuAbove: several },
    );
  const current = tree.some((o) => o.id === run.ticket.queueOptionId) ? run.ticket.queueOptionId : null;
  const move = navigate(tree, current, parseReply(body));
  switch (move.kind) {
    case "menu":
      await change(run, { queueOptionId: move.parentId, amountUsedBotQueues: 0 });
      await send(run, levelMenu(move.parentId));
      return;
    case "leaveQueue":
      if (!several) {
        await change(run, { queueOptionId: null, amountUsedBotQueues: 0 });
        await send(run, levelMenu(null));
        return;
      }
      await change(run, { queueId: null, queueOptionId: null, chatbot: true, amountUsedBotQueues: 0 });
      await send(run, queueMenuText(run.whatsapp.greetingMessage, run.queues));
      return;
    case "pick":
      if (move.leaf) {
        await change(run, { queueOptionId: move.option.id, chatbot: false, amountUsedBotQueues: 0 });
        if (move.option.message.trim()) await send(run, move.option.message);
        return;
      }
      await change(run, { queueOptionId: move.option.id, amountUsedBotQueues: 0 });
      await send(run, levelMenu(move.option.id));
      return;
    default:
      await invalid(run, levelMenu(current));
  }
}

/** The ticket joins the queue; its greeting, then its root options when it has some. */
async function enterQueue(run: Run, queue: QueueRow, greet: boolean): Promise<void> {
  const greeting = greet ? queue.greetingMessage : "";
  if (run.scheduleType === "queue" && !isWithinSchedule(queue.schedules, run.now)) {
    // Attendants find it in the queue when they are back; no menu outside hours.
    await change(run, { queueId: queue.id, queueOptionId: null, chatbot: false, amountUsedBotQueues: 0 });
    await outOfHours(run, queue.outOfHoursMessage);
    return;
  }
  const tree = await queueOptionTree(run.deps.db, run.ticket.companyId, queue.id);
  const hasOptions = tree.length > 0;
  await change(run, { queueId: queue.id, queueOptionId: null, chatbot: hasOptions, amountUsedBotQueues: 0 });
  const text = hasOptions
    ? optionMenuText(tree, null, greeting, { queueMenuAbove: run.queues.length > 1 })
    : joinParts(greeting);
  if (text) await send(run, text);
}

/** An invalid reply: the menu again, until the connection's limit, then the bot gives up. */
async function invalid(run: Run, menu: string): Promise<void> {
  const used = run.ticket.amountUsedBotQueues + 1;
  if (used >= maxInvalidReplies(run.whatsapp.maxUseBotQueues)) {
    await change(run, { amountUsedBotQueues: used, chatbot: false });
    return;
  }
  await change(run, { amountUsedBotQueues: used });
  await send(run, menu);
}

/** The out-of-hours message, at most once per ticket and local day (remembered in automationState). */
async function outOfHours(run: Run, text: string): Promise<void> {
  if (!text.trim()) return;
  const day = dayKey(run.now);
  const { db } = run.deps;
  const [claimed] = await db
    .update(tickets)
    .set({
      automationState: sql`coalesce(${tickets.automationState}, '{}'::jsonb) || jsonb_build_object(${OUT_OF_HOURS_KEY}::text, ${day}::text)`,
    })
    .where(
      and(
        eq(tickets.companyId, run.ticket.companyId),
        eq(tickets.id, run.ticket.id),
        sql`(${tickets.automationState} ->> ${OUT_OF_HOURS_KEY}) is distinct from ${day}`,
      ),
    )
    .returning({ id: tickets.id });
  if (claimed) await send(run, text);
}

/** Stores the change and tells the sockets (those that lose the ticket get a delete). */
async function change(run: Run, changes: TicketChanges): Promise<void> {
  const { deps } = run;
  const before = run.ticket;
  const after = await updateTicketRow(deps.db, before.companyId, before.id, changes);
  if (!after) return;
  run.ticket = after;
  const visible = before.queueId !== after.queueId || before.chatbot !== after.chatbot;
  if (!visible) return;
  try {
    const contact = await findContact(deps.db, after.companyId, after.contactId);
    if (!contact) return;
    const relations = await ticketRelations(deps.db, after.companyId, after.id);
    await emitTicketChange(deps, before, after, {
      action: "update",
      ticket: ticketPayload(after, contact, relations),
    });
  } catch (error) {
    deps.log.error({ err: error, ticketId: after.id }, "chatbot ticket event failed");
  }
}

async function send(run: Run, body: string): Promise<void> {
  const { ticket } = run;
  try {
    await sendTicketMessage(
      run.deps,
      { id: ticket.id, companyId: ticket.companyId, whatsappId: ticket.whatsappId, contactId: ticket.contactId },
      { body, automatic: true },
    );
  } catch (error) {
    run.deps.log.warn({ err: error, ticketId: ticket.id }, "chatbot message not sent");
  }
}
