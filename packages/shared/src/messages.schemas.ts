import { z } from "zod";
import { Id, IsoDate } from "./common.schemas.js";
import { MEDIA_TYPES, TICKET_STATUSES } from "./enums.js";

/** Longest text body accepted from an attendant or the external API (WhatsApp's own limit is 65,536). */
export const MESSAGE_BODY_MAX = 65_536;
/** Files per multipart send: one message each. */
export const MESSAGE_MEDIAS_MAX = 10;
/** The external API's number: digits only, with the country code (document 1 section 9). */
export const EXTERNAL_API_NUMBER = /^\d{8,15}$/;
/** External API calls per connection token per minute (the server enforces it, the API page tells it). */
export const EXTERNAL_API_RATE_LIMIT = 60;

export const TicketMessageQuoted = z.object({
  id: z.number(),
  body: z.string(),
  fromMe: z.boolean(),
  mediaType: z.enum(MEDIA_TYPES),
});

/** Document 1 section 3, Message. */
export const TicketMessage = z.object({
  id: z.number(),
  ticketId: z.number(),
  body: z.string(),
  fromMe: z.boolean(),
  mediaType: z.enum(MEDIA_TYPES),
  /** Public URL under /public/, or null. */
  mediaUrl: z.string().nullable(),
  mediaName: z.string().nullable(),
  isDeleted: z.boolean(),
  isEdited: z.boolean(),
  ack: z.number(),
  read: z.boolean(),
  quotedMsgId: z.number().nullable(),
  quotedMsg: TicketMessageQuoted.nullable(),
  contact: z.object({ id: z.number(), name: z.string() }).nullable(),
  /** The sender's name in group chats. */
  participant: z.string().nullable(),
  /** Why the network refused a sent message after taking it (WhatsApp Cloud API), else null. */
  sendError: z.string().nullable().optional(),
  createdAt: IsoDate,
  updatedAt: IsoDate,
});
export type TicketMessage = z.infer<typeof TicketMessage>;

/** The ticket as the message list's header shows it (the same shape as the realtime ticket payload). */
export const MessagesPageTicket = z.object({
  id: z.number(),
  uuid: z.string(),
  status: z.enum(TICKET_STATUSES),
  userId: z.number().nullable(),
  user: z.object({ id: z.number(), name: z.string() }).nullable(),
  queueId: z.number().nullable(),
  queue: z.object({ id: z.number(), name: z.string(), color: z.string() }).nullable(),
  whatsappId: z.number().nullable(),
  whatsapp: z.object({ id: z.number(), name: z.string() }).nullable(),
  contactId: z.number(),
  contact: z.object({
    id: z.number(),
    name: z.string(),
    number: z.string(),
    email: z.string().nullable(),
    profilePicUrl: z.string().nullable(),
    isGroup: z.boolean(),
  }),
  isGroup: z.boolean(),
  chatbot: z.boolean(),
  lastMessage: z.string(),
  unreadMessages: z.number(),
  useIntegration: z.boolean(),
  integrationId: z.number().nullable(),
  promptId: z.number().nullable(),
  code: z.string().nullable(),
  createdAt: IsoDate,
  updatedAt: IsoDate,
});

export const TicketMessagesParams = z.object({ ticketId: Id });
export const TicketMessagesQuery = z.object({
  pageNumber: z.coerce.number().int().min(1).max(100_000).optional().default(1),
  /** false for a look that must not read the ticket (an admin's peek from the list). */
  markRead: z.stringbool().optional().default(true),
});
export type TicketMessagesQuery = z.infer<typeof TicketMessagesQuery>;

/** One page, oldest first inside the page; page 1 is the newest. */
export const TicketMessagesPage = z.object({
  messages: z.array(TicketMessage),
  ticket: MessagesPageTicket,
  count: z.number(),
  hasMore: z.boolean(),
});
export type TicketMessagesPage = z.infer<typeof TicketMessagesPage>;

const optionalId = z.preprocess((value) => (value === "" || value === null ? undefined : value), Id.optional());

/**
 * POST /messages/{ticketId} as JSON (document 1 section 7). `read`, `fromMe`
 * and `mediaUrl` are accepted for the original client's sake and ignored: a
 * sent message is always fromMe and read, and media travel as multipart.
 */
export const SendTicketMessageBody = z.object({
  body: z.string().max(MESSAGE_BODY_MAX, "tooLong").default(""),
  quotedMsg: z.object({ id: Id }).nullable().optional(),
  quotedMsgId: optionalId,
  read: z.unknown().optional(),
  fromMe: z.unknown().optional(),
  mediaUrl: z.unknown().optional(),
});
export type SendTicketMessageBody = z.infer<typeof SendTicketMessageBody>;

/** The multipart form's text fields (the files come as `medias`). */
export const SendTicketMessageForm = z.object({
  body: z.string().max(MESSAGE_BODY_MAX, "tooLong").default(""),
  quotedMsgId: optionalId,
});

/** POST /api/messages/send, JSON or the multipart form's text fields. */
export const ExternalSendBody = z.object({
  number: z.string().trim().regex(EXTERNAL_API_NUMBER, "invalidNumber"),
  body: z.string().max(MESSAGE_BODY_MAX, "tooLong").default(""),
});
export type ExternalSendBody = z.infer<typeof ExternalSendBody>;

export const ExternalSendAnswer = z.object({
  message: z.literal("sent"),
  ticketId: z.number(),
  messageId: z.number(),
});
export type ExternalSendAnswer = z.infer<typeof ExternalSendAnswer>;
