import {
  MEDIA_TYPES,
  type MediaType,
  type SimulatorChatMessage,
  type SimulatorChatQuery,
  type SimulatorChats,
  type SimulatorInboundBody,
} from "@atendo/shared";
import { eq } from "drizzle-orm";
import { newProviderId, SimulatorProvider } from "../../channels/simulator/simulator.provider.js";
import { advanceOutboundAck, insertInbound, listOutbound } from "../../channels/simulator/simulator.repository.js";
import type { AppContext } from "../../context.js";
import { whatsapps } from "../../db/schema/index.js";
import type { AuthSession } from "../../http/auth.js";
import { AppError } from "../../http/errors.js";
import {
  chatInbound,
  chatOutbound,
  contactNames,
  findCompanySimulator,
  inboundGroups,
  inboundSenders,
  outboundRecipients,
  storedMedia,
} from "./simulator.repository.js";

type Deps = Pick<AppContext, "db" | "sessions">;

export const OUTBOUND_LIST_LIMIT = 1000;

const MIME_BY_EXTENSION: Record<string, string> = {
  png: "image/png",
  jpg: "image/jpeg",
  jpeg: "image/jpeg",
  gif: "image/gif",
  webp: "image/webp",
  mp3: "audio/mpeg",
  ogg: "audio/ogg",
  opus: "audio/ogg",
  m4a: "audio/mp4",
  mp4: "video/mp4",
  pdf: "application/pdf",
  txt: "text/plain",
  csv: "text/csv",
  zip: "application/zip",
  docx: "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
  xlsx: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
};
const FALLBACK_MIME = {
  image: "image/jpeg",
  audio: "audio/ogg",
  video: "video/mp4",
  application: "application/octet-stream",
};

/** The simulated network knows simulator connections only; anything else is not on it. */
async function simulatorConnection(deps: Deps, whatsappId: number) {
  const [row] = await deps.db
    .select({ id: whatsapps.id, provider: whatsapps.provider })
    .from(whatsapps)
    .where(eq(whatsapps.id, whatsappId))
    .limit(1);
  if (row?.provider !== "simulator") throw new AppError("ERR_NO_WAPP_FOUND");
  return row;
}

function runningSimulator(deps: Deps, whatsappId: number): SimulatorProvider | undefined {
  const provider = deps.sessions?.get(whatsappId);
  return provider instanceof SimulatorProvider ? provider : undefined;
}

export async function scanQr(deps: Deps, whatsappId: number): Promise<{ number: string }> {
  await simulatorConnection(deps, whatsappId);
  const provider = runningSimulator(deps, whatsappId);
  if (!provider) throw new AppError("ERR_WAPP_NOT_INITIALIZED", { message: "the connection is not showing a QR code" });
  return provider.scan();
}

function decodeMedia(media: NonNullable<SimulatorInboundBody["media"]>) {
  const dataUrl = /^data:([^;,]+)?(;base64)?,/.exec(media.base64);
  const base64 = dataUrl ? media.base64.slice(dataUrl[0].length) : media.base64;
  const data = Buffer.from(base64, "base64");
  if (!data.length) {
    throw new AppError("ERR_VALIDATION", { fields: [{ path: "media.base64", message: "not base64 data" }] });
  }
  const type = media.type === "document" ? "application" : media.type;
  const extension = media.fileName.split(".").pop()?.toLowerCase() ?? "";
  const mimeType = media.mimeType ?? dataUrl?.[1] ?? MIME_BY_EXTENSION[extension] ?? FALLBACK_MIME[type];
  return { type, fileName: media.fileName, mimeType, base64: data.toString("base64") };
}

/** A customer sends a message: the network keeps it until the connection acknowledges it. */
export async function sendInbound(deps: Deps, input: SimulatorInboundBody): Promise<{ id: string }> {
  await simulatorConnection(deps, input.whatsappId);
  const providerId = input.id ?? newProviderId();
  await insertInbound(deps.db, {
    whatsappId: input.whatsappId,
    providerId,
    payload: {
      from: input.from,
      name: input.name || undefined,
      body: input.body ?? "",
      timestamp: Date.now(),
      group: input.group,
      media: input.media ? decodeMedia(input.media) : undefined,
      location: input.location,
      vcard: input.vcard,
      quotedProviderId: input.quotedId,
    },
  });
  runningSimulator(deps, input.whatsappId)?.kick();
  return { id: providerId };
}

export async function readOutbound(deps: Deps, whatsappId: number, to: string | undefined) {
  await simulatorConnection(deps, whatsappId);
  const rows = await listOutbound(deps.db, whatsappId, to, OUTBOUND_LIST_LIMIT);
  return rows.map((row) => ({
    id: row.providerId,
    to: row.to,
    body: row.body,
    mediaType: row.mediaType,
    mediaName: row.mediaName,
    voiceNote: row.voiceNote,
    ack: row.ack,
    quotedId: row.quotedId,
    deleted: row.deletedAt !== null,
    createdAt: row.createdAt.toISOString(),
  }));
}

/**
 * The customer reads the chat. With the connection down the network still
 * records it; the read receipts of that time do not reach the company.
 */
export async function customerRead(deps: Deps, whatsappId: number, from: string): Promise<{ read: number }> {
  await simulatorConnection(deps, whatsappId);
  const provider = runningSimulator(deps, whatsappId);
  const moved = provider
    ? await provider.customerRead(from)
    : await advanceOutboundAck(deps.db, whatsappId, { to: from }, 3);
  return { read: moved.length };
}

/** Customers and groups listed per connection: enough for a demo, bounded for a busy one. */
export const CHAT_LIST_LIMIT = 200;
/** Messages per direction a chat view shows. */
export const CHAT_MESSAGES_LIMIT = 200;

/** The caller's company's simulator connection; anything else answers 404. */
async function ownSimulator(deps: Pick<AppContext, "db">, actor: AuthSession, whatsappId: number) {
  const row = await findCompanySimulator(deps.db, actor.companyId, whatsappId);
  if (!row) throw new AppError("ERR_NO_WAPP_FOUND");
  return row;
}

export async function listChats(
  deps: Pick<AppContext, "db">,
  actor: AuthSession,
  whatsappId: number,
): Promise<SimulatorChats> {
  await ownSimulator(deps, actor, whatsappId);
  const [senders, groups, recipients] = await Promise.all([
    inboundSenders(deps.db, whatsappId, CHAT_LIST_LIMIT),
    inboundGroups(deps.db, whatsappId, CHAT_LIST_LIMIT),
    outboundRecipients(deps.db, whatsappId, CHAT_LIST_LIMIT),
  ]);
  const groupIds = new Set(groups.map((group) => group.id));
  const customers = new Map<string, { number: string; name: string | null; lastAt: Date }>();
  const touch = (number: string, name: string | null, lastAt: Date) => {
    const known = customers.get(number);
    if (!known) customers.set(number, { number, name, lastAt });
    else if (lastAt > known.lastAt) known.lastAt = lastAt;
  };
  for (const row of senders) touch(row.number, row.name, row.lastAt);
  // The company may write first (a ticket opened from its side): that customer is listed too.
  for (const row of recipients) if (!groupIds.has(row.to)) touch(row.to, null, row.lastAt);
  const unnamed = [...customers.values()].filter((customer) => !customer.name).map((customer) => customer.number);
  for (const contact of await contactNames(deps.db, actor.companyId, unnamed)) {
    const customer = customers.get(contact.number);
    if (customer) customer.name = contact.name;
  }
  const groupLast = new Map(groups.map((group) => [group.id, group.lastAt]));
  for (const row of recipients) {
    const last = groupLast.get(row.to);
    if (last && row.lastAt > last) groupLast.set(row.to, row.lastAt);
  }
  const newestFirst = (a: { lastAt: Date }, b: { lastAt: Date }) => b.lastAt.getTime() - a.lastAt.getTime();
  return {
    customers: [...customers.values()]
      .sort(newestFirst)
      .slice(0, CHAT_LIST_LIMIT)
      .map((customer) => ({ ...customer, lastAt: customer.lastAt.toISOString() })),
    groups: groups
      .map((group) => ({ ...group, lastAt: groupLast.get(group.id) ?? group.lastAt }))
      .sort(newestFirst)
      .map((group) => ({ ...group, lastAt: group.lastAt.toISOString() })),
  };
}

const asMediaType = (value: string | null): MediaType | null =>
  value === "document"
    ? "application"
    : (MEDIA_TYPES as readonly string[]).includes(value ?? "")
      ? (value as MediaType)
      : null;

/** One simulated chat, both directions, oldest first: what the customer sent and what the company answered. */
export async function listChatMessages(
  deps: Pick<AppContext, "db" | "media">,
  actor: AuthSession,
  whatsappId: number,
  chat: SimulatorChatQuery,
): Promise<SimulatorChatMessage[]> {
  await ownSimulator(deps, actor, whatsappId);
  const to = chat.groupId ?? chat.number!;
  const [inbound, outbound] = await Promise.all([
    chatInbound(deps.db, whatsappId, chat, CHAT_MESSAGES_LIMIT),
    chatOutbound(deps.db, whatsappId, to, CHAT_MESSAGES_LIMIT),
  ]);
  const media = await storedMedia(
    deps.db,
    actor.companyId,
    whatsappId,
    [...inbound.filter((row) => row.mediaType), ...outbound.filter((row) => row.mediaType)].map(
      (row) => row.providerId,
    ),
  );
  const urls = new Map(media.map((row) => [row.providerId, row.mediaUrl ? deps.media.publicUrl(row.mediaUrl) : null]));
  const items: (SimulatorChatMessage & { at: number })[] = [
    ...inbound.map((row) => ({
      id: row.providerId,
      direction: "inbound" as const,
      from: row.from,
      name: row.name || null,
      body: row.body ?? "",
      mediaType: row.location ? "locationMessage" : row.vcard ? "vcard" : asMediaType(row.mediaType),
      mediaName: row.mediaName,
      mediaUrl: urls.get(row.providerId) ?? null,
      location: row.location,
      vcard: row.vcard,
      ack: null,
      received: row.ackedAt !== null,
      deleted: false,
      createdAt: row.createdAt.toISOString(),
      at: row.createdAt.getTime(),
    })),
    ...outbound.map((row) => ({
      id: row.providerId,
      direction: "outbound" as const,
      from: null,
      name: null,
      body: row.body,
      mediaType: row.mediaType,
      mediaName: row.mediaName,
      mediaUrl: urls.get(row.providerId) ?? null,
      location: null,
      vcard: null,
      ack: row.ack,
      received: null,
      deleted: row.deletedAt !== null,
      createdAt: row.createdAt.toISOString(),
      at: row.createdAt.getTime(),
    })),
  ];
  return items.sort((a, b) => a.at - b.at).map(({ at: _at, ...item }) => item);
}
