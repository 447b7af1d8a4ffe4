import { FLOW_START_NODE_ID, FlowContent, type FlowNode } from "@atendo/shared";
import type { AppContext } from "../../context.js";
import type { Executor } from "../../db/client.js";
import type { FlowRunEnd, FlowRunTrigger } from "../../db/schema/index.js";
import { AppError } from "../../http/errors.js";
import { detectFile } from "../../media/file-kind.js";
import { type ContactRow, findContact } from "../../modules/contacts/contacts.repository.js";
import {
  findMessage,
  findSendingConnection,
  type MessageRow,
  messageIdByProviderId,
} from "../../modules/messages/messages.repository.js";
import { type OutgoingMessage, sendTicketMessage } from "../../modules/messages/send.js";
import { findQueue } from "../../modules/queues/queues.repository.js";
import { emitTicketChange } from "../../modules/tickets/tickets.events.js";
import {
  findTicketRow,
  type TicketRow,
  ticketRelations,
  updateTicketRow,
} from "../../modules/tickets/tickets.repository.js";
import { ticketPayload } from "../../modules/tickets/tickets.serializers.js";
import type { WhatsappRow } from "../../modules/whatsapps/whatsapps.repository.js";
import { HANDOFF_SERVICES, type HandoffNode, type HandoffOutcome } from "./flow-handoff.js";
import {
  answerNode,
  type ContactNames,
  type FlowPart,
  type FlowTransition,
  findNode,
  flowMessageId,
  nextMove,
  type RunView,
  visitNode,
} from "./flow-logic.js";
import { sendFailed } from "./flow-retry.js";
import {
  endRun,
  endTicketRun,
  type FlowRunRow,
  type FlowState,
  findFlowVersioned,
  findRun,
  flowResumeFacts,
  insertRun,
  moveRun,
  type RunChanges,
} from "./flow-runs.repository.js";
import { enqueueResume, type ResumeRef, type RetryRef, wakeResumeAt } from "./flows.jobs.js";

/*
 * The flow engine: runs a ticket's flow run from node to node, a transition at a time, each
 * a compare-and-set on the run's seq (flow-runs.repository.ts). A transition sends its parts
 * under ids derived from (run, seq, part) and commits with the last one (the sending path's
 * recordSent), so a crash before the commit repeats the sends under the same ids, which the
 * network keeps once, and a crash after it finds the run moved on. Several executors of one
 * run at once (a step retried while the first still runs) send the same ids, and one commits.
 */

export type FlowDeps = Pick<AppContext, "db" | "realtime" | "media" | "log" | "sessions" | "jobs" | "config">;

/**
 * Node visits one inbound message (or one interval's end) may cause. A flow with a cycle
 * stops there instead of spinning: the run ends and the reason is logged.
 */
export const STEP_BUDGET = 50;

/** A run being walked, with what its nodes need. */
interface Walk {
  deps: FlowDeps;
  run: FlowRunRow;
  ticket: TicketRow;
  contact: ContactNames;
  flow: FlowContent;
  /** Node visits left in this step. */
  budget: number;
  /** The try of the next transition's send (flow-retry.ts): above 1 when a retry runs it. */
  attempt: number;
  /** The customer's message the next transition answers, if any (a retry answers it again). */
  answering: number | null;
  /** The ticket's contact and sending connection, read once per step for all its sends. */
  sending: { contact: ContactRow | undefined; connection?: WhatsappRow | undefined };
}

/** What the step already read with its ticket (inboundStepFacts), so the walk does not read it again. */
export interface StepRead {
  message: MessageRow | null;
  contact: ContactRow | null;
  flow: FlowState | null;
  /** The ticket's connection: the step's sends go out on it. */
  connection?: WhatsappRow | undefined;
}

type ParsedFlow = ReturnType<typeof FlowContent.safeParse>;

/**
 * Parsed flow documents by flow id, each with the version it was read at (flowVersion): a
 * step whose flow row still has that version uses it, so a flow saved meanwhile (in any
 * process) is read again. Bounded: the least recently used are dropped.
 */
const documents = new Map<number, { version: string; parsed: ParsedFlow }>();
const DOCUMENTS_KEPT = 200;

function rememberDocument(flowId: number, version: string, parsed: ParsedFlow): void {
  documents.delete(flowId);
  documents.set(flowId, { version, parsed });
  if (documents.size > DOCUMENTS_KEPT) documents.delete(documents.keys().next().value!);
}

/**
 * The flow's document as stored now: from the cache when `state` (read this step) names the
 * version it holds, else read. Undefined when the flow is gone, `active` false when it is off.
 */
async function flowOf(
  deps: FlowDeps,
  companyId: number,
  flowId: number,
  state?: FlowState | null,
): Promise<{ active: boolean; parsed: ParsedFlow | undefined } | undefined> {
  if (state === null) return undefined;
  if (state) {
    if (!state.active) return { active: false, parsed: undefined };
    const cached = documents.get(flowId);
    if (cached?.version === state.version) {
      rememberDocument(flowId, cached.version, cached.parsed);
      return { active: true, parsed: cached.parsed };
    }
  }
  const found = await findFlowVersioned(deps.db, companyId, flowId);
  if (!found) return undefined;
  const parsed = FlowContent.safeParse(found.row.flow ?? { nodes: [], connections: [] });
  rememberDocument(flowId, found.version, parsed);
  return { active: found.row.active, parsed };
}

/** Whether the ticket is still the bot's: an attendant who takes it stops its flow. */
export function ticketAutomated(ticket: TicketRow): boolean {
  return ticket.status === "pending" && ticket.userId === null && !ticket.isGroup && ticket.whatsappId !== null;
}

const view = (run: FlowRunRow): RunView => ({ id: run.id, seq: run.seq, part: run.part, variables: run.variables });

/**
 * Starts a flow on a ticket (a phrase matched, a welcome flow, a queue integration of type
 * flowbuilder) and walks it until it waits or ends. False when nothing started: the flow is
 * missing or inactive, or the ticket has a run already.
 */
export async function startFlow(
  deps: FlowDeps,
  start: {
    ticket: TicketRow;
    flowId: number;
    trigger: FlowRunTrigger;
    messageId: number | null;
    /** The ticket's contact, when the caller read it already. */
    contact?: ContactRow | undefined;
    /** The ticket's connection, when the caller read it already. */
    connection?: WhatsappRow | undefined;
  },
): Promise<boolean> {
  const { ticket } = start;
  const [flow, contact] = await Promise.all([
    flowOf(deps, ticket.companyId, start.flowId),
    start.contact ?? findContact(deps.db, ticket.companyId, ticket.contactId),
  ]);
  if (!flow?.active) return false;
  const run = await insertRun(deps.db, {
    companyId: ticket.companyId,
    ticketId: ticket.id,
    flowId: start.flowId,
    trigger: start.trigger,
    nodeId: FLOW_START_NODE_ID,
    lastMessageId: start.messageId,
  });
  if (!run) return false;
  deps.log.info({ runId: run.id, ticketId: ticket.id, flowId: run.flowId, trigger: run.trigger }, "flow run started");
  const walk = await openWalk(deps, run, ticket, { flow, contact, connection: start.connection });
  if (walk) await advance(walk);
  return true;
}

/**
 * An inbound message on a ticket with an active run: the answer the run waits for, a message
 * for the service that has the conversation, or nothing during an interval. A message the
 * run already took (a step repeated after a crash) is not taken twice; a run found between
 * two nodes (a step cut short) is carried on.
 */
export async function runInbound(
  deps: FlowDeps,
  run: FlowRunRow,
  ticket: TicketRow,
  messageId: number,
  attempt = 1,
  read?: StepRead,
) {
  if (!ticketAutomated(ticket)) {
    await stopRun(deps, run, "takenOver");
    return;
  }
  if (run.wait === null) {
    const walk = await openWalk(deps, run, ticket);
    if (walk) await advance(walk);
    return;
  }
  if ((run.lastMessageId !== null && messageId <= run.lastMessageId) || run.wait === "interval") return;
  const [message, flow, contact] = read
    ? [read.message, await flowOf(deps, run.companyId, run.flowId, read.flow), read.contact ?? undefined]
    : await Promise.all([
        findMessage(deps.db, run.companyId, messageId),
        flowOf(deps, run.companyId, run.flowId),
        findContact(deps.db, run.companyId, ticket.contactId),
      ]);
  if (!message || message.fromMe || message.mediaType === "call_log") return;
  const walk = await openWalk(deps, run, ticket, { flow, contact, connection: read?.connection });
  if (!walk) return;
  const node = findNode(walk.flow, run.nodeId);
  if (!node) {
    await stopRun(deps, run, "missingNode");
    return;
  }
  if (run.wait === "handoff") {
    if (node.type === "openai" || node.type === "typebot") {
      const service = HANDOFF_SERVICES[node.type];
      if (service) await handBackWhen(walk, node, await service.message(handoff(walk, node), message));
    }
    return;
  }
  const transition = answerNode(walk.flow, node, message.body, view(run), walk.contact);
  if (!transition) {
    await stopRun(deps, run, "invalidFlow");
    return;
  }
  walk.budget -= 1;
  walk.attempt = attempt;
  walk.answering = messageId;
  if (await apply(walk, node, transition, { lastMessageId: messageId })) await advance(walk);
}

/**
 * The end of an interval (flows.resume): the run goes on where it paused, unless it moved on
 * since. A resume retried after its process died finds the run between two nodes and carries
 * it on. Never throws: a failed send is tried again later (flow-retry.ts).
 */
export async function resumeRun(deps: FlowDeps, ref: ResumeRef): Promise<void> {
  try {
    const found = await flowResumeFacts(deps.db, ref.companyId, ref.runId);
    if (found?.run.status !== "active") return;
    const { run, ticket } = found;
    const due = run.wait === "interval" ? run.seq === ref.seq : run.wait === null && run.seq > ref.seq;
    if (!due) return;
    if (!ticket) return;
    if (!ticketAutomated(ticket)) {
      await stopRun(deps, run, "takenOver");
      return;
    }
    const flow = await flowOf(deps, run.companyId, run.flowId, found.flow);
    const walk = await openWalk(deps, run, ticket, { flow, contact: found.contact ?? undefined });
    if (!walk) return;
    if (run.wait === "interval") {
      const moved = await moveRun(deps.db, run, { wait: null, waitUntil: null });
      if (!moved) return;
      walk.run = moved;
    }
    await advance(walk);
  } catch (error) {
    deps.log.error({ err: error, runId: ref.runId }, "flow resume failed");
  }
}

/**
 * The next try of a transition whose messages could not be sent (flows.retrySend), when the run
 * still stands where it failed: the transition again, under the same ids, so what left before
 * the failure is not sent twice. Never throws, like resumeRun.
 */
export async function retryRun(deps: FlowDeps, ref: RetryRef): Promise<void> {
  try {
    const run = await findRun(deps.db, ref.companyId, ref.runId);
    if (run?.status !== "active" || run.seq !== ref.seq) return;
    const ticket = await findTicketRow(deps.db, run.companyId, run.ticketId);
    if (!ticket) return;
    if (!ticketAutomated(ticket)) {
      await stopRun(deps, run, "takenOver");
      return;
    }
    if (run.wait === "answer" && ref.messageId !== null) {
      await runInbound(deps, run, ticket, ref.messageId, ref.attempt);
      return;
    }
    if (run.wait !== null) return;
    const walk = await openWalk(deps, run, ticket);
    if (!walk) return;
    walk.attempt = ref.attempt;
    await advance(walk);
  } catch (error) {
    deps.log.error({ err: error, runId: ref.runId, attempt: ref.attempt }, "flow retry failed");
  }
}

/** Stops the ticket's run, in the caller's transaction: a person took the ticket over. */
export async function stopTicketFlow(tx: Executor, ticket: { companyId: number; id: number }): Promise<void> {
  await endTicketRun(tx, ticket.companyId, ticket.id, "takenOver");
}

async function stopRun(deps: FlowDeps, run: FlowRunRow, reason: FlowRunEnd): Promise<void> {
  const ended = await endRun(deps.db, run, reason);
  if (ended) deps.log.info({ runId: run.id, ticketId: run.ticketId, reason }, "flow run ended");
}

/**
 * The run's saved flow as stored at this step (flowOf): a flow saved meanwhile applies from the
 * next node on.
 */
async function openWalk(
  deps: FlowDeps,
  run: FlowRunRow,
  ticket: TicketRow,
  read?: {
    flow: Awaited<ReturnType<typeof flowOf>>;
    contact: ContactRow | undefined;
    connection?: WhatsappRow | undefined;
  },
): Promise<Walk | undefined> {
  const [found, contact] = read
    ? [read.flow, read.contact]
    : await Promise.all([
        flowOf(deps, run.companyId, run.flowId),
        findContact(deps.db, run.companyId, ticket.contactId),
      ]);
  if (!found?.active || !found.parsed) {
    await stopRun(deps, run, "flowInactive");
    return undefined;
  }
  const flow = found.parsed;
  if (!flow.success) {
    deps.log.warn({ runId: run.id, flowId: run.flowId, issues: flow.error.issues }, "flow document unreadable");
    await stopRun(deps, run, "invalidFlow");
    return undefined;
  }
  return {
    deps,
    run,
    ticket,
    contact: { name: contact?.name ?? "" },
    flow: flow.data,
    budget: STEP_BUDGET,
    attempt: 1,
    answering: null,
    // Without the ticket's own connection, sendParts reads the one that sends (the company's default).
    sending: read?.connection ? { contact, connection: read.connection } : { contact },
  };
}

/** Visits nodes until the run waits or ends, within the step's budget. */
async function advance(walk: Walk): Promise<void> {
  while (walk.run.status === "active" && walk.run.wait === null) {
    const { run } = walk;
    if (walk.budget <= 0) {
      walk.deps.log.warn(
        { runId: run.id, ticketId: run.ticketId, flowId: run.flowId, nodeId: run.nodeId, budget: STEP_BUDGET },
        "flow run stopped: step budget spent (a cycle without a wait?)",
      );
      await stopRun(walk.deps, run, "budget");
      return;
    }
    walk.budget -= 1;
    const node = findNode(walk.flow, run.nodeId);
    if (!node) {
      // The flow was saved without the node the run stood on.
      await stopRun(walk.deps, run, "missingNode");
      return;
    }
    if (!(await apply(walk, node, visitNode(walk.flow, node, view(run), walk.contact)))) return;
  }
}

/**
 * Sends a transition's parts and commits its move with the last of them. Answers whether the
 * run goes on to another node now (false: it waits, ended, or another executor moved it).
 */
async function apply(walk: Walk, node: FlowNode, transition: FlowTransition, extra: RunChanges = {}): Promise<boolean> {
  const { deps, run } = walk;
  const changes: RunChanges = { ...extra };
  if (transition.variables) changes.variables = { ...run.variables, ...transition.variables };
  const { move } = transition;
  /** What follows the commit (events, wake-ups): set by the commit that happened. */
  let afterCommit: (() => Promise<void>) | undefined;

  const commit = async (tx: Executor): Promise<FlowRunRow | undefined> => {
    switch (move.kind) {
      case "goto":
        if (move.nodeId === null) return endRun(tx, run, "end", { changes });
        return moveRun(tx, run, { ...changes, nodeId: move.nodeId, part: 0, wait: null, waitUntil: null });
      case "answer":
        return moveRun(tx, run, { ...changes, wait: "answer" });
      case "handoff":
        return moveRun(tx, run, { ...changes, wait: "handoff" });
      case "interval": {
        const until = new Date(Date.now() + move.seconds * 1000);
        const row = await moveRun(tx, run, {
          ...changes,
          nodeId: move.nodeId,
          part: move.part,
          wait: "interval",
          waitUntil: until,
        });
        if (row) {
          await enqueueResume(deps, tx, { companyId: row.companyId, runId: row.id, seq: row.seq }, until);
          afterCommit = async () => wakeResumeAt(deps, until);
        }
        return row;
      }
      case "ticket": {
        const queue = await findQueue(tx, run.companyId, move.queueId);
        if (!queue) return endRun(tx, run, "missingQueue", { changes });
        const row = await endRun(tx, run, "ticket", { changes, ifTicketAutomated: true });
        if (!row) return row;
        const before = walk.ticket;
        const after = await updateTicketRow(tx, before.companyId, before.id, {
          queueId: queue.id,
          queueOptionId: null,
          chatbot: false,
          amountUsedBotQueues: 0,
        });
        if (after) afterCommit = () => emitTicketMoved(deps, before, after);
        return row;
      }
    }
  };

  // These moves are one statement each: with nothing to send, they need no transaction (no BEGIN and COMMIT).
  const oneStatement = move.kind === "goto" || move.kind === "answer" || move.kind === "handoff";
  const row = await sendParts(walk, transition.parts, commit, oneStatement);
  if (!row) return false;
  walk.run = row;
  // The transition went out: a later one starts its own tries.
  walk.attempt = 1;
  walk.answering = null;
  if (row.status === "ended")
    deps.log.info({ runId: row.id, ticketId: row.ticketId, reason: row.endedReason }, "flow run ended");
  await afterCommit?.();
  if (row.wait === "handoff" && (node.type === "openai" || node.type === "typebot")) {
    const service = HANDOFF_SERVICES[node.type];
    if (service) return handBackWhen(walk, node, await service.start(handoff(walk, node)));
  }
  return row.status === "active" && row.wait === null;
}

/**
 * Sends each part under its derived id and runs `commit` in the transaction that stores the
 * last one (or alone, with nothing to send: in a transaction of its own unless `oneStatement`
 * says it is a single statement, atomic by itself). Earlier parts that a previous try of this
 * same transition stored are not sent again. Undefined when the transition did not commit here.
 */
async function sendParts(
  walk: Walk,
  parts: FlowPart[],
  commit: (tx: Executor) => Promise<FlowRunRow | undefined>,
  oneStatement: boolean,
): Promise<FlowRunRow | undefined> {
  const { deps, run, ticket } = walk;
  const outgoing = await Promise.all(parts.map((part) => outgoingOf(walk, part)));
  const sendable = outgoing.flatMap((message, index) => (message ? [{ message, index }] : []));
  if (sendable.length === 0) return oneStatement ? commit(deps.db) : deps.db.transaction(commit);
  // Every send of the step goes out on the same connection to the same contact: read them once.
  walk.sending.connection ??= await findSendingConnection(deps.db, ticket.companyId, ticket.whatsappId);
  let committed: FlowRunRow | undefined;
  for (const [position, { message, index }] of sendable.entries()) {
    const messageId = flowMessageId(run.id, run.seq, index);
    const last = position === sendable.length - 1;
    if (!last && (await messageIdByProviderId(deps.db, ticket.companyId, ticket.whatsappId!, messageId)) !== undefined)
      continue;
    try {
      await sendTicketMessage(
        deps,
        {
          id: ticket.id,
          companyId: ticket.companyId,
          whatsappId: ticket.whatsappId,
          contactId: ticket.contactId,
          read: walk.sending,
        },
        {
          ...message,
          automatic: true,
          messageId,
          ...(last
            ? {
                recordSent: async (tx) => {
                  committed = await commit(tx);
                },
              }
            : {}),
        },
      );
    } catch (error) {
      // The message left but was not stored here: another try of this transition stored it
      // first (and committed the move with it), or the store failed and the next try sends
      // it again under the same id.
      if (error instanceof AppError && error.code === "ERR_CREATING_MESSAGE") {
        deps.log.warn({ runId: run.id, seq: run.seq, messageId }, "flow message sent but not stored here");
        return undefined;
      }
      // The sending path refused it (the connection down, the provider failing): tried again later.
      if (error instanceof AppError) {
        const failed = { run, ticket, attempt: walk.attempt, messageId: walk.answering, code: error.code };
        await sendFailed(deps, failed);
        return undefined;
      }
      throw error;
    }
  }
  return committed;
}

/** A part as the sending path takes it; undefined for an empty text or a media file that is gone. */
async function outgoingOf(walk: Walk, part: FlowPart): Promise<OutgoingMessage | undefined> {
  if (part.kind === "text") return part.body.trim() ? { body: part.body } : undefined;
  const { deps, run } = walk;
  try {
    const data = await deps.media.read(`company${run.companyId}/${part.name}`);
    const type = await detectFile(data, part.name);
    const voiceNote = part.voiceNote === undefined ? {} : { voiceNote: part.voiceNote };
    return { body: "", media: { data, fileName: part.name, mimeType: type.mimeType, ...voiceNote } };
  } catch (error) {
    deps.log.warn({ err: error, runId: run.id, media: part.name }, "flow media not found: not sent");
    return undefined;
  }
}

function handoff(walk: Walk, node: HandoffNode) {
  return { deps: walk.deps, ticket: walk.ticket, run: walk.run, node };
}

/** The service handed the conversation back: the run goes on from the node's edge. */
async function handBackWhen(walk: Walk, node: HandoffNode, outcome: HandoffOutcome): Promise<boolean> {
  if (outcome !== "handBack") return false;
  if (!(await apply(walk, node, { parts: [], move: nextMove(walk.flow, node) }))) return false;
  await advance(walk);
  return false;
}

/** The ticket node moved the ticket: the lists that show it hear so (those that lose it, a delete). */
async function emitTicketMoved(deps: FlowDeps, before: TicketRow, after: TicketRow): Promise<void> {
  try {
    const contact = await findContact(deps.db, after.companyId, after.contactId);
    if (!contact) return;
    const relations = await ticketRelations(deps.db, after.companyId, after.id);
    await emitTicketChange(deps, before, after, { action: "update", ticket: ticketPayload(after, contact, relations) });
  } catch (error) {
    deps.log.error({ err: error, ticketId: after.id }, "flow ticket event failed");
  }
}
