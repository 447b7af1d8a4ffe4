import { EventEmitter } from "node:events";
import type { BaileysEventMap, UserFacingSocketConfig, WAMessage } from "@whiskeysockets/baileys";
import { vi } from "vitest";
import type { BaileysSocket } from "./baileys.provider.js";

/**
 * A stand-in for Baileys' socket in tests: `ev` emits the same event names and
 * payloads Baileys does; the socket methods are spies.
 */
export class FakeSocket implements BaileysSocket {
  readonly emitter = new EventEmitter();
  readonly ev = {
    on: <E extends keyof BaileysEventMap>(event: E, listener: (arg: BaileysEventMap[E]) => void) => {
      this.emitter.on(event, listener);
    },
  };
  user?: { id: string };
  private counter = 0;

  constructor(readonly config: UserFacingSocketConfig) {}

  emit<E extends keyof BaileysEventMap>(event: E, payload: BaileysEventMap[E]): void {
    this.emitter.emit(event, payload);
  }

  sendMessage = vi.fn(async (jid: string, content: unknown): Promise<WAMessage | undefined> => {
    this.counter++;
    return {
      key: { remoteJid: jid, fromMe: true, id: `3EB0FAKE${this.counter}` },
      message: {
        conversation: typeof content === "object" && content && "text" in content ? String(content.text) : "",
      },
    };
  });
  onWhatsApp = vi.fn(async (...jids: string[]) => jids.map((jid) => ({ jid, exists: jid.startsWith("55") })));
  groupMetadata = vi.fn(async (_jid: string) => ({ subject: "Family" }));
  rejectCall = vi.fn(async (_callId: string, _callFrom: string) => undefined);
  logout = vi.fn(async () => undefined);
  end = vi.fn((_error: Error | undefined) => undefined);
}

/** A socket factory that records every socket it made. */
export function fakeSocketFactory() {
  const sockets: FakeSocket[] = [];
  const factory = vi.fn((config: UserFacingSocketConfig) => {
    const socket = new FakeSocket(config);
    sockets.push(socket);
    return socket;
  });
  return {
    factory,
    sockets,
    get last(): FakeSocket {
      const socket = sockets.at(-1);
      if (!socket) throw new Error("no socket yet");
      return socket;
    },
  };
}
