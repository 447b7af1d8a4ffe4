import type { AppMessageEventPayload } from "@atendo/shared";
import { describe, expect, it } from "vitest";
import type { Viewer } from "./ticketPlacement";
import { alertTicket } from "./useMessageNotifications";

const agent: Viewer = { id: 7, profile: "user", super: false, allTicket: false, queueIds: [1] };
const away = { pathname: "/tickets", hidden: false };

type Created = Extract<AppMessageEventPayload, { action: "create" }>;
const at = "2026-01-01T00:00:00.000Z";
const contact: Created["contact"] = {
  id: 3,
  name: "Maria",
  number: "5511",
  email: null,
  profilePicUrl: null,
  isGroup: false,
};

function created(ticket: Partial<Created["ticket"]>, fromMe = false): Created {
  return {
    action: "create",
    message: {
      id: 1,
      ticketId: 10,
      contactId: 3,
      whatsappId: 1,
      body: "Oi",
      fromMe,
      mediaType: "chat",
      mediaUrl: null,
      mediaName: null,
      isDeleted: false,
      isEdited: false,
      ack: 0,
      read: false,
      quotedMsgId: null,
      participant: null,
      contact: { name: "Maria" },
      createdAt: at,
      updatedAt: at,
    },
    contact,
    ticket: {
      id: 10,
      uuid: "uuid-10",
      status: "pending",
      userId: null,
      user: null,
      queueId: 1,
      queue: null,
      whatsappId: 1,
      whatsapp: null,
      contactId: 3,
      contact,
      isGroup: false,
      chatbot: false,
      lastMessage: "Oi",
      unreadMessages: 1,
      useIntegration: false,
      integrationId: null,
      promptId: null,
      code: null,
      createdAt: at,
      updatedAt: at,
      ...ticket,
    },
  };
}

describe("alertTicket", () => {
  it("alerts on a customer's message in an unassigned or own ticket of the user's queues", () => {
    expect(alertTicket(created({}), agent, away)?.id).toBe(10);
    expect(alertTicket(created({ status: "open", userId: 7 }), agent, away)?.id).toBe(10);
  });

  it("stays silent for the company's own messages and other attendants' tickets", () => {
    expect(alertTicket(created({}, true), agent, away)).toBeNull();
    expect(alertTicket(created({ status: "open", userId: 8 }), agent, away)).toBeNull();
  });

  it("stays silent for tickets of queues the user does not see", () => {
    expect(alertTicket(created({ queueId: 2 }), agent, away)).toBeNull();
    expect(alertTicket(created({ queueId: 2 }), { ...agent, allTicket: true }, away)?.id).toBe(10);
  });

  it("stays silent while the conversation is on screen, not when the tab is hidden", () => {
    expect(alertTicket(created({}), agent, { pathname: "/tickets/uuid-10", hidden: false })).toBeNull();
    expect(alertTicket(created({}), agent, { pathname: "/tickets/uuid-10", hidden: true })?.id).toBe(10);
  });

  it("ignores other message actions", () => {
    expect(alertTicket({ action: "update", message: created({}).message }, agent, away)).toBeNull();
  });
});
