import { createVerify, generateKeyPairSync, randomBytes, randomUUID } from "node:crypto";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

/*
 * Local servers for the queue integrations' runtime tests, each speaking its service's real
 * JSON: a Typebot server running one scripted bot through the chat API (startChat,
 * continueChat, sessions that end and then answer 404), a Dialogflow ES agent with an
 * end-of-conversation intent behind Google's JWT bearer grant, and a webhook receiver that
 * records each delivery's raw body and headers and answers what the test scripts.
 */

async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString("utf8");
}

function json(response: ServerResponse, status: number, body: unknown): void {
  response.writeHead(status, { "content-type": "application/json; charset=utf-8" });
  response.end(JSON.stringify(body));
}

async function listen(server: Server): Promise<string> {
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

const close = (server: Server) => () =>
  new Promise<void>((resolve) => {
    server.closeAllConnections();
    server.close(() => resolve());
  });

/** A 1x1 PNG, as a Typebot image bubble's URL would serve. */
export const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=",
  "base64",
);

// ---------------------------------------------------------------- Typebot

export interface FakeTypebot {
  url: string;
  slug: string;
  /** Every chat call: path and JSON body. */
  calls: { path: string; body: Record<string, unknown> }[];
  /** Sessions Typebot still has, by id: the step each is at. */
  sessions: Map<string, "choice" | "name">;
  /** The statuses the next chat calls fail with, in order (Typebot's error JSON); then the bot answers again. */
  fail(...statuses: number[]): void;
  close(): Promise<void>;
}

const richText = (...paragraphs: { text: string; bold?: boolean }[][]) =>
  paragraphs.map((children) => ({ type: "p", children }));

const textBubble = (...paragraphs: { text: string; bold?: boolean }[][]) => ({
  id: randomBytes(8).toString("hex"),
  type: "text",
  content: { type: "richText", richText: richText(...paragraphs) },
});

const choiceInput = {
  id: "choice-block",
  type: "choice input",
  items: [
    { id: "item-sales", outgoingEdgeId: "e1", content: "Vendas" },
    { id: "item-support", outgoingEdgeId: "e2", content: "Suporte" },
  ],
  options: { isMultipleChoice: false },
};

/**
 * The published bot `slug`: it greets the contact by the prefilled pushName, shows an image and
 * asks for a sector (a choice input: Vendas, Suporte); "Vendas" asks the name (a text input),
 * and the name ends the chat with a thanks (no input: the session is over, and Typebot then
 * forgets it). A reply matching no button gets no bubble at all and the same choice again.
 */
export async function startFakeTypebot(slug = "atendo-bot"): Promise<FakeTypebot> {
  const calls: FakeTypebot["calls"] = [];
  const sessions: FakeTypebot["sessions"] = new Map();
  const failures: number[] = [];
  let url = "";
  const server = createServer(async (request, response) => {
    const raw = await readBody(request);
    const path = new URL(request.url ?? "/", "http://fake").pathname;
    if (request.method === "GET" && path === "/media/logo.png") {
      response.writeHead(200, { "content-type": "image/png", "content-length": PNG.length });
      response.end(PNG);
      return;
    }
    const body = raw ? (JSON.parse(raw) as Record<string, unknown>) : {};
    calls.push({ path, body });
    const failure = failures.shift();
    if (failure !== undefined)
      return json(response, failure, {
        message: failure === 429 ? "Too many requests" : "Internal server error",
        code: failure === 429 ? "TOO_MANY_REQUESTS" : "INTERNAL_SERVER_ERROR",
      });
    const start = /^\/api\/v1\/typebots\/([^/]+)\/startChat$/.exec(path);
    if (request.method === "POST" && start) {
      if (decodeURIComponent(start[1]!) !== slug)
        return json(response, 404, { message: "Typebot not found", code: "NOT_FOUND" });
      const variables = (body.prefilledVariables ?? {}) as Record<string, unknown>;
      const sessionId = `sess_${randomBytes(10).toString("hex")}`;
      sessions.set(sessionId, "choice");
      return json(response, 200, {
        sessionId,
        resultId: randomUUID(),
        typebot: { id: "bot1", version: "6", theme: {}, settings: {} },
        messages: [
          textBubble([{ text: "Olá " }, { text: String(variables.pushName ?? ""), bold: true }, { text: "!" }]),
          { id: "img", type: "image", content: { url: `${url}/media/logo.png` } },
          textBubble([{ text: "Escolha um setor:" }]),
        ],
        input: choiceInput,
      });
    }
    const next = /^\/api\/v1\/sessions\/([^/]+)\/continueChat$/.exec(path);
    if (request.method === "POST" && next) {
      const sessionId = decodeURIComponent(next[1]!);
      const at = sessions.get(sessionId);
      if (!at) return json(response, 404, { message: "Session not found.", code: "NOT_FOUND" });
      const message = body.message;
      const text = typeof message === "string" ? message : String((message as { text?: unknown })?.text ?? "");
      if (at === "choice") {
        if (text === "Vendas") {
          sessions.set(sessionId, "name");
          return json(response, 200, {
            messages: [textBubble([{ text: "Qual é o seu nome?" }])],
            input: { id: "name-block", type: "text input", options: { labels: { placeholder: "Nome" } } },
          });
        }
        if (text === "Suporte") {
          sessions.delete(sessionId);
          return json(response, 200, { messages: [textBubble([{ text: "Suporte: ligue 0800." }])] });
        }
        return json(response, 200, { messages: [], input: choiceInput });
      }
      sessions.delete(sessionId);
      return json(response, 200, { messages: [textBubble([{ text: `Obrigado, ${text}!` }])] });
    }
    json(response, 404, { message: "Not found", code: "NOT_FOUND" });
  });
  url = await listen(server);
  return { url, slug, calls, sessions, fail: (...statuses) => void failures.push(...statuses), close: close(server) };
}

// ---------------------------------------------------------------- Dialogflow

export interface FakeDialogflow {
  url: string;
  tokenUrl: string;
  /** The service account's key file, as pasted in the integration's dialog. */
  accountJson: string;
  projectId: string;
  calls: { session: string; text: string; languageCode: string }[];
  /** The statuses the next detectIntent calls fail with, in order (Google's error JSON); then the agent answers again. */
  fail(...statuses: number[]): void;
  close(): Promise<void>;
}

/**
 * A Dialogflow ES agent of `projectId` behind Google's token endpoint (POST /token, the JWT
 * bearer grant, its RS256 signature checked against the account's key). Its intents: a
 * greeting ("oi", "olá"), "tchau" ending the conversation (intent.endInteraction, the
 * "end of conversation" switch), and the fallback for anything else.
 */
export async function startFakeDialogflow(projectId = "atendo-agent"): Promise<FakeDialogflow> {
  const { privateKey, publicKey } = generateKeyPairSync("rsa", {
    modulusLength: 2048,
    privateKeyEncoding: { type: "pkcs8", format: "pem" },
    publicKeyEncoding: { type: "spki", format: "pem" },
  });
  const clientEmail = `bot@${projectId}.iam.gserviceaccount.com`;
  const calls: FakeDialogflow["calls"] = [];
  const tokens = new Set<string>();
  const failures: number[] = [];
  const server = createServer(async (request, response) => {
    const raw = await readBody(request);
    const path = new URL(request.url ?? "/", "http://fake").pathname;
    if (request.method === "POST" && path === "/token") {
      const form = new URLSearchParams(raw);
      const [header, claims, signature] = (form.get("assertion") ?? "").split(".");
      const valid =
        form.get("grant_type") === "urn:ietf:params:oauth:grant-type:jwt-bearer" &&
        header &&
        claims &&
        signature &&
        createVerify("RSA-SHA256")
          .update(`${header}.${claims}`)
          .verify(publicKey, Buffer.from(signature, "base64url")) &&
        (JSON.parse(Buffer.from(claims, "base64url").toString()) as { iss?: string }).iss === clientEmail;
      if (!valid) return json(response, 400, { error: "invalid_grant", error_description: "Invalid JWT Signature." });
      const token = `ya29.${randomBytes(16).toString("base64url")}`;
      tokens.add(token);
      return json(response, 200, { access_token: token, expires_in: 3599, token_type: "Bearer" });
    }
    const detect = /^\/v2\/projects\/([^/]+)\/agent\/sessions\/([^/:]+):detectIntent$/.exec(path);
    if (request.method !== "POST" || !detect) return json(response, 404, { error: { code: 404, status: "NOT_FOUND" } });
    if (!tokens.has(request.headers.authorization?.replace(/^Bearer /, "") ?? "")) {
      return json(response, 401, {
        error: { code: 401, message: "Request had invalid authentication credentials.", status: "UNAUTHENTICATED" },
      });
    }
    if (decodeURIComponent(detect[1]!) !== projectId) {
      return json(response, 403, {
        error: { code: 403, message: "IAM permission denied.", status: "PERMISSION_DENIED" },
      });
    }
    const query = (JSON.parse(raw) as { queryInput: { text: { text: string; languageCode: string } } }).queryInput.text;
    calls.push({ session: decodeURIComponent(detect[2]!), text: query.text, languageCode: query.languageCode });
    const failure = failures.shift();
    if (failure !== undefined) {
      const status = failure === 429 ? "RESOURCE_EXHAUSTED" : failure === 503 ? "UNAVAILABLE" : "INTERNAL";
      return json(response, failure, { error: { code: failure, message: "The service is busy.", status } });
    }
    const said = query.text.trim().toLowerCase();
    const intent = /^(oi|olá)\b/.test(said)
      ? { displayName: "Default Welcome Intent", texts: ["Olá! Sou o agente.", "Em que posso ajudar?"] }
      : said === "tchau"
        ? { displayName: "Encerrar", texts: ["Até logo! Um atendente continua daqui."], endInteraction: true }
        : { displayName: "Default Fallback Intent", texts: ["Não entendi."], isFallback: true };
    const { texts, ...rest } = intent;
    json(response, 200, {
      responseId: randomUUID(),
      queryResult: {
        queryText: query.text,
        languageCode: query.languageCode.toLowerCase(),
        fulfillmentText: texts[0],
        fulfillmentMessages: texts.map((text) => ({ text: { text: [text] } })),
        intent: { name: `projects/${projectId}/agent/intents/${randomUUID()}`, ...rest },
        intentDetectionConfidence: 1,
      },
    });
  });
  const url = await listen(server);
  const accountJson = JSON.stringify({
    type: "service_account",
    project_id: projectId,
    private_key_id: randomBytes(20).toString("hex"),
    private_key: privateKey,
    client_email: clientEmail,
    token_uri: "https://oauth2.googleapis.com/token",
  });
  return {
    url,
    tokenUrl: `${url}/token`,
    accountJson,
    projectId,
    calls,
    fail: (...statuses) => void failures.push(...statuses),
    close: close(server),
  };
}

// ---------------------------------------------------------------- Webhook receiver

export interface ReceivedDelivery {
  at: number;
  headers: IncomingMessage["headers"];
  raw: string;
  status: number;
}

export interface WebhookReceiver {
  url: string;
  received: ReceivedDelivery[];
  /** The statuses of the next deliveries, in order; 200 once they run out. */
  answer(...statuses: number[]): void;
  close(): Promise<void>;
}

export async function startWebhookReceiver(path = "/webhook/atendo-c0ffee"): Promise<WebhookReceiver> {
  const received: ReceivedDelivery[] = [];
  const scripted: number[] = [];
  const server = createServer(async (request, response) => {
    const raw = await readBody(request);
    const status = new URL(request.url ?? "/", "http://fake").pathname === path ? (scripted.shift() ?? 200) : 404;
    received.push({ at: Date.now(), headers: request.headers, raw, status });
    json(response, status, status === 200 ? { message: "Workflow was started" } : { message: "error" });
  });
  const base = await listen(server);
  return {
    url: `${base}${path}`,
    received,
    answer: (...statuses) => void scripted.push(...statuses),
    close: close(server),
  };
}
