import { listShowsTicket, type SessionUser, type Ticket, type TicketViewer } from "@atendo/shared";
import type { TicketListParams, TicketPages } from "./ticketsApi";

/** What decides which tickets a user's lists may hold: the shared visibility rule's viewer. */
export type Viewer = TicketViewer;

export function viewerOf(user: SessionUser): Viewer {
  return {
    id: user.id,
    profile: user.profile,
    super: user.super,
    allTicket: user.allTicket === "enabled",
    queueIds: user.queues.map((queue) => queue.id),
  };
}

/**
 * Whether a ticket matches a list by the rules the server applies to GET /tickets
 * (document 1 section 4, live update): the shared visibility rule (what the user
 * may see: their own or unassigned unless an admin shows all), its status matches
 * the list, and its queue is selected (tickets with no queue yet stay in every
 * queue filter). A text search cannot be judged here: see `placeTicket`.
 */
export function matchesList(ticket: Ticket, params: TicketListParams, viewer: Viewer): boolean {
  if (!listShowsTicket(viewer, ticket, params.showAll === true)) return false;
  if (params.status && ticket.status !== params.status) return false;
  if (params.queueIds?.length && ticket.queueId !== null && !params.queueIds.includes(ticket.queueId)) return false;
  if (params.users?.length && (ticket.userId === null || !params.users.includes(ticket.userId))) return false;
  if (params.tags?.length && !params.tags.every((tagId) => ticket.tags.some((tag) => tag.id === tagId))) return false;
  return true;
}

/** The list's order: newest update first, then highest id (the server's ORDER BY). */
function compareTickets(a: Pick<Ticket, "updatedAt" | "id">, b: Pick<Ticket, "updatedAt" | "id">): number {
  const byTime = Date.parse(b.updatedAt) - Date.parse(a.updatedAt);
  return byTime !== 0 ? byTime : b.id - a.id;
}

export function findTicket(data: TicketPages | undefined, id: number): Ticket | undefined {
  if (!data) return undefined;
  for (const page of data.pages) {
    const found = page.tickets.find((ticket) => ticket.id === id);
    if (found) return found;
  }
  return undefined;
}

/** The tickets of all loaded pages, once each (an insert shifts the server's offsets, so a later page may repeat one). */
export function flattenPages(data: TicketPages | undefined): Ticket[] {
  if (!data) return [];
  const seen = new Set<number>();
  const tickets: Ticket[] = [];
  for (const page of data.pages) {
    for (const ticket of page.tickets) {
      if (seen.has(ticket.id)) continue;
      seen.add(ticket.id);
      tickets.push(ticket);
    }
  }
  return tickets;
}

/** The list's count: the first page's (GET /tickets counts on the first page only; later pages carry none). */
export const listCount = (data: TicketPages | undefined): number => data?.pages[0]?.count ?? 0;

/** The pages with the list's count set to `count`, kept where listCount reads it: on the first page. */
export function withListCount(data: TicketPages, count: number, pages: TicketPages["pages"] = data.pages): TicketPages {
  return { ...data, pages: pages.map((page, index) => (index === 0 ? { ...page, count } : page)) };
}

const hasMore = (data: TicketPages): boolean => data.pages.at(-1)?.hasMore ?? false;

export interface Placement {
  data: TicketPages;
  /**
   * True when the list's count cannot be known from what is loaded (a ticket
   * nobody has loaded changed somewhere beyond the loaded pages): the caller
   * asks the server for the count again.
   */
  countUncertain: boolean;
}

/**
 * Whether the ticket was in the list before the event:
 * present in the loaded pages, or judged from its previous state when some
 * other list had it; otherwise only a fully loaded list, or a ticket created
 * after the oldest loaded row (it would be loaded if it were a member), can tell.
 */
function wasMember(
  data: TicketPages,
  params: TicketListParams,
  viewer: Viewer,
  ticket: Pick<Ticket, "id" | "createdAt">,
  previous: Ticket | undefined,
): boolean | undefined {
  if (findTicket(data, ticket.id)) return true;
  if (!hasMore(data)) return false;
  if (previous) return !params.searchParam && matchesList(previous, params, viewer);
  const oldest = flattenPages(data).at(-1);
  if (oldest && Date.parse(ticket.createdAt) > Date.parse(oldest.updatedAt)) return false;
  return undefined;
}

function withCount(data: TicketPages, pages: TicketPages["pages"], delta: number): TicketPages {
  return withListCount(data, Math.max(0, listCount(data) + delta), pages);
}

function withoutTicket(pages: TicketPages["pages"], id: number): TicketPages["pages"] {
  return pages.map((page) =>
    page.tickets.some((ticket) => ticket.id === id)
      ? { ...page, tickets: page.tickets.filter((ticket) => ticket.id !== id) }
      : page,
  );
}

/** Inserts in order; a ticket older than everything loaded stays for a later page to bring. */
function withTicketInOrder(pages: TicketPages["pages"], ticket: Ticket, more: boolean): TicketPages["pages"] {
  for (let pageIndex = 0; pageIndex < pages.length; pageIndex++) {
    const page = pages[pageIndex];
    const index = page.tickets.findIndex((other) => compareTickets(ticket, other) < 0);
    if (index === -1) continue;
    const tickets = [...page.tickets.slice(0, index), ticket, ...page.tickets.slice(index)];
    return pages.map((other, i) => (i === pageIndex ? { ...page, tickets } : other));
  }
  if (more && pages.some((page) => page.tickets.length > 0)) return pages;
  const last = pages.length - 1;
  return pages.map((page, i) => (i === last ? { ...page, tickets: [...page.tickets, ticket] } : page));
}

/**
 * A ticket update for one list: the ticket is replaced and moved to its place
 * when it matches the list, removed when it no longer does, and the count
 * follows. A search list (free text the client cannot judge) only updates or
 * drops the rows it already shows.
 */
export function placeTicket(
  data: TicketPages,
  params: TicketListParams,
  viewer: Viewer,
  ticket: Ticket,
  previous?: Ticket,
): Placement {
  const present = findTicket(data, ticket.id) !== undefined;
  const before = wasMember(data, params, viewer, ticket, previous);
  const after = matchesList(ticket, params, viewer) && (!params.searchParam || present);
  if (!present && !after) {
    if (before === false) return { data, countUncertain: false };
    // It may have been counted beyond the loaded pages: it leaves the count if it was.
    if (before === true) return { data: withCount(data, data.pages, -1), countUncertain: false };
    return { data, countUncertain: true };
  }
  let pages = withoutTicket(data.pages, ticket.id);
  if (after) pages = withTicketInOrder(pages, ticket, hasMore(data));
  if (before === undefined) return { data: { ...data, pages }, countUncertain: true };
  return { data: withCount(data, pages, Number(after) - Number(before)), countUncertain: false };
}

/** A delete event: the ticket leaves the list (deleted, or no longer visible to this user). */
export function removeTicket(
  data: TicketPages,
  params: TicketListParams,
  viewer: Viewer,
  ticketId: number,
  previous?: Ticket,
): Placement {
  if (findTicket(data, ticketId)) {
    return { data: withCount(data, withoutTicket(data.pages, ticketId), -1), countUncertain: false };
  }
  if (!hasMore(data)) return { data, countUncertain: false };
  if (previous) {
    const member = !params.searchParam && matchesList(previous, params, viewer);
    return { data: member ? withCount(data, data.pages, -1) : data, countUncertain: false };
  }
  return { data, countUncertain: true };
}

/** updateUnread: the badge of the ticket goes back to zero. */
export function clearUnread(data: TicketPages, ticketId: number): TicketPages {
  const target = findTicket(data, ticketId);
  if (!target || target.unreadMessages === 0) return data;
  return {
    ...data,
    pages: data.pages.map((page) => ({
      ...page,
      tickets: page.tickets.map((ticket) => (ticket.id === ticketId ? { ...ticket, unreadMessages: 0 } : ticket)),
    })),
  };
}

/**
 * The ticket of an event, completed from what the client already knows: the
 * message events carry no tags, so a known ticket keeps its own.
 */
export function normalizeTicket(incoming: unknown, previous: Ticket | undefined): Ticket | undefined {
  if (!incoming || typeof incoming !== "object") return undefined;
  const raw = incoming as Partial<Ticket> & { id?: unknown; status?: unknown };
  if (typeof raw.id !== "number" || typeof raw.status !== "string" || typeof raw.updatedAt !== "string") {
    return undefined;
  }
  const contact = raw.contact ?? previous?.contact;
  return {
    ...previous,
    ...raw,
    tags: raw.tags ?? previous?.tags ?? [],
    contact: contact
      ? { ...contact, email: contact.email ?? "", profilePicUrl: contact.profilePicUrl ?? "" }
      : { id: raw.contactId ?? 0, name: "", number: "", email: "", profilePicUrl: "" },
    createdAt: raw.createdAt ?? previous?.createdAt ?? raw.updatedAt,
  } as Ticket;
}
