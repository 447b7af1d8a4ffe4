import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type FakeTypebot, startFakeTypebot, TYPEBOT_GREETING, TYPEBOT_QUESTION } from "../../test/fake-typebot.js";
import {
  continueTypebotSession,
  markdownToWhatsapp,
  richTextToWhatsapp,
  startTypebotSession,
  TypebotError,
} from "./typebot.js";

/**
 * The one Typebot client (the runtime's and the dialog test's) against local servers speaking
 * Typebot's chat API: the scripted bot of test/fake-typebot.ts, and a one-answer server for the
 * bubble kinds it does not show.
 */
let typebot: FakeTypebot;
beforeAll(async () => {
  typebot = await startFakeTypebot();
});
afterAll(async () => {
  await typebot.close();
});

const bot = () => ({ url: `${typebot.url}/`, slug: typebot.slug, privateTargets: "allow" as const });

async function failureOf(call: Promise<unknown>): Promise<TypebotError> {
  const error = await call.then(
    () => undefined,
    (thrown: unknown) => thrown,
  );
  expect(error).toBeInstanceOf(TypebotError);
  return error as TypebotError;
}

describe("a session", () => {
  it("starts with the bot's bubbles as WhatsApp shows them and its choice, goes on, and ends", async () => {
    const started = await startTypebotSession(bot(), { pushName: "Ana", number: "5511999990000" });
    expect(started.sessionId).toMatch(/^sess_/);
    expect(started.messages).toEqual([
      { kind: "text", body: "Olá *Ana*!" },
      { kind: "media", url: `${typebot.url}/media/logo.png` },
      { kind: "text", body: TYPEBOT_QUESTION },
    ]);
    expect(started.input).toMatchObject({
      type: "choice input",
      items: [{ content: "Vendas" }, { content: "Suporte" }],
    });
    expect(typebot.calls.at(-1)).toMatchObject({
      path: `/api/v1/typebots/${typebot.slug}/startChat`,
      body: { isStreamEnabled: false, textBubbleContentFormat: "richText", prefilledVariables: { pushName: "Ana" } },
    });

    const asked = await continueTypebotSession(bot(), started.sessionId, "Vendas");
    expect(asked).toEqual({ messages: [{ kind: "text", body: "Qual é o seu nome?" }], input: { type: "other" } });
    const ended = await continueTypebotSession(bot(), started.sessionId, "Maria");
    expect(ended).toEqual({ messages: [{ kind: "text", body: "Obrigado, Maria!" }], input: undefined });
    // Typebot forgets a finished session.
    const gone = await failureOf(continueTypebotSession(bot(), started.sessionId, "oi"));
    expect(gone.status).toBe(404);
  });

  it("greets without a name when none is prefilled (the dialog's test)", async () => {
    const started = await startTypebotSession(bot(), {});
    expect(started.messages[0]).toEqual({ kind: "text", body: TYPEBOT_GREETING });
  });
});

describe("failures", () => {
  it("carry Typebot's status and word, or why there is none", async () => {
    const unknown = await failureOf(startTypebotSession({ ...bot(), slug: "no-such-bot" }, {}));
    expect(unknown).toMatchObject({ status: 404, message: "Typebot not found" });

    typebot.fail(503);
    expect(await failureOf(startTypebotSession(bot(), {}))).toMatchObject({ status: 503 });

    const unreachable = await failureOf(
      startTypebotSession({ url: "http://127.0.0.1:1", slug: "x", privateTargets: "allow" }, {}),
    );
    expect(unreachable).toMatchObject({ status: undefined, unanswered: "unreachable" });

    const calls = typebot.calls.length;
    const refused = await failureOf(startTypebotSession({ ...bot(), privateTargets: "deny" }, {}));
    expect(refused).toMatchObject({ status: undefined, unanswered: "refused" });
    expect(typebot.calls.length).toBe(calls);
  });
});

describe("bubbles on WhatsApp", () => {
  it("writes rich text in WhatsApp's markup, a paragraph a line, inline variables in place and links spelled out", () => {
    const richText = [
      {
        type: "p",
        children: [
          { text: "Olá " },
          { type: "inline-variable", children: [{ type: "p", children: [{ text: "João" }] }] },
          { text: ", tudo " },
          { text: "bem", bold: true },
          { text: "? " },
          { text: "Veja", italic: true },
          { text: " " },
          { type: "a", url: "https://exemplo.com/x", children: [{ text: "aqui" }] },
        ],
      },
      { type: "p", children: [{ text: "preço antigo ", strikethrough: true }, { text: "R$ 10" }] },
    ];
    expect(richTextToWhatsapp(richText)).toBe(
      "Olá João, tudo *bem*? _Veja_ aqui (https://exemplo.com/x)\n~preço antigo~ R$ 10",
    );
    expect(richTextToWhatsapp(undefined)).toBe("");
    expect(markdownToWhatsapp("**Oi** ~~não~~ [site](https://a.b) \\*x")).toBe("*Oi* ~não~ site (https://a.b) *x");
  });

  it("sends media by URL, a video file as media and a player or an embed as its link, and drops empty ones", async () => {
    const server: Server = createServer((_request, response) => {
      response.writeHead(200, { "content-type": "application/json" });
      response.end(
        JSON.stringify({
          sessionId: "sess_kinds",
          messages: [
            { id: "1", type: "text", content: { type: "markdown", markdown: "**Escolha:**" } },
            { id: "2", type: "image", content: { url: "https://cdn.example/a.png" } },
            { id: "3", type: "audio", content: { url: "https://cdn.example/a.mp3" } },
            { id: "4", type: "video", content: { url: "https://cdn.example/a.mp4", type: "url" } },
            { id: "5", type: "video", content: { url: "https://youtu.be/xyz", type: "youtube" } },
            { id: "6", type: "embed", content: { url: "https://example.com/form" } },
            { id: "7", type: "text", content: { type: "markdown", markdown: "  " } },
            { id: "8", type: "custom-embed", content: { html: "<b>x</b>" } },
          ],
        }),
      );
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    try {
      const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
      const started = await startTypebotSession({ url, slug: "kinds", privateTargets: "allow" }, {});
      expect(started).toEqual({
        sessionId: "sess_kinds",
        messages: [
          { kind: "text", body: "*Escolha:*" },
          { kind: "media", url: "https://cdn.example/a.png" },
          { kind: "media", url: "https://cdn.example/a.mp3" },
          { kind: "media", url: "https://cdn.example/a.mp4" },
          { kind: "text", body: "https://youtu.be/xyz" },
          { kind: "text", body: "https://example.com/form" },
        ],
        input: undefined,
      });
    } finally {
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });
});
