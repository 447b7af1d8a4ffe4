import { isAdmin, type TicketStatus, type TicketViewer, type TicketVisibilityFacts } from "@atendo/shared";
import { and, inArray, isNull, or, SQL, sql } from "drizzle-orm";
import { tickets, userQueues, users } from "../../db/schema/index.js";

/**
 * The visibility rule of packages/shared ticket-visibility.ts (canSeeTicket,
 * listShowsTicket) as SQL, from the same inputs. It is written once over
 * operands that are either values or columns: with the viewer given and the
 * ticket a column it filters ticket rows (lists, search, kanban); with the
 * ticket given and the viewer a column it filters user rows (the realtime
 * audience). Terms whose operands are all values are settled here, so an
 * admin's list carries no visibility condition at all and a ticket without a
 * queue needs no query to know that everyone may see it.
 * ticket-visibility.test.ts holds this against the shared predicate.
 */

/** A condition settled here (a boolean) or left to PostgreSQL. */
type Term = boolean | SQL;
/** An operand: a value, or an SQL expression (a column). */
type Operand<T> = T | SQL;

function anyOf(...terms: Term[]): Term {
  if (terms.includes(true)) return true;
  const open = terms.filter((term): term is SQL => term !== false);
  return open.length === 0 ? false : or(...open)!;
}

function allOf(...terms: Term[]): Term {
  if (terms.includes(false)) return false;
  const open = terms.filter((term): term is SQL => term !== true);
  return open.length === 0 ? true : and(...open)!;
}

/** a = b, where a missing user (null) equals no one, as in SQL. */
function same(a: Operand<number | null>, b: Operand<number>): Term {
  if (a === null) return false;
  if (!(a instanceof SQL) && !(b instanceof SQL)) return a === b;
  return sql`${a} = ${b}`;
}

const missing = (a: Operand<number | null>): Term => (a instanceof SQL ? sql`${a} is null` : a === null);

const pending = (status: Operand<TicketStatus>): Term =>
  status instanceof SQL ? sql`${status} = ${"pending"}` : status === "pending";

/** The viewer as the rule reads them. */
interface ViewerOperands {
  id: Operand<number>;
  admin: Term;
  allTicket: Term;
  /** A subquery answering the viewer's queue ids. */
  queueIds: SQL;
}

type TicketOperands = { [K in keyof TicketVisibilityFacts]: Operand<TicketVisibilityFacts[K]> };

/** canSeeTicket: admins; the ticket's user; no queue yet; pending for allTicket; the viewer's queues. */
function canSee(viewer: ViewerOperands, ticket: TicketOperands): Term {
  return anyOf(
    viewer.admin,
    ticket.queueId === null ? false : sql`${ticket.queueId} in ${viewer.queueIds}`,
    same(ticket.userId, viewer.id),
    missing(ticket.queueId),
    allOf(pending(ticket.status), viewer.allTicket),
  );
}

/** listShowsTicket: what the viewer may see, their own and unassigned only, unless an admin shows all. */
function listShows(viewer: ViewerOperands, ticket: TicketOperands, showAll: boolean): Term {
  return allOf(
    canSee(viewer, ticket),
    anyOf(same(ticket.userId, viewer.id), missing(ticket.userId), allOf(showAll, viewer.admin)),
  );
}

/** What a list knows of its viewer: the session. Their queues and allTicket flag are read in the same statement. */
export type SessionViewer = Pick<TicketViewer, "id" | "profile" | "super">;

/**
 * The session as operands: the company and the viewer's id may be values or SQL (a prepared
 * statement's placeholders, so one statement text serves every viewer of a kind).
 */
export interface SessionViewerOperands extends Pick<SessionViewer, "profile" | "super"> {
  id: Operand<number>;
}

function sessionViewer(companyId: Operand<number>, viewer: SessionViewerOperands): ViewerOperands {
  return {
    id: viewer.id,
    admin: isAdmin(viewer),
    allTicket: sql`exists (select 1 from ${users} where ${users.companyId} = ${companyId} and ${users.id} = ${viewer.id} and ${users.allTicket} = 'enabled')`,
    queueIds: sql`(select ${userQueues.queueId} from ${userQueues} where ${userQueues.companyId} = ${companyId} and ${userQueues.userId} = ${viewer.id})`,
  };
}

const ticketColumns: TicketOperands = {
  status: sql`${tickets.status}`,
  userId: sql`${tickets.userId}`,
  queueId: sql`${tickets.queueId}`,
};

/** Each row of `users` as a viewer (isAdmin, the allTicket flag and the queues of that row). */
function userRowViewer(companyId: number): ViewerOperands {
  return {
    id: sql`${users.id}`,
    admin: sql`(${users.profile} = 'admin' or ${users.super})`,
    allTicket: sql`${users.allTicket} = 'enabled'`,
    queueIds: sql`(select ${userQueues.queueId} from ${userQueues} where ${userQueues.companyId} = ${companyId} and ${userQueues.userId} = ${users.id})`,
  };
}

/**
 * The `tickets` rows a list (GET /tickets, its search, the kanban) shows the
 * viewer: listShowsTicket. Undefined when it shows every row (an admin's show-all).
 */
export function listedTicketsSql(
  companyId: Operand<number>,
  viewer: SessionViewerOperands,
  showAll: boolean,
): SQL | undefined {
  const term = listShows(sessionViewer(companyId, viewer), ticketColumns, showAll);
  if (term === true) return undefined;
  return term === false ? sql`false` : term;
}

/**
 * The `users` rows that may see the ticket: canSeeTicket with the ticket given.
 * True when every user may (a ticket with no queue yet).
 */
export function ticketViewersSql(companyId: number, ticket: TicketVisibilityFacts): SQL | true {
  const term = canSee(userRowViewer(companyId), ticket);
  if (term === true) return true;
  return term === false ? sql`false` : term;
}

/**
 * The lists' queue filter: the tickets of the selected queues, and those with no
 * queue yet, so a ticket still in the chatbot never vanishes from every filtered
 * list. Shared by the list and the kanban so that both show the same tickets.
 */
export function selectedQueuesSql(queueIds: readonly number[] | SQL | undefined): SQL | undefined {
  if (queueIds instanceof SQL) return or(sql`${tickets.queueId} = any(${queueIds})`, isNull(tickets.queueId));
  if (!queueIds || queueIds.length === 0) return undefined;
  return or(inArray(tickets.queueId, [...queueIds]), isNull(tickets.queueId));
}
