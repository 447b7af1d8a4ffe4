import type { MediaType, TicketMessage } from "@atendo/shared";
import type { MediaStorage } from "../../media/storage.js";
import type { ContactRow } from "../contacts/contacts.repository.js";
import type { MessageRow } from "./messages.repository.js";

export interface QuotedSummary {
  id: number;
  body: string;
  fromMe: boolean;
  mediaType: MediaType;
}

export const quotedSummary = (row: MessageRow | QuotedSummary | null | undefined): QuotedSummary | null =>
  row ? { id: row.id, body: row.body, fromMe: row.fromMe, mediaType: row.mediaType } : null;

/** A message as GET/POST /messages answer it (document 1 section 3, Message). */
export function toTicketMessage(
  media: Pick<MediaStorage, "publicUrl">,
  row: MessageRow,
  quoted: QuotedSummary | null,
  contact: Pick<ContactRow, "id" | "name"> | null,
): TicketMessage {
  return {
    id: row.id,
    ticketId: row.ticketId,
    body: row.body,
    fromMe: row.fromMe,
    mediaType: row.mediaType,
    mediaUrl: row.mediaUrl ? media.publicUrl(row.mediaUrl) : null,
    mediaName: row.mediaName,
    isDeleted: row.isDeleted,
    isEdited: row.isEdited,
    ack: row.ack,
    read: row.read,
    quotedMsgId: row.quotedMsgId,
    quotedMsg: quoted,
    contact: contact ? { id: contact.id, name: contact.name } : null,
    participant: row.participant,
    sendError: row.sendError,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** A message as the `appMessage` event carries it (document 1 section 3, Message). */
export function messagePayload(
  media: Pick<MediaStorage, "publicUrl">,
  message: MessageRow,
  contact?: Pick<ContactRow, "name"> | null,
) {
  return {
    id: message.id,
    ticketId: message.ticketId,
    contactId: message.contactId,
    whatsappId: message.whatsappId,
    body: message.body,
    fromMe: message.fromMe,
    mediaType: message.mediaType,
    mediaUrl: message.mediaUrl ? media.publicUrl(message.mediaUrl) : null,
    mediaName: message.mediaName,
    isDeleted: message.isDeleted,
    isEdited: message.isEdited,
    ack: message.ack,
    read: message.read,
    quotedMsgId: message.quotedMsgId,
    participant: message.participant,
    sendError: message.sendError,
    contact: contact ? { name: contact.name } : null,
    createdAt: message.createdAt.toISOString(),
    updatedAt: message.updatedAt.toISOString(),
  };
}

/** The realtime message: messagePayload, plus the quoted message the list shows above a reply. */
export function messageEventPayload(
  media: Pick<MediaStorage, "publicUrl">,
  row: MessageRow,
  contact: Pick<ContactRow, "name"> | null | undefined,
  quoted: QuotedSummary | null,
) {
  return { ...messagePayload(media, row, contact), quotedMsg: quoted };
}

/** Who sent a message, from what the sending path keeps in dataJson. */
export function senderUserId(row: Pick<MessageRow, "dataJson">): number | null {
  const data = row.dataJson;
  if (!data || typeof data !== "object" || Array.isArray(data)) return null;
  const userId = (data as Record<string, unknown>).userId;
  return typeof userId === "number" ? userId : null;
}
