import type { TicketMessage } from "@atendo/shared";
import { formatDate, toDate } from "../../../utils/date";

/** What the message list draws, top to bottom. */
export type TimelineItem =
  | { kind: "date"; key: string; date: string }
  | { kind: "conversation"; key: string; endedAt: string; startedAt: string }
  | { kind: "message"; key: string; message: TicketMessage };

/**
 * Chronological items with a dd/MM/yyyy separator before the first message of
 * each day, and a marker where one conversation (ticket) ends and the next
 * starts: the ended time is the previous ticket's last message, the started
 * time the next ticket's first message (document 1 section 2, Message list).
 */
export function buildTimeline(messages: readonly TicketMessage[]): TimelineItem[] {
  const items: TimelineItem[] = [];
  let previous: TicketMessage | undefined;
  for (const message of messages) {
    const day = formatDate(message.createdAt);
    if (previous && previous.ticketId !== message.ticketId) {
      items.push({
        kind: "conversation",
        key: `conversation-${previous.id}-${message.id}`,
        endedAt: previous.createdAt,
        startedAt: message.createdAt,
      });
    }
    if (!previous || formatDate(previous.createdAt) !== day) {
      items.push({ kind: "date", key: `date-${day}-${message.id}`, date: day });
    }
    items.push({ kind: "message", key: `message-${message.id}`, message });
    previous = message;
  }
  return items;
}

const timeOf = (message: TicketMessage) => toDate(message.createdAt)?.getTime() ?? 0;

/**
 * Merges messages into a chronological list, one entry per id: an incoming
 * copy replaces the stored one, keeping the quoted message the realtime
 * payload of an ack does not carry.
 */
export function mergeMessages(current: readonly TicketMessage[], incoming: readonly TicketMessage[]): TicketMessage[] {
  const byId = new Map(current.map((message) => [message.id, message]));
  for (const message of incoming) {
    const stored = byId.get(message.id);
    byId.set(
      message.id,
      stored ? { ...stored, ...message, quotedMsg: message.quotedMsg ?? stored.quotedMsg } : message,
    );
  }
  return [...byId.values()].sort((a, b) => timeOf(a) - timeOf(b) || a.id - b.id);
}
