import { randomBytes } from "node:crypto";
import type { AppContext } from "../../context.js";
import { AppError } from "../../http/errors.js";
import {
  type ChannelProvider,
  type InboundCall,
  type InboundMessage,
  mediaTypeOf,
  type OutboundMedia,
  type PhoneContact,
  type ProviderCallbacks,
  type ProviderConnection,
  type ProviderFactory,
  type SendOptions,
} from "../provider.js";
import {
  advanceOutboundAck,
  advanceSentAcks,
  deliverPending,
  findDevice,
  type InboundRow,
  insertOutbound,
  knownCustomers,
  markAcked,
  markOutboundDeleted,
  pairDevice,
  receiveOutbound,
  unpairDevice,
} from "./simulator.repository.js";

type Deps = Pick<AppContext, "db" | "log">;

export interface SimulatorOptions {
  /** How often unacknowledged inbound messages are offered again. */
  sweepMs: number;
  /** Rows read per delivery round: the sweep never loads a whole table. */
  batchSize: number;
  /** Delay before the customer's phone reports "delivered" (ack 2). */
  deliveredAfterMs: number;
  /**
   * "Delivered" acks go out at most this often: those falling due in between wait for the next
   * round, so a campaign's acks cost a statement per round rather than one per message.
   */
  deliveredEveryMs: number;
  /**
   * Chats whose messages are delivered at the same time (each chat's in order). Kept low: each
   * delivery holds a database connection for its transaction, and with 8 the flow bench's steps
   * (which wait for those connections) answered 3x slower.
   */
  chatsAtOnce: number;
}

export const SIMULATOR_DEFAULTS: SimulatorOptions = {
  sweepMs: 3000,
  batchSize: 100,
  deliveredAfterMs: 300,
  deliveredEveryMs: 100,
  chatsAtOnce: 2,
};

/** The number a paired simulated phone gets: recognisable and unique per connection. */
export const virtualNumber = (whatsappId: number) => String(5_500_000_000 + whatsappId);

/** Message ids shaped like WhatsApp's (upper-case hex). */
export const newProviderId = () => `SIM${randomBytes(10).toString("hex").toUpperCase()}`;

/** Call ids shaped like WhatsApp's. */
const newCallId = () => `SIMCALL${randomBytes(8).toString("hex").toUpperCase()}`;

const NUMBER = /^\d{10,15}$/;

/** Delivered acks per statement: a round with more due runs several. */
const ACKS_PER_STATEMENT = 500;

type State = "idle" | "qrcode" | "connected" | "stopped";

/**
 * A virtual phone paired with one connection. Its network (pending inbound,
 * sent messages, pairing) lives in the simulator tables, so it behaves like
 * WhatsApp across restarts: what arrived while the connection was down is
 * delivered when it comes back, and anything not acknowledged is offered again.
 */
export class SimulatorProvider implements ChannelProvider {
  private state: State = "idle";
  private sweep?: NodeJS.Timeout;
  /** Sent messages waiting for "delivered", in the order sent, so also in the order due. */
  private readonly undelivered: { providerId: string; due: number }[] = [];
  /** One timer for all of them (one per send was unbounded under a campaign); none while a round runs. */
  private deliveredTimer?: NodeJS.Timeout;
  private reporting?: Promise<void>;
  private lastRound = 0;
  private delivering?: Promise<void>;
  /** Calls rejected while placeCall waits for the connection's answer. */
  private readonly rejectedCalls = new Set<string>();
  private again = false;

  constructor(
    private readonly deps: Deps,
    readonly connection: ProviderConnection,
    private readonly callbacks: ProviderCallbacks,
    private readonly options: SimulatorOptions = SIMULATOR_DEFAULTS,
  ) {}

  get status(): State {
    return this.state;
  }

  async start(): Promise<void> {
    const device = await findDevice(this.deps.db, this.connection.id);
    if (device) {
      await this.connect(device.number);
      return;
    }
    this.state = "qrcode";
    // What the connections page renders as a QR code; the simulator page "scans" it.
    await this.callbacks.onQr(`atendo-sim:${this.connection.id}:${randomBytes(16).toString("base64url")}`);
  }

  /** The simulator scanned the QR code. */
  async scan(): Promise<{ number: string }> {
    if (this.state !== "qrcode") throw new AppError("ERR_WAPP_NOT_INITIALIZED", { message: "no QR code to scan" });
    const number = virtualNumber(this.connection.id);
    await pairDevice(this.deps.db, this.connection.id, number);
    await this.connect(number);
    return { number };
  }

  async stop(): Promise<void> {
    this.state = "stopped";
    if (this.sweep) clearInterval(this.sweep);
    clearTimeout(this.deliveredTimer);
    this.deliveredTimer = undefined;
    this.undelivered.length = 0;
    await Promise.all([this.delivering, this.reporting]);
  }

  async logout(): Promise<void> {
    await this.stop();
    await unpairDevice(this.deps.db, this.connection.id);
  }

  async sendText(to: string, body: string, options?: SendOptions) {
    return this.send({ to, body, quotedId: options?.quotedProviderId ?? null }, options?.messageId);
  }

  async sendMedia(to: string, media: OutboundMedia, options?: Pick<SendOptions, "messageId">) {
    const mediaType = mediaTypeOf(media.mimeType);
    // As WhatsApp decides it (baileys.outbound.ts): an ogg/opus audio is a voice note unless told otherwise.
    const voiceNote = mediaType === "audio" && (media.voiceNote ?? /ogg|opus/i.test(media.mimeType));
    return this.send(
      { to, body: media.caption ?? "", mediaType, mediaName: media.fileName, voiceNote },
      options?.messageId,
    );
  }

  async deleteMessage(_to: string, providerId: string): Promise<void> {
    this.requireConnected();
    if (!(await markOutboundDeleted(this.deps.db, this.connection.id, providerId))) {
      throw new AppError("ERR_DELETE_WAPP_MSG");
    }
  }

  async checkNumber(number: string): Promise<boolean> {
    this.requireConnected();
    return NUMBER.test(number);
  }

  /**
   * The virtual phone's address book: every customer it talked to on the simulated
   * network (senders outside groups and recipients), with the latest name a sender used.
   */
  async listContacts(): Promise<PhoneContact[]> {
    this.requireConnected();
    const { senders, recipients } = await knownCustomers(this.deps.db, this.connection.id);
    const book = new Map<string, string>();
    for (const { number, name } of senders) if (NUMBER.test(number)) book.set(number, name ?? "");
    for (const to of recipients) if (NUMBER.test(to) && !book.has(to)) book.set(to, "");
    return [...book].map(([number, name]) => ({ number, name }));
  }

  /**
   * A customer calls the connection's number. Calls are live, not kept by the network: with the
   * connection down nobody answers (ERR_WAPP_NOT_INITIALIZED). Answers whether the connection
   * rejected it while it rang.
   */
  async placeCall(call: {
    from: string;
    name?: string;
    isVideo?: boolean;
  }): Promise<{ id: string; rejected: boolean }> {
    this.requireConnected();
    const callId = newCallId();
    await this.callbacks.onCall({
      callId,
      from: call.from,
      name: call.name,
      isVideo: call.isVideo ?? false,
      timestamp: Date.now(),
    });
    const rejected = this.rejectedCalls.delete(callId);
    return { id: callId, rejected };
  }

  /** Recorded on the network as an outbound call_log row (the caller's phone shows "declined"). */
  async rejectCall(call: Pick<InboundCall, "callId" | "from">): Promise<void> {
    this.requireConnected();
    await insertOutbound(this.deps.db, {
      whatsappId: this.connection.id,
      providerId: call.callId,
      to: call.from,
      body: "",
      mediaType: "call_log",
      ack: 1,
    });
    this.rejectedCalls.add(call.callId);
  }

  /** A customer opened the chat: everything sent to them is read (ack 3). */
  async customerRead(from: string): Promise<string[]> {
    const moved = await advanceOutboundAck(this.deps.db, this.connection.id, { to: from }, 3);
    await this.reportAcks(moved, 3);
    return moved;
  }

  /** Offers pending inbound messages now (a new one arrived, or the sweep ticked). */
  kick(): void {
    if (this.state !== "connected") return;
    if (this.delivering) {
      this.again = true;
      return;
    }
    this.delivering = this.drain()
      .catch((error) =>
        this.deps.log.error({ err: error, whatsappId: this.connection.id }, "simulator delivery failed"),
      )
      .finally(() => {
        this.delivering = undefined;
        if (this.again) {
          this.again = false;
          this.kick();
        }
      });
  }

  private async connect(number: string): Promise<void> {
    this.state = "connected";
    await this.callbacks.onStatus("OPENING");
    await this.callbacks.onStatus("CONNECTED", { number });
    if (this.state !== "connected") return;
    this.sweep = setInterval(() => this.kick(), this.options.sweepMs);
    this.sweep.unref();
    this.kick();
  }

  /**
   * Delivers each chat's messages in order, one at a time, and up to `chatsAtOnce` chats at once
   * (as WhatsApp delivers different chats independently). A row is acknowledged only after its
   * ingestion resolved (the round's acknowledgements in one statement: one lost by a crash is
   * offered again, and ingestion stores a redelivery once). A chat whose message failed gets
   * nothing more this round, so its next message cannot overtake it.
   */
  private async drain(): Promise<void> {
    for (;;) {
      this.again = false;
      const rows = await deliverPending(this.deps.db, this.connection.id, this.options.batchSize);
      const chats = new Map<string, InboundRow[]>();
      for (const row of rows) {
        const chat = row.payload.group?.id ?? row.payload.from;
        chats.set(chat, [...(chats.get(chat) ?? []), row]);
      }
      const delivered: number[] = [];
      const queue = [...chats.values()];
      const lane = async () => {
        for (let chat = queue.shift(); chat; chat = queue.shift()) {
          for (const row of chat) {
            if (this.state !== "connected") return;
            try {
              await this.callbacks.onInbound(toInboundMessage(row));
              delivered.push(row.id);
            } catch (error) {
              // Left unacknowledged, with the chat's later messages: the next sweep offers them again.
              this.deps.log.error(
                { err: error, whatsappId: this.connection.id, providerId: row.providerId },
                "inbound failed",
              );
              break;
            }
          }
        }
      };
      await Promise.all(Array.from({ length: Math.min(this.options.chatsAtOnce, chats.size) }, lane));
      await markAcked(this.deps.db, delivered);
      if (this.state !== "connected") return;
      if (delivered.length === 0 || (rows.length < this.options.batchSize && !this.again)) return;
    }
  }

  private async send(
    values: {
      to: string;
      body: string;
      quotedId?: string | null;
      mediaType?: ReturnType<typeof mediaTypeOf>;
      mediaName?: string;
      voiceNote?: boolean;
    },
    messageId?: string,
  ): Promise<{ providerId: string }> {
    this.requireConnected();
    const providerId = messageId ?? newProviderId();
    // A message id the network already holds is the same message sent again: kept once.
    if (!(await receiveOutbound(this.deps.db, { whatsappId: this.connection.id, providerId, ...values }))) {
      return { providerId };
    }
    // Stopped while the network took it: stop() already emptied the queue.
    if (this.state !== "connected") return { providerId };
    this.undelivered.push({ providerId, due: Date.now() + this.options.deliveredAfterMs });
    this.armDelivered();
    return { providerId };
  }

  /** Arms the one timer for the oldest undelivered message, unless it or a round is already on. */
  private armDelivered(): void {
    const [oldest] = this.undelivered;
    if (!oldest || this.deliveredTimer || this.reporting || this.state !== "connected") return;
    const at = Math.max(oldest.due, this.lastRound + this.options.deliveredEveryMs);
    this.deliveredTimer = setTimeout(
      () => {
        this.deliveredTimer = undefined;
        this.reporting = this.reportDelivered().finally(() => {
          this.reporting = undefined;
          this.armDelivered();
        });
      },
      Math.max(0, at - Date.now()),
    );
  }

  /** Every message due moves to ack 2 and is reported, a statement and a callback per batch. */
  private async reportDelivered(): Promise<void> {
    const now = Date.now();
    this.lastRound = now;
    for (;;) {
      let due = 0;
      while (due < ACKS_PER_STATEMENT && due < this.undelivered.length && this.undelivered[due]!.due <= now) due++;
      if (due === 0 || this.state !== "connected") return;
      const providerIds = this.undelivered.splice(0, due).map((entry) => entry.providerId);
      try {
        const moved = await advanceSentAcks(this.deps.db, this.connection.id, providerIds, 2);
        if (this.state === "connected") await this.reportAcks(moved, 2);
      } catch (error) {
        this.deps.log.error(
          { err: error, whatsappId: this.connection.id, count: providerIds.length },
          "simulator acks failed",
        );
      }
    }
  }

  private async reportAcks(providerIds: string[], ack: number): Promise<void> {
    if (providerIds.length) await this.callbacks.onAcks(providerIds.map((providerId) => ({ providerId, ack })));
  }

  private requireConnected(): void {
    if (this.state !== "connected") throw new AppError("ERR_WAPP_NOT_INITIALIZED");
  }
}

function toInboundMessage(row: InboundRow): InboundMessage {
  const { payload } = row;
  return {
    providerId: row.providerId,
    from: payload.from,
    name: payload.name,
    body: payload.body,
    timestamp: payload.timestamp,
    group: payload.group,
    participantName: payload.group ? payload.name : undefined,
    media: payload.media
      ? {
          type: payload.media.type,
          fileName: payload.media.fileName,
          mimeType: payload.media.mimeType,
          data: Buffer.from(payload.media.base64, "base64"),
        }
      : undefined,
    location: payload.location,
    vcard: payload.vcard,
    quotedProviderId: payload.quotedProviderId,
  };
}

export function createSimulatorFactory(deps: Deps, options: Partial<SimulatorOptions> = {}): ProviderFactory {
  return (connection, callbacks) =>
    new SimulatorProvider(deps, connection, callbacks, { ...SIMULATOR_DEFAULTS, ...options });
}
