import type { FlowNodeOf } from "@atendo/shared";
import type { AppContext } from "../../context.js";
import type { MessageRow } from "../../modules/messages/messages.repository.js";
import type { TicketRow } from "../../modules/tickets/tickets.repository.js";
import type { FlowRunRow } from "./flow-runs.repository.js";

/**
 * OpenAI and Typebot nodes hand the conversation to their service until it hands back. The
 * engine's half is here: a run that reaches such a node waits with wait "handoff" on it, and
 * while it does every inbound message of the ticket goes to the node type's service instead of
 * the flow. The services themselves (the OpenAI and Typebot clients) come with the integrations
 * issue, which registers them in HANDOFF_SERVICES; until then a run at such a node stays waiting
 * in hand-off, and the customer's messages wait there for an attendant.
 */
export type HandoffNode = FlowNodeOf<"openai"> | FlowNodeOf<"typebot">;

export interface HandoffContext {
  deps: Pick<AppContext, "db" | "realtime" | "media" | "log" | "sessions" | "jobs" | "config">;
  ticket: TicketRow;
  run: FlowRunRow;
  node: HandoffNode;
}

/** "stay": the service keeps the conversation; "handBack": the flow goes on from the node's edge. */
export type HandoffOutcome = "stay" | "handBack";

export interface HandoffService {
  /** The run has just reached the node. */
  start(context: HandoffContext): Promise<HandoffOutcome>;
  /** A customer's message while the service has the conversation (an audio's body may be empty). */
  message(context: HandoffContext, message: HandoffMessage): Promise<HandoffOutcome>;
}

/** The customer's stored message as a service reads it. */
export type HandoffMessage = Pick<MessageRow, "id" | "body" | "mediaType" | "mediaUrl">;

/**
 * The services by node type, registered by the composition root (http/app.ts), since the
 * services build on the engine and the engine cannot import them back. A type without one
 * stays waiting in hand-off.
 */
export const HANDOFF_SERVICES: Partial<Record<HandoffNode["type"], HandoffService>> = {};
