import type { TicketStatus } from "./enums.js";

/*
 * The realtime contract's names, apart from its payload schemas (realtime.ts):
 * the web client needs the names on its first screen, and importing them must
 * not bring zod and every schema into that bundle.
 */

/** The action of `company-{id}-payment` once a payment is confirmed (document 1 section 4). */
export const PAYMENT_CONCLUDED_ACTION = "CONCLUIDA";

/** The last part of every company event's name (`company-{id}-<kind>`). */
export const COMPANY_EVENT_KINDS = [
  "ticket",
  "appMessage",
  "whatsapp",
  "whatsappSession",
  "contact",
  "user",
  "auth",
  "payment",
  "queue",
  "tag",
  "settings",
  "chat",
  "campaign",
  "ContactList",
  "ContactListItem",
  "file",
  "campaignSettings",
  "prompt",
  "queueIntegration",
  "schedule",
  "flowbuilder",
  "flowcampaign",
] as const;
export type CompanyEventKind = (typeof COMPANY_EVENT_KINDS)[number];

/** A company event's name: `company-${number}-ticket` is a type only names of ticket events have. */
export type CompanyEventName<K extends CompanyEventKind = CompanyEventKind> = `company-${number}-${K}`;

export const ANNOUNCEMENT_EVENT = "company-announcement";

const named =
  <K extends CompanyEventKind>(kind: K) =>
  (companyId: number): CompanyEventName<K> =>
    `company-${companyId}-${kind}`;

/** The name of each company event for one company: the only way to write one, so its payload follows. */
export const companyEvent: { [K in CompanyEventKind]: (companyId: number) => CompanyEventName<K> } = {
  ticket: named("ticket"),
  appMessage: named("appMessage"),
  whatsapp: named("whatsapp"),
  whatsappSession: named("whatsappSession"),
  contact: named("contact"),
  user: named("user"),
  auth: named("auth"),
  payment: named("payment"),
  queue: named("queue"),
  tag: named("tag"),
  settings: named("settings"),
  chat: named("chat"),
  campaign: named("campaign"),
  ContactList: named("ContactList"),
  ContactListItem: named("ContactListItem"),
  file: named("file"),
  campaignSettings: named("campaignSettings"),
  prompt: named("prompt"),
  queueIntegration: named("queueIntegration"),
  schedule: named("schedule"),
  flowbuilder: named("flowbuilder"),
  flowcampaign: named("flowcampaign"),
};

/** What the client sends, with its arguments (Socket.IO's typed event map). */
export interface ClientToServerEvents {
  /** Join the room of the ticket open on screen. */
  joinChatBox(ticketId: string): void;
  leaveChatBox(ticketId: string): void;
  joinNotification(): void;
  joinTickets(status: TicketStatus): void;
  leaveTickets(status: TicketStatus): void;
  /** Presence ping, every USER_STATUS_PING_MS. */
  userStatus(): void;
}

/** Events the client emits. */
export const CLIENT_EVENTS = {
  joinChatBox: "joinChatBox",
  leaveChatBox: "leaveChatBox",
  joinNotification: "joinNotification",
  joinTickets: "joinTickets",
  leaveTickets: "leaveTickets",
  userStatus: "userStatus",
} as const satisfies { [K in keyof ClientToServerEvents]: K };
