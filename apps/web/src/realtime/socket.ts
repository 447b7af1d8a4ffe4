import type { ClientToServerEvents, RealtimeEventName, RealtimePayload, ServerToClientEvents } from "@atendo/shared";
import { createContext, useContext, useEffect, useRef } from "react";
import type { Socket } from "socket.io-client";
import { BACKEND_URL } from "../api/client";
import { getToken } from "../api/credentials";

/**
 * One Socket.IO connection per signed-in user (document 1 section 7): same origin,
 * polling transport, token in the query. SocketProvider creates it; pages read it with useSocket().
 * The client library is a chunk of its own, fetched once someone signs in: the sign-in screen never needs it.
 */
/** The socket typed by the realtime contract: what the server sends and what the client may send. */
export type AppSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

export async function createSocket(): Promise<AppSocket> {
  const { io } = await import("socket.io-client");
  const socket: AppSocket = io(BACKEND_URL || undefined, {
    transports: ["polling"],
    query: { token: getToken() ?? "" },
    withCredentials: true,
    autoConnect: true,
  });
  // A refreshed access token must be the one used by the next reconnection.
  socket.io.on("reconnect_attempt", () => {
    socket.io.opts.query = { token: getToken() ?? "" };
  });
  return socket;
}

export const SocketContext = createContext<AppSocket | null>(null);

/** The current user's socket, or null while signed out. */
export function useSocket(): AppSocket | null {
  return useContext(SocketContext);
}

/**
 * Subscribes to one event for as long as the component is mounted (and the socket lives).
 * The event is a name from shared's `companyEvent` (or ANNOUNCEMENT_EVENT), and the
 * handler's payload is the one the realtime contract gives it; null subscribes to nothing.
 * The handler may change between renders without re-subscribing.
 */
export function useSocketEvent<E extends RealtimeEventName>(
  event: E | null | undefined,
  handler: (payload: RealtimePayload<E>) => void,
): void {
  const socket = useSocket();
  const handlerRef = useRef(handler);
  handlerRef.current = handler;
  useEffect(() => {
    if (!socket || !event) return;
    const listener = (payload: RealtimePayload<E>) => handlerRef.current(payload);
    socket.on(event, listener as never);
    return () => {
      socket.off(event, listener as never);
    };
  }, [socket, event]);
}

/**
 * Calls `callback` each time the socket's manager reconnects, for as long as the component is
 * mounted (and the socket lives): events sent while disconnected are not replayed, so a live
 * view fetches its data again. The callback may change between renders without re-subscribing.
 */
export function useSocketReconnect(callback: () => void): void {
  const socket = useSocket();
  const callbackRef = useRef(callback);
  callbackRef.current = callback;
  useEffect(() => {
    if (!socket) return;
    const listener = () => callbackRef.current();
    socket.io.on("reconnect", listener);
    return () => {
      socket.io.off("reconnect", listener);
    };
  }, [socket]);
}
