import { z } from "zod";
import { OutboundRefused, outboundFetch, type PrivateTargets } from "./outbound-url.js";

/**
 * A conversation through Typebot's chat API (https://docs.typebot.io/deploy/api/overview): a
 * published bot's session starts with POST {url}/api/v1/typebots/{publicId}/startChat and goes
 * on with POST {url}/api/v1/sessions/{sessionId}/continueChat. Bubbles are asked for as rich
 * text, which keeps bold, italic and links apart for WhatsApp's own markup (typebot.ts's
 * startTypebotChat, which checks an integration, asks for markdown). Only the parts of the
 * answers the product reads are parsed; theme, settings and logs pass unread.
 */

const REQUEST_TIMEOUT_MS = 15_000;

/** A bubble the bot shows (chatBubbleSchema): text as Slate rich text or markdown, media by URL. */
const KnownBubble = z.discriminatedUnion("type", [
  z.object({
    type: z.literal("text"),
    content: z.union([
      z.object({ type: z.literal("markdown"), markdown: z.string() }),
      // { type: "richText", richText }, or { richText } alone from servers before the content format.
      z.object({ richText: z.unknown() }),
    ]),
  }),
  z.object({ type: z.literal("image"), content: z.object({ url: z.string().optional() }) }),
  z.object({ type: z.literal("audio"), content: z.object({ url: z.string().optional() }) }),
  z.object({
    type: z.literal("video"),
    // type: "url" for a file, or the host of an embedded player ("youtube", "vimeo"...).
    content: z.object({ url: z.string().optional(), type: z.string().optional() }),
  }),
  z.object({ type: z.literal("embed"), content: z.object({ url: z.string().optional() }) }),
]);
export type TypebotBubble = z.infer<typeof KnownBubble>;

/** A choice input lists its buttons; other inputs (text, number, email...) take a typed reply. */
const ChoiceInput = z.object({
  type: z.literal("choice input"),
  items: z.array(z.object({ content: z.string().optional() })),
});
export type TypebotInput = z.infer<typeof ChoiceInput> | { type: "other" };

const answerShape = {
  messages: z.array(z.unknown()).default([]),
  /** Absent once the bot has nothing more to ask: the session is over. */
  input: z.looseObject({ type: z.string() }).optional(),
};

/**
 * Bubbles this product cannot show (custom embeds, types added later) are left out rather than
 * refusing the whole answer, and any input that is not a choice is simply "other".
 */
function readAnswer(answer: { messages: unknown[]; input?: unknown }): TypebotAnswer {
  return {
    messages: answer.messages.flatMap((message) => {
      const known = KnownBubble.safeParse(message);
      return known.success ? [known.data] : [];
    }),
    input: answer.input === undefined ? undefined : readInput(answer.input),
  };
}

function readInput(input: unknown): TypebotInput {
  const choice = ChoiceInput.safeParse(input);
  return choice.success ? choice.data : { type: "other" };
}

export interface TypebotAnswer {
  messages: TypebotBubble[];
  input: TypebotInput | undefined;
}
export type TypebotStart = TypebotAnswer & { sessionId: string };

const ChatAnswer = z.object(answerShape).transform(readAnswer);
const StartAnswer = z
  .object({ sessionId: z.string().min(1), ...answerShape })
  .transform((answer): TypebotStart => ({ sessionId: answer.sessionId, ...readAnswer(answer) }));

export class TypebotChatError extends Error {
  constructor(
    message: string,
    /** The HTTP status Typebot answered, when it answered. */
    readonly status?: number,
    /** Why there is no status: the server did not answer (in time), or the URL was refused before any call. */
    readonly unanswered?: "unreachable" | "refused",
  ) {
    super(message);
  }
}

/**
 * The Typebot server (the integration's URL), the published bot's public id (its slug), and
 * whether the server may be on a private address (config REMOTE_PRIVATE_TARGETS).
 */
export interface TypebotBot {
  url: string;
  slug: string;
  privateTargets: PrivateTargets;
}

async function post<T>(
  url: string,
  privateTargets: PrivateTargets,
  body: unknown,
  schema: z.ZodType<T>,
  what: string,
): Promise<T> {
  let response: Response;
  try {
    response = await outboundFetch(
      url,
      {
        method: "POST",
        headers: { "content-type": "application/json", accept: "application/json", "user-agent": "Atendo" },
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
      },
      privateTargets,
    );
  } catch (error) {
    if (error instanceof OutboundRefused)
      throw new TypebotChatError(`Typebot ${what} refused: ${error.message}`, undefined, "refused");
    throw new TypebotChatError(`Typebot ${what} unreachable: ${(error as Error).message}`, undefined, "unreachable");
  }
  const text = await response.text();
  if (!response.ok) throw new TypebotChatError(`Typebot ${what} answered ${response.status}`, response.status);
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new TypebotChatError(`Typebot ${what} answered a body that is not JSON`, response.status);
  }
  const parsed = schema.safeParse(json);
  if (!parsed.success) throw new TypebotChatError(`Typebot ${what} answered an unexpected body`, response.status);
  return parsed.data;
}

const base = (url: string) => url.trim().replace(/\/+$/, "");

/**
 * Starts a session of the published bot. The customer's first message only wakes the bot (it
 * is not an answer to anything yet); prefilled variables fill the bot's variables of the same
 * names, and Typebot ignores those the bot does not declare.
 */
export function startTypebotSession(
  bot: TypebotBot,
  prefilledVariables: Record<string, string | number>,
): Promise<TypebotStart> {
  return post(
    `${base(bot.url)}/api/v1/typebots/${encodeURIComponent(bot.slug.trim())}/startChat`,
    bot.privateTargets,
    { isStreamEnabled: false, prefilledVariables, textBubbleContentFormat: "richText" },
    StartAnswer,
    "startChat",
  );
}

/**
 * The customer's reply in a session. The message goes as a bare string, which every version
 * of the API accepts (newer ones read it as { type: "text", text }). A session Typebot no
 * longer has (finished, or removed) answers 404.
 */
export function continueTypebotSession(
  bot: Omit<TypebotBot, "slug">,
  sessionId: string,
  message: string,
): Promise<TypebotAnswer> {
  return post(
    `${base(bot.url)}/api/v1/sessions/${encodeURIComponent(sessionId)}/continueChat`,
    bot.privateTargets,
    { message, textBubbleContentFormat: "richText" },
    ChatAnswer,
    "continueChat",
  );
}
