import type { Server as HttpServer } from "node:http";
import {
  type ANNOUNCEMENT_EVENT,
  CLIENT_EVENTS,
  type CompanyEventName,
  type RealtimeEventName,
  type RealtimePayload,
  SOCKET_PING_INTERVAL_MS,
  SOCKET_PING_TIMEOUT_MS,
  TICKET_STATUSES,
} from "@atendo/shared";
import { createAdapter } from "@socket.io/redis-adapter";
import type { FastifyBaseLogger } from "fastify";
import { Server, type Socket } from "socket.io";
import { checkEmit } from "./contract-check.js";
import { connectRedis } from "./redis.js";

/** Room names always carry the company, so a room can never span two tenants. */
export const rooms = {
  company: (companyId: number) => `company-${companyId}`,
  admins: (companyId: number) => `company-${companyId}-admins`,
  user: (companyId: number, userId: number) => `company-${companyId}-user-${userId}`,
  ticket: (companyId: number, ticketId: string) => `company-${companyId}-ticket-${ticketId}`,
  notification: (companyId: number) => `company-${companyId}-notification`,
  status: (companyId: number, status: string) => `company-${companyId}-status-${status}`,
  /** The sockets opened with the access tokens of one login, closed when that session ends. */
  session: (companyId: number, sessionId: string) => `company-${companyId}-session-${sessionId}`,
  everyone: "everyone",
};

/**
 * Emits take an event name built by shared's `companyEvent` (its type says which
 * event it is) and only the payload the realtime contract gives that event.
 */
export interface Realtime {
  /** Emit to every socket of a company. */
  toCompany<E extends CompanyEventName>(companyId: number, event: E, payload: RealtimePayload<E>): void;
  /** Emit to the sockets of one user. */
  toUser<E extends CompanyEventName>(companyId: number, userId: number, event: E, payload: RealtimePayload<E>): void;
  /** Emit to a named room (see `rooms`). */
  toRoom<E extends RealtimeEventName>(room: string, event: E, payload: RealtimePayload<E>): void;
  /**
   * Emit once to every socket in any of `rooms` (a socket in two of them gets
   * it once), leaving out sockets in any of `except`.
   */
  toRooms<E extends RealtimeEventName>(
    rooms: readonly string[],
    event: E,
    payload: RealtimePayload<E>,
    except?: readonly string[],
  ): void;
  /** Emit to every connected socket: only announcements are platform-wide, a company's events never are. */
  toEveryone(event: typeof ANNOUNCEMENT_EVENT, payload: RealtimePayload<typeof ANNOUNCEMENT_EVENT>): void;
  /** Presence signals (modules/presence stores them). */
  onPresence(listener: PresenceListener): void;
  /** Closes the sockets of sessions that ended (logout, password reset or change), on every process. */
  disconnectSessions(companyId: number, sessionIds: readonly string[]): void;
  /** Closes every socket of a user (the user was removed). */
  disconnectUser(companyId: number, userId: number): void;
  close(): Promise<void>;
}

/**
 * "online": a socket of the user connected or sent userStatus; "offline": the
 * user's last socket left (across processes when the Redis adapter is on).
 */
export interface PresenceSignal {
  kind: "online" | "offline";
  companyId: number;
  userId: number;
}
export type PresenceListener = (signal: PresenceSignal) => void;

/** A client pings every USER_STATUS_PING_MS; faster pings are dropped so a client cannot spam writes. */
const MIN_PRESENCE_PING_MS = 30_000;

/** Who opened a socket: checked like an HTTP request's caller, live session included. */
export interface SocketIdentity {
  userId: number;
  companyId: number;
  profile: string;
  super: boolean;
  sessionId: string;
}

interface SocketData {
  claims: SocketIdentity;
}

export async function createRealtime(deps: {
  httpServer: HttpServer;
  /** The HTTP auth check: a token of an ended session or a removed user opens no socket. */
  authenticate(token: string): Promise<SocketIdentity>;
  log: FastifyBaseLogger;
  corsOrigin?: string;
  /**
   * With Redis, events raised in one process reach sockets connected to any other.
   * While Redis is away, each process still serves its own sockets.
   */
  redisUrl?: string;
  /** Tests: parse every payload with its event's schema (see contract-check.ts). */
  checkPayloads?: boolean;
}): Promise<Realtime> {
  const io = new Server<Record<string, never>, Record<string, never>, Record<string, never>, SocketData>(
    deps.httpServer,
    {
      pingInterval: SOCKET_PING_INTERVAL_MS,
      pingTimeout: SOCKET_PING_TIMEOUT_MS,
      cors: deps.corsOrigin ? { origin: deps.corsOrigin, credentials: true } : undefined,
    },
  );

  const redis = deps.redisUrl ? connectRedis(deps.redisUrl, deps.log) : undefined;
  if (redis) io.adapter(createAdapter(redis.publisher, redis.subscriber));

  io.use(async (socket, next) => {
    const raw = socket.handshake.query.token ?? socket.handshake.auth?.token;
    const token = typeof raw === "string" ? raw.replace(/^Bearer /, "") : "";
    try {
      socket.data.claims = await deps.authenticate(token);
      next();
    } catch (error) {
      next(error instanceof Error ? error : new Error("ERR_INVALID_TOKEN"));
    }
  });

  const presenceListeners: PresenceListener[] = [];
  const signalPresence = (signal: PresenceSignal) => {
    for (const listener of presenceListeners) listener(signal);
  };

  io.on("connection", (socket: Socket) => {
    const { claims } = socket.data as SocketData;
    const { companyId, userId } = claims;
    socket.join([
      rooms.company(companyId),
      rooms.user(companyId, userId),
      rooms.session(companyId, claims.sessionId),
      rooms.everyone,
    ]);
    if (claims.profile === "admin") socket.join(rooms.admins(companyId));

    let lastPing = Date.now();
    signalPresence({ kind: "online", companyId, userId });
    socket.on(CLIENT_EVENTS.userStatus, () => {
      if (Date.now() - lastPing < MIN_PRESENCE_PING_MS) return;
      lastPing = Date.now();
      signalPresence({ kind: "online", companyId, userId });
    });
    // By "disconnect" the socket has left its rooms: an empty user room means the user's last socket is gone.
    // When the other processes cannot be asked, the user is left online rather than guessed offline:
    // the presence timeout ends a stale online, while a wrong offline would stand until the next ping.
    socket.on("disconnect", () => {
      io.in(rooms.user(companyId, userId))
        .fetchSockets()
        .then((left) => {
          if (left.length === 0) signalPresence({ kind: "offline", companyId, userId });
        })
        .catch((error: unknown) => {
          // A Redis outage is logged once by the link, not once per disconnect.
          if (!redis || redis.isUp()) deps.log.warn({ err: error, companyId, userId }, "presence check failed");
        });
    });

    socket.on(CLIENT_EVENTS.joinChatBox, (ticketId: unknown) => {
      if (typeof ticketId === "string" || typeof ticketId === "number") {
        socket.join(rooms.ticket(companyId, String(ticketId)));
      }
    });
    socket.on(CLIENT_EVENTS.leaveChatBox, (ticketId: unknown) => {
      socket.leave(rooms.ticket(companyId, String(ticketId)));
    });
    socket.on(CLIENT_EVENTS.joinNotification, () => socket.join(rooms.notification(companyId)));
    socket.on(CLIENT_EVENTS.joinTickets, (status: unknown) => {
      if (typeof status === "string" && (TICKET_STATUSES as readonly string[]).includes(status)) {
        socket.join(rooms.status(companyId, status));
      }
    });
    socket.on(CLIENT_EVENTS.leaveTickets, (status: unknown) => socket.leave(rooms.status(companyId, String(status))));
    deps.log.debug({ companyId, userId }, "socket connected");
  });

  const check = deps.checkPayloads ? checkEmit : () => undefined;

  return {
    toCompany: (companyId, event, payload) => {
      check(event, payload, companyId);
      io.to(rooms.company(companyId)).emit(event as never, payload as never);
    },
    toUser: (companyId, userId, event, payload) => {
      check(event, payload, companyId);
      io.to(rooms.user(companyId, userId)).emit(event as never, payload as never);
    },
    toRoom: (room, event, payload) => {
      check(event, payload);
      io.to(room).emit(event as never, payload as never);
    },
    toRooms: (targets, event, payload, except = []) => {
      check(event, payload);
      if (targets.length === 0) return;
      const operator = io.to([...targets]);
      (except.length > 0 ? operator.except([...except]) : operator).emit(event as never, payload as never);
    },
    toEveryone: (event, payload) => {
      check(event, payload);
      io.to(rooms.everyone).emit(event as never, payload as never);
    },
    onPresence: (listener) => void presenceListeners.push(listener),
    disconnectSessions: (companyId, sessionIds) => {
      if (sessionIds.length === 0) return;
      io.in(sessionIds.map((id) => rooms.session(companyId, id))).disconnectSockets(true);
    },
    disconnectUser: (companyId, userId) => io.in(rooms.user(companyId, userId)).disconnectSockets(true),
    async close() {
      await new Promise<void>((resolve) => io.close(() => resolve()));
      await redis?.close();
    },
  };
}
