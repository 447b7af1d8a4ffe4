import {
  isAdmin,
  MESSAGES_PAGE_SIZE,
  type TicketMessage,
  type TicketMessagesPage,
  type TicketMessagesQuery,
} from "@atendo/shared";
import type { AuthSession } from "../../http/auth.js";
import { AppError } from "../../http/errors.js";
import { findContact } from "../contacts/contacts.repository.js";
import { canSeeTicket } from "../tickets/ticket-access.js";
import { emitTicketEvent, emitTicketMessage } from "../tickets/tickets.events.js";
import { findTicketForReader, findTicketRow } from "../tickets/tickets.repository.js";
import { ticketPayload } from "../tickets/tickets.serializers.js";
import { connectedProvider } from "../whatsapps/connected-provider.js";
import { findWhatsapp } from "../whatsapps/whatsapps.repository.js";
import { pageContactMessages } from "./messages.read.js";
import { findMessage, markMessageDeleted, markTicketRead } from "./messages.repository.js";
import { messageEventPayload, quotedSummary, senderUserId, toTicketMessage } from "./messages.serializers.js";
import { type OutgoingMessage, type SendDeps, sendTicketMessage } from "./send.js";

/** The company's ticket if the actor may see it: 404 for another company's, 403 when hidden from them. */
export async function visibleTicket(deps: Pick<SendDeps, "db">, actor: AuthSession, ticketId: number) {
  const found = await findTicketForReader(
    deps.db,
    actor.companyId,
    ticketId,
    isAdmin(actor) ? undefined : actor.userId,
  );
  if (!found) throw new AppError("ERR_NO_TICKET_FOUND");
  if (!canSeeTicket(actor, found.ticket, found.viewer.queueIds, found.viewer.allTicket)) {
    throw new AppError("ERR_NO_PERMISSION");
  }
  return found;
}

/**
 * One page of the conversation with the ticket's contact, this ticket's and the
 * earlier ones' (pageContactMessages): page 1 holds the newest, each page in
 * chronological order (the client prepends older pages above). Opening the
 * ticket reads it (unless markRead is false): unread back to 0, inbound
 * messages read, and `updateUnread` when that changed something.
 */
export async function listTicketMessages(
  deps: SendDeps,
  actor: AuthSession,
  ticketId: number,
  { pageNumber, markRead }: TicketMessagesQuery,
): Promise<TicketMessagesPage> {
  const { companyId } = actor;
  const found = await visibleTicket(deps, actor, ticketId);
  let { ticket } = found;
  const offset = (pageNumber - 1) * MESSAGES_PAGE_SIZE;
  // Reading the page and marking the ticket read touch different rows: one round trip for both.
  const [page, changed] = await Promise.all([
    pageContactMessages(deps.db, companyId, ticket.contactId, { limit: MESSAGES_PAGE_SIZE, offset }),
    markRead ? markTicketRead(deps.db, companyId, ticket.id) : false,
  ]);
  if (changed) ticket = await announceRead(deps, ticket);
  const { contact, relations } = found;
  const messages = page.rows
    .reverse()
    .map(({ message, quoted, contact: sender }) =>
      toTicketMessage(deps.media, message.fromMe ? message : { ...message, read: true }, quoted, sender),
    );
  return {
    messages,
    ticket: ticketPayload(ticket, contact, relations),
    count: page.count,
    hasMore: page.count > offset + page.rows.length,
  };
}

/** After a read that changed something: every list of the ticket learns its unread count is 0. */
async function announceRead<T extends Parameters<typeof emitTicketEvent>[1]>(deps: SendDeps, ticket: T): Promise<T> {
  const read = { ...ticket, unreadMessages: 0 };
  await emitTicketEvent(deps, read, { action: "updateUnread", ticketId: ticket.id });
  return read;
}

/**
 * Reads the ticket on screen as messages arrive (ours): what opening it does (unread back to 0,
 * inbound messages read, `updateUnread`), without loading a page the client already holds.
 */
export async function readTicket(deps: SendDeps, actor: AuthSession, ticketId: number): Promise<void> {
  const { ticket } = await visibleTicket(deps, actor, ticketId);
  if (await markTicketRead(deps.db, actor.companyId, ticket.id)) await announceRead(deps, ticket);
}

export interface SendInput {
  body: string;
  quotedMsgId?: number | null;
  medias: NonNullable<OutgoingMessage["media"]>[];
}

/**
 * An attendant's reply: one message for a text, one per file for media. A
 * closed ticket takes no replies (ERR_VALIDATION on ticketId): it is reopened
 * first, as the client's composer does.
 */
export async function sendFromAttendant(
  deps: SendDeps,
  actor: AuthSession,
  ticketId: number,
  input: SendInput,
): Promise<TicketMessage[]> {
  const { ticket, contact } = await visibleTicket(deps, actor, ticketId);
  if (ticket.status === "closed") {
    throw new AppError("ERR_VALIDATION", { fields: [{ path: "params.ticketId", message: "ticketClosed" }] });
  }
  const outgoing: OutgoingMessage[] = input.medias.length
    ? input.medias.map((media) => ({ body: input.body, media, userId: actor.userId }))
    : [{ body: input.body, quotedMsgId: input.quotedMsgId ?? null, userId: actor.userId }];
  const sent: TicketMessage[] = [];
  for (const message of outgoing) {
    const row = await sendTicketMessage(deps, ticket, message);
    const quoted = row.quotedMsgId ? await findMessage(deps.db, actor.companyId, row.quotedMsgId) : undefined;
    sent.push(toTicketMessage(deps.media, row, quotedSummary(quoted), contact));
  }
  return sent;
}

/**
 * Only the attendant who sent a message may delete it (document 1 section 6),
 * admins included: authorship is the userId the sending path kept in dataJson.
 */
export async function deleteSentMessage(deps: SendDeps, actor: AuthSession, id: number): Promise<TicketMessage> {
  const { companyId } = actor;
  const message = await findMessage(deps.db, companyId, id);
  if (!message) throw new AppError("ERR_NOT_FOUND");
  if (!message.fromMe || senderUserId(message) !== actor.userId) throw new AppError("ERR_NO_PERMISSION");
  const quoted = message.quotedMsgId ? await findMessage(deps.db, companyId, message.quotedMsgId) : undefined;
  const ticket = await findTicketRow(deps.db, companyId, message.ticketId);
  const contact = ticket && (await findContact(deps.db, companyId, ticket.contactId));
  if (message.isDeleted) return toTicketMessage(deps.media, message, quotedSummary(quoted), contact ?? null);

  const whatsapp = message.whatsappId ? await findWhatsapp(deps.db, companyId, message.whatsappId) : undefined;
  if (!ticket || !contact || !whatsapp || !message.providerId) throw new AppError("ERR_DELETE_WAPP_MSG");
  const provider = connectedProvider(deps, whatsapp);
  try {
    await provider.deleteMessage(contact.number, message.providerId);
  } catch (error) {
    if (error instanceof AppError && error.code === "ERR_WAPP_NOT_INITIALIZED") throw error;
    deps.log.warn({ err: error, messageId: id }, "provider failed to delete");
    throw new AppError("ERR_DELETE_WAPP_MSG");
  }
  const row = await markMessageDeleted(deps.db, companyId, id);
  if (!row) throw new AppError("ERR_NOT_FOUND");
  await emitTicketMessage(deps, ticket, {
    action: "update",
    message: messageEventPayload(deps.media, row, contact, quotedSummary(quoted)),
  });
  return toTicketMessage(deps.media, row, quotedSummary(quoted), contact);
}
