import { randomBytes, randomUUID } from "node:crypto";
import { type FakeAnswer, jsonAnswer, startFakeServer } from "./fake-server.js";

/*
 * A small Typebot server speaking its chat API's real JSON (startChat, continueChat, sessions
 * that end and then answer 404, Typebot's error bodies), running one scripted bot: what the
 * runtime's tests, the integration dialog's test (testSession) and the browser tests talk to.
 */

/** A 1x1 PNG, as a Typebot image bubble's URL would serve. */
export const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=",
  "base64",
);

/** The bot's first bubble when no pushName is prefilled (the dialog's test), and the question after the image. */
export const TYPEBOT_GREETING = "Olá!";
export const TYPEBOT_QUESTION = "Escolha um setor:";

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
 * The published bot `slug`: it greets the contact by the prefilled pushName (in bold; "Olá!"
 * without one), shows an image and asks for a sector (a choice input: Vendas, Suporte); "Vendas"
 * asks the name (a text input), and the name ends the chat with a thanks (no input: the session
 * is over, and Typebot then forgets it). A reply matching no button gets no bubble at all and
 * the same choice again. An unknown bot answers 404 as Typebot does. `port` 0 takes any free
 * port; the browser tests give the one they need.
 */
export async function startFakeTypebot(slug = "atendo-bot", port = 0): Promise<FakeTypebot> {
  const calls: FakeTypebot["calls"] = [];
  const sessions: FakeTypebot["sessions"] = new Map();
  const failures: number[] = [];
  let url = "";
  const server = await startFakeServer(({ method, path, json }): FakeAnswer => {
    if (method === "GET" && path === "/media/logo.png")
      return { status: 200, body: PNG, headers: { "content-type": "image/png", "content-length": PNG.length } };
    const body = json() ?? {};
    calls.push({ path, body });
    const failure = failures.shift();
    if (failure !== undefined)
      return jsonAnswer(failure, {
        message: failure === 429 ? "Too many requests" : "Internal server error",
        code: failure === 429 ? "TOO_MANY_REQUESTS" : "INTERNAL_SERVER_ERROR",
      });
    const start = /^\/api\/v1\/typebots\/([^/]+)\/startChat$/.exec(path);
    if (method === "POST" && start) {
      if (decodeURIComponent(start[1]!) !== slug)
        return jsonAnswer(404, { message: "Typebot not found", code: "NOT_FOUND" });
      const variables = (body.prefilledVariables ?? {}) as Record<string, unknown>;
      const sessionId = `sess_${randomBytes(10).toString("hex")}`;
      sessions.set(sessionId, "choice");
      return jsonAnswer(200, {
        sessionId,
        resultId: randomUUID(),
        typebot: { id: "bot1", version: "6", theme: {}, settings: {} },
        messages: [
          variables.pushName
            ? textBubble([{ text: "Olá " }, { text: String(variables.pushName), bold: true }, { text: "!" }])
            : textBubble([{ text: TYPEBOT_GREETING }]),
          { id: "img", type: "image", content: { url: `${url}/media/logo.png` } },
          textBubble([{ text: TYPEBOT_QUESTION }]),
        ],
        input: choiceInput,
      });
    }
    const next = /^\/api\/v1\/sessions\/([^/]+)\/continueChat$/.exec(path);
    if (method === "POST" && next) {
      const sessionId = decodeURIComponent(next[1]!);
      const at = sessions.get(sessionId);
      if (!at) return jsonAnswer(404, { message: "Session not found.", code: "NOT_FOUND" });
      const message = body.message;
      const text = typeof message === "string" ? message : String((message as { text?: unknown })?.text ?? "");
      if (at === "choice") {
        if (text === "Vendas") {
          sessions.set(sessionId, "name");
          return jsonAnswer(200, {
            messages: [textBubble([{ text: "Qual é o seu nome?" }])],
            input: { id: "name-block", type: "text input", options: { labels: { placeholder: "Nome" } } },
          });
        }
        if (text === "Suporte") {
          sessions.delete(sessionId);
          return jsonAnswer(200, { messages: [textBubble([{ text: "Suporte: ligue 0800." }])] });
        }
        return jsonAnswer(200, { messages: [], input: choiceInput });
      }
      sessions.delete(sessionId);
      return jsonAnswer(200, { messages: [textBubble([{ text: `Obrigado, ${text}!` }])] });
    }
    return jsonAnswer(404, { message: "Not found", code: "NOT_FOUND" });
  }, port);
  url = server.url;
  return { url, slug, calls, sessions, fail: (...statuses) => void failures.push(...statuses), close: server.close };
}
