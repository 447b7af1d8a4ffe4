import type { Database } from "../../db/client.js";
import { perDatabase } from "../../db/per-database.js";

/**
 * Acks a provider reported for messages whose row may not be committed yet.
 * A provider can acknowledge a message before the sending path has stored it
 * (WhatsApp delivers and reads fast; the simulator can read at once), and
 * applyAcks' update then matches nothing. Every reported ack is noted here,
 * synchronously, and the sending path takes it right after its commit, so an
 * ack that arrived early is applied and one that arrives later finds the row.
 */
const HOLD_MS = 60_000;
const MAX_ENTRIES = 10_000;

type Pending = Map<string, { ack: number; at: number }>;
const byDatabase = perDatabase((): Pending => new Map());

const keyOf = (whatsappId: number, providerId: string) => `${whatsappId}:${providerId}`;

export function noteAck(db: Database, whatsappId: number, providerId: string, ack: number): void {
  const pending = byDatabase.of(db);
  const now = Date.now();
  if (pending.size >= MAX_ENTRIES) {
    for (const [key, entry] of pending) if (now - entry.at > HOLD_MS) pending.delete(key);
    if (pending.size >= MAX_ENTRIES) pending.clear();
  }
  const key = keyOf(whatsappId, providerId);
  const known = pending.get(key);
  if (!known || ack > known.ack) pending.set(key, { ack, at: now });
}

/** Forgets the ack once the row that needed it exists. */
export function settleAck(db: Database, whatsappId: number, providerId: string): void {
  byDatabase.peek(db)?.delete(keyOf(whatsappId, providerId));
}

/** The highest ack reported so far for a message just stored, if any. */
export function takeAck(db: Database, whatsappId: number, providerId: string): number | undefined {
  const pending = byDatabase.peek(db);
  const key = keyOf(whatsappId, providerId);
  const entry = pending?.get(key);
  pending?.delete(key);
  return entry && Date.now() - entry.at <= HOLD_MS ? entry.ack : undefined;
}
