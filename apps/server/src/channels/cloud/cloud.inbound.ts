import type { MediaType } from "@atendo/shared";
import { z } from "zod";
import type { InboundMessage } from "../provider.js";

/*
 * The webhook's JSON (Meta's "messages" field of a whatsapp_business_account object), read as far
 * as the product uses it; unknown fields pass, unknown message types are skipped.
 */

const MediaObject = z.object({
  id: z.string(),
  mime_type: z.string().default("application/octet-stream"),
  sha256: z.string().optional(),
  caption: z.string().optional(),
  filename: z.string().optional(),
  voice: z.boolean().optional(),
  animated: z.boolean().optional(),
});

const ContactCard = z.object({
  name: z.object({ formatted_name: z.string().optional(), first_name: z.string().optional() }).partial().optional(),
  phones: z
    .array(z.object({ phone: z.string().optional(), wa_id: z.string().optional(), type: z.string().optional() }))
    .optional(),
  emails: z.array(z.object({ email: z.string().optional() })).optional(),
  org: z.object({ company: z.string().optional() }).partial().optional(),
});

export const CloudWebhookMessage = z.object({
  from: z.string(),
  id: z.string(),
  timestamp: z.string(),
  type: z.string(),
  context: z.object({ from: z.string().optional(), id: z.string().optional() }).optional(),
  text: z.object({ body: z.string() }).optional(),
  image: MediaObject.optional(),
  audio: MediaObject.optional(),
  video: MediaObject.optional(),
  document: MediaObject.optional(),
  sticker: MediaObject.optional(),
  location: z
    .object({
      latitude: z.number(),
      longitude: z.number(),
      name: z.string().optional(),
      address: z.string().optional(),
    })
    .optional(),
  contacts: z.array(ContactCard).optional(),
  interactive: z
    .object({
      type: z.string(),
      button_reply: z.object({ id: z.string(), title: z.string() }).optional(),
      list_reply: z.object({ id: z.string(), title: z.string(), description: z.string().optional() }).optional(),
    })
    .optional(),
  button: z.object({ payload: z.string().optional(), text: z.string() }).optional(),
});
export type CloudWebhookMessage = z.infer<typeof CloudWebhookMessage>;

export const CloudWebhookStatus = z.object({
  id: z.string(),
  status: z.string(),
  timestamp: z.string().optional(),
  recipient_id: z.string().optional(),
  errors: z
    .array(
      z.object({
        code: z.number(),
        title: z.string().optional(),
        message: z.string().optional(),
        error_data: z.object({ details: z.string().optional() }).optional(),
      }),
    )
    .optional(),
});
export type CloudWebhookStatus = z.infer<typeof CloudWebhookStatus>;

export const CloudWebhookBody = z.object({
  object: z.string(),
  entry: z.array(
    z.object({
      id: z.string().optional(),
      changes: z.array(
        z.object({
          field: z.string(),
          value: z.object({
            messaging_product: z.string().optional(),
            metadata: z.object({ phone_number_id: z.string(), display_phone_number: z.string().optional() }),
            contacts: z
              .array(z.object({ wa_id: z.string(), profile: z.object({ name: z.string() }).partial().optional() }))
              .optional(),
            messages: z.array(CloudWebhookMessage).optional(),
            statuses: z.array(CloudWebhookStatus).optional(),
          }),
        }),
      ),
    }),
  ),
});
export type CloudWebhookBody = z.infer<typeof CloudWebhookBody>;

/** A file the message carries, still on Meta's side: downloaded before ingestion. */
export interface PendingMedia {
  mediaId: string;
  type: MediaType;
  mimeType: string;
  fileName: string;
}

/** A message read from the webhook; `media` still to download. */
export interface ParsedInbound {
  message: Omit<InboundMessage, "media">;
  media?: PendingMedia;
}

const MEDIA_KINDS = ["image", "audio", "video", "document", "sticker"] as const;

/** A file name for media that came without one: "image.jpg", "audio.ogg". */
function defaultFileName(kind: (typeof MEDIA_KINDS)[number], mimeType: string): string {
  const subtype = (mimeType.split(";")[0] ?? "").split("/")[1] ?? "bin";
  const extension = subtype === "jpeg" ? "jpg" : subtype === "mpeg" ? "mp3" : subtype.replace(/[^a-z0-9]/gi, "");
  return `${kind}.${extension || "bin"}`;
}

function mediaTypeOfKind(kind: (typeof MEDIA_KINDS)[number]): MediaType {
  if (kind === "sticker") return "image";
  if (kind === "document") return "application";
  return kind;
}

/** One vCard 3.0 per shared contact, as WhatsApp Web hands them to the other providers. */
export function contactsVcard(cards: z.infer<typeof ContactCard>[]): string {
  const vcardText = (value: string) => value.replace(/[\r\n]+/g, " ").replace(/([,;\\])/g, "\\$1");
  return cards
    .map((card) => {
      const name = card.name?.formatted_name ?? card.name?.first_name ?? card.phones?.[0]?.phone ?? "";
      const lines = ["BEGIN:VCARD", "VERSION:3.0", `FN:${vcardText(name)}`];
      if (card.org?.company) lines.push(`ORG:${vcardText(card.org.company)}`);
      for (const phone of card.phones ?? []) {
        if (!phone.phone) continue;
        const waid = phone.wa_id ? `;waid=${phone.wa_id.replace(/\D/g, "")}` : "";
        lines.push(`TEL;type=${vcardText(phone.type ?? "CELL")}${waid}:${vcardText(phone.phone)}`);
      }
      for (const email of card.emails ?? []) if (email.email) lines.push(`EMAIL:${vcardText(email.email)}`);
      lines.push("END:VCARD");
      return lines.join("\n");
    })
    .join("\n");
}

/**
 * What one webhook message becomes, or undefined for kinds the product does not store (reactions,
 * "unsupported", system notices, orders).
 */
export function parseInbound(message: CloudWebhookMessage, profileName: string | undefined): ParsedInbound | undefined {
  const base = {
    providerId: message.id,
    from: message.from.replace(/\D/g, ""),
    ...(profileName ? { name: profileName } : {}),
    timestamp: Number(message.timestamp) * 1000 || Date.now(),
    ...(message.context?.id ? { quotedProviderId: message.context.id } : {}),
  };
  switch (message.type) {
    case "text":
      return message.text ? { message: { ...base, body: message.text.body } } : undefined;
    case "image":
    case "audio":
    case "video":
    case "document":
    case "sticker": {
      const media = message[message.type];
      if (!media) return undefined;
      return {
        message: { ...base, body: media.caption ?? "" },
        media: {
          mediaId: media.id,
          type: mediaTypeOfKind(message.type),
          mimeType: media.mime_type,
          fileName: media.filename || defaultFileName(message.type, media.mime_type),
        },
      };
    }
    case "location": {
      const location = message.location;
      if (!location) return undefined;
      const description = [location.name, location.address].filter(Boolean).join(" - ");
      return {
        message: {
          ...base,
          body: "",
          location: { lat: location.latitude, lng: location.longitude, ...(description ? { description } : {}) },
        },
      };
    }
    case "contacts":
      return message.contacts?.length
        ? { message: { ...base, body: "", vcard: contactsVcard(message.contacts) } }
        : undefined;
    case "interactive": {
      const reply = message.interactive?.button_reply ?? message.interactive?.list_reply;
      return reply ? { message: { ...base, body: reply.title } } : undefined;
    }
    case "button":
      return message.button ? { message: { ...base, body: message.button.text } } : undefined;
    default:
      return undefined;
  }
}

/** The ack a status means (document 1: 1 sent, 2 delivered, 3 read); failed is not an ack. */
export function statusAck(status: string): number | undefined {
  if (status === "sent") return 1;
  if (status === "delivered") return 2;
  if (status === "read") return 3;
  return undefined;
}

/** A failed status's error as the message shows it: "131026: Message undeliverable". */
export function statusError(status: CloudWebhookStatus): string {
  const [error] = status.errors ?? [];
  if (!error) return "failed";
  const words = error.error_data?.details ?? error.title ?? error.message ?? "";
  return `${error.code}: ${words}`.slice(0, 300);
}
