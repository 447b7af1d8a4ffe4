import { and, eq, getTableColumns, lt, sql } from "drizzle-orm";
import type { Executor } from "../../db/client.js";
import { placeholders, preparedStatement, placeholder as value } from "../../db/prepared.js";
import { contacts, messages, tickets } from "../../db/schema/index.js";
import { findDefaultWhatsapp, findWhatsapp, type WhatsappRow } from "../whatsapps/whatsapps.repository.js";

export type MessageRow = typeof messages.$inferSelect;

/** What a message written by this module keeps in `dataJson` (there is no userId column). */
export interface SentMessageData {
  /** The attendant who sent it; null for system messages and the external API. */
  userId: number | null;
  automatic?: boolean;
  externalApi?: boolean;
}

/** The ticket's own connection when it still belongs to the company, else the company's default. */
export async function findSendingConnection(
  db: Executor,
  companyId: number,
  whatsappId: number | null,
): Promise<WhatsappRow | undefined> {
  const own = whatsappId === null ? undefined : await findWhatsapp(db, companyId, whatsappId);
  return own ?? findDefaultWhatsapp(db, companyId);
}

export async function findMessage(db: Executor, companyId: number, id: number): Promise<MessageRow | undefined> {
  const [row] = await db
    .select()
    .from(messages)
    .where(and(eq(messages.companyId, companyId), eq(messages.id, id)))
    .limit(1);
  return row;
}

export async function insertMessage(db: Executor, values: typeof messages.$inferInsert): Promise<MessageRow> {
  const [row] = await db.insert(messages).values(values).returning();
  return row!;
}

/** The columns every message is stored with, sent or received; a prepared insert sends each as a value. */
const messageColumns = [
  "companyId",
  "ticketId",
  "contactId",
  "whatsappId",
  "providerId",
  "body",
  "fromMe",
  "mediaType",
  "mediaUrl",
  "mediaName",
  "ack",
  "quotedMsgId",
] as const;

type MessageValues<Extra extends keyof typeof messages.$inferInsert> = Required<
  Pick<typeof messages.$inferInsert, (typeof messageColumns)[number] | Extra>
>;

/** The columns the sending path writes for a message it sent (send.ts). */
export type SentMessageValues = MessageValues<"read" | "dataJson">;

/**
 * Marks the ticket read: unread back to 0 and inbound messages read, in one
 * statement. Answers whether anything changed.
 */
export async function markTicketRead(db: Executor, companyId: number, ticketId: number): Promise<boolean> {
  const readMessages = db.$with("read_messages").as(
    db
      .update(messages)
      .set({ read: true })
      .where(
        and(
          eq(messages.companyId, companyId),
          eq(messages.ticketId, ticketId),
          eq(messages.fromMe, false),
          eq(messages.read, false),
        ),
      )
      .returning({ id: messages.id }),
  );
  const resetTicket = db.$with("reset_ticket").as(
    db
      .update(tickets)
      // Reading is not activity: the ticket keeps its place in the lists.
      .set({ unreadMessages: 0, updatedAt: sql`${tickets.updatedAt}` })
      .where(and(eq(tickets.companyId, companyId), eq(tickets.id, ticketId), sql`${tickets.unreadMessages} <> 0`))
      .returning({ id: tickets.id }),
  );
  const [row] = await db
    .with(readMessages, resetTicket)
    .select({
      changed: sql<boolean>`exists (select 1 from ${readMessages}) or exists (select 1 from ${resetTicket})`,
    })
    .from(sql`(select 1) as one`);
  return row?.changed === true;
}

export async function markMessageDeleted(db: Executor, companyId: number, id: number): Promise<MessageRow | undefined> {
  const [row] = await db
    .update(messages)
    .set({ isDeleted: true, updatedAt: new Date() })
    .where(and(eq(messages.companyId, companyId), eq(messages.id, id)))
    .returning();
  return row;
}

export async function messageIdByProviderId(
  db: Executor,
  companyId: number,
  whatsappId: number,
  providerId: string,
): Promise<number | undefined> {
  const [row] = await idByProviderIdStatement(db).execute({ companyId, whatsappId, providerId });
  return row?.id;
}

/** A quoted message's lookup on ingestion and a flow's check before each earlier part it sends. */
const idByProviderIdStatement = preparedStatement((db) =>
  db
    .select({ id: messages.id })
    .from(messages)
    .where(
      and(
        eq(messages.companyId, value("companyId")),
        eq(messages.whatsappId, value("whatsappId")),
        eq(messages.providerId, value("providerId")),
      ),
    )
    .limit(1)
    .prepare("messages_id_by_provider_id"),
);

/** The columns ingestion writes for an inbound message (ingest.ts). */
export type InboundMessageValues = MessageValues<"participant" | "createdAt">;

/** Answers undefined when the provider id is already stored: the redelivery is a no-op. */
export async function insertInboundMessage(
  db: Executor,
  values: InboundMessageValues,
): Promise<MessageRow | undefined> {
  const [row] = await insertInboundStatement(db).execute(values);
  return row;
}

/**
 * The insert of a message with every column a value (a placeholder named as the column): an inbound
 * one does nothing on a provider id already stored, a sent one is read and carries its dataJson.
 * Ingestion's first message of a ticket runs it alone; the other messages run it with their ticket's
 * touch (tickets.repository.ts).
 */
export function messageInsert(db: Executor, kind: "inbound" | "sent") {
  const insert = db.insert(messages);
  return kind === "inbound"
    ? insert
        .values(placeholders([...messageColumns, "participant", "createdAt"]))
        .onConflictDoNothing({ target: [messages.whatsappId, messages.providerId] })
        .returning()
    : insert.values(placeholders([...messageColumns, "read", "dataJson"])).returning();
}

/** A ticket's first inbound message, in the ingestion transaction that opens it: prepared once per database. */
const insertInboundStatement = preparedStatement((db) =>
  messageInsert(db, "inbound").prepare("messages_insert_inbound"),
);

/** The ack's change, with what its event needs: the message's ticket and contact. */
export interface AckedMessage {
  message: MessageRow;
  ticket: typeof tickets.$inferSelect | null;
  contact: typeof contacts.$inferSelect | null;
}

/** Every column of a CTE that returns messages rows, as one nested selection. */
function ackedColumns<T extends Record<keyof typeof messages._.columns, unknown>>(cte: T) {
  const columns = getTableColumns(messages);
  return Object.fromEntries(Object.keys(columns).map((key) => [key, cte[key as keyof typeof columns]])) as {
    [K in keyof typeof columns]: (typeof columns)[K];
  };
}

/**
 * The acks of one connection in one statement, each message moved forward only and only when it
 * belongs to the connection's company; answers the moved rows with their tickets and contacts.
 */
function buildAcksForEvent(db: Executor) {
  const acked = db.$with("acked").as(
    db
      .update(messages)
      .set({ ack: sql`reported.ack`, updatedAt: sql`now()` })
      .from(sql`unnest(${value("providerIds")}::text[], ${value("acks")}::int[]) as reported(provider_id, ack)`)
      .where(
        and(
          eq(messages.companyId, value("companyId")),
          eq(messages.whatsappId, value("whatsappId")),
          eq(messages.providerId, sql`reported.provider_id`),
          lt(messages.ack, sql`reported.ack`),
        ),
      )
      .returning(getTableColumns(messages)),
  );
  return db
    .with(acked)
    .select({ message: ackedColumns(acked), ticket: tickets, contact: contacts })
    .from(acked)
    .leftJoin(tickets, and(eq(tickets.companyId, acked.companyId), eq(tickets.id, acked.ticketId)))
    .leftJoin(contacts, and(eq(contacts.companyId, acked.companyId), eq(contacts.id, acked.contactId)))
    .prepare("messages_acks_for_event");
}

/** Prepared once per database: every message sent gets two or three acks (a campaign, hundreds a second). */
const acksForEventStatement = preparedStatement(buildAcksForEvent);

/**
 * Moves a batch of one connection's acks forward (never back), answering each moved message with
 * its ticket and contact in the same statement, as each one's event needs both. One ack per
 * provider id: the caller keeps the highest of a message's.
 */
export async function advanceMessageAcksForEvent(
  db: Executor,
  whatsapp: { id: number; companyId: number },
  acks: { providerId: string; ack: number }[],
): Promise<AckedMessage[]> {
  if (!acks.length) return [];
  return acksForEventStatement(db).execute({
    companyId: whatsapp.companyId,
    whatsappId: whatsapp.id,
    providerIds: acks.map((entry) => entry.providerId),
    acks: acks.map((entry) => entry.ack),
  });
}

/** Moves an outbound message's ack forward (acks never go back), answering the row when it changed. */
export async function advanceMessageAck(
  db: Executor,
  whatsappId: number,
  providerId: string,
  ack: number,
): Promise<MessageRow | undefined> {
  const [row] = await db
    .update(messages)
    .set({ ack, updatedAt: new Date() })
    .where(and(eq(messages.whatsappId, whatsappId), eq(messages.providerId, providerId), lt(messages.ack, ack)))
    .returning();
  return row;
}

/** Keeps why the network refused a sent message (a Cloud API "failed" status); the latest reason wins. */
export async function recordSendError(
  db: Executor,
  whatsappId: number,
  providerId: string,
  error: string,
): Promise<MessageRow | undefined> {
  const [row] = await db
    .update(messages)
    .set({ sendError: error.slice(0, 300), updatedAt: new Date() })
    .where(and(eq(messages.whatsappId, whatsappId), eq(messages.providerId, providerId), eq(messages.fromMe, true)))
    .returning();
  return row;
}
