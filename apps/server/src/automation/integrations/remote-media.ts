import { outboundFetch, type PrivateTargets } from "../../integrations/outbound-url.js";
import { detectFile } from "../../media/file-kind.js";

/** WhatsApp's limit for a video; images and audio are far below it. */
const REMOTE_MEDIA_MAX_BYTES = 16 * 1024 * 1024;
const REMOTE_MEDIA_TIMEOUT_MS = 20_000;

export interface RemoteMedia {
  data: Buffer;
  fileName: string;
  mimeType: string;
}

/**
 * A media file a bot's answer points to (a Typebot image, audio or video bubble), fetched to
 * be sent as a WhatsApp media message. Only images, audio and video by their bytes are taken,
 * up to REMOTE_MEDIA_MAX_BYTES: the URL comes from a remote service, and what it serves goes
 * to a customer, so anything else (a page, a document) is refused and the caller links it. A
 * private address is refused too (outboundFetch throws OutboundRefused), unless privateTargets allows it.
 */
export async function fetchRemoteMedia(url: string, privateTargets: PrivateTargets): Promise<RemoteMedia | undefined> {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return undefined;
  }
  if (parsed.protocol !== "https:" && parsed.protocol !== "http:") return undefined;
  const response = await outboundFetch(
    parsed,
    { signal: AbortSignal.timeout(REMOTE_MEDIA_TIMEOUT_MS), headers: { "user-agent": "Atendo" } },
    privateTargets,
  );
  if (!response.ok || !response.body) return undefined;
  const declared = Number(response.headers.get("content-length") ?? "0");
  if (declared > REMOTE_MEDIA_MAX_BYTES) {
    await response.body.cancel();
    return undefined;
  }
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of response.body) {
    size += chunk.length;
    if (size > REMOTE_MEDIA_MAX_BYTES) return undefined;
    chunks.push(Buffer.from(chunk));
  }
  const data = Buffer.concat(chunks);
  const name = decodeURIComponent(parsed.pathname.split("/").pop() ?? "").slice(0, 100);
  const type = await detectFile(data, name);
  if (type.kind !== "image" && type.kind !== "audio" && type.kind !== "video") return undefined;
  const base = name.replace(/\.[^.]*$/, "").replace(/[^\w.-]+/g, "_") || "media";
  return { data, fileName: `${base}.${type.extension}`, mimeType: type.mimeType };
}
