import { z } from "zod";
import { Announcement } from "./announcements.schemas.js";
import { CampaignSettings } from "./campaign-settings.schemas.js";
import { CampaignRecord } from "./campaigns.schemas.js";
import { Chat, ChatMessage } from "./chats.schemas.js";
import { IsoDate } from "./common.schemas.js";
import { ContactList, ContactListItem } from "./contact-lists.schemas.js";
import { Contact } from "./contacts.schemas.js";
import { CONNECTION_STATUSES } from "./enums.js";
import { FileList } from "./file-lists.schemas.js";
import { FlowCampaign, FlowRecord } from "./flows.schemas.js";
import { MessagesPageTicket, TicketMessage, TicketMessageQuoted } from "./messages.schemas.js";
import { PromptRecord } from "./prompts.schemas.js";
import { QueueIntegration } from "./queue-integrations.schemas.js";
import { Queue } from "./queues.schemas.js";
import {
  ANNOUNCEMENT_EVENT,
  type CompanyEventKind,
  type CompanyEventName,
  PAYMENT_CONCLUDED_ACTION,
} from "./realtime-names.js";
import { Schedule } from "./schedules.schemas.js";
import { SettingSchema } from "./settings.js";
import { Tag, TagSummary } from "./tags.schemas.js";
import { Ticket } from "./tickets.schemas.js";
import { User } from "./users.schemas.js";
import { Whatsapp } from "./whatsapps.schemas.js";

/*
 * The realtime contract (document 1 section 7, document 2 section 4): every event
 * the server emits, by name, with the schema of its payload. The server's emit
 * functions take only a name built here and the payload its schema describes; the
 * web's subscriptions infer the payload from the name. In the server's tests each
 * emitted payload is parsed with its schema (apps/server/src/realtime/contract-check.ts).
 */

/**
 * `company-{id}-ticket`. The ticket of an update comes in one of three shapes:
 * the list's Ticket (the tickets module), the conversation header's shape without
 * tags (new messages and chatbot moves), or only the tags (a tag change). The last
 * is strict, so a full ticket that breaks its schema is not taken for a tags change.
 */
export const TicketEventPayload = z.discriminatedUnion("action", [
  z.object({
    action: z.literal("update"),
    ticket: z.union([Ticket, MessagesPageTicket, z.strictObject({ id: z.number(), tags: z.array(TagSummary) })]),
  }),
  z.object({ action: z.literal("updateUnread"), ticketId: z.number() }),
  z.object({ action: z.literal("delete"), ticketId: z.number() }),
]);
export type TicketEventPayload = z.infer<typeof TicketEventPayload>;

/**
 * A message as `company-{id}-appMessage` carries it: the list's message with its
 * sender as `{ name }` and its contact and connection ids; the quoted message
 * comes only from the sending path.
 */
export const RealtimeMessage = TicketMessage.omit({ contact: true, quotedMsg: true }).extend({
  contactId: z.number().nullable(),
  whatsappId: z.number().nullable(),
  contact: z.object({ name: z.string() }).nullable(),
  quotedMsg: TicketMessageQuoted.nullable().optional(),
});
export type RealtimeMessage = z.infer<typeof RealtimeMessage>;

/** `company-{id}-appMessage`: a new message with its ticket and contact, or a changed one (ack, deletion). */
export const AppMessageEventPayload = z.discriminatedUnion("action", [
  z.object({
    action: z.literal("create"),
    message: RealtimeMessage,
    ticket: MessagesPageTicket,
    contact: MessagesPageTicket.shape.contact,
  }),
  z.object({ action: z.literal("update"), message: RealtimeMessage }),
]);
export type AppMessageEventPayload = z.infer<typeof AppMessageEventPayload>;

/** `company-{id}-whatsapp` (document 1 section 7: action update or delete; whatsapp, whatsappId). */
export const WhatsappEventPayload = z.discriminatedUnion("action", [
  z.object({ action: z.literal("update"), whatsapp: Whatsapp }),
  z.object({ action: z.literal("delete"), whatsappId: z.number() }),
]);
export type WhatsappEventPayload = z.infer<typeof WhatsappEventPayload>;

/** A connection's provider session as it moves (QR code, pairing, connected, ...). */
export const WhatsappSessionState = z.object({
  id: z.number(),
  status: z.enum(CONNECTION_STATUSES),
  qrcode: z.string(),
  retries: z.number(),
  updatedAt: IsoDate,
  /** Why the provider is down (the Cloud API's refusal by Meta), null while it runs; ours (issue 16). */
  statusReason: z.string().nullable().optional(),
});
export type WhatsappSessionState = z.infer<typeof WhatsappSessionState>;

/** `company-{id}-whatsappSession` (document 1 section 7: action update; session). */
export const WhatsappSessionEventPayload = z.object({ action: z.literal("update"), session: WhatsappSessionState });
export type WhatsappSessionEventPayload = z.infer<typeof WhatsappSessionEventPayload>;

/** `company-{id}-contact`: a saved contact, a removed one, or "reload" after an import. */
export const ContactEventPayload = z.discriminatedUnion("action", [
  z.object({ action: z.literal("update"), contact: Contact }),
  z.object({ action: z.literal("delete"), contactId: z.number() }),
  z.object({ action: z.literal("reload") }),
]);
export type ContactEventPayload = z.infer<typeof ContactEventPayload>;

/** `company-{id}-user` (document 1 section 7: action update; user). Presence changes are updates too. */
export const UserEventPayload = z.discriminatedUnion("action", [
  z.object({ action: z.enum(["create", "update"]), user: User }),
  z.object({ action: z.literal("delete"), userId: z.number() }),
]);
export type UserEventPayload = z.infer<typeof UserEventPayload>;

/** `company-{id}-auth`, to a user's sockets: another login of that user replaced this session. */
export const AuthEventPayload = z.object({ action: z.literal("update"), user: z.object({ id: z.number() }) });
export type AuthEventPayload = z.infer<typeof AuthEventPayload>;

/** `company-{id}-payment`: the company with its new due date once a payment is confirmed. */
export const PaymentEventPayload = z.object({
  action: z.literal(PAYMENT_CONCLUDED_ACTION),
  company: z.object({ id: z.number(), dueDate: IsoDate }),
  invoice: z.object({ id: z.number() }),
});
export type PaymentEventPayload = z.infer<typeof PaymentEventPayload>;

/** `company-{id}-queue`. */
export const QueueEventPayload = z.discriminatedUnion("action", [
  z.object({ action: z.enum(["create", "update"]), queue: Queue }),
  z.object({ action: z.literal("delete"), queueId: z.number() }),
]);
export type QueueEventPayload = z.infer<typeof QueueEventPayload>;

/** `company-{id}-tag`. */
export const TagEventPayload = z.discriminatedUnion("action", [
  z.object({ action: z.enum(["create", "update"]), tag: Tag }),
  z.object({ action: z.literal("delete"), tagId: z.number() }),
]);
export type TagEventPayload = z.infer<typeof TagEventPayload>;

/** `company-{id}-settings`. */
export const SettingsEventPayload = z.object({ action: z.literal("update"), setting: SettingSchema });
export type SettingsEventPayload = z.infer<typeof SettingsEventPayload>;

/** `company-announcement`, to every connected user: announcements are for all companies. */
export const AnnouncementEventPayload = z.discriminatedUnion("action", [
  z.object({ action: z.enum(["create", "update"]), record: Announcement }),
  z.object({ action: z.literal("delete"), id: z.number() }),
]);
export type AnnouncementEventPayload = z.infer<typeof AnnouncementEventPayload>;

/** `company-{id}-file`: the /files list updates live (document 2 section 4 names no channel; this name is ours). */
export const FileEventPayload = z.discriminatedUnion("action", [
  z.object({ action: z.enum(["create", "update"]), file: FileList }),
  z.object({ action: z.literal("delete"), fileId: z.number() }),
]);
export type FileEventPayload = z.infer<typeof FileEventPayload>;

/** `company-{id}-campaignSettings`: the saved settings, so open settings screens follow each other. */
export const CampaignSettingsEventPayload = z.object({ action: z.literal("update"), settings: CampaignSettings });
export type CampaignSettingsEventPayload = z.infer<typeof CampaignSettingsEventPayload>;

/** `company-{id}-ContactList`: a list saved (its count included: items added or removed update it) or removed. */
export const ContactListEventPayload = z.discriminatedUnion("action", [
  z.object({ action: z.enum(["create", "update"]), contactList: ContactList }),
  z.object({ action: z.literal("delete"), contactListId: z.number() }),
]);
export type ContactListEventPayload = z.infer<typeof ContactListEventPayload>;

/**
 * `company-{id}-ContactListItem`: an item saved (its number's check too) or removed, or
 * "reload" with the list whose items a spreadsheet upload added, as contacts do after an import.
 */
export const ContactListItemEventPayload = z.discriminatedUnion("action", [
  z.object({ action: z.enum(["create", "update"]), contactListItem: ContactListItem }),
  z.object({ action: z.literal("delete"), contactListItemId: z.number(), contactListId: z.number() }),
  z.object({ action: z.literal("reload"), contactListId: z.number() }),
]);
export type ContactListItemEventPayload = z.infer<typeof ContactListItemEventPayload>;

/**
 * `company-{id}-schedule` (the name the Whaticket family uses): a schedule saved, its send's
 * outcome (ENVIADA or ERRO), or its removal, so open calendars follow.
 */
export const ScheduleEventPayload = z.discriminatedUnion("action", [
  z.object({ action: z.enum(["create", "update"]), schedule: Schedule }),
  z.object({ action: z.literal("delete"), scheduleId: z.number() }),
]);
export type ScheduleEventPayload = z.infer<typeof ScheduleEventPayload>;

/**
 * `company-{id}-chat` (document 1 section 7 names new-message and update), sent
 * to the chat's members only: a new message (with the chat, each member's unreads
 * counted), a chat made or changed (a read is an update to the reader), and a chat
 * deleted or a member taken out of it (delete, to the ones who lose it).
 */
export const ChatEventPayload = z.discriminatedUnion("action", [
  z.object({ action: z.literal("new-message"), chat: Chat, newMessage: ChatMessage }),
  z.object({ action: z.enum(["create", "update"]), chat: Chat }),
  z.object({ action: z.literal("delete"), chatId: z.number() }),
]);
export type ChatEventPayload = z.infer<typeof ChatEventPayload>;

/**
 * `company-{id}-campaign`: a campaign saved, moved between statuses, or further along its
 * recipients (at most one update per dispatched batch); the report reloads on it once FINALIZADA.
 */
export const CampaignEventPayload = z.discriminatedUnion("action", [
  z.object({ action: z.enum(["create", "update"]), campaign: CampaignRecord }),
  z.object({ action: z.literal("delete"), campaignId: z.number() }),
]);
export type CampaignEventPayload = z.infer<typeof CampaignEventPayload>;

/**
 * `company-{id}-prompt`: the prompt list updates live (channel name ours, as for files). Every
 * socket of the company gets it, so it carries no key, not even masked.
 */
export const PromptEventPayload = z.discriminatedUnion("action", [
  z.object({ action: z.enum(["create", "update"]), prompt: PromptRecord }),
  z.object({ action: z.literal("delete"), promptId: z.number() }),
]);
export type PromptEventPayload = z.infer<typeof PromptEventPayload>;

/**
 * `company-{id}-queueIntegration`: the integration list updates live (channel name ours, as for
 * files). The integration as answered: its secrets only as a mask and a flag.
 */
export const QueueIntegrationEventPayload = z.discriminatedUnion("action", [
  z.object({ action: z.enum(["create", "update"]), queueIntegration: QueueIntegration }),
  z.object({ action: z.literal("delete"), queueIntegrationId: z.number() }),
]);
export type QueueIntegrationEventPayload = z.infer<typeof QueueIntegrationEventPayload>;

/** `company-{id}-flowbuilder`: the flow list updates live (channel name ours). A saved document is an update. */
export const FlowbuilderEventPayload = z.discriminatedUnion("action", [
  z.object({ action: z.enum(["create", "update"]), flow: FlowRecord }),
  z.object({ action: z.literal("delete"), flowId: z.number() }),
]);
export type FlowbuilderEventPayload = z.infer<typeof FlowbuilderEventPayload>;

/** `company-{id}-flowcampaign`: the phrase list updates live (channel name ours); a deleted flow deletes its campaigns. */
export const FlowcampaignEventPayload = z.discriminatedUnion("action", [
  z.object({ action: z.enum(["create", "update"]), flowCampaign: FlowCampaign }),
  z.object({ action: z.literal("delete"), flowCampaignId: z.number() }),
]);
export type FlowcampaignEventPayload = z.infer<typeof FlowcampaignEventPayload>;

/** Every company-scoped event: the last part of its name (`company-{id}-<kind>`) and its payload's schema. */
export const COMPANY_EVENT_PAYLOADS = {
  ticket: TicketEventPayload,
  appMessage: AppMessageEventPayload,
  whatsapp: WhatsappEventPayload,
  whatsappSession: WhatsappSessionEventPayload,
  contact: ContactEventPayload,
  user: UserEventPayload,
  auth: AuthEventPayload,
  payment: PaymentEventPayload,
  queue: QueueEventPayload,
  tag: TagEventPayload,
  settings: SettingsEventPayload,
  chat: ChatEventPayload,
  campaign: CampaignEventPayload,
  ContactList: ContactListEventPayload,
  ContactListItem: ContactListItemEventPayload,
  file: FileEventPayload,
  campaignSettings: CampaignSettingsEventPayload,
  prompt: PromptEventPayload,
  queueIntegration: QueueIntegrationEventPayload,
  schedule: ScheduleEventPayload,
  flowbuilder: FlowbuilderEventPayload,
  flowcampaign: FlowcampaignEventPayload,
} as const satisfies { [K in CompanyEventKind]: z.ZodType };

/** Name to payload, for every event the server emits. */
export type RealtimeEvents = {
  [K in CompanyEventKind as CompanyEventName<K>]: z.infer<(typeof COMPANY_EVENT_PAYLOADS)[K]>;
} & { [ANNOUNCEMENT_EVENT]: AnnouncementEventPayload };
export type RealtimeEventName = keyof RealtimeEvents;
export type RealtimePayload<E extends RealtimeEventName> = RealtimeEvents[E];

/** The schema of an event's payload, by its name; undefined for a name outside the contract. */
export function realtimePayloadSchema(event: string): z.ZodType | undefined {
  if (event === ANNOUNCEMENT_EVENT) return AnnouncementEventPayload;
  const kind = /^company-\d+-(\w+)$/.exec(event)?.[1];
  // An own-property check: "company-1-constructor" must not find Object.prototype's.
  return kind !== undefined && Object.hasOwn(COMPANY_EVENT_PAYLOADS, kind)
    ? COMPANY_EVENT_PAYLOADS[kind as CompanyEventKind]
    : undefined;
}

/** What the server sends (Socket.IO's typed event map), for socket.io-client's `Socket<ServerToClientEvents, ...>`. */
export type ServerToClientEvents = { [E in RealtimeEventName]: (payload: RealtimeEvents[E]) => void };
