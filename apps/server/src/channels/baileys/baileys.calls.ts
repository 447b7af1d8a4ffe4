import type { WACallEvent } from "@whiskeysockets/baileys";
import type { InboundCall } from "../provider.js";
import { jidNumber, toJid } from "./jid.js";

/** How long a rejected call's own missed-call entry (sent by the phone) is recognised as the same call. */
export const REJECTED_CALL_MEMORY_MS = 5 * 60_000;

/**
 * A ringing call ("offer") as the product reports it, or undefined when no customer's number can
 * file it: a LID caller has no phone number, and a group call has no single customer.
 */
export function ringingCall(call: WACallEvent): InboundCall | undefined {
  if (call.isGroup || call.from.endsWith("@lid")) return undefined;
  const from = jidNumber(call.from);
  if (!from) return undefined;
  return {
    callId: call.id,
    from,
    isVideo: call.isVideo === true,
    timestamp: call.date instanceof Date ? call.date.getTime() : Date.now(),
  };
}

/** One session's calls: the ones ringing now and the numbers we rejected lately. */
export class BaileysCalls {
  /** Call id -> the caller's JID as WhatsApp gave it (rejectCall needs it). */
  private readonly ringing = new Map<string, string>();
  /** Number -> when we rejected its call: the phone's own missed-call entry for it is not stored twice. */
  private readonly rejected = new Map<string, number>();

  ring(call: WACallEvent): void {
    this.ringing.set(call.id, call.from);
  }

  end(callId: string): void {
    this.ringing.delete(callId);
  }

  /** The JID to reject the call with; its number then counts as rejected now. */
  reject(call: Pick<InboundCall, "callId" | "from">, now = Date.now()): string {
    const jid = this.ringing.get(call.callId) ?? toJid(call.from);
    this.ringing.delete(call.callId);
    for (const [number, at] of this.rejected) if (now - at >= REJECTED_CALL_MEMORY_MS) this.rejected.delete(number);
    this.rejected.set(call.from, now);
    return jid;
  }

  /** Whether the phone's missed-call entry from `from` at `timestamp` is a call we rejected. */
  rejectedLately(from: string, timestamp: number): boolean {
    const rejectedAt = this.rejected.get(from);
    return rejectedAt !== undefined && Math.abs(timestamp - rejectedAt) < REJECTED_CALL_MEMORY_MS;
  }
}
