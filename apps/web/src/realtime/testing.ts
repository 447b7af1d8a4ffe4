import { act } from "@testing-library/react";
import type { AppSocket } from "./socket";

type Listener = (payload?: unknown) => void;

/** Subscriptions by event name, as socket.on/off and its manager's io.on/off keep them. */
function emitter() {
  const listeners = new Map<string, Set<Listener>>();
  return {
    listeners,
    on(event: string, listener: Listener) {
      if (!listeners.has(event)) listeners.set(event, new Set());
      listeners.get(event)!.add(listener);
    },
    off(event: string, listener: Listener) {
      listeners.get(event)?.delete(listener);
    },
    fire(event: string, payload?: unknown) {
      act(() => {
        for (const listener of [...(listeners.get(event) ?? [])]) listener(payload);
      });
    },
  };
}

/**
 * A socket whose events and reconnections a test fires by hand: `emit` delivers a server
 * event to the socket's listeners, `reconnect` is its manager (`socket.io`) reconnecting.
 */
export function fakeSocket() {
  const events = emitter();
  const manager = emitter();
  const socket = {
    connected: false,
    on: events.on,
    off: events.off,
    emit: () => true,
    io: { on: manager.on, off: manager.off },
  };
  return {
    socket: socket as unknown as AppSocket,
    emit: (event: string, payload: unknown) => events.fire(event, payload),
    reconnect: () => manager.fire("reconnect", 1),
    /** How many listeners wait for the manager's reconnection. */
    reconnectListeners: () => manager.listeners.get("reconnect")?.size ?? 0,
  };
}
