import {
  type CreateTicketBody,
  DEFAULT_RATING_MESSAGE,
  hasPermission,
  isAdmin,
  type OtherOpenTicketData,
  TICKETS_PAGE_SIZE,
  type Ticket,
  type TicketsListQuery,
  type TicketsPage,
  type UpdateTicketBody,
} from "@atendo/shared";
import type { AppContext } from "../../context.js";
import type { Executor } from "../../db/client.js";
import type { AuthSession } from "../../http/auth.js";
import { AppError } from "../../http/errors.js";
import { findQueue } from "../queues/queues.repository.js";
import { getSetting } from "../settings/settings.repository.js";
import { findDefaultWhatsapp, findWhatsapp } from "../whatsapps/whatsapps.repository.js";
import { canSeeTicket } from "./ticket-access.js";
import { type AudienceTicket, emitTicketChange, emitTicketEvent } from "./tickets.events.js";
import {
  companyHasIntegration,
  companyHasPrompt,
  deleteTicketRow,
  findOtherOpenTicket,
  findTicketRow,
  findTicketRowByUuid,
  findUserName,
  insertTicket,
  insertTracking,
  latestTracking,
  lockContact,
  markAwaitingRating,
  pageTickets,
  type TicketChanges,
  type TicketListFilters,
  type TicketPageStart,
  type TicketRow,
  ticketDetail,
  updateTicketRow,
  updateTracking,
  viewerScope,
} from "./tickets.repository.js";
import { toTicket } from "./tickets.serializers.js";
import { ticketTexts } from "./tickets.texts.js";

export type TicketsDeps = Pick<
  AppContext,
  "db" | "realtime" | "media" | "log" | "sessions" | "sendMessage" | "stopAutomation"
>;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const invalid = (path: string, message: string) => new AppError("ERR_VALIDATION", { fields: [{ path, message }] });

/** Midnight of a YYYY-MM-DD day in the server's time zone, and the next midnight. */
function dayRange(day: string, path: string): { from: Date; to: Date } {
  const from = new Date(`${day}T00:00:00`);
  if (Number.isNaN(from.getTime())) throw invalid(path, "invalidDate");
  const to = new Date(from);
  to.setDate(to.getDate() + 1);
  return { from, to };
}

export async function toTicketById(db: Executor, companyId: number, id: number): Promise<Ticket> {
  const row = await ticketDetail(db, companyId, id);
  if (!row) throw new AppError("ERR_NO_TICKET_FOUND");
  return toTicket(row);
}

/**
 * GET /tickets. Visibility first (the shared rule's listShowsTicket, as SQL), then the filters:
 * - without an admin's showAll, only the viewer's own and unassigned tickets
 *   (document 1 section 4, live update rule: "own, unassigned or show-all");
 * - queueIds keeps tickets of those queues and tickets with no queue yet, so a
 *   ticket still in the chatbot never vanishes from every filtered list;
 * - tags keeps tickets carrying every tag given; users, any of the users given;
 * - date and updatedAt are days of the server's time zone.
 * One prepared statement per page whatever its size (pageTickets); `cursor` pages on (updatedAt, id).
 * Pages by number answer `count` (the tab badges); pages by cursor, a scroll's, do not count again.
 */
export async function listTickets(
  deps: TicketsDeps,
  actor: AuthSession,
  query: TicketsListQuery,
): Promise<TicketsPage> {
  const filters: TicketListFilters = {
    search: query.searchParam,
    status: query.status,
    tagIds: query.tags,
    userIds: query.users,
    queueIds: query.queueIds,
    withUnreadMessages: query.withUnreadMessages,
    viewer: { id: actor.userId, profile: actor.profile, super: actor.super },
    showAll: query.showAll,
  };
  if (query.date) {
    const { from, to } = dayRange(query.date, "querystring.date");
    filters.createdFrom = from;
    filters.createdTo = to;
  }
  if (query.updatedAt) {
    const { from, to } = dayRange(query.updatedAt, "querystring.updatedAt");
    filters.updatedFrom = from;
    filters.updatedTo = to;
  }
  const { rows, count, hasMore, next } = await pageTickets(deps.db, actor.companyId, filters, pageStart(query));
  return {
    tickets: rows.map((row) => toTicket(row)),
    count,
    hasMore,
    nextCursor: next ? `${next.updatedAtMicros}_${next.id}` : null,
  };
}

/** A cursor (TICKETS_CURSOR, checked by the query schema) continues after its row; else the page number's offset. */
function pageStart(query: TicketsListQuery): TicketPageStart {
  if (query.cursor) {
    const [updatedAtMicros, id] = query.cursor.split("_") as [string, string];
    return { limit: TICKETS_PAGE_SIZE, cursor: { updatedAtMicros, id: Number(id) } };
  }
  return { limit: TICKETS_PAGE_SIZE, offset: (query.pageNumber - 1) * TICKETS_PAGE_SIZE };
}

/** 404 when the ticket is not the company's, 403 when the actor may not see it. */
async function assertVisible(deps: TicketsDeps, actor: AuthSession, ticket: TicketRow | undefined): Promise<TicketRow> {
  if (!ticket) throw new AppError("ERR_NO_TICKET_FOUND");
  // Admins see every ticket: no need to read their queues.
  if (isAdmin(actor)) return ticket;
  const scope = await viewerScope(deps.db, actor.companyId, actor.userId);
  if (!canSeeTicket(actor, ticket, scope.queueIds, scope.allTicket)) throw new AppError("ERR_NO_PERMISSION");
  return ticket;
}

export async function showTicket(deps: TicketsDeps, actor: AuthSession, id: number): Promise<Ticket> {
  const ticket = await assertVisible(deps, actor, await findTicketRow(deps.db, actor.companyId, id));
  return toTicketById(deps.db, actor.companyId, ticket.id);
}

export async function showTicketByUuid(deps: TicketsDeps, actor: AuthSession, uuid: string): Promise<Ticket> {
  if (!UUID.test(uuid)) throw new AppError("ERR_NO_TICKET_FOUND");
  const ticket = await assertVisible(deps, actor, await findTicketRowByUuid(deps.db, actor.companyId, uuid));
  return toTicketById(deps.db, actor.companyId, ticket.id);
}

const audienceOf = (row: TicketRow): AudienceTicket => ({
  id: row.id,
  companyId: row.companyId,
  queueId: row.queueId,
  userId: row.userId,
  status: row.status,
});

/**
 * An automatic message of a transition. Sending is best effort: the
 * transition is already committed, so a failure is logged, not answered.
 */
async function sendAutomatic(
  deps: TicketsDeps,
  ticket: TicketRow,
  body: string,
  userId: number | null = null,
): Promise<boolean> {
  if (ticket.whatsappId === null || !body.trim()) return false;
  try {
    await deps.sendMessage(
      deps,
      { id: ticket.id, companyId: ticket.companyId, whatsappId: ticket.whatsappId, contactId: ticket.contactId },
      { body, automatic: true, userId },
    );
    return true;
  } catch (error) {
    deps.log.warn({ err: error, ticketId: ticket.id }, "automatic ticket message not sent");
    return false;
  }
}

export async function createTicket(deps: TicketsDeps, actor: AuthSession, body: CreateTicketBody): Promise<Ticket> {
  const { companyId } = actor;
  if (!body.queueId && !isAdmin(actor)) throw invalid("body.queueId", "required");
  if (body.queueId && !(await findQueue(deps.db, companyId, body.queueId))) throw new AppError("ERR_NO_QUEUE_FOUND");
  const whatsapp = body.whatsappId
    ? await findWhatsapp(deps.db, companyId, body.whatsappId)
    : await findDefaultWhatsapp(deps.db, companyId);
  if (!whatsapp) throw new AppError(body.whatsappId ? "ERR_NO_WAPP_FOUND" : "ERR_NO_DEF_WAPP_FOUND");

  const created = await deps.db.transaction(async (tx) => {
    const contact = await lockContact(tx, companyId, body.contactId);
    if (!contact) throw new AppError("ERR_NO_CONTACT_FOUND");
    const other = await findOtherOpenTicket(tx, companyId, contact.id, whatsapp.id);
    if (other) {
      const data: OtherOpenTicketData = {
        ticket: {
          id: other.id,
          uuid: other.uuid,
          userId: other.userId,
          user: other.userName === null ? null : { name: other.userName },
          queue: other.queueName === null ? null : { name: other.queueName },
        },
      };
      throw new AppError("ERR_OTHER_OPEN_TICKET", { data });
    }
    const now = new Date();
    const row = await insertTicket(tx, {
      companyId,
      contactId: contact.id,
      whatsappId: whatsapp.id,
      queueId: body.queueId ?? null,
      userId: actor.userId,
      status: "open",
      isGroup: contact.isGroup,
    });
    await insertTracking(tx, {
      companyId,
      ticketId: row.id,
      whatsappId: whatsapp.id,
      userId: actor.userId,
      queuedAt: now,
      startedAt: now,
    });
    return row;
  });
  const ticket = await toTicketById(deps.db, companyId, created.id);
  await emitTicketEvent(deps, audienceOf(created), { action: "update", ticket });
  return ticket;
}

type Transition = "accept" | "return" | "close" | "reopen" | "transfer" | "edit";

/**
 * Which transition of document 1 section 4 a PUT asks for. Close wins (its
 * payload also carries queue and user); a change of queue, or a user other
 * than the caller and the current owner, is a transfer; then accept and return.
 */
function transitionOf(ticket: TicketRow, body: UpdateTicketBody, actor: AuthSession): Transition {
  if (body.status === "closed") return "close";
  if (ticket.status === "closed") {
    if (body.status === "open") return "reopen";
    if (body.status === undefined && body.queueId === undefined && body.userId === undefined) return "edit";
    throw invalid("body.status", "closedTicket");
  }
  const queueChanges = body.queueId !== undefined && body.queueId !== ticket.queueId;
  const otherUser =
    body.userId !== undefined && body.userId !== null && body.userId !== actor.userId && body.userId !== ticket.userId;
  if (queueChanges || otherUser) return "transfer";
  if (body.status === "open" && ticket.status === "pending") return "accept";
  if (body.status === "pending" && ticket.status === "open") return "return";
  return "edit";
}

/** Integration, prompt and integration id are carried unless the target status is closed. */
async function integrationChanges(deps: TicketsDeps, companyId: number, body: UpdateTicketBody) {
  const changes: TicketChanges = {};
  if (body.useIntegration !== undefined) changes.useIntegration = body.useIntegration;
  if (body.promptId !== undefined) {
    if (body.promptId !== null && !(await companyHasPrompt(deps.db, companyId, body.promptId))) {
      throw invalid("body.promptId", "notFound");
    }
    changes.promptId = body.promptId;
  }
  if (body.integrationId !== undefined) {
    if (body.integrationId !== null && !(await companyHasIntegration(deps.db, companyId, body.integrationId))) {
      throw invalid("body.integrationId", "notFound");
    }
    changes.integrationId = body.integrationId;
  }
  return changes;
}

/** The tracking row of the running life cycle, made when the ticket came in without one (ingestion). */
async function currentTracking(db: Executor, ticket: TicketRow) {
  const latest = await latestTracking(db, ticket.companyId, ticket.id);
  if (latest && !latest.finishedAt) return latest;
  return insertTracking(db, {
    companyId: ticket.companyId,
    ticketId: ticket.id,
    whatsappId: ticket.whatsappId,
    queuedAt: latest ? new Date() : ticket.createdAt,
  });
}

export async function updateTicket(
  deps: TicketsDeps,
  actor: AuthSession,
  id: number,
  body: UpdateTicketBody,
): Promise<Ticket> {
  const { companyId } = actor;
  const before = await assertVisible(deps, actor, await findTicketRow(deps.db, companyId, id));
  const transition = transitionOf(before, body, actor);
  const changes: TicketChanges = await integrationChanges(deps, companyId, body);

  if (body.whatsappId !== undefined && body.whatsappId !== null && body.whatsappId !== before.whatsappId) {
    if (!(await findWhatsapp(deps.db, companyId, body.whatsappId))) throw new AppError("ERR_NO_WAPP_FOUND");
    changes.whatsappId = body.whatsappId;
  }
  let transferQueue: { id: number; name: string } | undefined;
  let transferUser: { id: number; name: string } | undefined;
  if (transition === "transfer") {
    if (!body.queueId) throw invalid("body.queueId", "required");
    transferQueue = await findQueue(deps.db, companyId, body.queueId);
    if (!transferQueue) throw new AppError("ERR_NO_QUEUE_FOUND");
    if (body.userId) {
      transferUser = await findUserName(deps.db, companyId, body.userId);
      if (!transferUser) throw new AppError("ERR_NO_USER_FOUND");
    }
    Object.assign(changes, {
      queueId: transferQueue.id,
      userId: transferUser?.id ?? null,
      status: transferUser ? "open" : "pending",
    } satisfies TicketChanges);
  } else if (transition === "accept") {
    Object.assign(changes, { status: "open", userId: actor.userId } satisfies TicketChanges);
  } else if (transition === "return") {
    Object.assign(changes, { status: "pending", userId: null } satisfies TicketChanges);
  } else if (transition === "reopen") {
    Object.assign(changes, {
      status: "open",
      userId: actor.userId,
      queueId: body.queueId === undefined ? before.queueId : body.queueId,
    } satisfies TicketChanges);
  } else if (transition === "close") {
    Object.assign(changes, {
      status: "closed",
      userId: actor.userId,
      useIntegration: false,
      integrationId: null,
      promptId: null,
    } satisfies TicketChanges);
    if (body.queueId !== undefined) {
      if (body.queueId !== null && !(await findQueue(deps.db, companyId, body.queueId))) {
        throw new AppError("ERR_NO_QUEUE_FOUND");
      }
      changes.queueId = body.queueId;
    }
  }

  const after = await deps.db.transaction(async (tx) => {
    if (transition === "reopen") {
      // A reopened ticket starts a new life cycle, and a pending rating request is dropped.
      const now = new Date();
      changes.automationState = withoutAwaitingRating(before.automationState);
      await insertTracking(tx, {
        companyId,
        ticketId: before.id,
        whatsappId: changes.whatsappId ?? before.whatsappId,
        userId: actor.userId,
        queuedAt: now,
        startedAt: now,
      });
    } else if (transition === "accept" || (transition === "transfer" && transferUser)) {
      const tracking = await currentTracking(tx, before);
      if (!tracking.startedAt) {
        await updateTracking(tx, companyId, tracking.id, { startedAt: new Date(), userId: changes.userId ?? null });
      }
    } else if (transition === "close" && before.status !== "closed") {
      const tracking = await currentTracking(tx, before);
      await updateTracking(tx, companyId, tracking.id, {
        finishedAt: new Date(),
        userId: tracking.userId ?? actor.userId,
      });
    }
    // A person takes the ticket: its flow stops with the same commit.
    if (transition === "accept" || transition === "transfer" || transition === "close") {
      await deps.stopAutomation(tx, before);
    }
    const row = await updateTicketRow(tx, companyId, before.id, changes);
    if (!row) throw new AppError("ERR_NO_TICKET_FOUND");
    return row;
  });

  const ticket = await toTicketById(deps.db, companyId, after.id);
  await emitTicketChange(deps, audienceOf(before), audienceOf(after), { action: "update", ticket });
  await sideEffects(deps, actor, transition, before, after, { ticket, transferQueue, transferUser });
  return ticket;
}

function withoutAwaitingRating(state: TicketRow["automationState"]): TicketRow["automationState"] {
  if (!state || !("awaitingRating" in state)) return state;
  const { awaitingRating: _dropped, ...rest } = state;
  return Object.keys(rest).length > 0 ? rest : null;
}

/** The messages a transition sends, after the commit and the update event. */
async function sideEffects(
  deps: TicketsDeps,
  actor: AuthSession,
  transition: Transition,
  before: TicketRow,
  after: TicketRow,
  context: { ticket: Ticket; transferQueue?: { name: string }; transferUser?: { name: string } },
): Promise<void> {
  if (after.isGroup) return;
  const { companyId } = after;
  if (transition === "accept") {
    if ((await getSetting(deps.db, companyId, "sendGreetingAccepted")) !== "enabled") return;
    const userName = context.ticket.user?.name ?? "";
    await sendAutomatic(deps, after, ticketTexts.greetingAccepted(context.ticket.contact.name, userName), actor.userId);
  } else if (transition === "transfer" && context.transferQueue) {
    if ((await getSetting(deps.db, companyId, "sendMsgTransfTicket")) !== "enabled") return;
    const text = context.transferUser
      ? ticketTexts.transferredToUser(context.transferUser.name, context.transferQueue.name)
      : ticketTexts.transferredToQueue(context.transferQueue.name);
    await sendAutomatic(deps, after, text, actor.userId);
  } else if (transition === "close" && before.status !== "closed") {
    const whatsapp = after.whatsappId === null ? undefined : await findWhatsapp(deps.db, companyId, after.whatsappId);
    if (!whatsapp) return;
    if ((await getSetting(deps.db, companyId, "userRating")) === "enabled") {
      const sent = await sendAutomatic(deps, after, whatsapp.ratingMessage.trim() || DEFAULT_RATING_MESSAGE);
      if (!sent) return;
      await markAwaitingRating(deps.db, companyId, after.id);
      const tracking = await latestTracking(deps.db, companyId, after.id);
      if (tracking) await updateTracking(deps.db, companyId, tracking.id, { ratingAt: new Date() });
      return;
    }
    await sendAutomatic(deps, after, whatsapp.complationMessage);
  }
}

/** DELETE /tickets/{id}: the ticket-options:deleteTicket permission (admins). */
export async function deleteTicket(deps: TicketsDeps, actor: AuthSession, id: number): Promise<void> {
  if (!hasPermission(actor, "ticket-options:deleteTicket")) throw new AppError("ERR_NO_PERMISSION");
  const ticket = await findTicketRow(deps.db, actor.companyId, id);
  if (!ticket) throw new AppError("ERR_NO_TICKET_FOUND");
  if (!(await deleteTicketRow(deps.db, actor.companyId, id))) throw new AppError("ERR_NO_TICKET_FOUND");
  await emitTicketEvent(deps, audienceOf(ticket), { action: "delete", ticketId: ticket.id });
}
