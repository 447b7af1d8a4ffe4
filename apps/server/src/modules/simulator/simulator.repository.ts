import { and, desc, eq, inArray, sql } from "drizzle-orm";
import type { Executor } from "../../db/client.js";
import { contacts, messages, simulatorInbound, simulatorOutbound, whatsapps } from "../../db/schema/index.js";

/** A company's connection, only when it is on the simulated network. */
export async function findCompanySimulator(db: Executor, companyId: number, whatsappId: number) {
  const [row] = await db
    .select({ id: whatsapps.id })
    .from(whatsapps)
    .where(and(eq(whatsapps.companyId, companyId), eq(whatsapps.id, whatsappId), eq(whatsapps.provider, "simulator")))
    .limit(1);
  return row;
}

const groupId = sql<string | null>`${simulatorInbound.payload}->'group'->>'id'`;
const sender = sql<string>`${simulatorInbound.payload}->>'from'`;

/** Who wrote on a connection: each sender's latest name and time, newest first. */
export async function inboundSenders(db: Executor, whatsappId: number, limit: number) {
  return db
    .select({
      number: sender,
      name: sql<
        string | null
      >`(array_agg(nullif(${simulatorInbound.payload}->>'name', '') order by ${simulatorInbound.id} desc)
        filter (where nullif(${simulatorInbound.payload}->>'name', '') is not null))[1]`,
      lastAt: sql<Date>`max(${simulatorInbound.createdAt})`.mapWith(simulatorInbound.createdAt),
    })
    .from(simulatorInbound)
    .where(eq(simulatorInbound.whatsappId, whatsappId))
    .groupBy(sender)
    .orderBy(desc(sql`max(${simulatorInbound.createdAt})`))
    .limit(limit);
}

/** The groups messages were sent in, with their latest name, newest first. */
export async function inboundGroups(db: Executor, whatsappId: number, limit: number) {
  return db
    .select({
      id: sql<string>`${groupId}`,
      name: sql<string>`(array_agg(${simulatorInbound.payload}->'group'->>'name' order by ${simulatorInbound.id} desc))[1]`,
      lastAt: sql<Date>`max(${simulatorInbound.createdAt})`.mapWith(simulatorInbound.createdAt),
    })
    .from(simulatorInbound)
    .where(and(eq(simulatorInbound.whatsappId, whatsappId), sql`${groupId} is not null`))
    .groupBy(groupId)
    .orderBy(desc(sql`max(${simulatorInbound.createdAt})`))
    .limit(limit);
}

/** Whom the company wrote to (numbers and group ids), newest first. */
export async function outboundRecipients(db: Executor, whatsappId: number, limit: number) {
  return db
    .select({
      to: simulatorOutbound.to,
      lastAt: sql<Date>`max(${simulatorOutbound.createdAt})`.mapWith(simulatorOutbound.createdAt),
    })
    .from(simulatorOutbound)
    .where(eq(simulatorOutbound.whatsappId, whatsappId))
    .groupBy(simulatorOutbound.to)
    .orderBy(desc(sql`max(${simulatorOutbound.createdAt})`))
    .limit(limit);
}

/** The company's names for numbers (contacts the attendants may have renamed). */
export async function contactNames(db: Executor, companyId: number, numbers: string[]) {
  if (!numbers.length) return [];
  return db
    .select({ number: contacts.number, name: contacts.name })
    .from(contacts)
    .where(and(eq(contacts.companyId, companyId), inArray(contacts.number, numbers)));
}

/**
 * The newest inbound messages of one chat, newest first. Only the fields the
 * chat shows are read: the media's bytes stay in the database.
 */
export async function chatInbound(
  db: Executor,
  whatsappId: number,
  chat: { number?: string; groupId?: string },
  limit: number,
) {
  const payload = simulatorInbound.payload;
  return db
    .select({
      providerId: simulatorInbound.providerId,
      from: sender,
      name: sql<string | null>`${payload}->>'name'`,
      body: sql<string | null>`${payload}->>'body'`,
      mediaType: sql<string | null>`${payload}->'media'->>'type'`,
      mediaName: sql<string | null>`${payload}->'media'->>'fileName'`,
      location: sql<{ lat: number; lng: number; description?: string } | null>`${payload}->'location'`,
      vcard: sql<string | null>`${payload}->>'vcard'`,
      ackedAt: simulatorInbound.ackedAt,
      createdAt: simulatorInbound.createdAt,
    })
    .from(simulatorInbound)
    .where(
      and(
        eq(simulatorInbound.whatsappId, whatsappId),
        chat.groupId
          ? sql`${groupId} = ${chat.groupId}`
          : and(sql`${sender} = ${chat.number}`, sql`${groupId} is null`),
      ),
    )
    .orderBy(desc(simulatorInbound.id))
    .limit(limit);
}

export async function chatOutbound(db: Executor, whatsappId: number, to: string, limit: number) {
  return db
    .select()
    .from(simulatorOutbound)
    .where(and(eq(simulatorOutbound.whatsappId, whatsappId), eq(simulatorOutbound.to, to)))
    .orderBy(desc(simulatorOutbound.id))
    .limit(limit);
}

/** Where the company stored the media of these messages (both directions share the provider id). */
export async function storedMedia(db: Executor, companyId: number, whatsappId: number, providerIds: string[]) {
  if (!providerIds.length) return [];
  return db
    .select({ providerId: messages.providerId, mediaUrl: messages.mediaUrl })
    .from(messages)
    .where(
      and(
        eq(messages.companyId, companyId),
        eq(messages.whatsappId, whatsappId),
        inArray(messages.providerId, providerIds),
        sql`${messages.mediaUrl} is not null`,
      ),
    );
}
