import { APIConnectionError, APIConnectionTimeoutError, APIError } from "openai";
import type { TicketRow } from "../../modules/tickets/tickets.repository.js";

/*
 * The AI's rules that need no database or network: the instructions the model gets, how its
 * answer asks for a person, the customer's own words for it, and what a remote failure means
 * (retry later, or give up and tell the attendants). docs/decisions.md "AI answers" explains them.
 */

/**
 * The AI's state in the ticket's automationState: the newest customer message it is done with
 * (answered, or given up on with a note), so a job repeated after a crash does not answer
 * twice; and whether it stopped on the ticket because the customer asked for a person.
 */
export const AI_ANSWERED_KEY = "aiAnsweredMessageId";
export const AI_STOPPED_KEY = "aiStopped";

type TicketFacts = Pick<
  TicketRow,
  "status" | "userId" | "isGroup" | "whatsappId" | "queueId" | "chatbot" | "automationState" | "promptId"
>;

/** The newest customer message the AI is done with (0 when none). */
export function answeredMessageId(ticket: Pick<TicketRow, "automationState">): number {
  const value = ticket.automationState?.[AI_ANSWERED_KEY];
  return typeof value === "number" ? value : 0;
}

/**
 * Whether the AI may answer the ticket at all: pending, nobody's (an attendant who accepts it
 * takes over), not a group, on a connection, and not handed to a person before.
 */
export function aiMayAnswer(ticket: TicketFacts): boolean {
  return (
    ticket.status === "pending" &&
    ticket.userId === null &&
    !ticket.isGroup &&
    ticket.whatsappId !== null &&
    ticket.automationState?.[AI_STOPPED_KEY] !== true
  );
}

/**
 * The prompt that answers the ticket, if any, when the company's plan has the AI (useOpenAi):
 * the ticket's own (document 1's ticket field, set on the ticket by an admin) before all;
 * else its queue's once it is in a queue (and out of the queue's option menu), the
 * connection's while it has no queue. A connection's prompt does not answer in a queue
 * without one: the queue is where its attendants are.
 */
export function promptIdOf(
  ticket: TicketFacts,
  prompts: { queue: number | null; connection: number | null; planAllows: boolean },
) {
  if (!prompts.planAllows || !aiMayAnswer(ticket)) return null;
  if (ticket.promptId !== null) return ticket.promptId;
  if (ticket.queueId !== null) return ticket.chatbot ? null : prompts.queue;
  return prompts.connection;
}

/** The fixed words the model is told to answer when the customer wants a person (the original's). */
export const HANDOVER_TOKEN = "Ação: Transferir para o setor de atendimento";

/** What every prompt is prefixed with: the customer's name, the length, and the hand-over rule. */
export function systemPrompt(prompt: string, options: { contactName: string; maxTokens: number }): string {
  const name = options.contactName.trim() || "Amigo(a)";
  return [
    `Nas respostas, chame o cliente de ${name}.`,
    `Sua resposta deve usar no máximo ${options.maxTokens} tokens e não pode terminar truncada.`,
    `Quando o cliente pedir para falar com uma pessoa (um atendente, um humano), ou quando a resposta exigir uma transferência para o setor de atendimento, responda apenas: "${HANDOVER_TOKEN}".`,
    prompt.trim(),
  ].join("\n");
}

/** One message of the conversation as the model reads it. */
export interface ContextMessage {
  role: "user" | "assistant";
  content: string;
}

/** Lowercase, without accents or repeated spaces: how the token and the keywords are compared. */
export function normalize(text: string): string {
  return text
    .normalize("NFD")
    .replace(/\p{Diacritic}/gu, "")
    .toLowerCase()
    .replace(/\s+/g, " ")
    .trim();
}

const TOKEN = normalize(HANDOVER_TOKEN);
/** The token's action words, for a model that quotes it loosely ("Ação: transferir para o setor de atendimento."). */
const TOKEN_LOOSE = /a[cç][aã]o\s*:\s*transferir\s+para\s+o\s+setor\s+de\s+atendimento[.!]?/giu;

/** The model's answer: whether it asked for the hand-over, and the text left to send (token removed). */
export function readAnswer(answer: string): { handover: boolean; text: string } {
  if (!normalize(answer).includes(TOKEN)) return { handover: false, text: answer.trim() };
  return { handover: true, text: answer.replace(TOKEN_LOOSE, "").trim() };
}

/**
 * The customer's own words for "a person, please": the fallback for a model that does not
 * answer the token. Compared without accents or case; narrow on purpose, since a false match
 * ends the AI on the ticket.
 */
const PERSON_PATTERNS: RegExp[] = [
  /\batendente\b/,
  /\batendimento humano\b/,
  /\bser humano\b/,
  /\bpessoa (real|de verdade)\b/,
  /\b(falar|conversar|fala) com (um |uma |o |a |algum |alguma )?(pessoa|humano|alguem|gente|operador|operadora|funcionario|funcionaria|consultor|consultora|vendedor|vendedora)\b/,
  /\b(talk|speak) to (a |an )?(human|person|agent|operator|representative)\b/,
  /\bhablar con (un |una )?(humano|persona|agente|operador)\b/,
];

export function asksForPerson(text: string): boolean {
  const normalized = normalize(text);
  return PERSON_PATTERNS.some((pattern) => pattern.test(normalized));
}

/** A remote service's failure, as much as the attendants and the logs may know of it. */
export interface RemoteFailure {
  service: "openai" | "azure";
  kind: "timeout" | "connection" | "rateLimit" | "quota" | "auth" | "server" | "refused" | "unreadable" | "storedKey";
  status?: number;
  /** The service's error code ("invalid_api_key", "insufficient_quota"), never its message (it may quote the key). */
  code?: string;
  /** A later try may succeed: timeouts, lost connections, rate limits and the service's own failures. */
  retryable: boolean;
}

/** A failed call to Azure speech (or any plain HTTP service): its status, or no status when it never answered. */
export class RemoteHttpError extends Error {
  constructor(
    readonly status: number | undefined,
    readonly timedOut = false,
  ) {
    super(status === undefined ? (timedOut ? "timed out" : "connection failed") : `HTTP ${status}`);
  }
}

/** What an error of the OpenAI client or of an HTTP call means for the answer. */
export function failureOf(service: RemoteFailure["service"], error: unknown): RemoteFailure {
  if (error instanceof APIConnectionTimeoutError) return { service, kind: "timeout", retryable: true };
  if (error instanceof APIConnectionError) return { service, kind: "connection", retryable: true };
  if (error instanceof APIError) return failureOfStatus(service, error.status, error.code ?? undefined);
  if (error instanceof RemoteHttpError) {
    if (error.status === undefined)
      return { service, kind: error.timedOut ? "timeout" : "connection", retryable: true };
    return failureOfStatus(service, error.status);
  }
  return { service, kind: "unreadable", retryable: false };
}

function failureOfStatus(service: RemoteFailure["service"], status: number | undefined, code?: string): RemoteFailure {
  const base = { service, ...(status !== undefined ? { status } : {}), ...(code ? { code } : {}) };
  // A 429 for an exhausted quota does not pass by waiting.
  if (status === 429 && code === "insufficient_quota") return { ...base, kind: "quota", retryable: false };
  if (status === 429) return { ...base, kind: "rateLimit", retryable: true };
  if (status === 401 || status === 403) return { ...base, kind: "auth", retryable: false };
  if (status === 408) return { ...base, kind: "timeout", retryable: true };
  if (status !== undefined && status >= 500) return { ...base, kind: "server", retryable: true };
  return { ...base, kind: "refused", retryable: false };
}

const SERVICE_NAMES: Record<RemoteFailure["service"], string> = { openai: "OpenAI", azure: "Azure (voz)" };

const FAILURE_TEXTS: Record<RemoteFailure["kind"], string> = {
  timeout: "não respondeu a tempo",
  connection: "não pôde ser alcançado",
  rateLimit: "recusou por excesso de pedidos (limite de uso)",
  quota: "recusou: a cota da conta acabou",
  auth: "recusou a chave de API (verifique a chave do prompt)",
  server: "falhou do lado dele",
  refused: "recusou o pedido",
  unreadable: "deu uma resposta que não pôde ser lida",
  storedKey: "não foi chamada: a chave guardada não pôde ser aberta (cadastre a chave de novo)",
};

/**
 * The note attendants find on the ticket when the AI gave up on a message: the service, what
 * happened (with the status), and that the customer's message is there waiting for a person.
 */
export function failureNote(failure: RemoteFailure, attempts: number): string {
  const status = failure.status !== undefined ? ` (HTTP ${failure.status})` : "";
  const tries = attempts > 1 ? ` depois de ${attempts} tentativas` : "";
  return `[IA] ${SERVICE_NAMES[failure.service]} ${FAILURE_TEXTS[failure.kind]}${status}${tries}. A mensagem do cliente continua no ticket, sem resposta da IA: responda por aqui.`;
}

/** The note when the voice failed and the answer went out as text instead. */
export function voiceFallbackNote(failure: RemoteFailure): string {
  const status = failure.status !== undefined ? ` (HTTP ${failure.status})` : "";
  return `[IA] ${SERVICE_NAMES[failure.service]} ${FAILURE_TEXTS[failure.kind]}${status}. A resposta da IA foi enviada como texto.`;
}

/** The note when the answer could not go out on the connection. */
export const UNSENT_NOTE =
  "[IA] A resposta da IA não pôde ser enviada pela conexão. A mensagem do cliente continua no ticket: responda por aqui.";

/** The wait before try `attempt` (2, 3, ...): the base, doubled for each try after the second. */
export function retryDelayMs(attempt: number, baseMs: number): number {
  return baseMs * 2 ** Math.max(0, attempt - 2);
}
