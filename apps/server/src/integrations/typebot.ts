import { z } from "zod";
import { OutboundRefused, outboundFetch, type PrivateTargets } from "./outbound-url.js";

/**
 * Typebot through its chat API (https://docs.typebot.io/deploy/api/overview): a published bot's
 * chat starts with POST {server}/api/v1/typebots/{publicId}/startChat, which answers the session
 * id and the bot's first messages. The server is the integration's URL (typebot.io or the
 * tenant's own); text bubbles are asked for as markdown, which WhatsApp's formatting is close to.
 */

export interface TypebotStartInput {
  /** The Typebot server, e.g. https://typebot.io */
  baseUrl: string;
  /** The bot's public id. */
  publicId: string;
  /** The customer's first message, when the bot starts with an input. */
  message?: string;
  prefilledVariables?: Record<string, string>;
  timeoutMs?: number;
  /** Whether the server may be on a private address (config REMOTE_PRIVATE_TARGETS). */
  privateTargets: PrivateTargets;
}

/** One of the bot's messages: text as markdown, media as its URL. */
export interface TypebotMessage {
  type: string;
  text: string;
}

export interface TypebotStartResult {
  sessionId: string;
  messages: TypebotMessage[];
}

/** The bot's chat could not be started: the server refused or did not answer. */
export class TypebotError extends Error {
  constructor(
    message: string,
    readonly status?: number,
  ) {
    super(message);
    this.name = "TypebotError";
  }
}

const DEFAULT_TIMEOUT_MS = 10_000;

/** Rich text, should a server ignore the markdown format: the text of its leaves, paragraph by paragraph. */
type RichNode = { text?: string; children?: RichNode[] };
const RichNode: z.ZodType<RichNode> = z.lazy(() =>
  z.object({ text: z.string().optional(), children: z.array(RichNode).optional() }),
);
const richText = (nodes: RichNode[]): string =>
  nodes.map((node) => (node.text ?? "") + (node.children ? richText(node.children) : "")).join("");

const StartChatAnswer = z.object({
  sessionId: z.string().min(1),
  messages: z
    .array(
      z.object({
        type: z.string(),
        content: z
          .object({
            markdown: z.string().optional(),
            richText: z.array(RichNode).optional(),
            url: z.string().optional(),
          })
          .optional(),
      }),
    )
    .default([]),
});
const Refusal = z.object({ message: z.string() });

function messageText(message: z.infer<typeof StartChatAnswer>["messages"][number]): string {
  const content = message.content;
  if (!content) return "";
  if (content.markdown !== undefined) return content.markdown;
  if (content.richText) return content.richText.map((paragraph) => richText([paragraph])).join("\n");
  return content.url ?? "";
}

export async function startTypebotChat(input: TypebotStartInput): Promise<TypebotStartResult> {
  const base = input.baseUrl.replace(/\/+$/, "");
  const url = `${base}/api/v1/typebots/${encodeURIComponent(input.publicId)}/startChat`;
  const body = {
    isStreamEnabled: false,
    isOnlyRegistering: false,
    textBubbleContentFormat: "markdown",
    ...(input.message === undefined ? {} : { message: { type: "text", text: input.message } }),
    ...(input.prefilledVariables ? { prefilledVariables: input.prefilledVariables } : {}),
  };
  let response: Response;
  try {
    response = await outboundFetch(
      url,
      {
        method: "POST",
        headers: { "content-type": "application/json", accept: "application/json" },
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(input.timeoutMs ?? DEFAULT_TIMEOUT_MS),
      },
      input.privateTargets,
    );
  } catch (error) {
    if (error instanceof OutboundRefused) throw new TypebotError(`refused: ${error.message}`);
    throw new TypebotError(`unreachable: ${(error as Error).message}`);
  }
  const text = await response.text();
  let json: unknown;
  try {
    json = text ? JSON.parse(text) : undefined;
  } catch {
    json = undefined;
  }
  if (!response.ok) {
    const refusal = Refusal.safeParse(json);
    throw new TypebotError(refusal.success ? refusal.data.message : `HTTP ${response.status}`, response.status);
  }
  const answer = StartChatAnswer.safeParse(json);
  if (!answer.success) throw new TypebotError("startChat answered an unexpected body");
  return {
    sessionId: answer.data.sessionId,
    messages: answer.data.messages.map((message) => ({ type: message.type, text: messageText(message) })),
  };
}
