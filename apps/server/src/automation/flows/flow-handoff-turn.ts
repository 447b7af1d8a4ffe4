import { FlowContent } from "@atendo/shared";
import { findTicketRow } from "../../modules/tickets/tickets.repository.js";
import type { HandoffContext } from "./flow-handoff.js";
import { findNode, nextMove } from "./flow-logic.js";
import { type FlowDeps, resumeRun, ticketAutomated } from "./flow-run.js";
import { endRun, findFlowVersioned, findRun, moveRun } from "./flow-runs.repository.js";

/*
 * A hand-off service whose turns run by job, away from the flow's step (the Typebot node, so a
 * failing Typebot is retried as a queue integration's is): what the job needs of the engine.
 */

/** Which run's visit of which node a turn belongs to. */
export interface HandoffRef {
  companyId: number;
  runId: number;
  nodeId: string;
}

/** A standing hand-off with the flow document it was read from. */
export type StandingHandoff = HandoffContext & { flow: FlowContent };

/**
 * The run, its ticket and its node while the run still waits in hand-off on `ref.nodeId` and the
 * ticket is still the bot's; undefined once the run moved on or ended, the flow is off or lost
 * the node, or a person has the ticket (the engine stops such a run at the ticket's next step).
 */
export async function standingHandoff(deps: FlowDeps, ref: HandoffRef): Promise<StandingHandoff | undefined> {
  const run = await findRun(deps.db, ref.companyId, ref.runId);
  if (run?.status !== "active" || run.wait !== "handoff" || run.nodeId !== ref.nodeId) return undefined;
  const [ticket, flow] = await Promise.all([
    findTicketRow(deps.db, run.companyId, run.ticketId),
    findFlowVersioned(deps.db, run.companyId, run.flowId),
  ]);
  if (!ticket || !ticketAutomated(ticket) || !flow?.row.active) return undefined;
  const parsed = FlowContent.safeParse(flow.row.flow ?? { nodes: [], connections: [] });
  if (!parsed.success) return undefined;
  const node = findNode(parsed.data, ref.nodeId);
  if (node?.type !== "typebot" && node?.type !== "openai") return undefined;
  return { deps, ticket, run, node, flow: parsed.data };
}

/**
 * The service handed the conversation back from its job: the run goes on from the node's edge,
 * as the engine's step does it (moved to the next node, then walked on as a resume), or ends
 * where the node has no edge. Nothing happens when the run moved meanwhile.
 */
export async function handBackRun(standing: StandingHandoff): Promise<void> {
  const { deps, run, node, flow } = standing;
  const move = nextMove(flow, node);
  const next = move.kind === "goto" ? move.nodeId : null;
  if (next === null) {
    const ended = await endRun(deps.db, run, "end");
    if (ended) deps.log.info({ runId: run.id, ticketId: run.ticketId, reason: "end" }, "flow run ended");
    return;
  }
  const moved = await moveRun(deps.db, run, { nodeId: next, part: 0, wait: null, waitUntil: null });
  if (moved) await resumeRun(deps, { companyId: run.companyId, runId: run.id, seq: run.seq });
}
