import makeWASocket, {
  type AnyMessageContent,
  type Contact as BaileysContact,
  type BaileysEventMap,
  DisconnectReason,
  downloadMediaMessage,
  type MiscMessageGenerationOptions,
  makeCacheableSignalKeyStore,
  type proto,
  type UserFacingSocketConfig,
  type WACallEvent,
  type WAMessage,
  WAMessageStubType,
  type WAMessageUpdate,
  type WAVersion,
} from "@whiskeysockets/baileys";
import pino from "pino";
import type { AppContext } from "../../context.js";
import { AppError } from "../../http/errors.js";
import { missedCallBody } from "../../modules/calls/calls.js";
import type {
  ChannelProvider,
  InboundCall,
  InboundMessage,
  OutboundMedia,
  PhoneContact,
  ProviderCallbacks,
  ProviderConnection,
  ProviderFactory,
} from "../provider.js";
import { type AuthOwner, type BaileysAuthState, clearPostgresAuthState, usePostgresAuthState } from "./auth-state.js";
import { isGroupJid, jidNumber, jidUser, toJid, USER_SERVER } from "./jid.js";

type Deps = Pick<AppContext, "db" | "log">;

/** The part of Baileys' socket this adapter uses: what tests fake. */
export interface BaileysSocket {
  ev: {
    on<E extends keyof BaileysEventMap>(event: E, listener: (arg: BaileysEventMap[E]) => void): void;
  };
  user?: { id: string } | undefined;
  sendMessage(
    jid: string,
    content: AnyMessageContent,
    options?: MiscMessageGenerationOptions,
  ): Promise<WAMessage | undefined>;
  onWhatsApp(...jids: string[]): Promise<{ jid: string; exists: unknown }[] | undefined>;
  groupMetadata(jid: string): Promise<{ subject: string }>;
  logout(msg?: string): Promise<void>;
  end(error: Error | undefined): void;
  rejectCall(callId: string, callFrom: string): Promise<void>;
}

export type SocketFactory = (config: UserFacingSocketConfig) => BaileysSocket;
export type MediaDownloader = (message: WAMessage, socket: BaileysSocket) => Promise<Buffer>;
export type AuthStateLoader = (owner: AuthOwner) => Promise<BaileysAuthState>;

export interface BaileysOptions {
  socketFactory: SocketFactory;
  downloadMedia: MediaDownloader;
  /** Loads the auth state; defaults to PostgreSQL (usePostgresAuthState). */
  authState?: AuthStateLoader;
  /** Forgets the auth state without loading it; defaults to PostgreSQL. */
  clearAuthState?: (owner: AuthOwner) => Promise<void>;
  /** First reconnect delay; doubled on each failure up to maxBackoffMs, reset once open. */
  initialBackoffMs: number;
  maxBackoffMs: number;
  /** How long a group's name is reused before asking WhatsApp again. */
  groupNameTtlMs: number;
  /** WhatsApp Web version; Baileys' bundled default when absent (never fetched: no internet here). */
  version?: WAVersion;
}

const defaultDownload: MediaDownloader = async (message) =>
  (await downloadMediaMessage(message, "buffer", {})) as Buffer;

export const BAILEYS_DEFAULTS: BaileysOptions = {
  socketFactory: (config) => makeWASocket(config),
  downloadMedia: defaultDownload,
  initialBackoffMs: 1000,
  maxBackoffMs: 60_000,
  groupNameTtlMs: 5 * 60_000,
};

export const MEDIA_UNAVAILABLE = "[media unavailable]";

/**
 * Baileys' WebMessageInfo.Status (0 ERROR, 1 PENDING, 2 SERVER_ACK, 3 DELIVERY_ACK,
 * 4 READ, 5 PLAYED) to our ack scale (1 sent, 2 delivered, 3 read, 4 played).
 * ERROR and PENDING report nothing.
 */
export function ackFromStatus(status: number | null | undefined): number | undefined {
  if (status == null || status < 2 || status > 5) return undefined;
  return status - 1;
}

/** The delay before reconnect attempt `attempt` (0-based): 1s, 2s, 4s, ... capped. */
export function backoffDelay(attempt: number, initialMs: number, maxMs: number): number {
  return Math.min(initialMs * 2 ** attempt, maxMs);
}

const silentLogger = pino({ level: "silent" });

/** How many sent messages are kept for Baileys' retry requests (getMessage). */
const SENT_CACHE_SIZE = 500;

type State = "idle" | "connecting" | "open" | "stopped";

/**
 * The real WhatsApp Web client (multi-device) for one connection.
 *
 * Status decisions:
 * - a QR code -> onQr (the manager sets status `qrcode`);
 * - "connecting" -> OPENING, "open" -> CONNECTED with the own number;
 * - "close" with loggedOut (401) -> auth state cleared, DISCONNECTED, no reconnect;
 * - "close" with restartRequired (515, right after a QR scan) -> reconnect at once, no status change;
 * - any other close (408 offline/timed out, 428, 440, 500, 503...) -> DISCONNECTED while
 *   waiting, then a reconnect after 1s, 2s, 4s ... 60s (the delay resets once open).
 *   The QR page therefore alternates DISCONNECTED/qrcode until someone scans.
 */
export class BaileysProvider implements ChannelProvider {
  private state: State = "idle";
  private socket?: BaileysSocket;
  private auth?: BaileysAuthState;
  /** Bumped for every new socket: events of an older socket are ignored. */
  private generation = 0;
  private attempt = 0;
  private reconnectTimer?: NodeJS.Timeout;
  private readonly groupNames = new Map<string, { name: string; expiresAt: number }>();
  private readonly sent = new Map<string, proto.IMessage>();
  /** Inbound messages are handed to ingestion one at a time, in arrival order. */
  private inbound: Promise<void> = Promise.resolve();
  /** Calls ringing now: call id -> the caller's JID as WhatsApp gave it (rejectCall needs it). */
  private readonly ringing = new Map<string, string>();
  /** Numbers whose call we rejected lately: the phone's own missed-call entry for it is not stored twice. */
  private readonly rejected = new Map<string, number>();
  /**
   * The phone's address book as WhatsApp synced it since this session started
   * (contacts.upsert/update, history sync): number -> the names WhatsApp gave.
   */
  private readonly contacts = new Map<string, ContactNames>();

  constructor(
    private readonly deps: Deps,
    readonly connection: ProviderConnection,
    private readonly callbacks: ProviderCallbacks,
    private readonly options: BaileysOptions = BAILEYS_DEFAULTS,
  ) {}

  get status(): State {
    return this.state;
  }

  private get owner(): AuthOwner {
    return { companyId: this.connection.companyId, whatsappId: this.connection.id };
  }

  /** A method, not a field read: TypeScript would keep its narrowing across awaits. */
  private stopped(): boolean {
    return this.state === "stopped";
  }

  private get log() {
    return this.deps.log;
  }

  async start(): Promise<void> {
    this.state = "connecting";
    this.attempt = 0;
    this.contacts.clear();
    await this.connect();
  }

  /** Ends the socket and keeps the pairing: the next start reconnects without a QR. */
  async stop(): Promise<void> {
    this.state = "stopped";
    this.clearReconnect();
    this.endSocket();
    await this.inbound;
  }

  /** Logs out on WhatsApp (when connected) and forgets the pairing. */
  async logout(): Promise<void> {
    const socket = this.socket;
    const wasOpen = this.state === "open";
    this.state = "stopped";
    this.clearReconnect();
    this.generation++;
    if (socket && wasOpen) {
      try {
        await socket.logout();
      } catch (error) {
        this.log.warn(
          { err: error, whatsappId: this.connection.id },
          "baileys logout failed; clearing the pairing anyway",
        );
      }
    }
    this.endSocket();
    this.contacts.clear();
    await this.clearAuth();
  }

  async sendText(to: string, body: string, options?: { quotedProviderId?: string }) {
    const jid = toJid(to);
    const quoted = options?.quotedProviderId ? quotedStub(jid, options.quotedProviderId) : undefined;
    return this.send(jid, { text: body }, quoted ? { quoted } : undefined);
  }

  async sendMedia(to: string, media: OutboundMedia) {
    return this.send(toJid(to), mediaContent(media));
  }

  async deleteMessage(to: string, providerId: string): Promise<void> {
    const jid = toJid(to);
    const socket = this.requireOpen();
    try {
      await socket.sendMessage(jid, { delete: { remoteJid: jid, fromMe: true, id: providerId } });
    } catch (error) {
      this.log.error({ err: error, whatsappId: this.connection.id, providerId }, "baileys delete failed");
      throw new AppError("ERR_DELETE_WAPP_MSG");
    }
  }

  async checkNumber(number: string): Promise<boolean> {
    const socket = this.requireOpen();
    const [result] = (await socket.onWhatsApp(toJid(number))) ?? [];
    return Boolean(result?.exists);
  }

  /** What the phone synced since the session started: Baileys keeps no address book of its own. */
  async listContacts(): Promise<PhoneContact[]> {
    this.requireOpen();
    return [...this.contacts].map(([number, names]) => ({
      number,
      name: names.name || names.notify || names.verifiedName || "",
    }));
  }

  // --- socket lifecycle -------------------------------------------------------------

  private async connect(): Promise<void> {
    if (this.state === "stopped") return;
    const generation = ++this.generation;
    // Loaded for every socket: after a logout the next one starts from fresh creds (a new QR).
    const auth = await (this.options.authState ?? ((owner) => usePostgresAuthState(this.deps.db, owner)))(this.owner);
    if (this.stopped() || generation !== this.generation) return;
    this.auth = auth;
    const socket = this.options.socketFactory({
      auth: { creds: auth.state.creds, keys: makeCacheableSignalKeyStore(auth.state.keys, silentLogger) },
      logger: silentLogger,
      ...(this.options.version ? { version: this.options.version } : {}),
      markOnlineOnConnect: false,
      syncFullHistory: false,
      getMessage: async (key) => (key.id ? this.sent.get(key.id) : undefined),
    });
    this.socket = socket;
    const live = () => generation === this.generation && this.state !== "stopped";
    const guard =
      <T>(what: string, handler: (arg: T) => Promise<void>) =>
      (arg: T) => {
        if (!live()) return;
        handler(arg).catch((error) => this.log.error({ err: error, whatsappId: this.connection.id }, what));
      };
    socket.ev.on(
      "creds.update",
      guard("baileys creds save failed", () => auth.saveCreds()),
    );
    socket.ev.on(
      "connection.update",
      guard("baileys connection update failed", (update) => this.onConnectionUpdate(socket, update, live)),
    );
    socket.ev.on(
      "messages.upsert",
      guard("baileys upsert failed", async (upsert) => {
        if (upsert.type !== "notify") return;
        // Chained so ingestion sees messages in order and stop() can wait for it.
        const run = this.inbound.then(() => this.onMessages(socket, upsert.messages, live));
        this.inbound = run.catch(() => undefined);
        await run;
      }),
    );
    socket.ev.on(
      "messages.update",
      guard("baileys ack failed", (updates) => this.onMessageUpdates(updates)),
    );
    const remember = (contacts: Partial<BaileysContact>[], onlyNamed = false) => {
      if (live()) this.rememberContacts(contacts, onlyNamed);
    };
    socket.ev.on("contacts.upsert", (contacts) => remember(contacts));
    // Updates also come for strangers (a new profile picture): a number is added only with a name.
    socket.ev.on("contacts.update", (updates) => remember(updates, true));
    socket.ev.on("messaging-history.set", (history) => remember(history.contacts ?? []));
    socket.ev.on(
      "call",
      guard("baileys call failed", async (calls) => this.onCalls(calls)),
    );
  }

  private async onConnectionUpdate(
    socket: BaileysSocket,
    update: BaileysEventMap["connection.update"],
    live: () => boolean,
  ): Promise<void> {
    if (update.qr) await this.callbacks.onQr(update.qr);
    if (update.connection === "connecting") {
      this.state = "connecting";
      await this.callbacks.onStatus("OPENING");
    } else if (update.connection === "open") {
      this.state = "open";
      this.attempt = 0;
      const number = socket.user?.id ? jidNumber(socket.user.id) : undefined;
      await this.callbacks.onStatus("CONNECTED", number ? { number } : undefined);
    } else if (update.connection === "close") {
      const statusCode = (update.lastDisconnect?.error as { output?: { statusCode?: number } } | undefined)?.output
        ?.statusCode;
      if (!live()) return;
      this.generation++; // this socket is done; late events from it are ignored
      this.socket = undefined;
      if (statusCode === DisconnectReason.loggedOut) {
        this.log.info({ whatsappId: this.connection.id }, "baileys logged out: pairing cleared");
        this.state = "stopped";
        await this.clearAuth();
        await this.callbacks.onStatus("DISCONNECTED");
        return;
      }
      this.state = "connecting";
      if (statusCode === DisconnectReason.restartRequired) {
        this.scheduleReconnect(0);
        return;
      }
      const delay = backoffDelay(this.attempt++, this.options.initialBackoffMs, this.options.maxBackoffMs);
      this.log.info({ whatsappId: this.connection.id, statusCode, delay }, "baileys connection closed; reconnecting");
      await this.callbacks.onStatus("DISCONNECTED");
      this.scheduleReconnect(delay);
    }
  }

  private scheduleReconnect(delay: number): void {
    this.clearReconnect();
    this.reconnectTimer = setTimeout(() => {
      this.reconnectTimer = undefined;
      this.connect().catch((error) => {
        this.log.error({ err: error, whatsappId: this.connection.id }, "baileys reconnect failed");
        if (this.state === "stopped") return;
        this.scheduleReconnect(backoffDelay(this.attempt++, this.options.initialBackoffMs, this.options.maxBackoffMs));
      });
    }, delay);
  }

  private clearReconnect(): void {
    if (this.reconnectTimer) clearTimeout(this.reconnectTimer);
    this.reconnectTimer = undefined;
  }

  private endSocket(): void {
    const socket = this.socket;
    this.generation++;
    this.socket = undefined;
    if (!socket) return;
    try {
      socket.end(undefined);
    } catch (error) {
      this.log.warn({ err: error, whatsappId: this.connection.id }, "baileys socket end failed");
    }
  }

  private async clearAuth(): Promise<void> {
    if (this.auth) await this.auth.clear();
    else await (this.options.clearAuthState ?? ((owner) => clearPostgresAuthState(this.deps.db, owner)))(this.owner);
    this.auth = undefined;
  }

  // --- inbound ----------------------------------------------------------------------

  private async onMessages(socket: BaileysSocket, messages: WAMessage[], live: () => boolean): Promise<void> {
    for (const message of messages) {
      if (!live()) return;
      let inbound: InboundMessage | undefined;
      try {
        inbound = await this.toInbound(socket, message);
      } catch (error) {
        this.log.error(
          { err: error, whatsappId: this.connection.id, id: message.key.id },
          "baileys message unreadable",
        );
        continue;
      }
      if (!inbound) continue;
      // Baileys sent the delivery receipt itself; this resolves after our commit.
      try {
        await this.callbacks.onInbound(inbound);
      } catch (error) {
        this.log.error(
          { err: error, whatsappId: this.connection.id, providerId: inbound.providerId },
          "baileys inbound failed",
        );
      }
    }
  }

  /** The InboundMessage for one WhatsApp message, or undefined when it is not one we keep. */
  async toInbound(socket: BaileysSocket, message: WAMessage): Promise<InboundMessage | undefined> {
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
    if (group) {
      base.group = { id: jidUser(remoteJid), name: await this.groupName(socket, remoteJid) };
      if (message.pushName) base.participantName = message.pushName;
    }
    if (missedCall) {
      // A missed call the phone logged (the "call_log" message); one we rejected is already stored.
      const rejectedAt = this.rejected.get(from);
      if (rejectedAt !== undefined && Math.abs(base.timestamp - rejectedAt) < REJECTED_CALL_MEMORY_MS) return undefined;
      return { ...base, body: missedCallBody({ ...missedCall, timestamp: base.timestamp }), call: missedCall };
    }
    const quoted = contextOf(content)?.stanzaId;
    if (quoted) base.quotedProviderId = quoted;

    if (content.conversation != null) return { ...base, body: content.conversation };
    if (content.extendedTextMessage) return { ...base, body: content.extendedTextMessage.text ?? "" };

    const media = mediaOf(content);
    if (media) {
      const body = media.caption ?? "";
      try {
        const data = await this.options.downloadMedia({ ...message, message: content }, socket);
        return {
          ...base,
          body,
          media: {
            type: media.type,
            mimeType: media.mimeType,
            fileName: media.fileName ?? `${key.id}.${extensionOf(media.mimeType)}`,
            data,
          },
        };
      } catch (error) {
        // ERR_WAPP_DOWNLOAD_MEDIA: the message is kept, without its file.
        this.log.error(
          { err: error, whatsappId: this.connection.id, providerId: key.id, code: "ERR_WAPP_DOWNLOAD_MEDIA" },
          "baileys media download failed",
        );
        return { ...base, body: body ? `${body}\n${MEDIA_UNAVAILABLE}` : MEDIA_UNAVAILABLE };
      }
    }

    const place = content.locationMessage ?? content.liveLocationMessage;
    if (place) {
      const named = place as proto.Message.ILocationMessage;
      const description = [named.name, named.address].filter(Boolean).join(" - ") || undefined;
      return {
        ...base,
        location: {
          lat: Number(place.degreesLatitude ?? 0),
          lng: Number(place.degreesLongitude ?? 0),
          ...(description ? { description } : {}),
        },
      };
    }
    if (content.contactMessage?.vcard) return { ...base, vcard: content.contactMessage.vcard };
    if (content.contactsArrayMessage?.contacts?.length) {
      const vcards = content.contactsArrayMessage.contacts.map((contact) => contact.vcard).filter(Boolean);
      if (vcards.length) return { ...base, vcard: vcards.join("\n") };
    }
    // Answers to buttons and lists carry the text the customer chose (chatbot menus).
    const choice =
      content.buttonsResponseMessage?.selectedDisplayText ??
      content.templateButtonReplyMessage?.selectedDisplayText ??
      content.listResponseMessage?.title ??
      content.listResponseMessage?.singleSelectReply?.selectedRowId;
    if (choice) return { ...base, body: choice };
    return undefined; // reactions, protocol messages, key distribution, polls...
  }

  private async groupName(socket: BaileysSocket, jid: string): Promise<string> {
    const cached = this.groupNames.get(jid);
    if (cached && cached.expiresAt > Date.now()) return cached.name;
    try {
      const metadata = await socket.groupMetadata(jid);
      const name = metadata.subject || jidUser(jid);
      this.groupNames.set(jid, { name, expiresAt: Date.now() + this.options.groupNameTtlMs });
      return name;
    } catch (error) {
      this.log.warn({ err: error, whatsappId: this.connection.id, jid }, "baileys group metadata failed");
      return cached?.name ?? jidUser(jid);
    }
  }

  private async onMessageUpdates(updates: WAMessageUpdate[]): Promise<void> {
    for (const { key, update } of updates) {
      if (!key.id || !key.fromMe) continue; // acks of what we sent
      const ack = ackFromStatus(update.status);
      if (ack) await this.callbacks.onAck(key.id, ack);
    }
  }

  /** A ringing call ("offer") goes to the `call` setting's handling (modules/calls); later states end it. */
  private async onCalls(calls: WACallEvent[]): Promise<void> {
    for (const call of calls) {
      if (call.status !== "offer") {
        this.ringing.delete(call.id);
        continue;
      }
      // A LID caller has no phone number to file the call under, and group calls have no single customer.
      if (call.isGroup || call.from.endsWith("@lid")) {
        this.log.info({ whatsappId: this.connection.id, id: call.id, from: call.from }, "baileys call not handled");
        continue;
      }
      const from = jidNumber(call.from);
      if (!from) continue;
      this.ringing.set(call.id, call.from);
      await this.callbacks.onCall({
        callId: call.id,
        from,
        isVideo: call.isVideo === true,
        timestamp: call.date instanceof Date ? call.date.getTime() : Date.now(),
      });
    }
  }

  async rejectCall(call: Pick<InboundCall, "callId" | "from">): Promise<void> {
    const socket = this.requireOpen();
    const jid = this.ringing.get(call.callId) ?? toJid(call.from);
    this.ringing.delete(call.callId);
    const now = Date.now();
    for (const [number, at] of this.rejected) if (now - at >= REJECTED_CALL_MEMORY_MS) this.rejected.delete(number);
    this.rejected.set(call.from, now);
    await socket.rejectCall(call.callId, jid);
  }

  /** Keeps people only: groups, broadcast lists and contacts known by LID alone have no number to import. */
  private rememberContacts(contacts: Partial<BaileysContact>[], onlyNamed: boolean): void {
    for (const contact of contacts) {
      const jid = [contact.id, contact.jid].find((candidate) => candidate?.endsWith(`@${USER_SERVER}`));
      const number = jid ? jidNumber(jid) : "";
      if (!number) continue;
      const known = this.contacts.get(number);
      if (!known && onlyNamed && !contact.name && !contact.notify && !contact.verifiedName) continue;
      const names = known ?? {};
      if (contact.name) names.name = contact.name;
      if (contact.notify) names.notify = contact.notify;
      if (contact.verifiedName) names.verifiedName = contact.verifiedName;
      this.contacts.set(number, names);
    }
  }

  // --- outbound ---------------------------------------------------------------------

  private requireOpen(): BaileysSocket {
    if (this.state !== "open" || !this.socket) throw new AppError("ERR_WAPP_NOT_INITIALIZED");
    return this.socket;
  }

  private async send(
    jid: string,
    content: AnyMessageContent,
    options?: MiscMessageGenerationOptions,
  ): Promise<{ providerId: string }> {
    const socket = this.requireOpen();
    let sent: WAMessage | undefined;
    try {
      sent = await socket.sendMessage(jid, content, options);
    } catch (error) {
      this.log.error({ err: error, whatsappId: this.connection.id }, "baileys send failed");
      throw new AppError("ERR_SENDING_WAPP_MSG");
    }
    const providerId = sent?.key.id;
    if (!providerId) throw new AppError("ERR_SENDING_WAPP_MSG");
    if (sent?.message) this.remember(providerId, sent.message);
    return { providerId };
  }

  /** Baileys asks for a sent message again when a recipient's device requests a retry. */
  private remember(id: string, message: proto.IMessage): void {
    this.sent.set(id, message);
    if (this.sent.size > SENT_CACHE_SIZE) this.sent.delete(this.sent.keys().next().value!);
  }
}

/**
 * A reply needs the quoted WAMessage; only its id is known here, so a stub stands in
 * (WhatsApp clients find the quoted message by its id). It is attributed to the chat.
 */
function quotedStub(jid: string, id: string): WAMessage {
  return { key: { remoteJid: jid, id, fromMe: false }, message: { conversation: "" } };
}

export function mediaContent(media: OutboundMedia): AnyMessageContent {
  const { data, mimeType, fileName, caption } = media;
  const [family] = mimeType.split("/");
  if (family === "image") return { image: data, mimetype: mimeType, ...(caption ? { caption } : {}) };
  if (family === "video") return { video: data, mimetype: mimeType, fileName, ...(caption ? { caption } : {}) };
  if (family === "audio") {
    // ogg/opus goes as a voice note (ptt), the rest as an audio file.
    const voice = /ogg|opus/i.test(mimeType);
    return { audio: data, mimetype: voice ? "audio/ogg; codecs=opus" : mimeType, ptt: voice };
  }
  return { document: data, mimetype: mimeType, fileName, ...(caption ? { caption } : {}) };
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
):
  | { type: "image" | "audio" | "video" | "application"; mimeType: string; caption?: string; fileName?: string }
  | undefined {
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

/** The names WhatsApp reports for a contact: the one saved on the phone, the push name and the business name. */
type ContactNames = Pick<BaileysContact, "name" | "notify" | "verifiedName">;

/** How long a rejected call's own missed-call entry (sent by the phone) is recognised as the same call. */
const REJECTED_CALL_MEMORY_MS = 5 * 60_000;

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

export function createBaileysFactory(deps: Deps, options: Partial<BaileysOptions> = {}): ProviderFactory {
  return (connection, callbacks) =>
    new BaileysProvider(deps, connection, callbacks, { ...BAILEYS_DEFAULTS, ...options });
}
