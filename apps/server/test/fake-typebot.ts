import { randomBytes } from "node:crypto";
import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";

/**
 * A small Typebot server: POST /api/v1/typebots/{publicId}/startChat starts a published bot's
 * chat and answers its first bubbles, in the JSON Typebot's chat API answers (text bubbles as
 * markdown when asked, rich text otherwise); an unknown bot answers 404 as Typebot does.
 */
export interface FakeTypebot {
  url: string;
  publicId: string;
  calls: { path: string; body: Record<string, unknown> }[];
  close(): Promise<void>;
}

export const TYPEBOT_GREETING = "Olá! Eu sou o **bot** de testes.";
export const TYPEBOT_QUESTION = "Qual é o seu nome?";

async function readJson(request: IncomingMessage): Promise<Record<string, unknown>> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  const text = Buffer.concat(chunks).toString("utf8");
  return text ? (JSON.parse(text) as Record<string, unknown>) : {};
}

function bubble(text: string, markdown: boolean) {
  return {
    id: randomBytes(12).toString("hex"),
    type: "text",
    content: markdown
      ? { type: "markdown", markdown: text }
      : { type: "richText", richText: [{ type: "p", children: [{ text }] }] },
  };
}

export async function startFakeTypebot(publicId = "atendo-test-bot"): Promise<FakeTypebot> {
  const calls: FakeTypebot["calls"] = [];
  const server: Server = createServer(async (request, response) => {
    const body = await readJson(request);
    const path = new URL(request.url ?? "/", "http://fake").pathname;
    calls.push({ path, body });
    const match = /^\/api\/v1\/typebots\/([^/]+)\/startChat$/.exec(path);
    const send = (status: number, value: object) => {
      response.writeHead(status, { "content-type": "application/json" });
      response.end(JSON.stringify(value));
    };
    if (request.method !== "POST" || !match) return send(404, { message: "Not found", code: "NOT_FOUND" });
    if (decodeURIComponent(match[1]!) !== publicId)
      return send(404, { message: "Typebot not found", code: "NOT_FOUND" });
    const markdown = body.textBubbleContentFormat === "markdown";
    send(200, {
      sessionId: randomBytes(12).toString("hex"),
      typebot: { id: randomBytes(12).toString("hex"), version: "6", theme: {}, settings: {} },
      messages: [bubble(TYPEBOT_GREETING, markdown), bubble(TYPEBOT_QUESTION, markdown)],
      input: {
        id: randomBytes(12).toString("hex"),
        type: "text input",
        options: { labels: { placeholder: "Digite seu nome...", button: "Enviar" }, isLong: false },
      },
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    publicId,
    calls,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
