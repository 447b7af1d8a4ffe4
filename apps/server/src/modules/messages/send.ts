import { type ChannelProvider, mediaTypeOf, type OutboundTemplate } from "../../channels/provider.js";
import type { AppContext } from "../../context.js";
import type { Executor } from "../../db/client.js";
import { AppError } from "../../http/errors.js";
import { type ContactRow, findContact } from "../contacts/contacts.repository.js";
import { contactPayload } from "../contacts/contacts.serializers.js";
import { emitNewMessage } from "../tickets/tickets.events.js";
import { ticketPayload } from "../tickets/tickets.serializers.js";
import { connectedProvider } from "../whatsapps/connected-provider.js";
import type { WhatsappRow } from "../whatsapps/whatsapps.repository.js";
import { takeAck } from "./early-acks.js";
import { insertSentOnTicket } from "./message-on-ticket.repository.js";
import {
  advanceMessageAck,
  findMessage,
  findSendingConnection,
  type MessageRow,
  type SentMessageData,
} from "./messages.repository.js";
import { messageEventPayload, quotedSummary } from "./messages.serializers.js";

export type SendDeps = Pick<AppContext, "db" | "realtime" | "media" | "log" | "sessions">;

/** The ticket a message goes out on (company-scoped by the caller). */
export interface OutgoingTicket {
  id: number;
  companyId: number;
  whatsappId: number | null;
  contactId: number;
  /**
   * The ticket's contact and sending connection (findSendingConnection) when the caller read them
   * in this step already: a flow's step sends several messages and reads them once.
   */
  read?: { contact?: ContactRow | undefined; connection?: WhatsappRow | undefined };
}

export interface OutgoingMessage {
  body: string;
  /** A stored message of the same ticket to reply to. */
  quotedMsgId?: number | null;
  /** voiceNote: an audio sent as a voice note rather than a file (OutboundMedia.voiceNote). */
  media?: { data: Buffer; fileName: string; mimeType: string; voiceNote?: boolean };
  /** Sent by the system (greeting, transfer, rating, chatbot) rather than an attendant. */
  automatic?: boolean;
  /** The attendant sending it, for signatures and authorship. */
  userId?: number | null;
  /**
   * Written in the transaction that stores the sent message, so what the caller records of the
   * send (a schedule marked sent) commits with the message or not at all.
   */
  recordSent?: (tx: Executor, message: MessageRow) => Promise<void>;
  /**
   * The caller's own id for the message (SendOptions.messageId), derived from what it sends
   * (a flow run's transition): sent again after a crash, it is the same message to the network.
   */
  messageId?: string;
  /**
   * An approved template (Cloud API connections) instead of free text; `body` is its rendered text,
   * what the message list shows.
   */
  template?: OutboundTemplate;
}

/** The first acknowledgement a sent message has: the provider took it (document 1, ack 1 to 5). */
const SENT_ACK = 1;

const blankBody = () => new AppError("ERR_VALIDATION", { fields: [{ path: "body.body", message: "required" }] });

function lastMessageOf(body: string, mediaName: string | null): string {
  return body || mediaName || "";
}

/**
 * The one sending path shared by every caller (attendants, chatbot, ticket
 * transitions, external API): provider send, message row, ticket lastMessage,
 * realtime events. Failures answer ERR_SENDING_WAPP_MSG.
 */
export async function sendTicketMessage(
  deps: SendDeps,
  ticket: OutgoingTicket,
  message: OutgoingMessage,
): Promise<MessageRow> {
  const { companyId } = ticket;
  const text = message.body ?? "";
  if (!message.media && !text.trim()) throw blankBody();

  const known = ticket.read;
  const whatsapp = known?.connection ?? (await findSendingConnection(deps.db, companyId, ticket.whatsappId));
  if (!whatsapp) throw new AppError("ERR_NO_DEF_WAPP_FOUND");
  const provider = connectedProvider(deps, whatsapp);
  const contact =
    known?.contact?.id === ticket.contactId ? known.contact : await findContact(deps.db, companyId, ticket.contactId);
  if (!contact) throw new AppError("ERR_NO_CONTACT_FOUND");

  const quoted = message.quotedMsgId ? await findMessage(deps.db, companyId, message.quotedMsgId) : undefined;
  if (message.quotedMsgId && (!quoted || quoted.ticketId !== ticket.id)) {
    throw new AppError("ERR_VALIDATION", { fields: [{ path: "body.quotedMsgId", message: "notInTicket" }] });
  }

  const media = message.media;
  // Storage types the file by its bytes, so the message's media type follows what /public/ will serve.
  const stored = media
    ? await deps.media.save(companyId, { data: media.data, originalName: media.fileName })
    : undefined;
  const body = media ? text.trim() || media.fileName : text;

  let providerId: string;
  try {
    providerId = await providerSend(
      deps,
      provider,
      contact.number,
      {
        text,
        ...(media ? { media } : {}),
        quotedProviderId: quoted?.providerId ?? undefined,
        ...(message.messageId ? { messageId: message.messageId } : {}),
        ...(message.template ? { template: message.template } : {}),
      },
      { ticketId: ticket.id, whatsappId: whatsapp.id },
    );
  } catch (error) {
    if (stored) await deps.media.remove(stored.path).catch(() => undefined);
    throw error;
  }

  const data: SentMessageData = { userId: message.userId ?? null, ...(message.automatic ? { automatic: true } : {}) };
  const values = {
    companyId,
    ticketId: ticket.id,
    contactId: contact.id,
    whatsappId: whatsapp.id,
    providerId,
    body,
    fromMe: true,
    mediaType: stored ? mediaTypeOf(stored.type.mimeType) : "chat",
    mediaUrl: stored?.path ?? null,
    mediaName: media ? media.fileName.slice(0, 200) : null,
    ack: SENT_ACK,
    read: true,
    quotedMsgId: quoted?.id ?? null,
    dataJson: data,
  } as const;
  const lastMessage = lastMessageOf(body, values.mediaName);
  // One statement writes the message and touches its ticket; what the caller records of the send joins
  // them in a transaction.
  const { recordSent } = message;
  const committed = await storeSent(deps, stored, () =>
    recordSent
      ? deps.db.transaction(async (tx) => {
          const written = await insertSentOnTicket(tx, values, lastMessage);
          await recordSent(tx, written.message);
          return written;
        })
      : insertSentOnTicket(deps.db, values, lastMessage),
  );
  let row = committed.message;

  // An ack the provider reported before the row existed matched nothing: apply it now, forward only.
  const earlyAck = takeAck(deps.db, whatsapp.id, providerId);
  if (earlyAck !== undefined && earlyAck > row.ack) {
    row = (await advanceMessageAck(deps.db, whatsapp.id, providerId, earlyAck)) ?? row;
  }

  await emitSent(deps, row, committed, contact, quotedSummary(quoted));
  return row;
}

interface ProviderMessage {
  text: string;
  media?: { data: Buffer; fileName: string; mimeType: string; voiceNote?: boolean };
  quotedProviderId?: string | undefined;
  /** The caller's own id for the message (see SendOptions). */
  messageId?: string;
  template?: OutboundTemplate;
}

/**
 * Provider refusals that say more than "not sent" and reach the caller as they are: the session
 * is down, the Cloud API's 24-hour window is closed, the number cannot receive, the rate limit.
 */
const TOLD_AS_IS = new Set([
  "ERR_WAPP_NOT_INITIALIZED",
  "ERR_OUTSIDE_WINDOW",
  "ERR_WAPP_UNDELIVERABLE",
  "ERR_WAPP_RATE_LIMITED",
  "ERR_NO_TEMPLATE_FOUND",
]);

/** The provider step of every send: text, or media with its caption; failures mapped to the catalogue. */
async function providerSend(
  deps: Pick<SendDeps, "log">,
  provider: ChannelProvider,
  to: string,
  message: ProviderMessage,
  logContext: Record<string, unknown>,
): Promise<string> {
  const { media, messageId, template } = message;
  const text = message.text.trim();
  try {
    if (template) {
      if (!provider.sendTemplate) throw new AppError("ERR_NO_TEMPLATE_FOUND");
      return (await provider.sendTemplate(to, template)).providerId;
    }
    const sent = media
      ? await provider.sendMedia(
          to,
          {
            data: media.data,
            fileName: media.fileName,
            mimeType: media.mimeType,
            // The original client sends the file name as the body: no caption then.
            caption: text && text !== media.fileName ? text : undefined,
            ...(media.voiceNote === undefined ? {} : { voiceNote: media.voiceNote }),
          },
          messageId ? { messageId } : undefined,
        )
      : await provider.sendText(to, message.text, {
          quotedProviderId: message.quotedProviderId,
          ...(messageId ? { messageId } : {}),
        });
    return sent.providerId;
  } catch (error) {
    // The session dropped between our check and the send, the window closed...: say so rather than a generic failure.
    if (error instanceof AppError && TOLD_AS_IS.has(error.code)) throw error;
    deps.log.warn({ err: error, ...logContext }, "provider failed to send");
    throw new AppError("ERR_SENDING_WAPP_MSG");
  }
}

/**
 * The sending path's batch mode, for campaigns: straight to a number on a running
 * provider, under the caller's message id, with no ticket, message row or event per
 * recipient (a recipient gets a ticket when they answer, through ingestion). The
 * provider step and its failures are sendTicketMessage's own.
 */
export async function sendToNumber(
  deps: Pick<SendDeps, "log">,
  provider: ChannelProvider,
  to: string,
  message: { text: string; media?: ProviderMessage["media"]; messageId: string; template?: OutboundTemplate },
): Promise<string> {
  if (!message.media && !message.template && !message.text.trim()) throw blankBody();
  return providerSend(deps, provider, to, message, { to });
}

/** The message already left: a failed write is logged with its provider id and answered ERR_CREATING_MESSAGE. */
async function storeSent<T>(deps: SendDeps, stored: { path: string } | undefined, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (stored) await deps.media.remove(stored.path).catch(() => undefined);
    deps.log.error({ err: error }, "message sent but not stored");
    throw new AppError("ERR_CREATING_MESSAGE");
  }
}

/** After the commit: the message is sent and stored whatever happens here, so a failure is only logged. */
async function emitSent(
  deps: SendDeps,
  row: MessageRow,
  updated: Pick<Awaited<ReturnType<typeof insertSentOnTicket>>, "ticket" | "relations">,
  contact: ContactRow,
  quoted: ReturnType<typeof quotedSummary>,
): Promise<void> {
  try {
    const ticket = ticketPayload(updated.ticket, contact, updated.relations);
    // Only the sockets allowed to see the ticket (its queue, its user, admins), as ingestion does.
    await emitNewMessage(deps, updated.ticket, {
      message: messageEventPayload(deps.media, row, contact, quoted),
      ticket,
      contact: contactPayload(contact),
    });
  } catch (error) {
    deps.log.error({ err: error, messageId: row.id }, "sent message event failed");
  }
}
