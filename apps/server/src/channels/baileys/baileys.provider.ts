import makeWASocket, {
  type AnyMessageContent,
  type Contact as BaileysContact,
  type BaileysEventMap,
  DisconnectReason,
  downloadMediaMessage,
  type MiscMessageGenerationOptions,
  makeCacheableSignalKeyStore,
  type UserFacingSocketConfig,
  type WACallEvent,
  type WAMessage,
  type WAMessageUpdate,
  type WAVersion,
} from "@whiskeysockets/baileys";
import pino from "pino";
import type { AppContext } from "../../context.js";
import { AppError } from "../../http/errors.js";
import type {
  ChannelProvider,
  InboundCall,
  InboundMessage,
  OutboundMedia,
  PhoneContact,
  ProviderCallbacks,
  ProviderConnection,
  ProviderFactory,
  SendOptions,
} from "../provider.js";
import { type AuthOwner, type BaileysAuthState, clearPostgresAuthState, usePostgresAuthState } from "./auth-state.js";
import { BaileysCalls, ringingCall } from "./baileys.calls.js";
import { AddressBook } from "./baileys.contacts.js";
import { ackOf, translateMessage, withoutMedia } from "./baileys.inbound.js";
import { mediaContent, quotedStub, SentMessages } from "./baileys.outbound.js";
import { jidNumber, jidUser, toJid } from "./jid.js";

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

/** The delay before reconnect attempt `attempt` (0-based): 1s, 2s, 4s, ... capped. */
export function backoffDelay(attempt: number, initialMs: number, maxMs: number): number {
  return Math.min(initialMs * 2 ** attempt, maxMs);
}

const silentLogger = pino({ level: "silent" });

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
  private readonly sent = new SentMessages();
  /** Inbound messages are handed to ingestion one at a time, in arrival order. */
  private inbound: Promise<void> = Promise.resolve();
  private readonly calls = new BaileysCalls();
  /** Synced since this session started: forgotten on start and logout. */
  private readonly contacts = new AddressBook();

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

  async sendText(to: string, body: string, options?: SendOptions) {
    const jid = toJid(to);
    const quoted = options?.quotedProviderId ? quotedStub(jid, options.quotedProviderId) : undefined;
    return this.send(jid, { text: body }, sendOptions(options?.messageId, quoted));
  }

  async sendMedia(to: string, media: OutboundMedia, options?: Pick<SendOptions, "messageId">) {
    return this.send(toJid(to), mediaContent(media), sendOptions(options?.messageId));
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

  async listContacts(): Promise<PhoneContact[]> {
    this.requireOpen();
    return this.contacts.list();
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
      if (live()) this.contacts.remember(contacts, onlyNamed);
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
  private async toInbound(socket: BaileysSocket, message: WAMessage): Promise<InboundMessage | undefined> {
    const draft = translateMessage(message);
    if (!draft) return undefined;
    const inbound = draft.message;
    if (draft.groupJid) {
      inbound.group = { id: jidUser(draft.groupJid), name: await this.groupName(socket, draft.groupJid) };
    }
    // The phone logs a call we rejected as missed too; that call is already stored.
    if (inbound.call && this.calls.rejectedLately(inbound.from, inbound.timestamp)) return undefined;
    if (!draft.media) return inbound;
    const { source, ...media } = draft.media;
    try {
      return { ...inbound, media: { ...media, data: await this.options.downloadMedia(source, socket) } };
    } catch (error) {
      // ERR_WAPP_DOWNLOAD_MEDIA: the message is kept, without its file.
      this.log.error(
        { err: error, whatsappId: this.connection.id, providerId: inbound.providerId, code: "ERR_WAPP_DOWNLOAD_MEDIA" },
        "baileys media download failed",
      );
      return withoutMedia(inbound);
    }
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

  /** One event's acks go to ingestion as one batch (one statement for all of them). */
  private async onMessageUpdates(updates: WAMessageUpdate[]): Promise<void> {
    const acks = updates.map(ackOf).filter((ack) => ack !== undefined);
    if (acks.length) await this.callbacks.onAcks(acks);
  }

  /** A ringing call ("offer") goes to the `call` setting's handling (modules/calls); later states end it. */
  private async onCalls(calls: WACallEvent[]): Promise<void> {
    for (const call of calls) {
      if (call.status !== "offer") {
        this.calls.end(call.id);
        continue;
      }
      const ringing = ringingCall(call);
      if (!ringing) {
        this.log.info({ whatsappId: this.connection.id, id: call.id, from: call.from }, "baileys call not handled");
        continue;
      }
      this.calls.ring(call);
      await this.callbacks.onCall(ringing);
    }
  }

  async rejectCall(call: Pick<InboundCall, "callId" | "from">): Promise<void> {
    const socket = this.requireOpen();
    await socket.rejectCall(call.callId, this.calls.reject(call));
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
    if (sent?.message) this.sent.remember(providerId, sent.message);
    return { providerId };
  }
}

/** Baileys' send options, or none when there is nothing to say. */
function sendOptions(
  messageId?: string,
  quoted?: ReturnType<typeof quotedStub>,
): MiscMessageGenerationOptions | undefined {
  if (!messageId && !quoted) return undefined;
  return { ...(quoted ? { quoted } : {}), ...(messageId ? { messageId } : {}) };
}

export function createBaileysFactory(deps: Deps, options: Partial<BaileysOptions> = {}): ProviderFactory {
  return (connection, callbacks) =>
    new BaileysProvider(deps, connection, callbacks, { ...BAILEYS_DEFAULTS, ...options });
}
