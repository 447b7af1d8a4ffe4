import { z } from "zod";
import { OutboundRefused, outboundFetch, type PrivateTargets } from "./outbound-url.js";

/**
 * Typebot's chat API (https://docs.typebot.io/deploy/api/overview), the one client of both the
 * runtime (automation/integrations/typebot.ts) and the integration dialog's test (testSession):
 * a published bot's session starts with POST {url}/api/v1/typebots/{publicId}/startChat and goes
 * on with POST {url}/api/v1/sessions/{sessionId}/continueChat. Bubbles are asked for as rich
 * text, which keeps bold, italic and links apart, and come back as what WhatsApp shows: text in
 * its markup, media by URL, a player or an embed as its link. Only the parts of the answers the
 * product reads are parsed; theme, settings and logs pass unread.
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
type TypebotBubble = z.infer<typeof KnownBubble>;

/** What goes out for a bubble: a text in WhatsApp's markup, or a media file Typebot serves at a URL. */
export type TypebotPart = { kind: "text"; body: string } | { kind: "media"; url: string };

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
 * refusing the whole answer, as are empty ones; any input that is not a choice is simply "other".
 */
function readAnswer(answer: { messages: unknown[]; input?: unknown }): TypebotAnswer {
  return {
    messages: answer.messages.flatMap((message) => {
      const known = KnownBubble.safeParse(message);
      const part = known.success ? bubblePart(known.data) : undefined;
      return part ? [part] : [];
    }),
    input: answer.input === undefined ? undefined : readInput(answer.input),
  };
}

function readInput(input: unknown): TypebotInput {
  const choice = ChoiceInput.safeParse(input);
  return choice.success ? choice.data : { type: "other" };
}

export interface TypebotAnswer {
  /** The bot's bubbles as WhatsApp shows them, in order. */
  messages: TypebotPart[];
  input: TypebotInput | undefined;
}
export type TypebotStart = TypebotAnswer & { sessionId: string };

const ChatAnswer = z.object(answerShape).transform(readAnswer);
const StartAnswer = z
  .object({ sessionId: z.string().min(1), ...answerShape })
  .transform((answer): TypebotStart => ({ sessionId: answer.sessionId, ...readAnswer(answer) }));

const Refusal = z.object({ message: z.string() });

/** Typebot refused (its status), did not answer, answered what cannot be read, or its URL was refused. */
export class TypebotError extends Error {
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
    if (error instanceof OutboundRefused) throw new TypebotError(`refused: ${error.message}`, undefined, "refused");
    throw new TypebotError(`unreachable: ${(error as Error).message}`, undefined, "unreachable");
  }
  const text = await response.text();
  let json: unknown;
  try {
    json = text ? JSON.parse(text) : undefined;
  } catch {
    json = undefined;
  }
  if (!response.ok) {
    // Typebot's own word ("Typebot not found"), which the dialog's test shows the admin.
    const refusal = Refusal.safeParse(json);
    throw new TypebotError(refusal.success ? refusal.data.message : `HTTP ${response.status}`, response.status);
  }
  const parsed = schema.safeParse(json);
  if (!parsed.success) throw new TypebotError(`${what} answered an unexpected body`, response.status);
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

function bubblePart(bubble: TypebotBubble): TypebotPart | undefined {
  switch (bubble.type) {
    case "text": {
      const body =
        "markdown" in bubble.content
          ? markdownToWhatsapp(bubble.content.markdown)
          : richTextToWhatsapp(bubble.content.richText);
      return body.trim() ? { kind: "text", body } : undefined;
    }
    case "image":
    case "audio":
      return bubble.content.url ? { kind: "media", url: bubble.content.url } : undefined;
    case "video": {
      const { url, type } = bubble.content;
      if (!url) return undefined;
      // A file is sent as a video; a player (YouTube, Vimeo...) can only be linked.
      return type === undefined || type === "url" ? { kind: "media", url } : { kind: "text", body: url };
    }
    case "embed":
      return bubble.content.url ? { kind: "text", body: bubble.content.url } : undefined;
  }
}

/** A Slate node of Typebot's rich text: an element with children, or a text leaf with marks. */
interface SlateNode {
  type?: string;
  text?: string;
  url?: string;
  bold?: boolean;
  italic?: boolean;
  strikethrough?: boolean;
  children?: SlateNode[];
}

const BLOCKS = new Set(["p", "h1", "h2", "h3", "li", "lic", "blockquote", "variable"]);

/**
 * Typebot's rich text (Slate elements: paragraphs of leaves with marks, links, inline
 * variables) in WhatsApp's markup: *bold*, _italic_, ~strikethrough~, one line per paragraph.
 */
export function richTextToWhatsapp(richText: unknown): string {
  if (!Array.isArray(richText)) return "";
  return (richText as SlateNode[])
    .map((node) => inline(node))
    .join("\n")
    .replace(/\n{3,}/g, "\n\n")
    .trim();
}

function inline(node: SlateNode): string {
  if (typeof node?.text === "string") return marked(node);
  const children = Array.isArray(node?.children) ? node.children : [];
  // An inline variable wraps its value in a paragraph of its own: it stays on the line.
  const separator = children.some((child) => child?.type !== undefined && BLOCKS.has(child.type)) ? "\n" : "";
  const text = children.map((child) => inline(child)).join(node.type === "inline-variable" ? "" : separator);
  if (node.type === "a" && node.url && node.url !== text) return text ? `${text} (${node.url})` : node.url;
  return text;
}

function marked(leaf: SlateNode): string {
  const text = leaf.text ?? "";
  // Marks around blanks would show as stray symbols: they wrap the words only.
  const match = /^(\s*)(.*?)(\s*)$/s.exec(text)!;
  let core = match[2]!;
  if (!core) return text;
  if (leaf.strikethrough) core = `~${core}~`;
  if (leaf.italic) core = `_${core}_`;
  if (leaf.bold) core = `*${core}*`;
  return `${match[1]}${core}${match[3]}`;
}

/** Typebot's markdown format: **bold** and ~~strike~~ in WhatsApp's single-symbol markup. */
export function markdownToWhatsapp(markdown: string): string {
  return markdown
    .replace(/\*\*(.+?)\*\*/g, "*$1*")
    .replace(/~~(.+?)~~/g, "~$1~")
    .replace(/\[([^\]]+)\]\(([^)]+)\)/g, (_all, text: string, url: string) => (text === url ? url : `${text} (${url})`))
    .replace(/\\([*_~`[\]()])/g, "$1")
    .trim();
}
