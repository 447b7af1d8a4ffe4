import type { Ticket } from "@atendo/shared";

/** A ticket as the list answers it, for the tickets module's tests: open, Bruno's, in queue 1, on connection 1. */
export function testTicket(id: number, overrides: Partial<Ticket> = {}): Ticket {
  return {
    id,
    uuid: `uuid-${id}`,
    status: "open",
    userId: 7,
    user: { id: 7, name: "Bruno" },
    queueId: 1,
    queue: { id: 1, name: "Atendimento", color: "#2563EB" },
    whatsappId: 1,
    whatsapp: { id: 1, name: "Simulador" },
    contactId: id,
    contact: { id, name: `Cliente ${id}`, number: "5511900000000", profilePicUrl: "", email: "" },
    isGroup: false,
    chatbot: false,
    lastMessage: "oi",
    unreadMessages: 0,
    updatedAt: new Date(Date.UTC(2026, 0, 1, 12, 0, id)).toISOString(),
    createdAt: new Date(Date.UTC(2026, 0, 1, 0, 0, 0)).toISOString(),
    tags: [],
    useIntegration: false,
    promptId: null,
    integrationId: null,
    code: null,
    ...overrides,
  };
}
