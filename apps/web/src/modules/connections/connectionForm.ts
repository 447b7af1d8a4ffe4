import {
  CONNECTION_DEFAULTS,
  type ConnectionProvider,
  name,
  WHATSAPP_MESSAGE_MAX,
  WHATSAPP_TOKEN_MAX,
  type Whatsapp,
  type WhatsappBody,
} from "@atendo/shared";
import { z } from "zod";

/** Minutes typed in a text field: empty or a whole number. */
const minutesText = z
  .string()
  .trim()
  .regex(/^\d{0,7}$/, "invalidNumber");
const message = z.string().max(WHATSAPP_MESSAGE_MAX, "tooLong");

/**
 * The add/edit dialog's values. Numbers and optional ids stay text while typed
 * ("" is none) and become the API's numbers and nulls in `toWhatsappBody`.
 */
export const ConnectionForm = z
  .object({
    name: z.string().trim().min(1, "required").pipe(name()),
    isDefault: z.boolean(),
    provider: z.string().min(1),
    queueIds: z.array(z.number().int().positive()),
    greetingMessage: message,
    complationMessage: message,
    outOfHoursMessage: message,
    ratingMessage: message,
    expiresInactiveMessage: message,
    token: z.string().trim().max(WHATSAPP_TOKEN_MAX, "tooLong").regex(/^\S*$/, "invalidToken"),
    expiresTicket: minutesText,
    timeUseBotQueues: minutesText,
    maxUseBotQueues: minutesText,
    timeToTransfer: minutesText,
    transferQueueId: z.string(),
    promptId: z.string(),
    integrationId: z.string(),
    // WhatsApp Cloud API (provider "cloud"): Meta's ids, and the secrets, empty to keep the stored ones.
    cloudPhoneNumberId: z.string().trim(),
    cloudBusinessAccountId: z.string().trim(),
    cloudAccessToken: z.string().trim().max(1000, "tooLong").regex(/^\S*$/, "invalidToken"),
    cloudAppSecret: z.string().trim().max(1000, "tooLong").regex(/^\S*$/, "invalidToken"),
    /** Whether the server already holds the token and the secret (editing): then empty keeps them. */
    cloudSecretsStored: z.boolean(),
  })
  // Meta's ids are digits; a new Cloud API connection needs its token and secret.
  .refine((values) => values.provider !== "cloud" || /^\d{1,30}$/.test(values.cloudPhoneNumberId), {
    message: "invalidMetaId",
    path: ["cloudPhoneNumberId"],
  })
  .refine((values) => values.provider !== "cloud" || /^\d{1,30}$/.test(values.cloudBusinessAccountId), {
    message: "invalidMetaId",
    path: ["cloudBusinessAccountId"],
  })
  .refine((values) => values.provider !== "cloud" || values.cloudSecretsStored || values.cloudAccessToken !== "", {
    message: "required",
    path: ["cloudAccessToken"],
  })
  .refine((values) => values.provider !== "cloud" || values.cloudSecretsStored || values.cloudAppSecret !== "", {
    message: "required",
    path: ["cloudAppSecret"],
  })
  // The server's rule (ERR_WAPP_GREETING_REQUIRED): with several queues the chatbot greets with the menu.
  .refine((values) => values.queueIds.length <= 1 || values.greetingMessage.trim() !== "", {
    message: "greetingRequired",
    path: ["greetingMessage"],
  })
  // Transferring needs both where and when.
  .refine((values) => !values.transferQueueId || values.timeToTransfer.trim() !== "", {
    message: "required",
    path: ["timeToTransfer"],
  });
export type ConnectionForm = z.infer<typeof ConnectionForm>;

export function emptyConnectionForm(provider: ConnectionProvider = CONNECTION_DEFAULTS.provider): ConnectionForm {
  return {
    name: "",
    isDefault: false,
    provider,
    queueIds: [],
    greetingMessage: "",
    complationMessage: "",
    outOfHoursMessage: "",
    ratingMessage: "",
    expiresInactiveMessage: "",
    token: "",
    expiresTicket: String(CONNECTION_DEFAULTS.expiresTicket),
    timeUseBotQueues: String(CONNECTION_DEFAULTS.timeUseBotQueues),
    maxUseBotQueues: String(CONNECTION_DEFAULTS.maxUseBotQueues),
    timeToTransfer: "",
    transferQueueId: "",
    promptId: "",
    integrationId: "",
    cloudPhoneNumberId: "",
    cloudBusinessAccountId: "",
    cloudAccessToken: "",
    cloudAppSecret: "",
    cloudSecretsStored: false,
  };
}

const idText = (id: number | null) => (id === null ? "" : String(id));

export function toConnectionForm(whatsapp: Whatsapp): ConnectionForm {
  return {
    name: whatsapp.name,
    isDefault: whatsapp.isDefault,
    provider: whatsapp.provider,
    queueIds: whatsapp.queues.map((queue) => queue.id),
    greetingMessage: whatsapp.greetingMessage,
    complationMessage: whatsapp.complationMessage,
    outOfHoursMessage: whatsapp.outOfHoursMessage,
    ratingMessage: whatsapp.ratingMessage,
    expiresInactiveMessage: whatsapp.expiresInactiveMessage,
    token: whatsapp.token,
    expiresTicket: String(whatsapp.expiresTicket),
    timeUseBotQueues: String(whatsapp.timeUseBotQueues),
    maxUseBotQueues: String(whatsapp.maxUseBotQueues),
    timeToTransfer: whatsapp.timeToTransfer === null ? "" : String(whatsapp.timeToTransfer),
    transferQueueId: idText(whatsapp.transferQueueId),
    promptId: idText(whatsapp.promptId),
    integrationId: idText(whatsapp.integrationId),
    cloudPhoneNumberId: whatsapp.cloud?.phoneNumberId ?? "",
    cloudBusinessAccountId: whatsapp.cloud?.businessAccountId ?? "",
    // Never answered back: typed again only to replace them.
    cloudAccessToken: "",
    cloudAppSecret: "",
    cloudSecretsStored: Boolean(whatsapp.cloud?.hasAccessToken && whatsapp.cloud.hasAppSecret),
  };
}

const number = (text: string, fallback: number) => (text.trim() === "" ? fallback : Number(text));
const optionalNumber = (text: string) => (text.trim() === "" ? null : Number(text));

/** The POST/PUT body (document 1 section 7: queueIds, transferQueueId, promptId, integrationId...). */
export function toWhatsappBody(values: ConnectionForm): WhatsappBody {
  return {
    name: values.name.trim(),
    isDefault: values.isDefault,
    provider: values.provider as ConnectionProvider,
    queueIds: values.queueIds,
    greetingMessage: values.greetingMessage,
    complationMessage: values.complationMessage,
    outOfHoursMessage: values.outOfHoursMessage,
    ratingMessage: values.ratingMessage,
    expiresInactiveMessage: values.expiresInactiveMessage,
    token: values.token.trim(),
    expiresTicket: number(values.expiresTicket, CONNECTION_DEFAULTS.expiresTicket),
    timeUseBotQueues: number(values.timeUseBotQueues, CONNECTION_DEFAULTS.timeUseBotQueues),
    maxUseBotQueues: number(values.maxUseBotQueues, CONNECTION_DEFAULTS.maxUseBotQueues),
    timeToTransfer: optionalNumber(values.timeToTransfer),
    transferQueueId: optionalNumber(values.transferQueueId),
    promptId: optionalNumber(values.promptId),
    integrationId: optionalNumber(values.integrationId),
    ...(values.provider === "cloud"
      ? {
          cloud: {
            phoneNumberId: values.cloudPhoneNumberId,
            businessAccountId: values.cloudBusinessAccountId,
            ...(values.cloudAccessToken ? { accessToken: values.cloudAccessToken } : {}),
            ...(values.cloudAppSecret ? { appSecret: values.cloudAppSecret } : {}),
          },
        }
      : {}),
  };
}

/** A new API token: 32 random hex characters (the server keeps tokens unique). */
export function generateToken(
  fill: (bytes: Uint8Array<ArrayBuffer>) => void = (bytes) => crypto.getRandomValues(bytes),
) {
  const bytes = new Uint8Array(16);
  fill(bytes);
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, "0")).join("");
}
