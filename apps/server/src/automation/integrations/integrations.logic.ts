import type { TicketRow } from "../../modules/tickets/tickets.repository.js";

/*
 * Which queue integration has a ticket's conversation, free of I/O. The ticket records the
 * hand-over in useIntegration and integrationId (document 1's ticket fields):
 * - useIntegration and integrationId: that integration has the conversation;
 * - integrationId alone: it had it and handed it back (or a person took the ticket), so the
 *   same queue or connection does not hand it over again;
 * - neither: nothing was handed over yet.
 */

type TicketFacts = Pick<
  TicketRow,
  "status" | "userId" | "isGroup" | "whatsappId" | "queueId" | "chatbot" | "useIntegration" | "integrationId"
>;

/** Still the bot's: pending, nobody's, not a group, on a connection (a person's ticket is theirs). */
export function integrationMayRun(ticket: TicketFacts): boolean {
  return ticket.status === "pending" && ticket.userId === null && !ticket.isGroup && ticket.whatsappId !== null;
}

/**
 * The integration a ticket's queue or connection names: its queue's once it is in a queue and
 * out of the queue's option menu, the connection's while it has no queue (as prompts do,
 * automation/ai/ai-logic.ts promptIdOf). A connection's integration does not follow the ticket
 * into a queue: the queue is where its attendants are.
 */
export function namedIntegration(
  ticket: Pick<TicketFacts, "queueId" | "chatbot">,
  named: { queue: number | null; connection: number | null },
): number | null {
  if (ticket.queueId !== null) return ticket.chatbot ? null : named.queue;
  return named.connection;
}

/**
 * The integration that takes the ticket's message, and whether this is its hand-over (to be
 * recorded on the ticket), or undefined when none does.
 */
export function integrationToRun(
  ticket: TicketFacts,
  named: { queue: number | null; connection: number | null },
): { id: number; handOver: boolean } | undefined {
  if (!integrationMayRun(ticket)) return undefined;
  if (ticket.useIntegration && ticket.integrationId !== null) return { id: ticket.integrationId, handOver: false };
  const id = namedIntegration(ticket, named);
  // Handed back already: the customer's messages are the queue's (or the chatbot's) now.
  if (id === null || id === ticket.integrationId) return undefined;
  return { id, handOver: true };
}

/**
 * A Typebot or Dialogflow turn that failed before anything was sent: what the attendants and the
 * logs may know of it (never the service's text, which may quote the URL's secrets or the key).
 */
export interface BotFailure {
  service: "typebot" | "dialogflow";
  /** unanswered: no answer (in time); refused: the URL is not one the server may call; status: an HTTP refusal; unreadable: an answer or a stored account that cannot be read. */
  kind: "unanswered" | "refused" | "status" | "unreadable";
  status?: number;
  /** A later try may succeed: no answer, a 408, a 429 or the service's own 5xx. */
  retryable: boolean;
}

/** A turn's remote failure, thrown by typebot.ts and dialogflow.ts: nothing went out before it. */
export class BotCallFailed extends Error {
  constructor(readonly failure: BotFailure) {
    super(`${failure.service} ${failure.kind}${failure.status !== undefined ? ` ${failure.status}` : ""}`);
  }
}

/** What a client's error says: an HTTP status, or why there is none. */
export function botFailureOf(
  service: BotFailure["service"],
  error: { status?: number | undefined; unanswered?: "unreachable" | "refused" | boolean | undefined },
): BotFailure {
  const { status } = error;
  if (status !== undefined) {
    const retryable = status === 408 || status === 429 || status >= 500;
    return { service, kind: "status", status, retryable };
  }
  if (error.unanswered === "refused") return { service, kind: "refused", retryable: false };
  if (error.unanswered) return { service, kind: "unanswered", retryable: true };
  return { service, kind: "unreadable", retryable: false };
}

const BOT_NAMES: Record<BotFailure["service"], string> = { typebot: "Typebot", dialogflow: "Dialogflow" };

const BOT_FAILURE_TEXTS: Record<BotFailure["kind"], string> = {
  unanswered: "não respondeu a tempo",
  refused: "não foi chamado: o endereço da integração não é permitido (rede interna)",
  status: "recusou o pedido",
  unreadable: "deu uma resposta que não pôde ser lida (ou a conta de serviço guardada não pôde ser aberta)",
};

/**
 * The note attendants find when an integration (or a flow's Typebot node, whose run then ends)
 * gave up on a customer's message: the service, what happened, and that the ticket is theirs now.
 */
export function botFailureNote(
  failure: BotFailure,
  attempts: number,
  source: "integration" | "flow" = "integration",
): string {
  const status = failure.status !== undefined ? ` (HTTP ${failure.status})` : "";
  const tries = attempts > 1 ? ` depois de ${attempts} tentativas` : "";
  const what = `${BOT_NAMES[failure.service]} ${BOT_FAILURE_TEXTS[failure.kind]}${status}${tries}`;
  if (source === "flow")
    return `[Fluxo] ${what}. O fluxo foi encerrado e o ticket ficou para o atendimento: responda por aqui.`;
  return `[Integração] ${what}. A mensagem do cliente continua no ticket e a integração o deixou para o atendimento: responda por aqui.`;
}
