import type { ConnectionProvider, ConnectionStatus, MediaType } from "@atendo/shared";

/** A message as every provider reports it to the one ingestion path. */
export interface InboundMessage {
  /** The provider's message id: ingestion is idempotent on (connection, providerId). */
  providerId: string;
  /** Digits only, with the country code. */
  from: string;
  /** The sender's push name, when the network gives one. */
  name?: string;
  fromMe?: false;
  body: string;
  /** Unix milliseconds, as the network stamped it. */
  timestamp: number;
  group?: { id: string; name: string };
  /** The sender's name inside a group. */
  participantName?: string;
  media?: { type: MediaType; fileName: string; mimeType: string; data: Buffer };
  location?: { lat: number; lng: number; description?: string; thumbnailUrl?: string };
  vcard?: string;
  /** A call the network reports as a message (stored with mediaType call_log; body says what happened). */
  call?: { isVideo: boolean };
  quotedProviderId?: string;
}

/** A customer calling the connection's number, while it rings. */
export interface InboundCall {
  /** The network's call id (rejectCall needs it; the call_log message is stored under it). */
  callId: string;
  /** Digits only, with the country code. */
  from: string;
  name?: string;
  isVideo: boolean;
  /** Unix milliseconds. */
  timestamp: number;
}

/** The call_log message's body: "Chamada de voz perdida às 14:05" (server local time, as the chatbot's hours). */
export function missedCallBody(call: Pick<InboundCall, "isVideo" | "timestamp">): string {
  const at = new Date(call.timestamp);
  const time = `${String(at.getHours()).padStart(2, "0")}:${String(at.getMinutes()).padStart(2, "0")}`;
  return `Chamada de ${call.isVideo ? "vídeo" : "voz"} perdida às ${time}`;
}

export interface OutboundMedia {
  data: Buffer;
  fileName: string;
  mimeType: string;
  caption?: string;
  /**
   * Audio only: true sends it as a voice note (WhatsApp's "ptt", shown as recorded on the
   * spot), false as an audio file; left out, the file's type decides (ogg/opus is a voice note).
   */
  voiceNote?: boolean;
}

/** An approved message template (WhatsApp Cloud API), with the values of its body's {{n}} placeholders in order. */
export interface OutboundTemplate {
  name: string;
  /** Meta's language code (pt_BR). */
  language: string;
  variables: string[];
}

/** A message's ack as the network reports it (1 sent, 2 delivered, 3 read, 4 played). */
export interface ProviderAck {
  providerId: string;
  ack: number;
}

/** What a provider reports back to the session manager. */
export interface ProviderCallbacks {
  onQr(qr: string): Promise<void>;
  onStatus(status: ConnectionStatus, extra?: { number?: string }): Promise<void>;
  /** Resolves only after the message is committed; the provider acknowledges to its network after it. */
  onInbound(message: InboundMessage): Promise<void>;
  /** Acks in the order the network reported them; a batch costs one statement however many it holds. */
  onAcks(acks: ProviderAck[]): Promise<void>;
  /** A call is ringing; the `call` setting decides whether it is rejected (modules/calls). */
  onCall(call: InboundCall): Promise<void>;
}

/**
 * Where the session manager hands what providers report from the network: the ingestion and
 * calls modules, wired by the app (http/app.ts). Channels know providers; the modules that store
 * what providers report build on channels, so channels do not import them.
 */
export interface InboundSink {
  /** Resolves only after the message is committed. */
  message(connection: { id: number; companyId: number }, message: InboundMessage): Promise<unknown>;
  acks(connection: { id: number; companyId: number }, acks: ProviderAck[]): Promise<unknown>;
  /** The network refused a message it had taken (a Cloud API "failed" status): the message shows why. */
  failed(connection: { id: number; companyId: number }, providerId: string, error: string): Promise<unknown>;
  call(
    connection: { id: number; companyId: number },
    provider: Pick<ChannelProvider, "rejectCall">,
    call: InboundCall,
  ): Promise<void>;
}

/**
 * How a message goes out. `messageId` is the caller's own id for the message (WhatsApp's
 * ids are the sender's to choose): sending again under the same id is the same message,
 * which the simulated network keeps once and WhatsApp clients show once. Campaigns use it so
 * a send repeated after a crash is not a second message.
 */
export interface SendOptions {
  quotedProviderId?: string;
  messageId?: string;
}

/** One running session of one connection. */
export interface ChannelProvider {
  start(): Promise<void>;
  /** Closes the session, keeping the pairing so a later start reconnects without a QR. */
  stop(): Promise<void>;
  /** Forgets the pairing: the next start asks for a new QR. */
  logout(): Promise<void>;
  sendText(to: string, body: string, options?: SendOptions): Promise<{ providerId: string }>;
  sendMedia(
    to: string,
    media: OutboundMedia,
    options?: Pick<SendOptions, "messageId">,
  ): Promise<{ providerId: string }>;
  /** Providers with templates only (the Cloud API); a template may go out when free text may not. */
  sendTemplate?(to: string, template: OutboundTemplate): Promise<{ providerId: string }>;
  deleteMessage(to: string, providerId: string): Promise<void>;
  checkNumber(number: string): Promise<boolean>;
  /** Declines a ringing call on the network (the caller sees it refused). */
  rejectCall(call: Pick<InboundCall, "callId" | "from">): Promise<void>;
  /** The phone's address book as the provider knows it (people only, no groups); name "" when unknown. */
  listContacts(): Promise<PhoneContact[]>;
}

/** One entry of the connected phone's address book. */
export interface PhoneContact {
  /** Digits only, with the country code. */
  number: string;
  name: string;
}

export interface ProviderConnection {
  id: number;
  companyId: number;
  provider: ConnectionProvider;
}

export type ProviderFactory = (connection: ProviderConnection, callbacks: ProviderCallbacks) => ChannelProvider;

/** Media types a MIME type falls under, as WhatsApp files them. */
export function mediaTypeOf(mimeType: string): MediaType {
  const [family] = mimeType.split("/");
  if (family === "image" || family === "audio" || family === "video") return family;
  return "application";
}
