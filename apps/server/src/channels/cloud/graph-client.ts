import type { ErrorCode } from "@atendo/shared";
import { AppError } from "../../http/errors.js";

/** Where the Graph API is and how long one call may take (config CLOUD_API_*). */
export interface GraphSettings {
  baseUrl: string;
  version: string;
  timeoutMs: number;
}

/** A refusal in the Graph API's own words: `{ "error": { "message", "type", "code", "error_subcode", "error_data" } }`. */
export class GraphError extends Error {
  constructor(
    readonly httpStatus: number,
    readonly code: number,
    message: string,
    readonly subcode?: number,
    readonly details?: string,
  ) {
    super(message);
  }
}

/** The call never got an answer (timeout, refused connection, a body that is not the Graph API's). */
export class GraphUnreachable extends Error {}

/** Codes Meta answers when the access token is no longer good (190 expired or revoked, 102 session). */
const TOKEN_CODES = new Set([190, 102]);
/** Throughput, pair, account and application rate limits: the same send later may pass. */
const RATE_LIMIT_CODES = new Set([4, 80007, 130429, 131056, 131048]);

export const isTokenRefused = (error: unknown): error is GraphError =>
  error instanceof GraphError && TOKEN_CODES.has(error.code);

/** How a Graph refusal reads in the product: one catalogue code, never a 500. */
export function graphErrorCode(error: GraphError): ErrorCode {
  if (TOKEN_CODES.has(error.code)) return "ERR_WAPP_NOT_INITIALIZED";
  if (error.code === 131047) return "ERR_OUTSIDE_WINDOW";
  if (error.code === 131026) return "ERR_WAPP_UNDELIVERABLE";
  if (RATE_LIMIT_CODES.has(error.code)) return "ERR_WAPP_RATE_LIMITED";
  if (error.code === 132001) return "ERR_NO_TEMPLATE_FOUND";
  return "ERR_SENDING_WAPP_MSG";
}

export function toAppError(error: unknown): AppError {
  if (error instanceof AppError) return error;
  if (error instanceof GraphError) {
    const code = graphErrorCode(error);
    const message =
      code === "ERR_OUTSIDE_WINDOW"
        ? "outside the 24-hour window: only a template may be sent"
        : `Graph API ${error.code}: ${error.message}`;
    return new AppError(code, { message });
  }
  return new AppError("ERR_SENDING_WAPP_MSG", { message: "Graph API unreachable" });
}

/** A reason people can read, for the connection's DISCONNECTED status. */
export function refusalReason(error: unknown): string {
  if (error instanceof GraphError) return `Graph API ${error.code}: ${error.message}`.slice(0, 300);
  return "Graph API unreachable";
}

export interface SentMessage {
  messaging_product: "whatsapp";
  contacts?: { input: string; wa_id: string }[];
  messages: { id: string; message_status?: string }[];
}

export interface MediaInfo {
  url: string;
  mime_type: string;
  sha256?: string;
  file_size?: number | string;
  id: string;
}

export interface GraphTemplate {
  id?: string;
  name: string;
  language: string;
  status: string;
  category?: string;
  components?: { type: string; text?: string; format?: string }[];
}

export interface PhoneNumberInfo {
  id: string;
  display_phone_number?: string;
  verified_name?: string;
}

/** Pages of templates read at most: 100 per page, so 1,000 templates (a business account's usual ceiling is 250). */
const TEMPLATE_PAGES_MAX = 10;

/**
 * The Graph API calls Cloud API connections make, under one access token. Every call has a
 * deadline; Meta's error JSON becomes a GraphError, anything else a GraphUnreachable.
 */
export class GraphClient {
  constructor(
    private readonly settings: GraphSettings,
    private readonly accessToken: string,
  ) {}

  private url(path: string): string {
    return `${this.settings.baseUrl.replace(/\/+$/, "")}/${this.settings.version}/${path}`;
  }

  private async call<T>(method: string, url: string, body?: unknown): Promise<T> {
    let response: Response;
    try {
      response = await fetch(url, {
        method,
        headers: {
          authorization: `Bearer ${this.accessToken}`,
          ...(body === undefined || body instanceof FormData ? {} : { "content-type": "application/json" }),
        },
        body: body === undefined ? undefined : body instanceof FormData ? body : JSON.stringify(body),
        signal: AbortSignal.timeout(this.settings.timeoutMs),
      });
    } catch (error) {
      throw new GraphUnreachable((error as Error).message);
    }
    const text = await response.text().catch(() => "");
    let parsed: unknown;
    try {
      parsed = text ? JSON.parse(text) : {};
    } catch {
      throw new GraphUnreachable(`answered ${response.status} without JSON`);
    }
    if (!response.ok) {
      const error = (parsed as { error?: Record<string, unknown> }).error;
      if (!error || typeof error.code !== "number") throw new GraphUnreachable(`answered ${response.status}`);
      const data = error.error_data as { details?: unknown } | undefined;
      throw new GraphError(
        response.status,
        error.code,
        String(error.message ?? ""),
        typeof error.error_subcode === "number" ? error.error_subcode : undefined,
        typeof data?.details === "string" ? data.details : undefined,
      );
    }
    return parsed as T;
  }

  /** The number's display form: what the Graph API answers once the token may use it. */
  phoneNumber(phoneNumberId: string): Promise<PhoneNumberInfo> {
    return this.call("GET", this.url(`${encodeURIComponent(phoneNumberId)}?fields=display_phone_number,verified_name`));
  }

  sendMessage(phoneNumberId: string, message: Record<string, unknown>): Promise<SentMessage> {
    return this.call("POST", this.url(`${encodeURIComponent(phoneNumberId)}/messages`), {
      messaging_product: "whatsapp",
      recipient_type: "individual",
      ...message,
    });
  }

  async uploadMedia(
    phoneNumberId: string,
    file: { data: Buffer; mimeType: string; fileName: string },
  ): Promise<{ id: string }> {
    const form = new FormData();
    form.set("messaging_product", "whatsapp");
    form.set("type", file.mimeType);
    form.set("file", new Blob([new Uint8Array(file.data)], { type: file.mimeType }), file.fileName);
    return this.call("POST", this.url(`${encodeURIComponent(phoneNumberId)}/media`), form);
  }

  mediaInfo(mediaId: string, phoneNumberId: string): Promise<MediaInfo> {
    return this.call(
      "GET",
      this.url(`${encodeURIComponent(mediaId)}?phone_number_id=${encodeURIComponent(phoneNumberId)}`),
    );
  }

  /** The file behind a media URL (valid for minutes), with the token; past `maxBytes` it stops reading. */
  async download(url: string, maxBytes: number): Promise<Buffer | "tooLarge"> {
    let response: Response;
    try {
      response = await fetch(url, {
        headers: { authorization: `Bearer ${this.accessToken}` },
        signal: AbortSignal.timeout(this.settings.timeoutMs),
      });
    } catch (error) {
      throw new GraphUnreachable((error as Error).message);
    }
    if (!response.ok || !response.body) {
      await response.body?.cancel().catch(() => undefined);
      throw new GraphUnreachable(`media download answered ${response.status}`);
    }
    const declared = Number(response.headers.get("content-length") ?? "0");
    if (declared > maxBytes) {
      await response.body.cancel().catch(() => undefined);
      return "tooLarge";
    }
    const chunks: Uint8Array[] = [];
    let size = 0;
    try {
      for await (const chunk of response.body) {
        size += chunk.byteLength;
        if (size > maxBytes) return "tooLarge";
        chunks.push(chunk);
      }
    } catch (error) {
      throw new GraphUnreachable((error as Error).message);
    }
    return Buffer.concat(chunks);
  }

  /** The business account's approved templates, following Graph's paging. */
  async approvedTemplates(businessAccountId: string): Promise<GraphTemplate[]> {
    const templates: GraphTemplate[] = [];
    let next: string | undefined = this.url(
      `${encodeURIComponent(businessAccountId)}/message_templates?fields=name,language,status,category,components&status=APPROVED&limit=100`,
    );
    for (let page = 0; next && page < TEMPLATE_PAGES_MAX; page++) {
      const answer: { data?: GraphTemplate[]; paging?: { next?: string } } = await this.call("GET", next);
      templates.push(...(answer.data ?? []).filter((template) => template.status === "APPROVED"));
      // Graph's next link points at its own host; only follow links under the configured base.
      next = answer.paging?.next?.startsWith(this.settings.baseUrl) ? answer.paging.next : undefined;
    }
    return templates;
  }
}
