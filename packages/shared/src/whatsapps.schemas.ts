import { z } from "zod";
import { QueueSummary } from "./auth.schemas.js";
import { Id, IsoDate, looseBoolean, name } from "./common.schemas.js";
import { CONNECTION_DEFAULTS } from "./constants.js";
import { CONNECTION_PROVIDERS, CONNECTION_STATUSES } from "./enums.js";

/** A connection as the API answers it (document 1 section 3); the provider session stays on the server. */
export const Whatsapp = z.object({
  id: z.number(),
  name: z.string(),
  status: z.enum(CONNECTION_STATUSES),
  isDefault: z.boolean(),
  greetingMessage: z.string(),
  complationMessage: z.string(),
  outOfHoursMessage: z.string(),
  ratingMessage: z.string(),
  expiresInactiveMessage: z.string(),
  /** The external API credential; empty for non-admins. */
  token: z.string(),
  provider: z.enum(CONNECTION_PROVIDERS),
  expiresTicket: z.number(),
  timeUseBotQueues: z.number(),
  maxUseBotQueues: z.number(),
  timeToTransfer: z.number().nullable(),
  transferQueueId: z.number().nullable(),
  promptId: z.number().nullable(),
  integrationId: z.number().nullable(),
  qrcode: z.string(),
  retries: z.number(),
  number: z.string().nullable(),
  queues: z.array(QueueSummary),
  createdAt: IsoDate,
  updatedAt: IsoDate,
});
export type Whatsapp = z.infer<typeof Whatsapp>;

export const WHATSAPP_MESSAGE_MAX = 5000;
export const WHATSAPP_TOKEN_MAX = 100;

const optionalId = z.preprocess((v) => (v === "" || v === 0 || v === "0" ? null : v), Id.nullable());
const minutes = z.coerce.number().int().min(0).max(1_000_000);
const message = z.string().max(WHATSAPP_MESSAGE_MAX, "tooLong");

const whatsappFields = {
  name: name(),
  queueIds: z.array(Id).max(500),
  isDefault: looseBoolean,
  greetingMessage: message,
  complationMessage: message,
  outOfHoursMessage: message,
  ratingMessage: message,
  expiresInactiveMessage: message,
  provider: z.enum(CONNECTION_PROVIDERS),
  /** Empty: the server generates one. */
  token: z.string().trim().max(WHATSAPP_TOKEN_MAX, "tooLong").regex(/^\S*$/, "invalid"),
  expiresTicket: minutes,
  timeUseBotQueues: minutes,
  maxUseBotQueues: minutes,
  timeToTransfer: z.preprocess((v) => (v === "" ? null : v), minutes.nullable()),
  transferQueueId: optionalId,
  promptId: optionalId,
  integrationId: optionalId,
};

export const WhatsappBody = z.object({
  ...whatsappFields,
  queueIds: whatsappFields.queueIds.default([]),
  isDefault: whatsappFields.isDefault.default(false),
  greetingMessage: message.default(""),
  complationMessage: message.default(""),
  outOfHoursMessage: message.default(""),
  ratingMessage: message.default(""),
  expiresInactiveMessage: message.default(""),
  provider: whatsappFields.provider.default(CONNECTION_DEFAULTS.provider),
  token: whatsappFields.token.default(""),
  expiresTicket: minutes.default(CONNECTION_DEFAULTS.expiresTicket),
  timeUseBotQueues: minutes.default(CONNECTION_DEFAULTS.timeUseBotQueues),
  maxUseBotQueues: minutes.default(CONNECTION_DEFAULTS.maxUseBotQueues),
  timeToTransfer: whatsappFields.timeToTransfer.optional().default(null),
  transferQueueId: optionalId.optional().default(null),
  promptId: optionalId.optional().default(null),
  integrationId: optionalId.optional().default(null),
});
export type WhatsappBody = z.infer<typeof WhatsappBody>;

/** Without defaults: a field left out of an update stays as it is. */
export const WhatsappUpdateBody = z.object(whatsappFields).partial();
export type WhatsappUpdateBody = z.infer<typeof WhatsappUpdateBody>;

export const WhatsappListQuery = z.object({
  /** Honoured only for the super admin. */
  companyId: Id.optional(),
  /** The client sends session=0; the provider session is never answered. */
  session: z.coerce.number().optional(),
});
export type WhatsappListQuery = z.infer<typeof WhatsappListQuery>;
