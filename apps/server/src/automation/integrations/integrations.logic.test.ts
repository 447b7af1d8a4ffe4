import { describe, expect, it } from "vitest";
import type { TypebotAnswer } from "../../integrations/typebot.js";
import { messageText } from "./integration-step.js";
import { botFailureNote, botFailureOf, integrationToRun } from "./integrations.logic.js";
import {
  isKeyword,
  sessionExpired,
  sessionExpiry,
  typebotParts,
  typebotReply,
  typebotStateOf,
} from "./typebot.logic.js";

const botTicket = {
  status: "pending" as const,
  userId: null,
  isGroup: false,
  whatsappId: 1,
  queueId: null,
  chatbot: false,
  useIntegration: false,
  integrationId: null,
};

describe("which integration has the ticket", () => {
  it("is the connection's while the ticket has no queue, and the queue's once it is in one (out of its menu)", () => {
    expect(integrationToRun(botTicket, { queue: null, connection: 7 })).toEqual({ id: 7, handOver: true });
    expect(integrationToRun({ ...botTicket, queueId: 3 }, { queue: 9, connection: 7 })).toEqual({
      id: 9,
      handOver: true,
    });
    // A connection's integration does not follow the ticket into a queue without one.
    expect(integrationToRun({ ...botTicket, queueId: 3 }, { queue: null, connection: 7 })).toBeUndefined();
    // Still choosing in the queue's option menu: the chatbot has it.
    expect(integrationToRun({ ...botTicket, queueId: 3, chatbot: true }, { queue: 9, connection: 7 })).toBeUndefined();
  });

  it("keeps a standing hand-over, and does not hand the ticket again to one that gave it back", () => {
    const handed = { ...botTicket, useIntegration: true, integrationId: 7 };
    expect(integrationToRun(handed, { queue: null, connection: 7 })).toEqual({ id: 7, handOver: false });
    const givenBack = { ...botTicket, integrationId: 7 };
    expect(integrationToRun(givenBack, { queue: null, connection: 7 })).toBeUndefined();
    // Routed into a queue with another integration afterwards: that one takes over.
    expect(integrationToRun({ ...givenBack, queueId: 3 }, { queue: 9, connection: 7 })).toEqual({
      id: 9,
      handOver: true,
    });
  });

  it("never runs on a ticket a person has, a group, or one without a connection", () => {
    const named = { queue: null, connection: 7 };
    expect(integrationToRun({ ...botTicket, status: "open", userId: 2 }, named)).toBeUndefined();
    expect(integrationToRun({ ...botTicket, userId: 2 }, named)).toBeUndefined();
    expect(integrationToRun({ ...botTicket, isGroup: true }, named)).toBeUndefined();
    expect(integrationToRun({ ...botTicket, whatsappId: null }, named)).toBeUndefined();
    expect(
      integrationToRun({ ...botTicket, useIntegration: true, integrationId: 7, status: "closed" }, named),
    ).toBeUndefined();
  });
});

describe("Typebot answers on WhatsApp", () => {
  it("sends the answer's bubbles in order, with a choice's buttons numbered last", () => {
    const answer: TypebotAnswer = {
      messages: [
        { kind: "text", body: "Escolha:" },
        { kind: "media", url: "https://cdn.example/a.png" },
      ],
      input: { type: "choice input", items: [{ content: "Vendas" }, { content: "" }, { content: "Suporte" }] },
    };
    expect(typebotParts(answer)).toEqual([
      { kind: "text", body: "Escolha:" },
      { kind: "media", url: "https://cdn.example/a.png" },
      { kind: "text", body: "*1* - Vendas\n*2* - Suporte" },
    ]);
    expect(typebotParts({ messages: [], input: { type: "other" } })).toEqual([]);
  });

  it("reads a reply to a choice by its number or its text in any case; other replies go as typed", () => {
    const choices = ["Vendas", "Suporte"];
    expect(typebotReply(" 2 ", choices)).toBe("Suporte");
    expect(typebotReply("vendas", choices)).toBe("Vendas");
    expect(typebotReply("3", choices)).toBe("3");
    expect(typebotReply("outra coisa", choices)).toBe("outra coisa");
    expect(typebotReply(" 2 ", undefined)).toBe("2");
  });

  it("matches keywords as the whole message in any case, never an empty one", () => {
    expect(isKeyword("  SAIR ", "sair")).toBe(true);
    expect(isKeyword("quero sair", "sair")).toBe(false);
    expect(isKeyword("", "")).toBe(false);
    expect(isKeyword("sair", " ")).toBe(false);
  });

  it("expires a session typebotExpires minutes after the last message; 0 never", () => {
    const now = new Date("2026-11-24T10:00:00Z");
    expect(sessionExpiry(1, now)).toBe("2026-11-24T10:01:00.000Z");
    expect(sessionExpiry(0, now)).toBeUndefined();
    const state = { owner: "integration:1", sessionId: "s", expiresAt: "2026-11-24T10:01:00.000Z" };
    expect(sessionExpired(state, new Date("2026-11-24T10:00:59Z"))).toBe(false);
    expect(sessionExpired(state, new Date("2026-11-24T10:01:00Z"))).toBe(true);
    expect(sessionExpired({ owner: "integration:1", sessionId: "s" }, new Date("2099-01-01"))).toBe(false);
  });

  it("finds the session only for its owner", () => {
    const state = { typebot: { owner: "integration:1", sessionId: "s" }, other: 1 };
    expect(typebotStateOf(state, "integration:1")).toEqual({ owner: "integration:1", sessionId: "s" });
    expect(typebotStateOf(state, "flow:2:x")).toBeUndefined();
    expect(typebotStateOf(null, "integration:1")).toBeUndefined();
    expect(typebotStateOf({ typebot: { sessionId: 3 } }, "integration:1")).toBeUndefined();
  });
});

describe("the text a bot reads", () => {
  it("is a text's body or a file's caption, never a file's name, a location or a card", () => {
    expect(messageText({ body: "oi", mediaType: "chat" })).toBe("oi");
    expect(messageText({ body: "foto.jpg", mediaType: "image", mediaName: "foto.jpg" })).toBe("");
    expect(messageText({ body: "minha conta", mediaType: "image", mediaName: "foto.jpg" })).toBe("minha conta");
    expect(messageText({ body: "-23.5|-46.6|Rua", mediaType: "locationMessage", mediaName: null })).toBe("");
    expect(messageText({ body: "legenda", mediaType: "image" })).toBe("");
  });
});

describe("a Typebot or Dialogflow failure", () => {
  it("is tried again when the service did not answer, timed out (408), limited the rate (429) or failed (5xx)", () => {
    expect(botFailureOf("typebot", { unanswered: "unreachable" })).toEqual({
      service: "typebot",
      kind: "unanswered",
      retryable: true,
    });
    expect(botFailureOf("dialogflow", { unanswered: true }).retryable).toBe(true);
    for (const status of [408, 429, 500, 502, 503, 504])
      expect(botFailureOf("typebot", { status })).toEqual({
        service: "typebot",
        kind: "status",
        status,
        retryable: true,
      });
  });
  it("is not when the service refused (400, 401, 403, 404), the URL is refused, or nothing could be read", () => {
    for (const status of [400, 401, 403, 404, 422])
      expect(botFailureOf("dialogflow", { status }).retryable).toBe(false);
    expect(botFailureOf("typebot", { unanswered: "refused" })).toEqual({
      service: "typebot",
      kind: "refused",
      retryable: false,
    });
    expect(botFailureOf("dialogflow", { unanswered: false })).toEqual({
      service: "dialogflow",
      kind: "unreadable",
      retryable: false,
    });
  });
  it("is told to the attendants with the service, the status and the tries", () => {
    const note = botFailureNote({ service: "typebot", kind: "status", status: 503, retryable: true }, 4);
    expect(note).toContain("Typebot");
    expect(note).toContain("(HTTP 503) depois de 4 tentativas");
    expect(botFailureNote({ service: "dialogflow", kind: "refused", retryable: false }, 1)).not.toContain("tentativas");
  });
});
