import { BACKEND_URL } from "../../api/client";

/** The external messaging API's one call (document 2 section 7), and the server's OpenAPI document. */
export const EXTERNAL_SEND_PATH = "/api/messages/send";
export const OPENAPI_UI_PATH = "/docs";
export const OPENAPI_JSON_PATH = "/docs/json";

/** Where outside systems reach this server: the configured backend, else the page's own origin. */
export function apiOrigin(): string {
  return BACKEND_URL || window.location.origin;
}

export type ExternalSend =
  | { kind: "json"; number: string; body: string }
  | { kind: "multipart"; number: string; body: string; medias: File[] };

/** What the server answered, whatever it was: the page shows it as is. */
export interface ExternalSendResult {
  status: number;
  body: unknown;
}

function requestBody(send: ExternalSend): { body: BodyInit; contentType?: string } {
  if (send.kind === "json") {
    return { body: JSON.stringify({ number: send.number, body: send.body }), contentType: "application/json" };
  }
  const form = new FormData();
  form.append("number", send.number);
  form.append("body", send.body);
  for (const file of send.medias) form.append("medias", file, file.name);
  // The browser writes the multipart boundary into the Content-Type itself.
  return { body: form };
}

/**
 * Sends as an outside system does: the connection's token is the only
 * credential. It bypasses the session client on purpose, so the user's session
 * (bearer and refresh cookie) never travels with it, and a 401 for a wrong
 * connection token is an answer to show, not a lost session.
 */
export async function sendExternalMessage(token: string, send: ExternalSend): Promise<ExternalSendResult> {
  const { body, contentType } = requestBody(send);
  const headers: Record<string, string> = { Accept: "application/json", Authorization: `Bearer ${token.trim()}` };
  if (contentType) headers["Content-Type"] = contentType;
  const response = await fetch(`${BACKEND_URL}${EXTERNAL_SEND_PATH}`, {
    method: "POST",
    headers,
    body,
    credentials: "omit",
  });
  const text = await response.text();
  let parsed: unknown = text;
  try {
    parsed = text ? JSON.parse(text) : null;
  } catch {
    // Not JSON (a proxy's error page, say): shown as the text it is.
  }
  return { status: response.status, body: parsed };
}

/** The `error` code of an answer, when it is the API's `{ error: "ERR_..." }`. */
export function answerErrorCode(result: ExternalSendResult): string | undefined {
  const body = result.body;
  if (body && typeof body === "object" && "error" in body && typeof body.error === "string") return body.error;
  return undefined;
}

/** Shell-quoted for a POSIX shell: a token or text with quotes still pastes as one word. */
function shellQuote(value: string): string {
  return `'${value.replaceAll("'", `'\\''`)}'`;
}

/** The two curl commands the page shows, for this server and the chosen token (or a placeholder). */
export function curlExamples(origin: string, token: string, example: { number: string; body: string; file: string }) {
  const url = `${origin}${EXTERNAL_SEND_PATH}`;
  const auth = shellQuote(`Authorization: Bearer ${token.trim() || "<TOKEN>"}`);
  return {
    json: [
      `curl -X POST ${shellQuote(url)} \\`,
      `  -H ${auth} \\`,
      `  -H 'Content-Type: application/json' \\`,
      `  -d ${shellQuote(JSON.stringify({ number: example.number, body: example.body }))}`,
    ].join("\n"),
    multipart: [
      `curl -X POST ${shellQuote(url)} \\`,
      `  -H ${auth} \\`,
      `  -F ${shellQuote(`number=${example.number}`)} \\`,
      `  -F ${shellQuote(`body=${example.body}`)} \\`,
      `  -F ${shellQuote(`medias=@${example.file}`)}`,
    ].join("\n"),
  };
}
