import { z } from "zod";
import type { TypebotAnswer, TypebotPart } from "../../integrations/typebot.js";
import { numberedMenu } from "../chatbot/chatbot.logic.js";

/*
 * The Typebot conversation's decisions, free of I/O: the messages an answer becomes (its
 * bubbles and the choice's buttons), how a reply is read (keywords, a choice by its number), and
 * when a session has expired.
 * typebot.ts applies them.
 */

/**
 * A ticket's Typebot session, kept in tickets.automation_state under TYPEBOT_STATE_KEY: it
 * survives restarts, and a person taking the ticket drops it with the automation.
 */
export const TypebotState = z.object({
  /** Who runs the session: "integration:{id}" (a queue integration) or "flow:{runId}:{nodeId}" (a flow's node). */
  owner: z.string(),
  sessionId: z.string(),
  /** When the session lapses without a customer's message (ISO); absent: never (typebotExpires 0). */
  expiresAt: z.string().optional(),
  /** The buttons of the choice the bot waits on, so "2" can answer the second. */
  choices: z.array(z.string()).optional(),
  /** The newest customer message passed on: a step repeated after a crash does not pass it twice. */
  lastMessageId: z.number().int().optional(),
});
export type TypebotState = z.infer<typeof TypebotState>;

export const TYPEBOT_STATE_KEY = "typebot";

/** The session stored on the ticket, when it is this owner's. */
export function typebotStateOf(automationState: unknown, owner: string): TypebotState | undefined {
  if (!automationState || typeof automationState !== "object") return undefined;
  const parsed = TypebotState.safeParse((automationState as Record<string, unknown>)[TYPEBOT_STATE_KEY]);
  return parsed.success && parsed.data.owner === owner ? parsed.data : undefined;
}

/** typebotExpires minutes after `now`; 0 or less keeps the session until the bot ends it. */
export function sessionExpiry(expiresMinutes: number, now: Date): string | undefined {
  return expiresMinutes > 0 ? new Date(now.getTime() + expiresMinutes * 60_000).toISOString() : undefined;
}

export function sessionExpired(state: TypebotState, now: Date): boolean {
  return state.expiresAt !== undefined && Date.parse(state.expiresAt) <= now.getTime();
}

/** A keyword is the whole message, trimmed and in any case; an empty keyword never matches. */
export function isKeyword(body: string, keyword: string): boolean {
  const word = keyword.trim();
  return word !== "" && body.trim().toLocaleLowerCase() === word.toLocaleLowerCase();
}

/**
 * The reply Typebot gets: with a choice waiting, its number ("2") or its text in any case
 * becomes the button's exact text, which is what Typebot matches; anything else goes as typed.
 */
export function typebotReply(body: string, choices: readonly string[] | undefined): string {
  const text = body.trim();
  if (!choices?.length) return text;
  const position = /^\d{1,3}$/.test(text) ? Number(text) : 0;
  if (position >= 1 && position <= choices.length) return choices[position - 1]!;
  return choices.find((choice) => choice.trim().toLocaleLowerCase() === text.toLocaleLowerCase()) ?? text;
}

/** The buttons of the answer's choice input, in order (empty ones dropped). */
export function choicesOf(answer: Pick<TypebotAnswer, "input">): string[] | undefined {
  const input = answer.input;
  if (input?.type !== "choice input") return undefined;
  const choices = input.items.flatMap((item) => (item.content?.trim() ? [item.content] : []));
  return choices.length > 0 ? choices : undefined;
}

/**
 * The answer as messages: its bubbles in order (as the client renders them, integrations/typebot.ts),
 * then the choice's buttons as a numbered list.
 */
export function typebotParts(answer: TypebotAnswer): TypebotPart[] {
  const parts = [...answer.messages];
  const choices = choicesOf(answer);
  if (choices)
    parts.push({ kind: "text", body: numberedMenu(choices.map((title, i) => ({ position: i + 1, title }))) });
  return parts;
}
