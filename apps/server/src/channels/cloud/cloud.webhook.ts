import { createHmac, timingSafeEqual } from "node:crypto";
import type { AppContext } from "../../context.js";
import { AppError } from "../../http/errors.js";
import { UPLOAD_LIMIT_BY_KIND } from "../../media/upload.js";
import { openStoredKey } from "../../secrets/stored-keys.js";
import type { InboundMessage, ProviderAck } from "../provider.js";
import { CloudWebhookBody, type PendingMedia, parseInbound, statusAck, statusError } from "./cloud.inbound.js";
import { type CloudAccountRow, findCloudAccount } from "./cloud.repository.js";
import { GraphClient, GraphError, type GraphSettings } from "./graph-client.js";

type Deps = Pick<AppContext, "db" | "secrets" | "inbound" | "log"> & {
  config: Pick<AppContext["config"], "CLOUD_API_BASE_URL" | "CLOUD_API_VERSION" | "CLOUD_API_TIMEOUT_MS">;
};

/** The caption of a message kept without its file, past the upload limit of its kind (as Baileys' "[media unavailable]"). */
export const MEDIA_TOO_LARGE = "[media too large]";

export const graphSettings = (config: Deps["config"]): GraphSettings => ({
  baseUrl: config.CLOUD_API_BASE_URL,
  version: config.CLOUD_API_VERSION,
  timeoutMs: config.CLOUD_API_TIMEOUT_MS,
});

/** `sha256=<hex HMAC-SHA256 of the raw body under the app secret>`, compared in constant time. */
export function validSignature(rawBody: Buffer, header: string | undefined, appSecret: string): boolean {
  if (!header?.startsWith("sha256=")) return false;
  const given = Buffer.from(header.slice("sha256=".length), "hex");
  const expected = createHmac("sha256", appSecret).update(rawBody).digest();
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** The Cloud API connection a webhook path names, or 404 (another provider's id included). */
async function cloudConnection(deps: Deps, whatsappId: number): Promise<CloudAccountRow> {
  const row = await findCloudAccount(deps.db, whatsappId);
  if (row?.provider !== "cloud") throw new AppError("ERR_NO_WAPP_FOUND");
  return row;
}

/** Meta's subscription check: echo the challenge when the verify token is this connection's. */
export async function verifyCloudWebhook(
  deps: Deps,
  whatsappId: number,
  query: { mode: string; verifyToken: string; challenge: string },
): Promise<string> {
  const row = await cloudConnection(deps, whatsappId);
  const expected = Buffer.from(row.verifyToken ?? "");
  const given = Buffer.from(query.verifyToken);
  const matches = expected.length > 0 && given.length === expected.length && timingSafeEqual(given, expected);
  if (query.mode !== "subscribe" || !matches) throw new AppError("ERR_INVALID_WEBHOOK_TOKEN");
  return query.challenge;
}

/**
 * One POST of Meta's: signature first (nothing of an unsigned body is read), then every message
 * of this connection's number into ingestion, in order, and its statuses into acks. It resolves
 * after each was committed, so the 200 Meta gets means stored: on a crash or an error Meta sends
 * the same events again, and ingestion keeps each wamid once.
 */
export async function receiveCloudWebhook(
  deps: Deps,
  whatsappId: number,
  rawBody: Buffer,
  signature: string | undefined,
): Promise<void> {
  const row = await cloudConnection(deps, whatsappId);
  const appSecret = row.appSecret ? openStoredKey(deps.secrets, row.appSecret) : "";
  if (!appSecret || !validSignature(rawBody, signature, appSecret)) throw new AppError("ERR_INVALID_WEBHOOK_TOKEN");

  let json: unknown;
  try {
    json = JSON.parse(rawBody.toString("utf8"));
  } catch {
    throw new AppError("ERR_VALIDATION", { fields: [{ path: "body", message: "invalidJson" }] });
  }
  const parsed = CloudWebhookBody.safeParse(json);
  if (!parsed.success) {
    throw new AppError("ERR_VALIDATION", {
      fields: parsed.error.issues.slice(0, 10).map((issue) => ({
        path: ["body", ...issue.path].join("."),
        message: issue.message,
      })),
    });
  }
  const connection = { id: row.id, companyId: row.companyId };
  const graph = () => new GraphClient(graphSettings(deps.config), openStoredKey(deps.secrets, row.accessToken ?? ""));

  const acks: ProviderAck[] = [];
  for (const entry of parsed.data.entry) {
    for (const change of entry.changes) {
      const { value } = change;
      // One app may post several numbers' events to one address: only this connection's are its own.
      if (change.field !== "messages" || value.metadata.phone_number_id !== row.phoneNumberId) continue;
      const names = new Map((value.contacts ?? []).map((contact) => [contact.wa_id, contact.profile?.name]));
      for (const message of value.messages ?? []) {
        const inbound = parseInbound(message, names.get(message.from));
        if (!inbound) continue;
        const media = inbound.media ? await downloadMedia(deps, graph(), row, inbound.media) : undefined;
        const complete: InboundMessage =
          media === "tooLarge"
            ? { ...inbound.message, body: [inbound.message.body, MEDIA_TOO_LARGE].filter(Boolean).join("\n") }
            : { ...inbound.message, ...(media ? { media } : {}) };
        await deps.inbound.message(connection, complete);
      }
      for (const status of value.statuses ?? []) {
        if (status.status === "failed") await deps.inbound.failed(connection, status.id, statusError(status));
        const ack = statusAck(status.status);
        if (ack !== undefined) acks.push({ providerId: status.id, ack });
      }
    }
  }
  // The body's statuses in one batch: one statement however many Meta grouped.
  if (acks.length) await deps.inbound.acks(connection, acks);
}

/**
 * The file behind a media id: its URL from GET /{media-id}, then the bytes with the token, read no
 * further than the upload limit of its kind. A refusal or a timeout answers an error, so Meta
 * delivers the event again later; a file past the limit is stored as a message without it.
 */
async function downloadMedia(
  deps: Deps,
  graph: GraphClient,
  row: CloudAccountRow,
  media: PendingMedia,
): Promise<InboundMessage["media"] | "tooLarge"> {
  const limit =
    media.type === "image" || media.type === "audio" || media.type === "video"
      ? UPLOAD_LIMIT_BY_KIND[media.type]
      : UPLOAD_LIMIT_BY_KIND.document;
  try {
    const info = await graph.mediaInfo(media.mediaId, row.phoneNumberId ?? "");
    if (Number(info.file_size ?? 0) > limit) return "tooLarge";
    const data = await graph.download(info.url, limit);
    if (data === "tooLarge") return "tooLarge";
    return { type: media.type, fileName: media.fileName, mimeType: info.mime_type || media.mimeType, data };
  } catch (error) {
    deps.log.warn(
      { whatsappId: row.id, mediaId: media.mediaId, code: error instanceof GraphError ? error.code : undefined },
      "cloud media download failed",
    );
    throw new AppError("ERR_WAPP_DOWNLOAD_MEDIA");
  }
}
