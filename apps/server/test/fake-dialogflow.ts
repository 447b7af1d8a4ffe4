import { createVerify, generateKeyPairSync, randomBytes, randomUUID } from "node:crypto";
import { type FakeAnswer, startFakeServer } from "./fake-server.js";

/**
 * A small HTTP server speaking the two Google calls a Dialogflow ES service account makes, for
 * the runtime's tests, the integration dialog's test (testSession) and the browser tests:
 * - POST /token: Google's OAuth 2.0 token endpoint, JWT bearer grant. The assertion's RS256
 *   signature is checked against the account's public key, and its issuer, audience, scope and
 *   lifetime as Google checks them; it answers an access token, or `invalid_grant`.
 * - POST /v2/projects/{project}/agent/sessions/{session}:detectIntent with that token: the
 *   agent's answer in the JSON Dialogflow answers; 403 PERMISSION_DENIED for a project the
 *   account has no agent in. Its intents: a welcome for greetings, the opening hours in two
 *   messages ("horário"), a goodbye that ends the conversation ("tchau": intent.endInteraction,
 *   the "end of conversation" switch), and the fallback for anything else.
 */
export interface FakeDialogflow {
  url: string;
  tokenUrl: string;
  /** A service account the fake trusts, as the JSON file Google hands out. */
  account: ServiceAccountFile;
  /** The account as pasted in the dialog. */
  accountJson: string;
  /** An account Google does not know: same shape, a key of its own. */
  strangerJson: string;
  projectId: string;
  /** Calls received: what was asked, never a token or a key. */
  calls: { path: string; text?: string; languageCode?: string; session?: string }[];
  /** The statuses the next detectIntent calls fail with, in order (Google's error JSON); then the agent answers again. */
  fail(...statuses: number[]): void;
  close(): Promise<void>;
}

export interface ServiceAccountFile {
  type: "service_account";
  project_id: string;
  private_key_id: string;
  private_key: string;
  client_email: string;
  client_id: string;
  auth_uri: string;
  token_uri: string;
}

export const DIALOGFLOW_SCOPE = "https://www.googleapis.com/auth/dialogflow";
export const WELCOME_REPLY = "Olá! Sou o assistente virtual. Como posso ajudar?";
export const FALLBACK_REPLY = "Desculpe, não entendi.";
export const HOURS_REPLIES = ["Abrimos às 8h.", "Fechamos às 18h."];
export const GOODBYE_REPLY = "Até logo! Um atendente continua daqui.";

function serviceAccount(projectId: string): { file: ServiceAccountFile; publicKey: string } {
  const { privateKey, publicKey } = generateKeyPairSync("rsa", {
    modulusLength: 2048,
    privateKeyEncoding: { type: "pkcs8", format: "pem" },
    publicKeyEncoding: { type: "spki", format: "pem" },
  });
  return {
    publicKey,
    file: {
      type: "service_account",
      project_id: projectId,
      private_key_id: randomBytes(20).toString("hex"),
      private_key: privateKey,
      client_email: `atendo-bot@${projectId}.iam.gserviceaccount.com`,
      client_id: String(Date.now()),
      auth_uri: "https://accounts.google.com/o/oauth2/auth",
      token_uri: "https://oauth2.googleapis.com/token",
    },
  };
}

const GREETINGS = /^(olá|ola|oi|hello|hi|hola)(?=$|[\s!,.?])/i;

function intentOf(said: string): { action: string; displayName: string; texts: string[]; endInteraction?: true } {
  if (GREETINGS.test(said))
    return { action: "input.welcome", displayName: "Default Welcome Intent", texts: [WELCOME_REPLY] };
  if (/horário/i.test(said)) return { action: "hours", displayName: "Horário", texts: HOURS_REPLIES };
  if (/^tchau\b/i.test(said.trim()))
    return { action: "goodbye", displayName: "Encerrar", texts: [GOODBYE_REPLY], endInteraction: true };
  return { action: "input.unknown", displayName: "Default Fallback Intent", texts: [FALLBACK_REPLY] };
}

/** `port` 0 takes any free port; the browser tests give the one the server is configured with. */
export async function startFakeDialogflow(projectId = "atendo-agent-test", port = 0): Promise<FakeDialogflow> {
  const trusted = serviceAccount(projectId);
  const stranger = serviceAccount(projectId);
  const calls: FakeDialogflow["calls"] = [];
  const failures: number[] = [];
  /** Tokens handed out, by value: the project the account may reach. */
  const tokens = new Map<string, string>();
  let tokenUrl = "";

  function grant(assertion: string): { status: number; body: object } {
    const refuse = (description: string) => ({
      status: 400,
      body: { error: "invalid_grant", error_description: description },
    });
    const [header, claims, signature] = assertion.split(".");
    if (!header || !claims || !signature) return refuse("Invalid JWT.");
    const verified = createVerify("RSA-SHA256")
      .update(`${header}.${claims}`)
      .verify(trusted.publicKey, Buffer.from(signature, "base64url"));
    if (!verified) return refuse("Invalid JWT Signature.");
    const body = JSON.parse(Buffer.from(claims, "base64url").toString("utf8")) as Record<string, unknown>;
    const now = Math.floor(Date.now() / 1000);
    if (body.iss !== trusted.file.client_email) return refuse("Invalid issuer.");
    if (body.aud !== tokenUrl) return refuse("Invalid JWT: Failed audience check.");
    if (body.scope !== DIALOGFLOW_SCOPE) return refuse("Invalid OAuth scope or ID token audience provided.");
    if (typeof body.iat !== "number" || typeof body.exp !== "number" || body.exp <= now || body.exp - body.iat > 3600) {
      return refuse("Invalid JWT: Token must be a short-lived token (60 minutes) and in a reasonable timeframe.");
    }
    const token = `ya29.${randomBytes(24).toString("base64url")}`;
    tokens.set(token, projectId);
    return { status: 200, body: { access_token: token, expires_in: 3599, token_type: "Bearer" } };
  }

  function detectIntent(
    path: string,
    authorization: string | undefined,
    text: string,
  ): { status: number; body: object } {
    const match = /^\/v2\/projects\/([^/]+)\/agent\/sessions\/([^/:]+):detectIntent$/.exec(path);
    if (!match) return { status: 404, body: { error: { code: 404, message: "Not found", status: "NOT_FOUND" } } };
    const [, project, session] = match as unknown as [string, string, string];
    const token = authorization?.replace(/^Bearer /, "") ?? "";
    if (!tokens.has(token)) {
      return {
        status: 401,
        body: {
          error: {
            code: 401,
            message: "Request had invalid authentication credentials. Expected OAuth 2 access token.",
            status: "UNAUTHENTICATED",
          },
        },
      };
    }
    if (tokens.get(token) !== decodeURIComponent(project)) {
      return {
        status: 403,
        body: {
          error: {
            code: 403,
            message: `IAM permission 'dialogflow.sessions.detectIntent' on 'projects/${decodeURIComponent(project)}/agent' denied.`,
            status: "PERMISSION_DENIED",
          },
        },
      };
    }
    const query = JSON.parse(text) as { queryInput?: { text?: { text?: string; languageCode?: string } } };
    const said = query.queryInput?.text?.text ?? "";
    const languageCode = query.queryInput?.text?.languageCode ?? "";
    calls.push({ path, text: said, languageCode, session: decodeURIComponent(session) });
    const failure = failures.shift();
    if (failure !== undefined) {
      const status = failure === 429 ? "RESOURCE_EXHAUSTED" : failure === 503 ? "UNAVAILABLE" : "INTERNAL";
      return { status: failure, body: { error: { code: failure, message: "The service is busy.", status } } };
    }
    const intent = intentOf(said);
    return {
      status: 200,
      body: {
        responseId: `${randomUUID()}-${randomBytes(4).toString("hex")}`,
        queryResult: {
          queryText: said,
          action: intent.action,
          parameters: {},
          allRequiredParamsPresent: true,
          fulfillmentText: intent.texts[0],
          fulfillmentMessages: intent.texts.map((reply) => ({ text: { text: [reply] } })),
          intent: {
            name: `projects/${project}/agent/intents/${randomUUID()}`,
            displayName: intent.displayName,
            ...(intent.action === "input.unknown" ? { isFallback: true } : {}),
            ...(intent.endInteraction ? { endInteraction: true } : {}),
          },
          intentDetectionConfidence: 1,
          languageCode: languageCode.toLowerCase(),
        },
      },
    };
  }

  const server = await startFakeServer(({ method, path, headers, text }): FakeAnswer => {
    let answer: { status: number; body: object };
    if (method === "POST" && path === "/token") {
      calls.push({ path });
      const form = new URLSearchParams(text);
      answer =
        form.get("grant_type") === "urn:ietf:params:oauth:grant-type:jwt-bearer"
          ? grant(form.get("assertion") ?? "")
          : { status: 400, body: { error: "unsupported_grant_type", error_description: "Invalid grant_type." } };
    } else if (method === "POST") {
      answer = detectIntent(path, headers.authorization, text);
    } else {
      answer = { status: 404, body: { error: { code: 404, message: "Not found", status: "NOT_FOUND" } } };
    }
    return { status: answer.status, json: answer.body, headers: { "content-type": "application/json; charset=UTF-8" } };
  }, port);
  const url = server.url;
  tokenUrl = `${url}/token`;
  return {
    url,
    tokenUrl,
    account: trusted.file,
    accountJson: JSON.stringify(trusted.file, null, 2),
    strangerJson: JSON.stringify(stranger.file, null, 2),
    projectId,
    calls,
    fail: (...statuses) => void failures.push(...statuses),
    close: server.close,
  };
}
