import { CONNECTION_PROVIDERS, type ConnectionStatus, companyEvent, type WhatsappSessionState } from "@atendo/shared";
import { and, eq, inArray, ne, notInArray, sql } from "drizzle-orm";
import type { AppContext } from "../context.js";
import { whatsapps } from "../db/schema/index.js";
import { AppError } from "../http/errors.js";
import type { ChannelProvider, ProviderCallbacks, ProviderConnection, ProviderFactory } from "./provider.js";

type Deps = Pick<AppContext, "db" | "realtime" | "log" | "inbound">;

/**
 * One per process: runs one provider per connection, keeps the connection row's
 * status, QR, number and retries, and emits `company-{id}-whatsappSession`.
 * Providers without a factory here stay DISCONNECTED. "beta" is the spec's name
 * for the WhatsApp Web provider: it runs on the `baileys` factory when no
 * `beta` factory is given.
 */
export class SessionManager {
  private readonly running = new Map<number, { provider: ChannelProvider; connection: ProviderConnection }>();
  /** Serialises start/stop/logout per connection, so a double click cannot start two providers. */
  private readonly locks = new Map<number, Promise<unknown>>();
  private closed = false;

  constructor(
    private readonly deps: Deps,
    private readonly factories: Partial<Record<ProviderConnection["provider"], ProviderFactory>>,
  ) {}

  get(whatsappId: number): ChannelProvider | undefined {
    return this.running.get(whatsappId)?.provider;
  }

  /** The running provider, or ERR_WAPP_NOT_INITIALIZED: what the sending path calls. */
  require(whatsappId: number): ChannelProvider {
    const provider = this.get(whatsappId);
    if (!provider) throw new AppError("ERR_WAPP_NOT_INITIALIZED");
    return provider;
  }

  /** At server start: every connection some provider here can run. */
  async startAll(): Promise<void> {
    const runnable = CONNECTION_PROVIDERS.filter((provider) => this.factoryFor(provider));
    const rows = await this.deps.db
      .select({ id: whatsapps.id, companyId: whatsapps.companyId, provider: whatsapps.provider })
      .from(whatsapps)
      .where(runnable.length ? inArray(whatsapps.provider, runnable) : sql`false`);
    const idle = await this.deps.db
      .update(whatsapps)
      .set({ status: "DISCONNECTED", qrcode: "" })
      .where(
        and(
          runnable.length ? notInArray(whatsapps.provider, runnable) : sql`true`,
          ne(whatsapps.status, "DISCONNECTED"),
        ),
      )
      .returning({ id: whatsapps.id });
    if (idle.length) {
      this.deps.log.info(
        { whatsappIds: idle.map((row) => row.id) },
        "no provider for these connections yet: DISCONNECTED",
      );
    }
    await Promise.all(
      rows.map((row) =>
        this.start(row.id).catch((error) =>
          this.deps.log.error({ err: error, whatsappId: row.id }, "connection failed to start"),
        ),
      ),
    );
  }

  /** Starts (or restarts) a connection's session; `fresh` forgets the pairing first (new QR). */
  start(whatsappId: number, options: { fresh?: boolean } = {}): Promise<void> {
    return this.serial(whatsappId, async () => {
      if (this.closed) return;
      const row = await this.connection(whatsappId);
      if (!row) throw new AppError("ERR_NO_WAPP_FOUND");
      if (!options.fresh) await this.stopRunning(whatsappId, "stop");
      else if (this.running.has(whatsappId)) await this.stopRunning(whatsappId, "logout");
      else await this.logoutIdle(whatsappId);
      const factory = this.factoryFor(row.provider);
      if (!factory) {
        this.deps.log.info({ whatsappId, provider: row.provider }, "provider not available yet: stays DISCONNECTED");
        await this.update(whatsappId, { status: "DISCONNECTED", qrcode: "" });
        return;
      }
      const provider = factory(row, this.callbacksFor(row));
      this.running.set(whatsappId, { provider, connection: row });
      await this.update(whatsappId, { status: "OPENING", retries: sql`${whatsapps.retries} + 1` });
      try {
        await provider.start();
      } catch (error) {
        this.running.delete(whatsappId);
        await provider.stop().catch(() => undefined);
        await this.update(whatsappId, { status: "DISCONNECTED", qrcode: "" });
        throw error;
      }
    });
  }

  /** Disconnects and forgets the pairing: a new QR is needed afterwards. */
  logout(whatsappId: number): Promise<void> {
    return this.serial(whatsappId, async () => {
      if (this.running.has(whatsappId)) await this.stopRunning(whatsappId, "logout");
      else await this.logoutIdle(whatsappId);
      await this.update(whatsappId, { status: "DISCONNECTED", qrcode: "" });
    });
  }

  /** Stops the session without touching the row (the connection is being deleted, or the process stops). */
  stop(whatsappId: number): Promise<void> {
    return this.serial(whatsappId, () => this.stopRunning(whatsappId, "stop"));
  }

  async stopAll(): Promise<void> {
    this.closed = true;
    await Promise.all([...this.running.keys()].map((id) => this.stop(id)));
  }

  /** A logout with no running session still clears what the provider keeps (its pairing). */
  private async logoutIdle(whatsappId: number): Promise<void> {
    const row = await this.connection(whatsappId);
    const factory = row && this.factoryFor(row.provider);
    if (!row || !factory) return;
    const noop = async () => undefined;
    await factory(row, { onQr: noop, onStatus: noop, onInbound: noop, onAcks: noop, onCall: noop }).logout();
  }

  private factoryFor(provider: ProviderConnection["provider"]): ProviderFactory | undefined {
    return this.factories[provider] ?? (provider === "beta" ? this.factories.baileys : undefined);
  }

  private async connection(whatsappId: number): Promise<ProviderConnection | undefined> {
    const [row] = await this.deps.db
      .select({ id: whatsapps.id, companyId: whatsapps.companyId, provider: whatsapps.provider })
      .from(whatsapps)
      .where(eq(whatsapps.id, whatsappId))
      .limit(1);
    return row;
  }

  private async stopRunning(whatsappId: number, how: "stop" | "logout"): Promise<void> {
    const current = this.running.get(whatsappId);
    if (!current) return;
    this.running.delete(whatsappId);
    await (how === "logout" ? current.provider.logout() : current.provider.stop());
  }

  private serial<T>(whatsappId: number, task: () => Promise<T>): Promise<T> {
    const previous = this.locks.get(whatsappId) ?? Promise.resolve();
    const next = previous.catch(() => undefined).then(task);
    const settled = next.catch(() => undefined);
    this.locks.set(whatsappId, settled);
    void settled.then(() => {
      if (this.locks.get(whatsappId) === settled) this.locks.delete(whatsappId);
    });
    return next;
  }

  private callbacksFor(connection: ProviderConnection): ProviderCallbacks {
    // A provider replaced by a newer one must not write over its successor's state.
    const current = () => this.running.get(connection.id)?.connection === connection;
    return {
      onQr: async (qr) => {
        if (current()) await this.update(connection.id, { status: "qrcode", qrcode: qr });
      },
      onStatus: async (status, extra) => {
        if (!current()) return;
        await this.update(connection.id, {
          status,
          ...(status === "CONNECTED" ? { qrcode: "", retries: 0 } : {}),
          ...(status === "DISCONNECTED" ? { qrcode: "" } : {}),
          ...(extra?.number ? { number: extra.number } : {}),
        });
      },
      onInbound: async (message) => {
        await this.deps.inbound.message(connection, message);
      },
      onAcks: async (acks) => {
        await this.deps.inbound.acks(connection, acks);
      },
      onCall: async (call) => {
        const provider = this.running.get(connection.id);
        if (provider?.connection === connection) await this.deps.inbound.call(connection, provider.provider, call);
      },
    };
  }

  private async update(
    whatsappId: number,
    changes: Partial<{
      status: ConnectionStatus;
      qrcode: string;
      number: string;
      retries: number | ReturnType<typeof sql>;
    }>,
  ): Promise<void> {
    const [row] = await this.deps.db
      .update(whatsapps)
      .set({ ...changes, updatedAt: new Date() })
      .where(eq(whatsapps.id, whatsappId))
      .returning({
        id: whatsapps.id,
        companyId: whatsapps.companyId,
        status: whatsapps.status,
        qrcode: whatsapps.qrcode,
        retries: whatsapps.retries,
        updatedAt: whatsapps.updatedAt,
        statusReason: whatsapps.statusReason,
      });
    if (!row) return;
    // A pairing connection gets a fresh QR code every few seconds: those stay at debug.
    if (changes.status) {
      const level = changes.status === "qrcode" ? "debug" : "info";
      this.deps.log[level]({ whatsappId, companyId: row.companyId, status: row.status }, "connection status changed");
    }
    const session: WhatsappSessionState = {
      id: row.id,
      status: row.status,
      qrcode: row.qrcode,
      retries: row.retries,
      updatedAt: row.updatedAt.toISOString(),
      statusReason: row.statusReason,
    };
    this.deps.realtime.toCompany(row.companyId, companyEvent.whatsappSession(row.companyId), {
      action: "update",
      session,
    });
  }
}
