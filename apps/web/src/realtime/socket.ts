import { createContext, useContext, useEffect, useRef } from "react";
import type { Socket } from "socket.io-client";
import { BACKEND_URL } from "../api/client";
import { getToken } from "../api/credentials";

/**
 * One Socket.IO connection per signed-in user (document 1 section 7): same origin,
 * polling transport, token in the query. SocketProvider creates it; pages read it with useSocket().
 * The client library is a chunk of its own, fetched once someone signs in: the sign-in screen never needs it.
 */
export async function createSocket(): Promise<Socket> {
  const { io } = await import("socket.io-client");
  const socket = io(BACKEND_URL || undefined, {
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

export const SocketContext = createContext<Socket | null>(null);

/** The current user's socket, or null while signed out. */
export function useSocket(): Socket | null {
  return useContext(SocketContext);
}

/**
 * Subscribes to one event for as long as the component is mounted (and the socket lives).
 * The handler may change between renders without re-subscribing.
 */
export function useSocketEvent<T = unknown>(event: string | null | undefined, handler: (payload: T) => void): void {
  const socket = useSocket();
  const handlerRef = useRef(handler);
  handlerRef.current = handler;
  useEffect(() => {
    if (!socket || !event) return;
    const listener = (payload: T) => handlerRef.current(payload);
    socket.on(event, listener);
    return () => {
      socket.off(event, listener);
    };
  }, [socket, event]);
}
