import { and, asc, desc, eq, inArray, isNull, lt, sql } from "drizzle-orm";
import type { Database, Executor } from "../../db/client.js";
import { preparedStatement, placeholder as value } from "../../db/prepared.js";
import {
  type SimulatorInboundPayload,
  simulatorDevices,
  simulatorInbound,
  simulatorOutbound,
} from "../../db/schema/index.js";

export type InboundRow = typeof simulatorInbound.$inferSelect;
export type OutboundRow = typeof simulatorOutbound.$inferSelect;

export async function findDevice(db: Executor, whatsappId: number) {
  const [row] = await db.select().from(simulatorDevices).where(eq(simulatorDevices.whatsappId, whatsappId)).limit(1);
  return row;
}

export async function pairDevice(db: Executor, whatsappId: number, number: string): Promise<void> {
  await db
    .insert(simulatorDevices)
    .values({ whatsappId, number })
    .onConflictDoUpdate({ target: simulatorDevices.whatsappId, set: { number, pairedAt: new Date() } });
}

export async function unpairDevice(db: Executor, whatsappId: number): Promise<void> {
  await db.delete(simulatorDevices).where(eq(simulatorDevices.whatsappId, whatsappId));
}

export async function insertInbound(
  db: Executor,
  values: { whatsappId: number; providerId: string; payload: SimulatorInboundPayload },
): Promise<InboundRow | undefined> {
  // A resend of an id the network already holds is the same message: kept once.
  const [row] = await db
    .insert(simulatorInbound)
    .values(values)
    .onConflictDoNothing({ target: [simulatorInbound.whatsappId, simulatorInbound.providerId] })
    .returning();
  return row;
}

/**
 * The oldest unacknowledged messages of one connection (through simulator_inbound_pending_idx),
 * marked delivered in the same statement, oldest first.
 */
export async function deliverPending(db: Executor, whatsappId: number, limit: number): Promise<InboundRow[]> {
  const oldest = db
    .select({ id: simulatorInbound.id })
    .from(simulatorInbound)
    .where(and(eq(simulatorInbound.whatsappId, whatsappId), isNull(simulatorInbound.ackedAt)))
    .orderBy(asc(simulatorInbound.id))
    .limit(limit);
  const rows = await db
    .update(simulatorInbound)
    .set({ deliveredAt: new Date() })
    .where(inArray(simulatorInbound.id, oldest))
    .returning();
  return rows.sort((a, b) => a.id - b.id);
}

export async function markAcked(db: Executor, ids: number[]): Promise<void> {
  if (!ids.length) return;
  await db.update(simulatorInbound).set({ ackedAt: new Date() }).where(inArray(simulatorInbound.id, ids));
}

/** Undefined when the network already holds this message id (a resend of the same message). */
export async function insertOutbound(
  db: Executor,
  values: typeof simulatorOutbound.$inferInsert,
): Promise<OutboundRow | undefined> {
  const [row] = await db
    .insert(simulatorOutbound)
    .values(values)
    .onConflictDoNothing({ target: [simulatorOutbound.whatsappId, simulatorOutbound.providerId] })
    .returning();
  return row;
}

/**
 * The statements of every message the network takes from a connection (insert, then the "delivered"
 * acks, a batch at a time), prepared once per database: a campaign sends hundreds a second, and building
 * each statement anew was a large share of the dispatch's event-loop time (Drizzle's `is()` alone 12 %).
 */
const insertStatement = preparedStatement((db) =>
  db
    .insert(simulatorOutbound)
    .values({
      whatsappId: value("whatsappId"),
      providerId: value("providerId"),
      to: value("to"),
      body: value("body"),
      mediaType: value("mediaType"),
      mediaName: value("mediaName"),
      voiceNote: value("voiceNote"),
      quotedId: value("quotedId"),
      ack: 1,
    })
    .onConflictDoNothing({ target: [simulatorOutbound.whatsappId, simulatorOutbound.providerId] })
    .returning({ id: simulatorOutbound.id })
    .prepare("simulator_outbound_send"),
);

const acksStatement = preparedStatement((db) =>
  db
    .update(simulatorOutbound)
    .set({ ack: value("ack") })
    .where(
      and(
        eq(simulatorOutbound.whatsappId, value("whatsappId")),
        sql`${simulatorOutbound.providerId} = any(${value("providerIds")}::text[])`,
        lt(simulatorOutbound.ack, value("ack")),
      ),
    )
    .returning({ providerId: simulatorOutbound.providerId })
    .prepare("simulator_outbound_acks"),
);

/** A message the connection sent (ack 1); false when the network already holds its id (a resend: kept once). */
export async function receiveOutbound(
  db: Database,
  values: {
    whatsappId: number;
    providerId: string;
    to: string;
    body: string;
    mediaType?: OutboundRow["mediaType"] | undefined;
    mediaName?: string | undefined;
    voiceNote?: boolean | undefined;
    quotedId?: string | null | undefined;
  },
): Promise<boolean> {
  const rows = await insertStatement(db).execute({
    ...values,
    mediaType: values.mediaType ?? null,
    mediaName: values.mediaName ?? null,
    voiceNote: values.voiceNote ?? false,
    quotedId: values.quotedId ?? null,
  });
  return rows.length > 0;
}

/** Moves these messages' acks forward (never back), in one statement; answers the provider ids that moved. */
export async function advanceSentAcks(
  db: Database,
  whatsappId: number,
  providerIds: string[],
  ack: number,
): Promise<string[]> {
  if (!providerIds.length) return [];
  const rows = await acksStatement(db).execute({ whatsappId, providerIds, ack });
  return rows.map((row) => row.providerId);
}

/** Moves acks forward only; answers the provider ids that moved. */
export async function advanceOutboundAck(
  db: Executor,
  whatsappId: number,
  where: { providerId?: string; to?: string },
  ack: number,
): Promise<string[]> {
  const rows = await db
    .update(simulatorOutbound)
    .set({ ack })
    .where(
      and(
        eq(simulatorOutbound.whatsappId, whatsappId),
        where.providerId ? eq(simulatorOutbound.providerId, where.providerId) : undefined,
        where.to ? eq(simulatorOutbound.to, where.to) : undefined,
        lt(simulatorOutbound.ack, ack),
      ),
    )
    .returning({ providerId: simulatorOutbound.providerId });
  return rows.map((row) => row.providerId);
}

export async function markOutboundDeleted(db: Executor, whatsappId: number, providerId: string): Promise<boolean> {
  const rows = await db
    .update(simulatorOutbound)
    .set({ deletedAt: new Date() })
    .where(and(eq(simulatorOutbound.whatsappId, whatsappId), eq(simulatorOutbound.providerId, providerId)))
    .returning({ id: simulatorOutbound.id });
  return rows.length > 0;
}

/** The newest `limit` rows, answered oldest first. */
export async function listOutbound(
  db: Executor,
  whatsappId: number,
  to: string | undefined,
  limit: number,
): Promise<OutboundRow[]> {
  const rows = await db
    .select()
    .from(simulatorOutbound)
    .where(and(eq(simulatorOutbound.whatsappId, whatsappId), to ? eq(simulatorOutbound.to, to) : undefined))
    .orderBy(desc(simulatorOutbound.id))
    .limit(limit);
  return rows.reverse();
}

const sender = sql<string>`${simulatorInbound.payload}->>'from'`;

/**
 * The customers a connection's phone knows: who wrote to it outside groups (with the
 * latest name they used) and whom it wrote to, groups left out.
 */
export async function knownCustomers(
  db: Executor,
  whatsappId: number,
): Promise<{ senders: { number: string; name: string | null }[]; recipients: string[] }> {
  const [senders, recipients] = await Promise.all([
    db
      .select({
        number: sender,
        name: sql<
          string | null
        >`(array_agg(nullif(${simulatorInbound.payload}->>'name', '') order by ${simulatorInbound.id} desc)
          filter (where nullif(${simulatorInbound.payload}->>'name', '') is not null))[1]`,
      })
      .from(simulatorInbound)
      .where(and(eq(simulatorInbound.whatsappId, whatsappId), sql`${simulatorInbound.payload}->'group' is null`))
      .groupBy(sender),
    db
      .selectDistinct({ to: simulatorOutbound.to })
      .from(simulatorOutbound)
      .where(
        and(
          eq(simulatorOutbound.whatsappId, whatsappId),
          // What was sent to a group went to the group's id, not to a person.
          sql`${simulatorOutbound.to} not in (select ${simulatorInbound.payload}->'group'->>'id' from ${simulatorInbound}
            where ${simulatorInbound.whatsappId} = ${whatsappId} and ${simulatorInbound.payload}->'group'->>'id' is not null)`,
        ),
      ),
  ]);
  return { senders, recipients: recipients.map((row) => row.to) };
}
