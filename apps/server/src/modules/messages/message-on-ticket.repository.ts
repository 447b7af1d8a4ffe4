import { and, eq, getTableColumns, sql } from "drizzle-orm";
import type { Executor } from "../../db/client.js";
import { preparedStatement, placeholder as value } from "../../db/prepared.js";
import { messages, tickets } from "../../db/schema/index.js";
import {
  connectionColumn,
  splitRelations,
  splitWritten,
  type TicketRelations,
  type TicketRow,
  ticketWithRelations,
  type WrittenTicket,
} from "../tickets/tickets.repository.js";
import {
  type InboundMessageValues,
  type MessageRow,
  messageInsert,
  type SentMessageValues,
} from "./messages.repository.js";

/**
 * A message and the touch of its ticket, written by one statement (a data-modifying CTE: one round trip
 * instead of two, and no BEGIN and COMMIT where nothing else commits with them). The message's columns
 * come back beside the ticket's under MESSAGE_PREFIX, since the two tables share column names.
 */
const MESSAGE_PREFIX = "message_";

type PrefixedMessage = { [K in keyof MessageRow as `${typeof MESSAGE_PREFIX}${K}`]: MessageRow[K] };

type MessageColumns = typeof messages._.columns;

/** The message CTE's columns under MESSAGE_PREFIX, each decoded as its column (a Date stays a Date). */
function prefixedMessageColumns(inserted: object): {
  [K in keyof MessageColumns as `${typeof MESSAGE_PREFIX}${K}`]: MessageColumns[K];
} {
  const columns = inserted as Record<string, unknown>;
  return Object.fromEntries(
    Object.keys(getTableColumns(messages)).map((key) => [`${MESSAGE_PREFIX}${key}`, columns[key]]),
  ) as never;
}

/** Splits a row of such a statement into the message and the rest (the ticket's columns). */
function splitMessage<Row extends PrefixedMessage>(
  row: Row,
): { message: MessageRow; rest: Omit<Row, keyof PrefixedMessage> } {
  const message: Record<string, unknown> = {};
  const rest: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(row)) {
    if (key.startsWith(MESSAGE_PREFIX)) message[key.slice(MESSAGE_PREFIX.length)] = value;
    else rest[key] = value;
  }
  return { message: message as MessageRow, rest: rest as Omit<Row, keyof PrefixedMessage> };
}

/**
 * The update of a message's ticket, from its message's CTE: nothing when the insert wrote nothing
 * (a redelivery). updatedAt from a placeholder: Drizzle's $onUpdate default would be written into the
 * statement once.
 */
function ticketOfMessage(db: Executor, kind: "inbound" | "sent") {
  const inserted = db.$with("inserted_message").as(messageInsert(db, kind));
  const set =
    kind === "inbound"
      ? {
          lastMessage: value("lastMessage"),
          unreadMessages: sql`${tickets.unreadMessages} + 1`,
          updatedAt: value("updatedAt"),
        }
      : {
          lastMessage: value("lastMessage"),
          // A ticket without a connection adopts the one its reply went out on.
          whatsappId: sql`coalesce(${tickets.whatsappId}, ${value("whatsappId")})`,
          updatedAt: value("updatedAt"),
        };
  const update = db
    .with(inserted)
    .update(tickets)
    .set(set)
    .from(inserted)
    .where(and(eq(tickets.companyId, value("companyId")), eq(tickets.id, value("ticketId"))));
  return { update, message: prefixedMessageColumns(inserted) };
}

/** Every inbound message on an existing ticket runs it (ingest.ts): prepared once per database. */
const inboundOnTicketStatement = preparedStatement((db) => {
  const { update, message } = ticketOfMessage(db, "inbound");
  return update
    .returning({ ...ticketWithRelations, connection: connectionColumn, ...message })
    .prepare("messages_insert_inbound_on_ticket");
});

/**
 * An inbound message on an existing ticket, with the ticket's touch (lastMessage, one more unread):
 * the message, the ticket with its relations and InboundConnection, or undefined when the provider id
 * is already stored (the redelivery writes nothing).
 */
export async function insertInboundOnTicket(
  db: Executor,
  values: InboundMessageValues,
  lastMessage: string,
): Promise<(WrittenTicket & { message: MessageRow }) | undefined> {
  const [row] = await inboundOnTicketStatement(db).execute({ ...values, lastMessage, updatedAt: new Date() });
  if (!row) return undefined;
  const { message, rest } = splitMessage(row);
  return { ...splitWritten(rest), message };
}

/** Every message sent runs it (send.ts): prepared once per database. */
const sentOnTicketStatement = preparedStatement((db) => {
  const { update, message } = ticketOfMessage(db, "sent");
  return update.returning({ ...ticketWithRelations, ...message }).prepare("messages_insert_sent_on_ticket");
});

/**
 * A sent message with its ticket's touch: the ticket moves up with the text and adopts the sending
 * connection if it had none; unlike inbound, unread stays as it is. Answers the message and the
 * ticket with the names its event carries (ticketRelations).
 */
export async function insertSentOnTicket(
  db: Executor,
  values: SentMessageValues,
  lastMessage: string,
): Promise<{ message: MessageRow; ticket: TicketRow; relations: TicketRelations }> {
  const [row] = await sentOnTicketStatement(db).execute({ ...values, lastMessage, updatedAt: new Date() });
  if (!row) throw new Error(`ticket ${values.ticketId} not found for its sent message`);
  const { message, rest } = splitMessage(row);
  return { ...splitRelations(rest), message };
}
