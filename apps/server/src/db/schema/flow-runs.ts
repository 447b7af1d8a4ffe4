import { sql } from "drizzle-orm";
import { index, integer, jsonb, pgTable, smallint, timestamp, uniqueIndex, varchar } from "drizzle-orm/pg-core";
import { id, timestamps } from "./columns.js";
import { companyId } from "./companies.js";
import { flows } from "./flows.js";
import { tickets } from "./tickets.js";

/** How a run came to be (automation/flows: flow-entry.ts). */
export type FlowRunTrigger = "phrase" | "welcome" | "integration";
/** What an active run waits for; null while it is moving from node to node. */
export type FlowRunWait = "answer" | "interval" | "handoff";
/** Why a run ended (automation/flows: flow-run.ts). */
export type FlowRunEnd =
  | "end"
  | "ticket"
  | "missingQueue"
  | "budget"
  | "takenOver"
  | "missingNode"
  | "flowInactive"
  | "invalidFlow"
  | "failed"
  /** The transition's messages could not be sent after every try: left to the attendants. */
  | "sendFailed";

/**
 * One flow run of a ticket: the state machine the engine keeps in the database, never in
 * process memory (the current node and the place inside it, the variables, the pending wait),
 * so a restart at any point resumes where the ticket was. `seq` counts the run's transitions:
 * each one is a compare-and-set on it, and the ids of the messages a transition sends derive
 * from it, so a transition repeated after a crash sends the same messages, which the network
 * keeps once. A ticket has at most one active run; ended runs stay as the ticket's history.
 */
export const flowRuns = pgTable(
  "flow_runs",
  {
    id: id(),
    companyId: companyId(),
    ticketId: integer()
      .notNull()
      .references(() => tickets.id, { onDelete: "cascade" }),
    // A deleted flow takes its runs with it: there is no document left to run.
    flowId: integer()
      .notNull()
      .references(() => flows.id, { onDelete: "cascade" }),
    trigger: varchar({ length: 20 }).$type<FlowRunTrigger>().notNull(),
    status: varchar({ length: 10 }).$type<"active" | "ended">().notNull().default("active"),
    nodeId: varchar({ length: 64 }).notNull(),
    /** Where inside the node the run goes on (a content sequence's next element after an interval). */
    part: smallint().notNull().default(0),
    wait: varchar({ length: 10 }).$type<FlowRunWait>(),
    /** The end of an interval wait (its resume job is due then). */
    waitUntil: timestamp({ withTimezone: true }),
    seq: integer().notNull().default(0),
    /** The newest inbound message the run has consumed: a step repeated after a crash does not take it twice. */
    lastMessageId: integer(),
    /** Question answers by answerKey. */
    variables: jsonb().$type<Record<string, string>>().notNull().default({}),
    endedReason: varchar({ length: 20 }).$type<FlowRunEnd>(),
    endedAt: timestamp({ withTimezone: true }),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex("flow_runs_active_ticket_unique").on(t.companyId, t.ticketId).where(sql`${t.status} = 'active'`),
    index("flow_runs_company_ticket_idx").on(t.companyId, t.ticketId, t.id),
  ],
);
