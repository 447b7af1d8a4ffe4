import { createHash, createSign } from "node:crypto";
import type { DialogflowServiceAccount } from "@atendo/shared";
import { z } from "zod";

/**
 * Dialogflow ES through its documented REST API, as a service account calls it:
 * 1. a JWT signed with the account's private key (RS256) is traded for an access token at
 *    Google's OAuth 2.0 token endpoint (the JWT bearer grant, RFC 7523);
 * 2. POST {base}/v2/projects/{project}/agent/sessions/{session}:detectIntent with that token.
 * Both URLs come from the configuration, so a test's local fake answers them. The official
 * `@google-cloud/dialogflow` client speaks gRPC through google-gax and takes its token endpoint
 * from google-auth-library, which cannot be pointed at a local server over plain HTTP; the REST
 * calls are the same API without them.
 * The private key is used only to sign, and neither it nor the token is ever logged.
 */

export interface DialogflowOptions {
  /** e.g. https://dialogflow.googleapis.com */
  baseUrl: string;
  /** e.g. https://oauth2.googleapis.com/token; also the signed JWT's audience. */
  tokenUrl: string;
  timeoutMs?: number;
}

export interface DetectIntentInput {
  account: DialogflowServiceAccount;
  /** The Google Cloud project holding the agent. */
  projectId: string;
  /** Ties the turns of one conversation together (Dialogflow keeps its contexts per session). */
  sessionId: string;
  text: string;
  languageCode: string;
}

export interface DetectIntentResult {
  /** The agent's text messages, in order (its fulfillment text when it has no messages). */
  messages: string[];
  /** The matched intent's display name, when one matched. */
  intent: string | undefined;
  /** The intent ends the conversation. */
  endInteraction: boolean;
}

/** A call Dialogflow or its token endpoint refused or did not answer: `stage` says which. */
export class DialogflowError extends Error {
  constructor(
    message: string,
    readonly stage: "token" | "detectIntent",
    readonly status?: number,
    /** Google did not answer (in time): a later try may get through. */
    readonly unanswered = false,
  ) {
    super(message);
    this.name = "DialogflowError";
  }
}

const SCOPE = "https://www.googleapis.com/auth/dialogflow";
const DEFAULT_TIMEOUT_MS = 10_000;
/** A token is renewed this long before Google says it expires. */
const TOKEN_MARGIN_MS = 60_000;
const TOKEN_CACHE_MAX = 500;

const TokenAnswer = z.object({ access_token: z.string().min(1), expires_in: z.number().optional() });
const TokenRefusal = z.object({ error: z.string(), error_description: z.string().optional() });
const GoogleRefusal = z.object({ error: z.object({ message: z.string().optional(), status: z.string().optional() }) });

const DetectIntentAnswer = z.object({
  queryResult: z.object({
    fulfillmentText: z.string().optional(),
    fulfillmentMessages: z
      .array(z.object({ text: z.object({ text: z.array(z.string()).optional() }).optional() }))
      .optional(),
    intent: z.object({ displayName: z.string().optional(), endInteraction: z.boolean().optional() }).optional(),
  }),
});

/** Tokens by token endpoint and account (a hash of its key, never the key), until shortly before they expire. */
const tokens = new Map<string, { token: string; expiresAt: number }>();

const base64url = (value: string | Buffer) => Buffer.from(value).toString("base64url");

/** The signed JWT the token endpoint trades for an access token. Throws on a key that cannot sign. */
function signedAssertion(account: DialogflowServiceAccount, audience: string, nowSeconds: number): string {
  const header = base64url(JSON.stringify({ alg: "RS256", typ: "JWT" }));
  const claims = base64url(
    JSON.stringify({ iss: account.client_email, scope: SCOPE, aud: audience, iat: nowSeconds, exp: nowSeconds + 3600 }),
  );
  const signature = createSign("RSA-SHA256").update(`${header}.${claims}`).sign(account.private_key);
  return `${header}.${claims}.${base64url(signature)}`;
}

async function readJson(response: Response): Promise<unknown> {
  const text = await response.text();
  try {
    return text ? JSON.parse(text) : undefined;
  } catch {
    return undefined;
  }
}

/** Google's reason for a refusal, short enough for a log line and an answer. */
function refusalReason(json: unknown, status: number): string {
  const token = TokenRefusal.safeParse(json);
  if (token.success) return [token.data.error, token.data.error_description].filter(Boolean).join(": ");
  const google = GoogleRefusal.safeParse(json);
  if (google.success) return [google.data.error.status, google.data.error.message].filter(Boolean).join(": ");
  return `HTTP ${status}`;
}

export function createDialogflowClient(options: DialogflowOptions) {
  const base = options.baseUrl.replace(/\/+$/, "");
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;

  async function post(
    url: string,
    init: { headers: Record<string, string>; body: string },
    stage: DialogflowError["stage"],
  ) {
    let response: Response;
    try {
      response = await fetch(url, { method: "POST", ...init, signal: AbortSignal.timeout(timeoutMs) });
    } catch (error) {
      throw new DialogflowError(`unreachable: ${(error as Error).message}`, stage, undefined, true);
    }
    const json = await readJson(response);
    if (!response.ok) throw new DialogflowError(refusalReason(json, response.status), stage, response.status);
    return json;
  }

  async function accessToken(account: DialogflowServiceAccount): Promise<string> {
    const key = createHash("sha256")
      .update(`${options.tokenUrl}\n${account.client_email}\n${account.private_key}`)
      .digest("hex");
    const cached = tokens.get(key);
    if (cached && cached.expiresAt > Date.now()) return cached.token;
    let assertion: string;
    try {
      assertion = signedAssertion(account, options.tokenUrl, Math.floor(Date.now() / 1000));
    } catch {
      throw new DialogflowError("the service account's private key cannot sign", "token");
    }
    const json = await post(
      options.tokenUrl,
      {
        headers: { "content-type": "application/x-www-form-urlencoded", accept: "application/json" },
        body: new URLSearchParams({ grant_type: "urn:ietf:params:oauth:grant-type:jwt-bearer", assertion }).toString(),
      },
      "token",
    );
    const answer = TokenAnswer.safeParse(json);
    if (!answer.success) throw new DialogflowError("the token endpoint answered an unexpected body", "token");
    const lifetimeMs = (answer.data.expires_in ?? 3600) * 1000;
    if (tokens.size >= TOKEN_CACHE_MAX) tokens.delete(tokens.keys().next().value as string);
    tokens.set(key, { token: answer.data.access_token, expiresAt: Date.now() + lifetimeMs - TOKEN_MARGIN_MS });
    return answer.data.access_token;
  }

  return {
    /** One turn of a conversation: the customer's text in, the agent's messages out. */
    async detectIntent(input: DetectIntentInput): Promise<DetectIntentResult> {
      const token = await accessToken(input.account);
      const path = `/v2/projects/${encodeURIComponent(input.projectId)}/agent/sessions/${encodeURIComponent(input.sessionId)}:detectIntent`;
      const json = await post(
        `${base}${path}`,
        {
          headers: { authorization: `Bearer ${token}`, "content-type": "application/json", accept: "application/json" },
          body: JSON.stringify({ queryInput: { text: { text: input.text, languageCode: input.languageCode } } }),
        },
        "detectIntent",
      );
      const answer = DetectIntentAnswer.safeParse(json);
      if (!answer.success) throw new DialogflowError("detectIntent answered an unexpected body", "detectIntent");
      const result = answer.data.queryResult;
      const messages = (result.fulfillmentMessages ?? []).flatMap((message) => message.text?.text ?? []);
      if (messages.length === 0 && result.fulfillmentText) messages.push(result.fulfillmentText);
      return {
        messages: messages.filter((message) => message.trim() !== ""),
        intent: result.intent?.displayName || undefined,
        endInteraction: result.intent?.endInteraction ?? false,
      };
    },
  };
}

export type DialogflowClient = ReturnType<typeof createDialogflowClient>;
