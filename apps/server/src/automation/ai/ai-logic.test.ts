import { APIConnectionTimeoutError, APIError } from "openai";
import { describe, expect, it } from "vitest";
import {
  AI_STOPPED_KEY,
  asksForPerson,
  failureNote,
  failureOf,
  HANDOVER_TOKEN,
  promptIdOf,
  RemoteHttpError,
  readAnswer,
  retryDelayMs,
} from "./ai-logic.js";

const ticket = {
  status: "pending" as const,
  userId: null,
  isGroup: false,
  whatsappId: 1,
  queueId: null,
  chatbot: false,
  automationState: null,
  promptId: null,
};

describe("which prompt answers a ticket", () => {
  const prompts = { queue: 7, connection: 3, planAllows: true };
  it("the connection's while it has no queue, the queue's once it is in one and out of its menu", () => {
    expect(promptIdOf(ticket, prompts)).toBe(3);
    expect(promptIdOf({ ...ticket, queueId: 5 }, prompts)).toBe(7);
    expect(promptIdOf({ ...ticket, queueId: 5 }, { queue: null, connection: 3, planAllows: true })).toBeNull();
    expect(promptIdOf({ ...ticket, queueId: 5, chatbot: true }, prompts)).toBeNull();
  });
  it("none once a person has it, in a group, or after the hand-over", () => {
    expect(promptIdOf({ ...ticket, status: "open", userId: 9 }, prompts)).toBeNull();
    expect(promptIdOf({ ...ticket, userId: 9 }, prompts)).toBeNull();
    expect(promptIdOf({ ...ticket, isGroup: true }, prompts)).toBeNull();
    expect(promptIdOf({ ...ticket, automationState: { [AI_STOPPED_KEY]: true } }, prompts)).toBeNull();
  });
  it("the ticket's own before its queue's or connection's, even in the queue's menu", () => {
    expect(promptIdOf({ ...ticket, promptId: 11 }, prompts)).toBe(11);
    expect(promptIdOf({ ...ticket, promptId: 11, queueId: 5 }, prompts)).toBe(11);
    expect(promptIdOf({ ...ticket, promptId: 11, queueId: 5, chatbot: true }, prompts)).toBe(11);
    expect(promptIdOf({ ...ticket, promptId: 11, userId: 9 }, prompts)).toBeNull();
  });
  it("none at all when the company's plan has no useOpenAi", () => {
    expect(promptIdOf(ticket, { ...prompts, planAllows: false })).toBeNull();
    expect(promptIdOf({ ...ticket, promptId: 11 }, { ...prompts, planAllows: false })).toBeNull();
  });
});

describe("the hand-over", () => {
  it("is the token anywhere in the answer, loosely written, and leaves the rest to send", () => {
    expect(readAnswer(`${HANDOVER_TOKEN}`)).toEqual({ handover: true, text: "" });
    expect(readAnswer(`Claro! ${HANDOVER_TOKEN}.`)).toEqual({ handover: true, text: "Claro!" });
    expect(readAnswer("AÇÃO:  transferir para o setor de ATENDIMENTO\nUm momento")).toEqual({
      handover: true,
      text: "Um momento",
    });
    expect(readAnswer("  Bom dia!  ")).toEqual({ handover: false, text: "Bom dia!" });
  });
  it("is also the customer's own words for a person", () => {
    for (const text of [
      "Quero falar com um atendente",
      "tem algum ATENDENTE ai?",
      "preciso falar com uma pessoa",
      "quero atendimento humano",
      "Posso falar com alguém?",
      "can I talk to a human",
      "quiero hablar con una persona",
    ]) {
      expect(asksForPerson(text), text).toBe(true);
    }
    for (const text of ["Qual o preço?", "A pessoa que comprou comigo", "humanidade"]) {
      expect(asksForPerson(text), text).toBe(false);
    }
  });
});

describe("remote failures", () => {
  const headers = new Headers();
  it("timeouts, 429 and 5xx are tried again; 401, an exhausted quota and 400 are not", () => {
    expect(failureOf("openai", new APIConnectionTimeoutError())).toMatchObject({ kind: "timeout", retryable: true });
    expect(
      failureOf("openai", APIError.generate(429, { error: { code: "rate_limit_exceeded" } }, undefined, headers)),
    ).toMatchObject({ kind: "rateLimit", status: 429, retryable: true });
    expect(
      failureOf("openai", APIError.generate(429, { error: { code: "insufficient_quota" } }, undefined, headers)),
    ).toMatchObject({ kind: "quota", retryable: false });
    expect(
      failureOf("openai", APIError.generate(401, { error: { code: "invalid_api_key" } }, undefined, headers)),
    ).toMatchObject({ kind: "auth", status: 401, code: "invalid_api_key", retryable: false });
    expect(failureOf("openai", APIError.generate(503, undefined, undefined, headers))).toMatchObject({
      kind: "server",
      retryable: true,
    });
    expect(failureOf("azure", new RemoteHttpError(400))).toMatchObject({ kind: "refused", retryable: false });
    expect(failureOf("azure", new RemoteHttpError(undefined, true))).toMatchObject({
      kind: "timeout",
      retryable: true,
    });
    expect(failureOf("openai", new Error("boom"))).toMatchObject({ kind: "unreadable", retryable: false });
  });
  it("are told to the attendants by service, status and tries; the wait doubles", () => {
    expect(failureNote({ service: "openai", kind: "rateLimit", status: 429, retryable: true }, 4)).toContain(
      "OpenAI recusou por excesso de pedidos (limite de uso) (HTTP 429) depois de 4 tentativas",
    );
    expect([2, 3, 4].map((attempt) => retryDelayMs(attempt, 5000))).toEqual([5000, 10000, 20000]);
  });
});
