import { FLOW_OPENAI_DEFAULT_VOICE, FlowContent } from "@atendo/shared";
import type { AppContext } from "../../context.js";
import { AppError } from "../../http/errors.js";
import { detectFile } from "../../media/file-kind.js";
import { findContact } from "../../modules/contacts/contacts.repository.js";
import { findFlow } from "../../modules/flows/flows.repository.js";
import { sendTicketMessage } from "../../modules/messages/send.js";
import { findPrompt } from "../../modules/prompts/prompts.repository.js";
import { findQueue } from "../../modules/queues/queues.repository.js";
import { emitTicketChange } from "../../modules/tickets/tickets.events.js";
import { type TicketRow, ticketRelations } from "../../modules/tickets/tickets.repository.js";
import { ticketPayload } from "../../modules/tickets/tickets.serializers.js";
import { openStoredKey } from "../../secrets/stored-keys.js";
import { endRun, type FlowRunRow, findRun } from "../flows/flow-runs.repository.js";
import { type AiAnswerRef, enqueueAnswer, wakeAnswerAt } from "./ai.jobs.js";
import {
  type AiTicket,
  type ConversationRow,
  findAiTicket,
  handOverTicket,
  keepTranscription,
  lastMessages,
  markAnswered,
  newerCustomerMessage,
} from "./ai.repository.js";
import {
  aiMayAnswer,
  answeredMessageId,
  asksForPerson,
  type ContextMessage,
  failureNote,
  failureOf,
  promptIdOf,
  type RemoteFailure,
  readAnswer,
  retryDelayMs,
  systemPrompt,
  UNSENT_NOTE,
  voiceFallbackNote,
} from "./ai-logic.js";
import { SPEECH_MIME_TYPE, synthesize } from "./azure-speech.js";
import { chatAnswer, transcribe } from "./openai-client.js";
import { announceSystemNote, noteForAttendants, writeSystemNote } from "./system-note.js";

export type AiDeps = Pick<AppContext, "db" | "realtime" | "media" | "log" | "sessions" | "jobs" | "secrets" | "config">;

/** What answers: a prompt's settings, or a flow OpenAI node's. Keys as stored (sealed). */
interface AiSettings {
  /** For the logs: which prompt or which flow node. */
  source: { promptId: number } | { runId: number; nodeId: string };
  /** The flow run the node belongs to, which ends when the customer asks for a person. */
  run?: FlowRunRow;
  apiKey: string;
  model: string;
  prompt: string;
  temperature: number;
  maxTokens: number;
  maxMessages: number;
  voice: string;
  voiceKey: string;
  voiceRegion: string;
  /** Where the ticket goes when the customer asks for a person. */
  queueId: number | null;
}

/** A remote call failed: what the attendants and the logs may know of it. */
class RemoteCallFailed extends Error {
  constructor(readonly failure: RemoteFailure) {
    super(`${failure.service} ${failure.kind}`);
  }
}

async function remote<T>(service: RemoteFailure["service"], call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    throw new RemoteCallFailed(failureOf(service, error));
  }
}

/** The provider id of an answer: sent again after a crash, it is the same message to the network. */
function answerMessageId(ref: AiAnswerRef): string {
  const hex = (value: number, width: number) => value.toString(16).toUpperCase().padStart(width, "0");
  return `3EB0A${hex(ref.ticketId, 8)}${hex(ref.messageId, 8)}000`;
}

/**
 * The ai.answer job: answers the customer's message `ref.messageId` (and any before it still
 * unanswered) with the prompt's model, the prompt and the last maxMessages of the conversation,
 * as text or as the prompt's voice. Never throws. A try the service may accept later (timeout,
 * 429, 5xx) writes the next try; the last try, or a refusal (401, 403, 400), leaves a note on
 * the ticket for the attendants: the customer's message is stored whatever happens here.
 */
export async function answerTicket(deps: AiDeps, ref: AiAnswerRef): Promise<void> {
  try {
    await answer(deps, ref);
  } catch (error) {
    if (error instanceof RemoteCallFailed) {
      await remoteFailed(deps, ref, error.failure);
      return;
    }
    // Our own failure (database, sending). Remote calls never reach here (RemoteCallFailed above),
    // so nothing in this error holds a key.
    deps.log.error({ err: error, ticketId: ref.ticketId, messageId: ref.messageId }, "AI answer failed");
  }
}

async function answer(deps: AiDeps, ref: AiAnswerRef): Promise<void> {
  const { db } = deps;
  const found = await findAiTicket(db, ref.companyId, ref.ticketId);
  if (!found || answeredMessageId(found.ticket) >= ref.messageId) return;
  // A newer message of the customer has its own job, which answers both with one reply.
  if (await newerCustomerMessage(db, ref.companyId, ref.ticketId, ref.messageId)) return;
  const settings = await settingsFor(deps, found, ref);
  if (!settings) return;
  const apiKey = openKey(deps, settings.apiKey);
  if (apiKey === undefined) throw new RemoteCallFailed({ service: "openai", kind: "storedKey", retryable: false });

  const history = await lastMessages(db, ref.companyId, ref.ticketId, ref.messageId, settings.maxMessages);
  const conversation = await conversationOf(deps, ref, apiKey, history);
  const waiting = unansweredText(conversation);
  if (asksForPerson(waiting)) {
    deps.log.info({ ticketId: ref.ticketId, ...settings.source }, "AI: the customer asked for a person");
    await handOver(deps, found.ticket, settings, ref);
    return;
  }

  const system = systemPrompt(settings.prompt, { contactName: found.contactName, maxTokens: settings.maxTokens });
  const reply = await remote("openai", () =>
    chatAnswer(
      deps.config,
      { apiKey, model: settings.model, temperature: settings.temperature, maxTokens: settings.maxTokens },
      system,
      conversation,
    ),
  );
  const { handover, text } = readAnswer(reply);
  if (text) await sendAnswer(deps, found.ticket, settings, ref, text);
  else await markAnswered(db, ref.companyId, ref.ticketId, ref.messageId);
  deps.log.info(
    { ticketId: ref.ticketId, messageId: ref.messageId, attempt: ref.attempt, handover, ...settings.source },
    "AI answered",
  );
  if (handover) await handOver(deps, found.ticket, settings, ref);
}

/** The settings that answer now, or undefined when the AI has nothing to do with the ticket any more. */
async function settingsFor(deps: AiDeps, found: AiTicket, ref: AiAnswerRef): Promise<AiSettings | undefined> {
  const { ticket } = found;
  // A plan without useOpenAi answers nothing, a flow's OpenAI node included: the message waits for a person.
  if (!aiMayAnswer(ticket) || !found.planAllows) return undefined;
  if (ref.flow) return flowSettings(deps, ticket, ref.flow);
  const promptId = promptIdOf(ticket, {
    queue: found.queuePromptId,
    connection: found.connectionPromptId,
    planAllows: found.planAllows,
  });
  if (promptId === null) return undefined;
  const prompt = await findPrompt(deps.db, ticket.companyId, promptId);
  if (!prompt) return undefined;
  return {
    source: { promptId: prompt.id },
    apiKey: prompt.apiKey,
    model: prompt.model,
    prompt: prompt.prompt,
    temperature: prompt.temperature,
    maxTokens: prompt.maxTokens,
    maxMessages: prompt.maxMessages,
    voice: prompt.voice,
    voiceKey: prompt.voiceKey,
    voiceRegion: prompt.voiceRegion,
    queueId: prompt.queueId,
  };
}

/** A flow's OpenAI node, while its run still waits on it in hand-off. */
async function flowSettings(
  deps: AiDeps,
  ticket: TicketRow,
  at: { runId: number; nodeId: string },
): Promise<AiSettings | undefined> {
  const run = await findRun(deps.db, ticket.companyId, at.runId);
  if (run?.status !== "active" || run.ticketId !== ticket.id || run.nodeId !== at.nodeId || run.wait !== "handoff")
    return undefined;
  const flow = await findFlow(deps.db, ticket.companyId, run.flowId);
  const content = FlowContent.safeParse(flow?.flow ?? { nodes: [], connections: [] });
  const node = content.success ? content.data.nodes.find((n) => n.id === at.nodeId) : undefined;
  if (node?.type !== "openai") return undefined;
  const data = node.data.typebotIntegration;
  return {
    source: { runId: run.id, nodeId: node.id },
    run,
    apiKey: data.apiKey,
    model: data.model,
    prompt: data.prompt,
    temperature: data.temperature,
    maxTokens: data.maxTokens,
    maxMessages: data.maxMessages,
    voice: data.voice,
    voiceKey: data.voiceKey,
    voiceRegion: data.voiceRegion,
    queueId: data.queueId,
  };
}

/** A stored key opened, or undefined when it cannot be (sealed under another server key). */
function openKey(deps: AiDeps, stored: string): string | undefined {
  try {
    return openStoredKey(deps.secrets, stored);
  } catch {
    return undefined;
  }
}

/**
 * The conversation as the model reads it: our messages as the assistant's, the customer's as
 * the user's. The customer's audio is transcribed first (once: the text is kept with the
 * message); other media show as their caption or name.
 */
async function conversationOf(
  deps: AiDeps,
  ref: AiAnswerRef,
  apiKey: string,
  history: ConversationRow[],
): Promise<ContextMessage[]> {
  const conversation: ContextMessage[] = [];
  for (const row of history) {
    let content = row.body.trim();
    if (!row.fromMe && row.mediaType === "audio") content = await audioText(deps, ref, apiKey, row);
    else if (row.mediaType !== "chat" && (!content || content === row.mediaName)) content = `[${row.mediaType}]`;
    if (content) conversation.push({ role: row.fromMe ? "assistant" : "user", content });
  }
  return conversation;
}

async function audioText(deps: AiDeps, ref: AiAnswerRef, apiKey: string, row: ConversationRow): Promise<string> {
  if (row.transcription !== null) return row.transcription;
  if (!row.mediaUrl) return "[audio]";
  const data = await deps.media.read(row.mediaUrl).catch(() => undefined);
  if (!data) return "[audio]";
  const type = await detectFile(data, row.mediaName ?? "");
  const fileName = row.mediaUrl.split("/").pop() ?? `audio.${type.extension}`;
  const text = await remote("openai", () =>
    transcribe(deps.config, apiKey, { data, fileName, mimeType: type.mimeType }),
  );
  await keepTranscription(deps.db, ref.companyId, row.id, text);
  return text;
}

/** What the customer said since our last message: where the keywords for a person are looked for. */
function unansweredText(conversation: ContextMessage[]): string {
  const lastOurs = conversation.findLastIndex((message) => message.role === "assistant");
  return conversation
    .slice(lastOurs + 1)
    .map((message) => message.content)
    .join("\n");
}

/**
 * Sends the answer, in the prompt's voice when it has one (Azure speech, sent as audio), and
 * marks the customer's message answered in the transaction that stores ours. A voice that fails
 * leaves the answer as text and a note. Sent under an id derived from the message, so a job
 * repeated after a crash is the same message to the network.
 */
async function sendAnswer(deps: AiDeps, ticket: TicketRow, settings: AiSettings, ref: AiAnswerRef, text: string) {
  const audio = await spoken(deps, ticket, settings, text);
  try {
    await sendTicketMessage(
      deps,
      { id: ticket.id, companyId: ticket.companyId, whatsappId: ticket.whatsappId, contactId: ticket.contactId },
      {
        body: audio ? "" : text,
        ...(audio ? { media: { data: audio, fileName: "resposta.ogg", mimeType: SPEECH_MIME_TYPE } } : {}),
        automatic: true,
        messageId: answerMessageId(ref),
        recordSent: (tx) => markAnswered(tx, ref.companyId, ref.ticketId, ref.messageId),
      },
    );
  } catch (error) {
    // Stored by an earlier try of this same answer, which marked it answered too.
    if (error instanceof AppError && error.code === "ERR_CREATING_MESSAGE") return;
    if (!(error instanceof AppError)) throw error;
    // The connection is down or refused the message: the attendants answer once it is back.
    deps.log.warn({ ticketId: ticket.id, code: error.code }, "AI answer not sent");
    await deps.db.transaction(async (tx) => {
      await markAnswered(tx, ref.companyId, ref.ticketId, ref.messageId);
      await writeSystemNote(tx, ticket, UNSENT_NOTE);
    });
    await announceSystemNote(deps, ticket);
  }
}

/** The answer as audio when the settings have a voice and its key and region, else undefined (text). */
async function spoken(
  deps: AiDeps,
  ticket: TicketRow,
  settings: AiSettings,
  text: string,
): Promise<Buffer | undefined> {
  if (settings.voice === FLOW_OPENAI_DEFAULT_VOICE || !settings.voiceKey || !settings.voiceRegion) return undefined;
  const key = openKey(deps, settings.voiceKey);
  try {
    if (key === undefined) throw new RemoteCallFailed({ service: "azure", kind: "storedKey", retryable: false });
    return await remote("azure", () =>
      synthesize(deps.config, { name: settings.voice, key, region: settings.voiceRegion }, text),
    );
  } catch (error) {
    if (!(error instanceof RemoteCallFailed)) throw error;
    logFailure(deps, { ticketId: ticket.id, ...settings.source }, error.failure, "AI voice failed: answering in text");
    await noteForAttendants(deps, ticket, voiceFallbackNote(error.failure));
    return undefined;
  }
}

/**
 * The customer asked for a person: the ticket goes to the settings' queue (or stays where it
 * is when they name none), pending, out of the bot, and the AI stops on it; a flow's run ends.
 */
async function handOver(deps: AiDeps, before: TicketRow, settings: AiSettings, ref: AiAnswerRef): Promise<void> {
  const { companyId } = before;
  const queue = settings.queueId === null ? undefined : await findQueue(deps.db, companyId, settings.queueId);
  const after = await deps.db.transaction(async (tx) => {
    if (settings.run) await endRun(tx, settings.run, "ticket");
    await markAnswered(tx, companyId, before.id, ref.messageId);
    return handOverTicket(tx, companyId, before.id, queue?.id ?? null);
  });
  if (!after) return;
  deps.log.info({ ticketId: before.id, queueId: after.queueId, ...settings.source }, "AI handed the ticket over");
  try {
    const contact = await findContact(deps.db, companyId, after.contactId);
    if (!contact) return;
    const relations = await ticketRelations(deps.db, companyId, after.id);
    await emitTicketChange(deps, before, after, { action: "update", ticket: ticketPayload(after, contact, relations) });
  } catch (error) {
    deps.log.error({ err: error, ticketId: after.id }, "AI hand-over event failed");
  }
}

/** A failed try: the next one later when it may succeed, else a note for the attendants. */
async function remoteFailed(deps: AiDeps, ref: AiAnswerRef, failure: RemoteFailure): Promise<void> {
  const context = { ticketId: ref.ticketId, messageId: ref.messageId, attempt: ref.attempt };
  if (failure.retryable && ref.attempt < deps.config.AI_ANSWER_ATTEMPTS) {
    const runAt = new Date(Date.now() + retryDelayMs(ref.attempt + 1, deps.config.AI_RETRY_MS));
    logFailure(deps, context, failure, "AI answer failed: trying again later");
    await enqueueAnswer(deps, { ...ref, attempt: ref.attempt + 1 }, { runAt });
    wakeAnswerAt(deps, runAt);
    return;
  }
  logFailure(deps, context, failure, "AI answer failed: left to the attendants");
  const found = await findAiTicket(deps.db, ref.companyId, ref.ticketId);
  if (!found) return;
  await deps.db.transaction(async (tx) => {
    await markAnswered(tx, ref.companyId, ref.ticketId, ref.messageId);
    await writeSystemNote(tx, found.ticket, failureNote(failure, ref.attempt));
  });
  await announceSystemNote(deps, found.ticket);
}

/** Logs a remote failure by its service, kind, status and code: never the error's text, which may quote the key. */
function logFailure(deps: AiDeps, context: Record<string, unknown>, failure: RemoteFailure, message: string): void {
  const level = failure.retryable ? "warn" : "error";
  deps.log[level]({ ...context, remote: failure }, message);
}
