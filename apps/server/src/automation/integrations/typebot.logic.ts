import { z } from "zod";
import type { TypebotAnswer, TypebotBubble } from "../../integrations/typebot-chat.js";
import { numberedMenu } from "../chatbot/chatbot.logic.js";

/*
 * The Typebot conversation's decisions, free of I/O: what a Typebot answer becomes on WhatsApp,
 * how a reply is read (keywords, a choice by its number), and when a session has expired.
 * typebot.ts applies them.
 */

/** What goes out for an answer: a text, or a media file Typebot serves at a URL. */
export type TypebotPart = { kind: "text"; body: string } | { kind: "media"; url: string };

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
 * The answer as messages: each bubble in order (text in WhatsApp's markup; image, audio and a
 * video file as media; an embedded video or page as its link), then the choice's buttons as a
 * numbered list.
 */
export function typebotParts(answer: TypebotAnswer): TypebotPart[] {
  const parts = answer.messages.flatMap((bubble): TypebotPart[] => {
    const part = bubblePart(bubble);
    return part ? [part] : [];
  });
  const choices = choicesOf(answer);
  if (choices)
    parts.push({ kind: "text", body: numberedMenu(choices.map((title, i) => ({ position: i + 1, title }))) });
  return parts;
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
