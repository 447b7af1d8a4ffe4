import type { Ticket } from "@atendo/shared";
import type { ContactRow } from "../contacts/contacts.repository.js";
import { contactPayload } from "../contacts/contacts.serializers.js";
import type { TicketDetailRow, TicketRelations, TicketRow } from "./tickets.repository.js";

export function toTicket(row: TicketDetailRow): Ticket {
  const { ticket } = row;
  return {
    id: ticket.id,
    uuid: ticket.uuid,
    status: ticket.status,
    userId: ticket.userId,
    user: row.user,
    queueId: ticket.queueId,
    queue: row.queue,
    whatsappId: ticket.whatsappId,
    whatsapp: row.whatsapp,
    contactId: ticket.contactId,
    contact: row.contact,
    isGroup: ticket.isGroup,
    chatbot: ticket.chatbot,
    lastMessage: ticket.lastMessage,
    unreadMessages: ticket.unreadMessages,
    updatedAt: ticket.updatedAt.toISOString(),
    createdAt: ticket.createdAt.toISOString(),
    tags: row.tags,
    useIntegration: ticket.useIntegration,
    promptId: ticket.promptId,
    integrationId: ticket.integrationId,
    code: ticket.code,
  };
}

/** A ticket as the `ticket` and `appMessage` events carry it (document 1 section 3, Ticket). */
export function ticketPayload(ticket: TicketRow, contact: ContactRow, relations: TicketRelations) {
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
