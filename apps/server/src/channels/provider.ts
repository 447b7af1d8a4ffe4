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
  quotedProviderId?: string;
}

export interface OutboundMedia {
  data: Buffer;
  fileName: string;
  mimeType: string;
  caption?: string;
}

/** What a provider reports back to the session manager. */
export interface ProviderCallbacks {
  onQr(qr: string): Promise<void>;
  onStatus(status: ConnectionStatus, extra?: { number?: string }): Promise<void>;
  /** Resolves only after the message is committed; the provider acknowledges to its network after it. */
  onInbound(message: InboundMessage): Promise<void>;
  onAck(providerId: string, ack: number): Promise<void>;
}

/** One running session of one connection. */
export interface ChannelProvider {
  start(): Promise<void>;
  /** Closes the session, keeping the pairing so a later start reconnects without a QR. */
  stop(): Promise<void>;
  /** Forgets the pairing: the next start asks for a new QR. */
  logout(): Promise<void>;
  sendText(to: string, body: string, options?: { quotedProviderId?: string }): Promise<{ providerId: string }>;
  sendMedia(to: string, media: OutboundMedia): Promise<{ providerId: string }>;
  deleteMessage(to: string, providerId: string): Promise<void>;
  checkNumber(number: string): Promise<boolean>;
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
