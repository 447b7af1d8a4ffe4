import { createHmac, randomBytes } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

/*
 * A small Graph API speaking the WhatsApp Cloud API's real JSON: the phone number, messages
 * (text, media by id, templates), media upload, media URL and download with the bearer token,
 * message templates with paging, and Meta's error bodies (190 for a refused token, or any code a
 * test asks for). Also builds webhook bodies as Meta posts them, signed with an app secret.
 */

export const GRAPH_VERSION = "v21.0";

export interface FakeGraphTemplate {
  name: string;
  language: string;
  status: "APPROVED" | "PAUSED" | "REJECTED" | "PENDING";
  category: string;
  body: string;
}

export interface FakeGraph {
  url: string;
  phoneNumberId: string;
  businessAccountId: string;
  /** The token the fake takes; any other answers 190. */
  accessToken: string;
  displayNumber: string;
  /** Every message sent: the JSON body of POST /{phone-number-id}/messages. */
  sent: Record<string, unknown>[];
  /** Every upload: the multipart body's type field, file name and size. */
  uploads: { type: string; fileName: string; bytes: number }[];
  /** Files customers sent, by media id (what GET /{media-id} and its URL serve). */
  media: Map<string, { data: Buffer; mimeType: string }>;
  templates: FakeGraphTemplate[];
  /** Refuses the token from now on (Meta's 190 "Session has expired"). */
  expireToken(): void;
  /** The next message sends fail with these Graph error codes, in order. */
  failSends(...codes: number[]): void;
  close(): Promise<void>;
}

const ERROR_TEXT: Record<number, { status: number; message: string; details?: string }> = {
  190: { status: 401, message: "Error validating access token: Session has expired on Tuesday, 01-Dec-26." },
  131047: {
    status: 400,
    message: "(#131047) Re-engagement message",
    details:
      "Message failed to send because more than 24 hours have passed since the customer last replied to this number.",
  },
  131026: { status: 400, message: "(#131026) Message Undeliverable", details: "Message Undeliverable." },
  130429: {
    status: 400,
    message: "(#130429) Rate limit hit",
    details: "Cloud API message throughput has been reached.",
  },
  131056: { status: 400, message: "(#131056) (Business Account, Consumer Account) pair rate limit hit" },
  132001: { status: 404, message: "(#132001) Template name does not exist in the translation" },
};

function graphError(response: ServerResponse, code: number): void {
  const known = ERROR_TEXT[code] ?? { status: 400, message: `(#${code}) Error` };
  response.writeHead(known.status, { "content-type": "application/json" });
  response.end(
    JSON.stringify({
      error: {
        message: known.message,
        type: "OAuthException",
        code,
        ...(code === 190 ? { error_subcode: 463 } : {}),
        ...(known.details ? { error_data: { messaging_product: "whatsapp", details: known.details } } : {}),
        fbtrace_id: randomBytes(8).toString("base64url"),
      },
    }),
  );
}

function json(response: ServerResponse, body: unknown): void {
  response.writeHead(200, { "content-type": "application/json" });
  response.end(JSON.stringify(body));
}

async function readBody(request: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

export const newWamid = () => `wamid.${randomBytes(24).toString("base64url")}`;

export async function startFakeGraph(options: { port?: number; host?: string } = {}): Promise<FakeGraph> {
  let tokenValid = true;
  const failures: number[] = [];
  const server = createServer((request, response) => {
    void handle(request, response).catch(() => {
      response.writeHead(500);
      response.end();
    });
  });

  const fake: FakeGraph = {
    url: "",
    phoneNumberId: "106540352242922",
    businessAccountId: "102290129340398",
    accessToken: `EAAG${randomBytes(24).toString("hex")}`,
    displayNumber: "+55 11 5555-0100",
    sent: [],
    uploads: [],
    media: new Map(),
    templates: [
      {
        name: "retomar_atendimento",
        language: "pt_BR",
        status: "APPROVED",
        category: "UTILITY",
        body: "Olá {{1}}, podemos continuar seu atendimento sobre {{2}}?",
      },
      { name: "boas_vindas", language: "pt_BR", status: "APPROVED", category: "MARKETING", body: "Bem-vindo!" },
      { name: "promo_pausada", language: "pt_BR", status: "PAUSED", category: "MARKETING", body: "Promo" },
    ],
    expireToken: () => {
      tokenValid = false;
    },
    failSends: (...codes) => {
      failures.push(...codes);
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };

  async function handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const url = new URL(request.url ?? "/", "http://fake");
    if (request.headers.authorization !== `Bearer ${fake.accessToken}` || !tokenValid) {
      await readBody(request);
      graphError(response, 190);
      return;
    }
    const download = /^\/download\/([\w.-]+)$/.exec(url.pathname);
    if (download && request.method === "GET") {
      const file = fake.media.get(download[1]!);
      if (!file) {
        response.writeHead(404);
        response.end();
        return;
      }
      response.writeHead(200, { "content-type": file.mimeType, "content-length": String(file.data.length) });
      response.end(file.data);
      return;
    }
    const [version, id, edge, ...rest] = url.pathname.split("/").filter(Boolean);
    if (version !== GRAPH_VERSION || !id || rest.length) {
      graphError(response, 100);
      return;
    }
    if (request.method === "GET" && !edge && id === fake.phoneNumberId) {
      json(response, {
        verified_name: "Atendo Teste",
        display_phone_number: fake.displayNumber,
        id: fake.phoneNumberId,
        quality_rating: "GREEN",
      });
      return;
    }
    if (request.method === "GET" && !edge && fake.media.has(id)) {
      const file = fake.media.get(id)!;
      json(response, {
        url: `${fake.url}/download/${id}`,
        mime_type: file.mimeType,
        sha256: "0".repeat(64),
        file_size: String(file.data.length),
        id,
        messaging_product: "whatsapp",
      });
      return;
    }
    if (request.method === "POST" && id === fake.phoneNumberId && edge === "messages") {
      const body = JSON.parse((await readBody(request)).toString("utf8")) as Record<string, unknown>;
      const failure = failures.shift();
      if (failure !== undefined) {
        graphError(response, failure);
        return;
      }
      fake.sent.push(body);
      json(response, {
        messaging_product: "whatsapp",
        contacts: [{ input: body.to, wa_id: body.to }],
        messages: [{ id: newWamid(), ...(body.type === "template" ? { message_status: "accepted" } : {}) }],
      });
      return;
    }
    if (request.method === "POST" && id === fake.phoneNumberId && edge === "media") {
      const form = await new Response(new Uint8Array(await readBody(request)), {
        headers: { "content-type": request.headers["content-type"] ?? "" },
      }).formData();
      const file = form.get("file");
      if (form.get("messaging_product") !== "whatsapp" || !(file instanceof Blob)) {
        graphError(response, 100);
        return;
      }
      fake.uploads.push({ type: String(form.get("type")), fileName: (file as File).name, bytes: file.size });
      json(response, { id: String(Date.now()) + randomBytes(3).readUIntBE(0, 3) });
      return;
    }
    if (request.method === "GET" && id === fake.businessAccountId && edge === "message_templates") {
      // Two per page, as Graph pages with `limit`: the client must follow `paging.next`.
      const wanted = url.searchParams.get("status");
      const all = fake.templates.filter((template) => !wanted || template.status === wanted);
      const after = Number(url.searchParams.get("after") ?? "0");
      const page = all.slice(after, after + 2);
      const next = after + 2 < all.length ? new URL(url.href.replace("http://fake", fake.url)) : undefined;
      next?.searchParams.set("after", String(after + 2));
      json(response, {
        data: page.map((template, index) => ({
          name: template.name,
          language: template.language,
          status: template.status,
          category: template.category,
          id: String(900 + after + index),
          components: [{ type: "BODY", text: template.body }],
        })),
        paging: { cursors: { before: "QVFI", after: "QVFJ" }, ...(next ? { next: next.href } : {}) },
      });
      return;
    }
    graphError(response, 100);
  }

  await new Promise<void>((resolve) => server.listen(options.port ?? 0, options.host ?? "127.0.0.1", resolve));
  fake.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return fake;
}

/** `X-Hub-Signature-256` as Meta computes it: HMAC-SHA256 of the raw body under the app secret. */
export function hubSignature(appSecret: string, body: string): string {
  return `sha256=${createHmac("sha256", appSecret).update(body).digest("hex")}`;
}

/** A webhook body as Meta posts it for one number's "messages" field. */
export function webhookBody(
  fake: Pick<FakeGraph, "phoneNumberId" | "businessAccountId" | "displayNumber">,
  value: { messages?: Record<string, unknown>[]; statuses?: Record<string, unknown>[]; contacts?: unknown[] },
): string {
  return JSON.stringify({
    object: "whatsapp_business_account",
    entry: [
      {
        id: fake.businessAccountId,
        changes: [
          {
            value: {
              messaging_product: "whatsapp",
              metadata: {
                display_phone_number: fake.displayNumber.replace(/\D/g, ""),
                phone_number_id: fake.phoneNumberId,
              },
              ...value,
            },
            field: "messages",
          },
        ],
      },
    ],
  });
}

/** One customer message as the webhook carries it, with the sender's profile. */
export function customerMessage(
  fake: Pick<FakeGraph, "phoneNumberId" | "businessAccountId" | "displayNumber">,
  from: { waId: string; name: string },
  message: Record<string, unknown>,
): { body: string; id: string } {
  const id = (message.id as string | undefined) ?? newWamid();
  const body = webhookBody(fake, {
    contacts: [{ profile: { name: from.name }, wa_id: from.waId }],
    messages: [{ from: from.waId, id, timestamp: String(Math.floor(Date.now() / 1000)), ...message }],
  });
  return { body, id };
}

/** One status of a message the business sent. */
export function messageStatus(
  fake: Pick<FakeGraph, "phoneNumberId" | "businessAccountId" | "displayNumber">,
  status: { id: string; status: "sent" | "delivered" | "read" | "failed"; recipient: string; errorCode?: number },
): string {
  const error = status.errorCode ? ERROR_TEXT[status.errorCode] : undefined;
  return webhookBody(fake, {
    statuses: [
      {
        id: status.id,
        status: status.status,
        timestamp: String(Math.floor(Date.now() / 1000)),
        recipient_id: status.recipient,
        ...(status.status === "failed"
          ? {
              errors: [
                {
                  code: status.errorCode ?? 131026,
                  title: error?.message.replace(/^\(#\d+\) /, "") ?? "Error",
                  message: error?.message.replace(/^\(#\d+\) /, "") ?? "Error",
                  error_data: { details: error?.details ?? "Error" },
                },
              ],
            }
          : {
              conversation: { id: randomBytes(8).toString("hex"), origin: { type: "service" } },
              pricing: { billable: true, pricing_model: "PMP", category: "service" },
            }),
      },
    ],
  });
}
