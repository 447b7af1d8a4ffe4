/** Realtime event names (document 1 section 7, document 2 section 4). */
export const companyEvent = {
  ticket: (companyId: number) => `company-${companyId}-ticket`,
  appMessage: (companyId: number) => `company-${companyId}-appMessage`,
  whatsapp: (companyId: number) => `company-${companyId}-whatsapp`,
  whatsappSession: (companyId: number) => `company-${companyId}-whatsappSession`,
  contact: (companyId: number) => `company-${companyId}-contact`,
  user: (companyId: number) => `company-${companyId}-user`,
  chat: (companyId: number) => `company-${companyId}-chat`,
  auth: (companyId: number) => `company-${companyId}-auth`,
  payment: (companyId: number) => `company-${companyId}-payment`,
  queue: (companyId: number) => `company-${companyId}-queue`,
  tag: (companyId: number) => `company-${companyId}-tag`,
  settings: (companyId: number) => `company-${companyId}-settings`,
} as const;
export type CompanyEventKind = keyof typeof companyEvent;

export const ANNOUNCEMENT_EVENT = "company-announcement";

/** Events the client emits. */
export const CLIENT_EVENTS = {
  joinChatBox: "joinChatBox",
  leaveChatBox: "leaveChatBox",
  joinNotification: "joinNotification",
  joinTickets: "joinTickets",
  leaveTickets: "leaveTickets",
  userStatus: "userStatus",
} as const;

/** The action of `company-{id}-payment` once a payment is confirmed (document 1 section 4). */
export const PAYMENT_CONCLUDED_ACTION = "CONCLUIDA";

export type EntityAction = "create" | "update" | "delete" | "reload";

export interface AuthEventPayload {
  user: { id: number };
}
