import { type proto, type WAMessage, WAMessageStubType, type WAMessageUpdate } from "@whiskeysockets/baileys";
import { type InboundMessage, missedCallBody } from "../provider.js";
import { isGroupJid, jidNumber } from "./jid.js";

/**
 * Baileys' messages -> the product's InboundMessage, from the payload alone: what only the
 * network can give (a group's name, a file's bytes) is named here and fetched by the provider.
 */

export const MEDIA_UNAVAILABLE = "[media unavailable]";

/** A kept message as far as its payload tells; the provider completes it. */
export interface InboundDraft {
  message: InboundMessage;
  /** The group's JID when it came from a group: `message.group` waits for its name. */
  groupJid?: string;
  /** A file to download: `source` is the message unwrapped, as Baileys' downloader reads it. */
  media?: InboundMediaRef;
}

export interface InboundMediaRef {
  type: "image" | "audio" | "video" | "application";
  mimeType: string;
  fileName: string;
  source: WAMessage;
}

/** The draft of one WhatsApp message, or undefined when it is not one we keep. */
export function translateMessage(message: WAMessage): InboundDraft | undefined {
  const { key } = message;
  const remoteJid = key.remoteJid;
  const missedCall = missedCallStub(message.messageStubType);
  if (!remoteJid || !key.id || key.fromMe || (!message.message && !missedCall)) return undefined;
  if (remoteJid === "status@broadcast" || remoteJid.endsWith("@broadcast") || remoteJid.endsWith("@newsletter")) {
    return undefined;
  }
  const content = unwrap(message.message ?? {});
  const group = isGroupJid(remoteJid);
  const senderJid = group ? (pnOf(key.participant, key.participantPn) ?? "") : (pnOf(remoteJid, key.senderPn) ?? "");
  const from = jidNumber(senderJid);
  if (!from) return undefined;

  const base: InboundMessage = {
    providerId: key.id,
    from,
    name: message.pushName ?? undefined,
    body: "",
    timestamp: timestampMs(message.messageTimestamp),
  };
  if (group && message.pushName) base.participantName = message.pushName;
  const draft = (inbound: InboundMessage, media?: InboundMediaRef): InboundDraft => ({
    message: inbound,
    ...(group ? { groupJid: remoteJid } : {}),
    ...(media ? { media } : {}),
  });

  if (missedCall) {
    // A missed call the phone logged (the "call_log" message).
    return draft({ ...base, body: missedCallBody({ ...missedCall, timestamp: base.timestamp }), call: missedCall });
  }
  const quoted = contextOf(content)?.stanzaId;
  if (quoted) base.quotedProviderId = quoted;

  if (content.conversation != null) return draft({ ...base, body: content.conversation });
  if (content.extendedTextMessage) return draft({ ...base, body: content.extendedTextMessage.text ?? "" });

  const media = mediaOf(content);
  if (media) {
    return draft(
      { ...base, body: media.caption ?? "" },
      {
        type: media.type,
        mimeType: media.mimeType,
        fileName: media.fileName ?? `${key.id}.${extensionOf(media.mimeType)}`,
        source: { ...message, message: content },
      },
    );
  }

  const place = content.locationMessage ?? content.liveLocationMessage;
  if (place) {
    const named = place as proto.Message.ILocationMessage;
    const description = [named.name, named.address].filter(Boolean).join(" - ") || undefined;
    return draft({
      ...base,
      location: {
        lat: Number(place.degreesLatitude ?? 0),
        lng: Number(place.degreesLongitude ?? 0),
        ...(description ? { description } : {}),
      },
    });
  }
  if (content.contactMessage?.vcard) return draft({ ...base, vcard: content.contactMessage.vcard });
  if (content.contactsArrayMessage?.contacts?.length) {
    const vcards = content.contactsArrayMessage.contacts.map((contact) => contact.vcard).filter(Boolean);
    if (vcards.length) return draft({ ...base, vcard: vcards.join("\n") });
  }
  // Answers to buttons and lists carry the text the customer chose (chatbot menus).
  const choice =
    content.buttonsResponseMessage?.selectedDisplayText ??
    content.templateButtonReplyMessage?.selectedDisplayText ??
    content.listResponseMessage?.title ??
    content.listResponseMessage?.singleSelectReply?.selectedRowId;
  if (choice) return draft({ ...base, body: choice });
  return undefined; // reactions, protocol messages, key distribution, polls...
}

/** A message kept without the file it could not download: the caption says so. */
export function withoutMedia(message: InboundMessage): InboundMessage {
  return { ...message, body: message.body ? `${message.body}\n${MEDIA_UNAVAILABLE}` : MEDIA_UNAVAILABLE };
}

/**
 * Baileys' WebMessageInfo.Status (0 ERROR, 1 PENDING, 2 SERVER_ACK, 3 DELIVERY_ACK,
 * 4 READ, 5 PLAYED) to our ack scale (1 sent, 2 delivered, 3 read, 4 played).
 * ERROR and PENDING report nothing.
 */
export function ackFromStatus(status: number | null | undefined): number | undefined {
  if (status == null || status < 2 || status > 5) return undefined;
  return status - 1;
}

/** The ack a status update reports, for messages we sent only. */
export function ackOf({ key, update }: WAMessageUpdate): { providerId: string; ack: number } | undefined {
  if (!key.id || !key.fromMe) return undefined;
  const ack = ackFromStatus(update.status);
  return ack ? { providerId: key.id, ack } : undefined;
}

/** Wrappers WhatsApp puts around the real content. */
function unwrap(message: proto.IMessage): proto.IMessage {
  let content = message;
  for (let depth = 0; depth < 5; depth++) {
    const inner =
      content.ephemeralMessage?.message ??
      content.viewOnceMessage?.message ??
      content.viewOnceMessageV2?.message ??
      content.viewOnceMessageV2Extension?.message ??
      content.documentWithCaptionMessage?.message ??
      content.editedMessage?.message;
    if (!inner) return content;
    content = inner;
  }
  return content;
}

function contextOf(content: proto.IMessage): proto.IContextInfo | null | undefined {
  for (const value of Object.values(content)) {
    if (value && typeof value === "object" && "contextInfo" in value) {
      return (value as { contextInfo?: proto.IContextInfo | null }).contextInfo;
    }
  }
  return undefined;
}

function mediaOf(
  content: proto.IMessage,
): { type: InboundMediaRef["type"]; mimeType: string; caption?: string; fileName?: string } | undefined {
  const caption = (value?: string | null) => (value ? { caption: value } : {});
  if (content.imageMessage) {
    return {
      type: "image",
      mimeType: content.imageMessage.mimetype ?? "image/jpeg",
      ...caption(content.imageMessage.caption),
    };
  }
  if (content.stickerMessage) return { type: "image", mimeType: content.stickerMessage.mimetype ?? "image/webp" };
  if (content.videoMessage) {
    return {
      type: "video",
      mimeType: content.videoMessage.mimetype ?? "video/mp4",
      ...caption(content.videoMessage.caption),
    };
  }
  if (content.audioMessage) return { type: "audio", mimeType: content.audioMessage.mimetype ?? "audio/ogg" };
  if (content.documentMessage) {
    const document = content.documentMessage;
    return {
      type: "application",
      mimeType: document.mimetype ?? "application/octet-stream",
      ...caption(document.caption),
      ...(document.fileName ? { fileName: document.fileName } : {}),
    };
  }
  return undefined;
}

function extensionOf(mimeType: string): string {
  const subtype = mimeType.split(";")[0]!.split("/")[1]?.trim() ?? "bin";
  const known: Record<string, string> = { jpeg: "jpg", "svg+xml": "svg", mpeg: "mp3", quicktime: "mov", plain: "txt" };
  return known[subtype] ?? subtype.replace(/[^a-z0-9]/gi, "").slice(0, 10) ?? "bin";
}

/** Whether a message stub is the phone's missed-call entry (voice or video, also in groups). */
function missedCallStub(type: WAMessage["messageStubType"]): { isVideo: boolean } | undefined {
  switch (type) {
    case WAMessageStubType.CALL_MISSED_VOICE:
    case WAMessageStubType.CALL_MISSED_GROUP_VOICE:
      return { isVideo: false };
    case WAMessageStubType.CALL_MISSED_VIDEO:
    case WAMessageStubType.CALL_MISSED_GROUP_VIDEO:
      return { isVideo: true };
    default:
      return undefined;
  }
}

/** The phone-number JID when WhatsApp addressed the sender by LID (`...@lid`). */
function pnOf(jid: string | null | undefined, pn: string | null | undefined): string | undefined {
  if (jid?.endsWith("@lid") && pn) return pn;
  return jid ?? undefined;
}

function timestampMs(value: WAMessage["messageTimestamp"]): number {
  if (value == null) return Date.now();
  const seconds = typeof value === "number" ? value : Number(value.toString());
  return Number.isFinite(seconds) && seconds > 0 ? seconds * 1000 : Date.now();
}
