import type { MediaStorage } from "../../media/storage.js";
import type { ContactRow, MessageRow, TicketRow } from "./ingestion.repository.js";

/**
 * The event shapes of document 1 section 3 (Ticket, Message, Contact summary).
 * The tickets and messages modules will own the canonical serializers; until
 * then ingestion and acks use these.
 */
export function contactPayload(contact: ContactRow) {
  return {
    id: contact.id,
    name: contact.name,
    number: contact.number,
    email: contact.email,
    profilePicUrl: contact.profilePicUrl,
    isGroup: contact.isGroup,
  };
}

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
    contact: contact ? { name: contact.name } : null,
    createdAt: message.createdAt.toISOString(),
    updatedAt: message.updatedAt.toISOString(),
  };
}

export function ticketPayload(
  ticket: TicketRow,
  contact: ContactRow,
  relations: {
    queue: { id: number; name: string; color: string } | null;
    user: { id: number; name: string } | null;
    whatsapp: { id: number; name: string } | null;
  },
) {
  return {
    id: ticket.id,
    uuid: ticket.uuid,
    status: ticket.status,
    userId: ticket.userId,
    user: relations.user,
    queueId: ticket.queueId,
    queue: relations.queue,
    whatsappId: ticket.whatsappId,
    whatsapp: relations.whatsapp,
    contactId: ticket.contactId,
    contact: contactPayload(contact),
    isGroup: ticket.isGroup,
    chatbot: ticket.chatbot,
    lastMessage: ticket.lastMessage,
    unreadMessages: ticket.unreadMessages,
    useIntegration: ticket.useIntegration,
    integrationId: ticket.integrationId,
    promptId: ticket.promptId,
    code: ticket.code,
    createdAt: ticket.createdAt.toISOString(),
    updatedAt: ticket.updatedAt.toISOString(),
  };
}
