import type { SQL } from "drizzle-orm";
import type { AppContext } from "../../context.js";
import {
  continueTypebotSession,
  startTypebotSession,
  type TypebotAnswer,
  TypebotError,
  type TypebotPart,
} from "../../integrations/typebot.js";
import { findContact } from "../../modules/contacts/contacts.repository.js";
import { type OutgoingMessage, sendTicketMessage } from "../../modules/messages/send.js";
import type { TicketRow } from "../../modules/tickets/tickets.repository.js";
import { BotCallFailed, botFailureOf } from "./integrations.logic.js";
import { type IntegrationRow, storeTypebotState } from "./integrations.repository.js";
import { fetchRemoteMedia } from "./remote-media.js";
import {
  choicesOf,
  isKeyword,
  sessionExpired,
  sessionExpiry,
  type TypebotState,
  typebotParts,
  typebotReply,
  typebotStateOf,
} from "./typebot.logic.js";

/*
 * A conversation with a Typebot bot: a queue integration of type typebot, or a flow's Typebot
 * node, hands a ticket's messages here. The session (its id, expiry and the choice it waits
 * on) lives in the ticket's automation_state, so a restart or another process carries on.
 * Each step runs from the ticket's inbound step, one at a time per ticket.
 */

export type TypebotDeps = Pick<AppContext, "db" | "realtime" | "media" | "log" | "sessions" | "config">;

/** The integration's Typebot fields, as a queue integration and a flow's node both hold them. */
export type TypebotSettings = Pick<
  IntegrationRow,
  | "urlN8N"
  | "typebotSlug"
  | "typebotExpires"
  | "typebotKeywordFinish"
  | "typebotKeywordRestart"
  | "typebotRestartMessage"
  | "typebotUnknownMessage"
  | "typebotDelayMessage"
>;

/** One ticket's conversation with one bot. */
export interface TypebotConversation {
  ticket: TicketRow;
  settings: TypebotSettings;
  /** Whose session it is (TypebotState.owner). */
  owner: string;
  /** The ticket is still the owner's: every state write checks it in its statement. */
  holds: SQL;
}

/** "stay": the bot waits for the customer; "ended": it finished (or was told to), and hands back. */
export type TypebotOutcome = "stay" | "ended";

/** Longest pause between two bubbles, whatever the integration says: a step holds its ticket meanwhile. */
const MAX_DELAY_MS = 10_000;

/** Typebot's failure as the turn's: BotCallFailed says whether a later try may succeed. */
function turnFailed(error: unknown): unknown {
  return error instanceof TypebotError ? new BotCallFailed(botFailureOf("typebot", error)) : error;
}

/**
 * Starts a new session and sends what the bot opens with, after `intro` when given (the restart
 * message). The customer's message that woke the bot is not passed on: it answers nothing yet.
 * Throws BotCallFailed when Typebot fails, before anything is stored or sent, so a later try
 * of the turn repeats nothing.
 */
export async function startTypebot(
  deps: TypebotDeps,
  conversation: TypebotConversation,
  messageId?: number,
  intro?: string,
): Promise<TypebotOutcome> {
  const { ticket, settings } = conversation;
  const contact = await findContact(deps.db, ticket.companyId, ticket.contactId);
  let started: Awaited<ReturnType<typeof startTypebotSession>>;
  try {
    started = await startTypebotSession(
      { url: settings.urlN8N, slug: settings.typebotSlug, privateTargets: deps.config.REMOTE_PRIVATE_TARGETS },
      { number: contact?.number ?? "", pushName: contact?.name ?? "", ticketId: ticket.id },
    );
  } catch (error) {
    throw turnFailed(error);
  }
  return answer(deps, conversation, { sessionId: started.sessionId, messageId }, started, intro);
}

/**
 * A customer's message (its text; its id, to pass it on once) while the bot has the conversation.
 * Throws BotCallFailed when Typebot fails, before anything is stored or sent.
 */
export async function typebotMessage(
  deps: TypebotDeps,
  conversation: TypebotConversation,
  text: string,
  messageId: number,
): Promise<TypebotOutcome> {
  const { ticket, settings, owner } = conversation;
  const state = typebotStateOf(ticket.automationState, owner);
  if (state?.lastMessageId !== undefined && messageId <= state.lastMessageId) return "stay";
  if (isKeyword(text, settings.typebotKeywordFinish)) {
    await storeTypebotState(deps.db, ticket, null, conversation.holds);
    return "ended";
  }
  if (isKeyword(text, settings.typebotKeywordRestart)) {
    // The new session replaces the old one only once it started: a failed start sends nothing, not even the restart message.
    return startTypebot(deps, conversation, messageId, settings.typebotRestartMessage);
  }
  // No session yet, or it lapsed: this message wakes a new one.
  if (!state || sessionExpired(state, new Date())) return startTypebot(deps, conversation, messageId);
  if (!text.trim()) {
    // A file or a location: Typebot takes typed replies.
    const expiresAt = sessionExpiry(settings.typebotExpires, new Date());
    const kept = { ...state, lastMessageId: messageId, ...(expiresAt ? { expiresAt } : {}) };
    if (await storeTypebotState(deps.db, ticket, kept, conversation.holds))
      await sendParts(deps, conversation, [{ kind: "text", body: settings.typebotUnknownMessage }]);
    return "stay";
  }
  let reply: TypebotAnswer;
  try {
    reply = await continueTypebotSession(
      { url: settings.urlN8N, privateTargets: deps.config.REMOTE_PRIVATE_TARGETS },
      state.sessionId,
      typebotReply(text, state.choices),
    );
  } catch (error) {
    // Typebot no longer has the session (it ended or was removed there): a new one starts.
    if (error instanceof TypebotError && error.status === 404) return startTypebot(deps, conversation, messageId);
    throw turnFailed(error);
  }
  return answer(deps, conversation, { sessionId: state.sessionId, messageId }, reply);
}

/**
 * Stores the session as the answer leaves it, then sends the answer (after `intro`, when given).
 * The store comes first and checks that the ticket is still the owner's, so nothing goes out on
 * a ticket a person took meanwhile, and it records the message passed on, so a turn repeated
 * after a crash sends nothing twice. An answer with nothing to ask is the bot's end: the
 * session is dropped. Nothing here throws for a message that could not go out.
 */
async function answer(
  deps: TypebotDeps,
  conversation: TypebotConversation,
  session: { sessionId: string; messageId: number | undefined },
  reply: TypebotAnswer,
  intro?: string,
): Promise<TypebotOutcome> {
  const { ticket, settings, owner, holds } = conversation;
  const ended = reply.input === undefined;
  const parts = typebotParts(reply);
  let state: TypebotState | null = null;
  if (!ended) {
    state = { owner, sessionId: session.sessionId };
    if (session.messageId !== undefined) state.lastMessageId = session.messageId;
    const expiresAt = sessionExpiry(settings.typebotExpires, new Date());
    if (expiresAt) state.expiresAt = expiresAt;
    const choices = choicesOf(reply);
    if (choices) state.choices = choices;
  }
  if (!(await storeTypebotState(deps.db, ticket, state, holds))) return "stay";
  // No bubble while the bot still waits: the reply was not understood (the choice, if any, follows again).
  if (reply.messages.length === 0 && !ended) parts.unshift({ kind: "text", body: settings.typebotUnknownMessage });
  if (intro !== undefined) parts.unshift({ kind: "text", body: intro });
  await sendParts(deps, conversation, parts);
  return ended ? "ended" : "stay";
}

/** The parts in order, typebotDelayMessage apart; a media file that cannot be fetched goes as its link. */
async function sendParts(deps: TypebotDeps, conversation: TypebotConversation, parts: TypebotPart[]): Promise<void> {
  const { ticket, settings } = conversation;
  const delay = Math.min(Math.max(settings.typebotDelayMessage, 0), MAX_DELAY_MS);
  let sent = 0;
  for (const part of parts) {
    const message = await outgoing(deps, ticket, part);
    if (!message) continue;
    if (sent > 0 && delay > 0) await new Promise((resolve) => setTimeout(resolve, delay));
    try {
      await sendTicketMessage(
        deps,
        { id: ticket.id, companyId: ticket.companyId, whatsappId: ticket.whatsappId, contactId: ticket.contactId },
        { ...message, automatic: true },
      );
      sent += 1;
    } catch (error) {
      deps.log.warn({ err: error, ticketId: ticket.id }, "typebot message not sent");
      return;
    }
  }
}

async function outgoing(deps: TypebotDeps, ticket: TicketRow, part: TypebotPart): Promise<OutgoingMessage | undefined> {
  if (part.kind === "text") return part.body.trim() ? { body: part.body } : undefined;
  try {
    const media = await fetchRemoteMedia(part.url, deps.config.REMOTE_PRIVATE_TARGETS);
    if (media) return { body: "", media };
  } catch (error) {
    deps.log.warn({ err: error, ticketId: ticket.id }, "typebot media not fetched: sent as a link");
  }
  return { body: part.url };
}
