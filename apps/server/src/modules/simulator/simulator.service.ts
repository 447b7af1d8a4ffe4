import { eq } from "drizzle-orm";
import { newProviderId, SimulatorProvider } from "../../channels/simulator/simulator.provider.js";
import { advanceOutboundAck, insertInbound, listOutbound } from "../../channels/simulator/simulator.repository.js";
import type { AppContext } from "../../context.js";
import { whatsapps } from "../../db/schema/index.js";
import { AppError } from "../../http/errors.js";
import type { SimulatorInboundBody } from "./simulator.schemas.js";

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
