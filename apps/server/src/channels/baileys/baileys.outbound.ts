import type { AnyMessageContent, proto, WAMessage } from "@whiskeysockets/baileys";
import type { OutboundMedia } from "../provider.js";

/** What Baileys sends for a file, chosen by its MIME type. */
export function mediaContent(media: OutboundMedia): AnyMessageContent {
  const { data, mimeType, fileName, caption } = media;
  const [family] = mimeType.split("/");
  if (family === "image") return { image: data, mimetype: mimeType, ...(caption ? { caption } : {}) };
  if (family === "video") return { video: data, mimetype: mimeType, fileName, ...(caption ? { caption } : {}) };
  if (family === "audio") {
    // WhatsApp plays voice notes as ogg/opus: such a file goes as one unless the caller says
    // otherwise, and a file the caller marks as a voice note goes as one whatever its type.
    const opus = /ogg|opus/i.test(mimeType);
    return { audio: data, mimetype: opus ? "audio/ogg; codecs=opus" : mimeType, ptt: media.voiceNote ?? opus };
  }
  return { document: data, mimetype: mimeType, fileName, ...(caption ? { caption } : {}) };
}

/**
 * A reply needs the quoted WAMessage; only its id is known here, so a stub stands in
 * (WhatsApp clients find the quoted message by its id). It is attributed to the chat.
 */
export function quotedStub(jid: string, id: string): WAMessage {
  return { key: { remoteJid: jid, id, fromMe: false }, message: { conversation: "" } };
}

/** How many sent messages are kept for Baileys' retry requests (getMessage). */
const SENT_CACHE_SIZE = 500;

/** The latest messages we sent: Baileys asks for one again when a recipient's device requests a retry. */
export class SentMessages {
  private readonly messages = new Map<string, proto.IMessage>();

  remember(id: string, message: proto.IMessage): void {
    this.messages.set(id, message);
    if (this.messages.size > SENT_CACHE_SIZE) this.messages.delete(this.messages.keys().next().value!);
  }

  get(id: string): proto.IMessage | undefined {
    return this.messages.get(id);
  }
}
