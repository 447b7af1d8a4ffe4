import type { QueueSummary, TicketStatus, TicketsPage } from "@atendo/shared";
import type { InfiniteData } from "@tanstack/react-query";
import { api } from "../../api/client";
import type { RequestBody } from "../../api/routes";
import { whatsappListQueryKey } from "../connections/connectionsApi";

/**
 * What one ticket list asks GET /tickets for. Each list of the manager (and
 * the bell) is one of these; the realtime placement rules read the same object.
 */
export interface TicketListParams {
  status?: TicketStatus;
  showAll?: boolean;
  queueIds?: number[];
  searchParam?: string;
  tags?: number[];
  users?: number[];
}

export type TicketPages = InfiniteData<TicketsPage>;

/**
 * Cache keys, shared by the manager and the conversation. Lists live under
 * their own root so the live updates touch only lists, never the
 * conversation's own queries. The tag options stay outside ["tags", "list"]:
 * the tags page rewrites every paged list under that root.
 */
export const ticketsKeys = {
  lists: ["ticketsList"] as const,
  list: (params: TicketListParams) => ["ticketsList", params] as const,
  peek: (ticketId: number) => ["ticketPeek", ticketId] as const,
  tags: ["tags", "options"] as const,
  queues: ["queues"] as const,
  users: ["users", "all"] as const,
  connections: whatsappListQueryKey,
  contactSearch: (searchParam: string) => ["contacts", "ticketSearch", searchParam] as const,
};

/**
 * Which page to fetch: 1 for the first, then the previous page's nextCursor, which skips no ticket
 * when one leaves the list while the user scrolls. A page number past 1 (a server that answers no
 * cursor) pages by offset.
 */
export type TicketPageParam = number | string;

export function fetchTicketsPage(params: TicketListParams, page: TicketPageParam, signal?: AbortSignal) {
  return api.get("/tickets", {
    query: {
      ...(typeof page === "string" ? { cursor: page } : { pageNumber: page }),
      status: params.status,
      showAll: params.showAll ? "true" : undefined,
      searchParam: params.searchParam || undefined,
      queueIds: params.queueIds?.length ? params.queueIds : undefined,
      tags: params.tags?.length ? params.tags : undefined,
      users: params.users?.length ? params.users : undefined,
    },
    signal,
  });
}

export function updateTicket(id: number, body: RequestBody<"PUT /tickets/{id}">) {
  return api.put("/tickets/{id}", { params: { id }, body });
}

export function createTicket(body: RequestBody<"POST /tickets">) {
  return api.post("/tickets", { body });
}

/** A read-only look at a conversation: the ticket stays unread for its attendant. */
export function peekMessages(ticketId: number, pageNumber: number, signal?: AbortSignal) {
  return api.get("/messages/{ticketId}", { params: { ticketId }, query: { pageNumber, markRead: "false" }, signal });
}

export function fetchTags(signal?: AbortSignal) {
  return api.get("/tags/list", { signal });
}

export async function fetchQueues(signal?: AbortSignal): Promise<QueueSummary[]> {
  const queues = await api.get("/queue", { signal });
  return queues.map(({ id, name, color }) => ({ id, name, color }));
}

export function fetchUsers(signal?: AbortSignal) {
  return api.get("/users/list", { signal });
}

export function searchContacts(searchParam: string, signal?: AbortSignal) {
  return api.get("/contacts", { query: { searchParam }, signal });
}
