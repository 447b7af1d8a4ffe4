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
  type FlowMove,
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
 * The flow engine: walks a ticket's flow run a step at a time. A step (an inbound message, an
 * interval's end, a retry) visits nodes in memory from the run's committed state until the run
 * waits (an answer, a hand-off, an interval) or ends, then sends what the nodes produced and
 * commits once: the run's new state, a compare-and-set on its seq (flow-runs.repository.ts),
 * written with the last message (the sending path's recordSent). The messages go out under ids
 * derived from (run, seq, part) (flowMessageId), so a crash or a failed send before the commit
 * leaves the run at its seq, and the step's next try visits the same nodes and sends under the
 * same ids, which the network keeps once; a crash after it finds the run moved on. Several
 * executors of one step at once send the same ids, and one commits.
 */

export type FlowDeps = Pick<AppContext, "db" | "realtime" | "media" | "log" | "sessions" | "jobs" | "config">;

/**
 * Node visits one inbound message (or one interval's end) may cause. A flow with a cycle
 * stops there instead of spinning: the run ends with reason "budget" and the reason is logged.
 * What the nodes visited before produced still goes out, and the end commits with the last of
 * it, as any step's end does: it is what the run said up to there when each node committed on
 * its own, and the nodes before a cycle (a greeting) are usually meant to be heard.
 */
export const STEP_BUDGET = 50;

/** A run being walked, with what its nodes need. */
interface Walk {
  deps: FlowDeps;
  /** The run as last committed: the seq a step compares and sets, and its message ids' seq. */
  run: FlowRunRow;
  ticket: TicketRow;
  contact: ContactNames;
  flow: FlowContent;
  /** Node visits left, over the steps of one call (a hand-back walks on with what is left). */
  budget: number;
  /** The try of the step's sends (flow-retry.ts): above 1 when a retry runs it. */
  attempt: number;
  /** The customer's message the step answers, if any (a retry answers it again). */
  answering: number | null;
  /** The ticket's contact and sending connection, read once per step for all its sends. */
  sending: { contact: ContactRow | undefined; connection?: WhatsappRow | undefined };
}

/** A step being walked in memory: where the run stands now, and what the commit will store and send. */
interface Step {
  nodeId: string;
  /** Where inside the node: a content sequence's next element. */
  part: number;
  variables: Record<string, string>;
  /** Nodes visited so far (RunView.visit). */
  visits: number;
  /** What the visited nodes produced, in order: a part's index is its number in its message id. */
  parts: FlowPart[];
  /** What the commit stores besides where the run stands: the message answered, the variables set. */
  changes: RunChanges;
  /** The node the step stopped on: a hand-off's service starts there after the commit. */
  node?: FlowNode;
}

/** Where a step stops walking: the run waits there, or ends. */
type StepEnd = Exclude<FlowMove, { kind: "goto" }> | { kind: "end"; reason: "end" | "missingNode" | "budget" };

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

/** A step at the run's committed state, before its first visit. */
function newStep(run: FlowRunRow): Step {
  return { nodeId: run.nodeId, part: run.part, variables: run.variables, visits: 0, parts: [], changes: {} };
}

/** The run as the decisions see it where the step stands now. */
const view = (run: FlowRunRow, step: Step): RunView => ({
  id: run.id,
  seq: run.seq,
  visit: step.visits,
  part: step.part,
  variables: step.variables,
});

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
  if (walk) await runStep(walk);
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
    if (walk) await runStep(walk);
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
  const transition = answerNode(walk.flow, node, message.body, view(run, newStep(run)), walk.contact);
  if (!transition) {
    await stopRun(deps, run, "invalidFlow");
    return;
  }
  walk.attempt = attempt;
  walk.answering = messageId;
  await runStep(walk, { node, transition, messageId });
}

/**
 * The end of an interval (flows.resume): the run goes on where it paused, unless it moved on
 * since; the step's commit ends the wait. A resume retried after its process died finds the
 * run still waiting, or between two nodes (a hand-back's move), and carries it on. Never
 * throws: a failed send is tried again later (flow-retry.ts).
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
    if (walk) await runStep(walk);
  } catch (error) {
    deps.log.error({ err: error, runId: ref.runId }, "flow resume failed");
  }
}

/**
 * The next try of a step whose messages could not be sent (flows.retrySend), when the run still
 * stands where it failed: the step again from there, under the same ids, so what left before
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
    // A step that started between two nodes, or at an interval's end (whose wait ended with nothing committed).
    if (run.wait !== null && run.wait !== "interval") return;
    const walk = await openWalk(deps, run, ticket);
    if (!walk) return;
    walk.attempt = ref.attempt;
    await runStep(walk);
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
 * next step on.
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

/** The customer's answer to the node the run waits on, as answerNode read it. */
interface Answered {
  node: FlowNode;
  transition: FlowTransition;
  messageId: number;
}

/**
 * One step: from the run's committed state (and the answer it takes, if any), visits nodes in
 * memory until the run waits or ends, then commits once (commitStep).
 */
async function runStep(walk: Walk, answered?: Answered): Promise<void> {
  const step = newStep(walk.run);
  let end: StepEnd | undefined;
  if (answered) {
    walk.budget -= 1;
    step.changes.lastMessageId = answered.messageId;
    end = take(step, answered.node, answered.transition);
  }
  await commitStep(walk, step, end ?? walkNodes(walk, step));
}

/** Visits nodes from where the step stands until one makes the run wait or end, or the budget is spent. */
function walkNodes(walk: Walk, step: Step): StepEnd {
  for (;;) {
    const { run } = walk;
    if (walk.budget <= 0) {
      walk.deps.log.warn(
        { runId: run.id, ticketId: run.ticketId, flowId: run.flowId, nodeId: step.nodeId, budget: STEP_BUDGET },
        "flow run stopped: step budget spent (a cycle without a wait?)",
      );
      return { kind: "end", reason: "budget" };
    }
    const node = findNode(walk.flow, step.nodeId);
    // The flow was saved without the node the run stands on.
    if (!node) return { kind: "end", reason: "missingNode" };
    walk.budget -= 1;
    const end = take(step, node, visitNode(walk.flow, node, view(run, step), walk.contact));
    if (end) return end;
  }
}

/** Adds a node's transition to the step: where the step stops, or undefined when it goes on to another node. */
function take(step: Step, node: FlowNode, transition: FlowTransition): StepEnd | undefined {
  step.visits += 1;
  step.node = node;
  step.parts.push(...transition.parts);
  if (transition.variables) {
    // Later nodes of the step render with them, and the commit stores them.
    step.variables = { ...step.variables, ...transition.variables };
    step.changes.variables = step.variables;
  }
  const { move } = transition;
  if (move.kind !== "goto") return move;
  if (move.nodeId === null) return { kind: "end", reason: "end" };
  step.nodeId = move.nodeId;
  step.part = 0;
  return undefined;
}

/**
 * Sends the step's parts and commits where it stopped with the last of them: one compare-and-set
 * on the seq the step started from, which finds nothing to change when another executor moved
 * the run meanwhile or an attendant took the ticket. Then what follows the commit: events, the
 * interval's wake-up, a hand-off's service.
 */
async function commitStep(walk: Walk, step: Step, end: StepEnd): Promise<void> {
  const { deps, run } = walk;
  const changes: RunChanges = { ...step.changes, nodeId: step.nodeId, part: step.part, wait: null, waitUntil: null };
  /** What follows the commit (events, wake-ups): set by the commit that happened. */
  let afterCommit: (() => Promise<void>) | undefined;

  const commit = async (tx: Executor): Promise<FlowRunRow | undefined> => {
    switch (end.kind) {
      case "end":
        return endRun(tx, run, end.reason, { changes });
      case "answer":
        return moveRun(tx, run, { ...changes, wait: "answer" });
      case "handoff":
        return moveRun(tx, run, { ...changes, wait: "handoff" });
      case "interval": {
        const until = new Date(Date.now() + end.seconds * 1000);
        const row = await moveRun(tx, run, {
          ...changes,
          nodeId: end.nodeId,
          part: end.part,
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
        const queue = await findQueue(tx, run.companyId, end.queueId);
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

  // These ends are one statement each: with nothing to send, they need no transaction (no BEGIN and COMMIT).
  const oneStatement = end.kind === "end" || end.kind === "answer" || end.kind === "handoff";
  const row = await sendParts(walk, step.parts, commit, oneStatement);
  if (!row) return;
  walk.run = row;
  // The step went out: a later one starts its own tries.
  walk.attempt = 1;
  walk.answering = null;
  if (row.status === "ended")
    deps.log.info({ runId: row.id, ticketId: row.ticketId, reason: row.endedReason }, "flow run ended");
  await afterCommit?.();
  const { node } = step;
  if (row.wait === "handoff" && (node?.type === "openai" || node?.type === "typebot")) {
    const service = HANDOFF_SERVICES[node.type];
    if (service) await handBackWhen(walk, node, await service.start(handoff(walk, node)));
  }
}

/**
 * Sends each part under its derived id and runs `commit` in the transaction that stores the
 * last one (or alone, with nothing to send: in a transaction of its own unless `oneStatement`
 * says it is a single statement, atomic by itself). Earlier parts that a previous try of this
 * same step stored are not sent again. Undefined when the step did not commit here.
 */
async function sendParts(
  walk: Walk,
  parts: FlowPart[],
  commit: (tx: Executor) => Promise<FlowRunRow | undefined>,
  oneStatement: boolean,
): Promise<FlowRunRow | undefined> {
  const { deps, run, ticket } = walk;
  let next = await sendableFrom(walk, parts, 0);
  if (!next) return oneStatement ? commit(deps.db) : deps.db.transaction(commit);
  // Every send of the step goes out on the same connection to the same contact: read them once.
  walk.sending.connection ??= await findSendingConnection(deps.db, ticket.companyId, ticket.whatsappId);
  let committed: FlowRunRow | undefined;
  while (next) {
    const { message, index } = next;
    // Read one part ahead: the last to go out carries the commit, and a step's media files are
    // not all held in memory at once.
    next = await sendableFrom(walk, parts, index + 1);
    const last = next === undefined;
    const messageId = flowMessageId(run.id, run.seq, index);
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
      // The message left but was not stored here: another try of this step stored it first
      // (and committed the step with it), or the store failed and the next try sends it again
      // under the same id.
      if (error instanceof AppError && error.code === "ERR_CREATING_MESSAGE") {
        deps.log.warn({ runId: run.id, seq: run.seq, messageId }, "flow message sent but not stored here");
        return undefined;
      }
      // The sending path refused it (the connection down, the provider failing): the step is tried again later.
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

/** The first part from `start` on that can go out, with its index among the step's parts. */
async function sendableFrom(
  walk: Walk,
  parts: FlowPart[],
  start: number,
): Promise<{ message: OutgoingMessage; index: number } | undefined> {
  for (let index = start; index < parts.length; index++) {
    const message = await outgoingOf(walk, parts[index]!);
    if (message) return { message, index };
  }
  return undefined;
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

/**
 * The service handed the conversation back: the run moves on from the node's edge, committed on
 * its own (the service's turn is not repeated, so a step that fails after it must find the run
 * past the node), then walks on as a new step with what is left of the budget.
 */
async function handBackWhen(walk: Walk, node: HandoffNode, outcome: HandoffOutcome): Promise<void> {
  if (outcome !== "handBack") return;
  const { deps, run } = walk;
  const move = nextMove(walk.flow, node);
  const next = move.kind === "goto" ? move.nodeId : null;
  if (next === null) {
    if (await endRun(deps.db, run, "end"))
      deps.log.info({ runId: run.id, ticketId: run.ticketId, reason: "end" }, "flow run ended");
    return;
  }
  const moved = await moveRun(deps.db, run, { nodeId: next, part: 0, wait: null, waitUntil: null });
  if (!moved) return;
  walk.run = moved;
  await runStep(walk);
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
