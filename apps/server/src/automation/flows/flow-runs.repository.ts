import { and, eq, sql } from "drizzle-orm";
import type { Executor } from "../../db/client.js";
import { contacts, type FlowRunEnd, flowRuns, flows, tickets } from "../../db/schema/index.js";

export type FlowRunRow = typeof flowRuns.$inferSelect;

/** What a step may change; seq, status and times are the repository's. */
export type RunChanges = Partial<
  Pick<FlowRunRow, "nodeId" | "part" | "wait" | "waitUntil" | "lastMessageId" | "variables">
>;

const active = eq(flowRuns.status, "active");

/**
 * The ticket is still the bot's: pending, nobody's, not a group. A step's commit that keeps the
 * run going (and the ticket node's) checks it in its own statement, so a run never moves on a
 * ticket an attendant took.
 */
const ticketStillAutomated = sql`exists (select 1 from ${tickets} where ${tickets.companyId} = ${flowRuns.companyId} and ${tickets.id} = ${flowRuns.ticketId} and ${tickets.status} = 'pending' and ${tickets.userId} is null and not ${tickets.isGroup})`;

/**
 * A version of a flow row that changes whenever the row is written (the row version's
 * transaction id and its update time): a document parsed at one version is the one stored.
 */
export const flowVersion = sql<string>`${flows}.xmin::text || ':' || (extract(epoch from ${flows.updatedAt}) * 1000000)::bigint::text`;

/** The flow's state as of now: whether it runs, and the version of its stored document. */
export interface FlowState {
  id: number;
  active: boolean;
  version: string;
}

/** What an interval's end reads, in one round trip: the run, its ticket, its flow state and the contact. */
export async function flowResumeFacts(db: Executor, companyId: number, runId: number) {
  const [row] = await db
    .select({
      run: flowRuns,
      ticket: tickets,
      flow: { id: flows.id, active: flows.active, version: flowVersion },
      contact: contacts,
    })
    .from(flowRuns)
    .leftJoin(tickets, and(eq(tickets.companyId, companyId), eq(tickets.id, flowRuns.ticketId)))
    .leftJoin(flows, and(eq(flows.companyId, companyId), eq(flows.id, flowRuns.flowId)))
    .leftJoin(contacts, and(eq(contacts.companyId, companyId), eq(contacts.id, tickets.contactId)))
    .where(and(eq(flowRuns.companyId, companyId), eq(flowRuns.id, runId)))
    .limit(1);
  return row as (Omit<NonNullable<typeof row>, "flow"> & { flow: FlowState | null }) | undefined;
}

/** A flow's row with its version (flowVersion), tenant-scoped. */
export async function findFlowVersioned(db: Executor, companyId: number, flowId: number) {
  const [row] = await db
    .select({ row: flows, version: flowVersion })
    .from(flows)
    .where(and(eq(flows.companyId, companyId), eq(flows.id, flowId)))
    .limit(1);
  return row;
}

export async function findRun(db: Executor, companyId: number, runId: number): Promise<FlowRunRow | undefined> {
  const [row] = await db
    .select()
    .from(flowRuns)
    .where(and(eq(flowRuns.companyId, companyId), eq(flowRuns.id, runId)))
    .limit(1);
  return row;
}

/** A new active run, or undefined when the ticket has one already (the partial unique index). */
export async function insertRun(
  db: Executor,
  values: Pick<FlowRunRow, "companyId" | "ticketId" | "flowId" | "trigger" | "nodeId" | "lastMessageId">,
): Promise<FlowRunRow | undefined> {
  const [row] = await db
    .insert(flowRuns)
    .values(values)
    .onConflictDoNothing({ target: [flowRuns.companyId, flowRuns.ticketId], where: sql`${flowRuns.status} = 'active'` })
    .returning();
  return row;
}

/**
 * One step's commit: applies the changes and counts it, only if the run is still active at `seq`
 * and its ticket still automated (compare and set). Answers the new row, or undefined when
 * the run moved, ended or lost its ticket meanwhile.
 */
export async function moveRun(
  db: Executor,
  run: Pick<FlowRunRow, "companyId" | "id" | "seq">,
  changes: RunChanges,
): Promise<FlowRunRow | undefined> {
  const [row] = await db
    .update(flowRuns)
    .set({ ...changes, seq: run.seq + 1, updatedAt: new Date() })
    .where(
      and(
        eq(flowRuns.companyId, run.companyId),
        eq(flowRuns.id, run.id),
        eq(flowRuns.seq, run.seq),
        active,
        ticketStillAutomated,
      ),
    )
    .returning();
  return row;
}

/**
 * Ends the run: at `seq` when given (a step's own end, and then only while its ticket is
 * still automated when asked), or whatever its state (a stop).
 */
export async function endRun(
  db: Executor,
  run: Pick<FlowRunRow, "companyId" | "id"> & { seq?: number },
  reason: FlowRunEnd,
  options: { changes?: RunChanges; ifTicketAutomated?: boolean } = {},
): Promise<FlowRunRow | undefined> {
  const now = new Date();
  const [row] = await db
    .update(flowRuns)
    .set({
      ...options.changes,
      status: "ended",
      endedReason: reason,
      endedAt: now,
      wait: null,
      waitUntil: null,
      seq: sql`${flowRuns.seq} + 1`,
      updatedAt: now,
    })
    .where(
      and(
        eq(flowRuns.companyId, run.companyId),
        eq(flowRuns.id, run.id),
        run.seq === undefined ? undefined : eq(flowRuns.seq, run.seq),
        active,
        options.ifTicketAutomated ? ticketStillAutomated : undefined,
      ),
    )
    .returning();
  return row;
}

/** Ends the ticket's active run, if any (a person took the ticket over). */
export async function endTicketRun(db: Executor, companyId: number, ticketId: number, reason: FlowRunEnd) {
  const now = new Date();
  const rows = await db
    .update(flowRuns)
    .set({
      status: "ended",
      endedReason: reason,
      endedAt: now,
      wait: null,
      waitUntil: null,
      seq: sql`${flowRuns.seq} + 1`,
      updatedAt: now,
    })
    .where(and(eq(flowRuns.companyId, companyId), eq(flowRuns.ticketId, ticketId), active))
    .returning({ id: flowRuns.id });
  return rows.length > 0;
}
