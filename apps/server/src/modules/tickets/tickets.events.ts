import {
  type AppMessageEventPayload,
  companyEvent,
  type TicketEventPayload,
  type TicketVisibilityFacts,
} from "@atendo/shared";
import type { AppContext } from "../../context.js";
import type { Executor } from "../../db/client.js";
import { rooms } from "../../realtime/gateway.js";
import { ticketViewersSql } from "./ticket-visibility.sql.js";
import { audienceUserIds } from "./tickets.repository.js";

export type EventDeps = Pick<AppContext, "realtime"> & { db: Executor };

/** A ticket with what decides who may see it. */
export interface AudienceTicket extends TicketVisibilityFacts {
  id: number;
  companyId: number;
}

/**
 * The rooms whose sockets may see a ticket (the shared rule, canSeeTicket, as SQL over users):
 * - no queue yet: every user of the company may see it, so the company room;
 * - otherwise the admins room, and the rooms of the other users the rule lets see it
 *   (the ticket's user, the queue's users, super users and, while pending, users with allTicket enabled).
 * The per-ticket room (joinChatBox) and the status rooms (joinTickets) are never
 * used: any socket of the company may join them, so they are not an audience.
 */
export async function ticketAudience(db: Executor, ticket: AudienceTicket): Promise<string[]> {
  const { companyId } = ticket;
  const viewers = ticketViewersSql(companyId, ticket);
  if (viewers === true) return [rooms.company(companyId)];
  const userIds = await audienceUserIds(db, companyId, viewers);
  return [rooms.admins(companyId), ...userIds.map((id) => rooms.user(companyId, id))];
}

/** Whether two states of a ticket have the same audience: what ticketAudience reads is unchanged. */
const sameReach = (a: AudienceTicket, b: AudienceTicket) =>
  a.queueId === b.queueId && a.userId === b.userId && (a.status === "pending") === (b.status === "pending");

/** `company-{id}-ticket` to the sockets allowed to see the ticket, once each. */
export async function emitTicketEvent(
  deps: EventDeps,
  ticket: AudienceTicket,
  payload: TicketEventPayload,
): Promise<void> {
  const audience = await ticketAudience(deps.db, ticket);
  deps.realtime.toRooms(audience, companyEvent.ticket(ticket.companyId), payload);
}

/** `company-{id}-appMessage` to the sockets allowed to see the message's ticket, once each. */
export async function emitTicketMessage(
  deps: EventDeps,
  ticket: AudienceTicket,
  payload: AppMessageEventPayload,
): Promise<void> {
  const audience = await ticketAudience(deps.db, ticket);
  deps.realtime.toRooms(audience, companyEvent.appMessage(ticket.companyId), payload);
}

/**
 * A new message on a ticket: `appMessage` create, then the ticket's update,
 * to one audience computed once.
 */
export async function emitNewMessage(
  deps: EventDeps,
  ticket: AudienceTicket,
  created: Omit<Extract<AppMessageEventPayload, { action: "create" }>, "action">,
): Promise<void> {
  const audience = await ticketAudience(deps.db, ticket);
  deps.realtime.toRooms(audience, companyEvent.appMessage(ticket.companyId), { action: "create", ...created });
  deps.realtime.toRooms(audience, companyEvent.ticket(ticket.companyId), { action: "update", ticket: created.ticket });
}

/**
 * A change that may move a ticket between audiences (transfer, accept, return,
 * close, reopen): sockets that could see it before and cannot any more get
 * `{ action: "delete", ticketId }` so their lists drop it; the new audience
 * gets the update. A socket in both gets only the update.
 */
export async function emitTicketChange(
  deps: EventDeps,
  before: AudienceTicket,
  after: AudienceTicket,
  payload: TicketEventPayload,
): Promise<void> {
  const [previous, next] = sameReach(before, after)
    ? await ticketAudience(deps.db, after).then((audience) => [audience, audience])
    : await Promise.all([ticketAudience(deps.db, before), ticketAudience(deps.db, after)]);
  const event = companyEvent.ticket(after.companyId);
  const same = previous.length === next.length && previous.every((room) => next.includes(room));
  if (!same) deps.realtime.toRooms(previous, event, { action: "delete", ticketId: before.id }, next);
  deps.realtime.toRooms(next, event, payload);
}
