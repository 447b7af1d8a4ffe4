import type { Ticket } from "@atendo/shared";
import type { TicketDetailRow } from "./tickets.repository.js";

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
