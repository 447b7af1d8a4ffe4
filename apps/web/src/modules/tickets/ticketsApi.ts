import type {
  ContactsPage,
  CreateTicketBody,
  QueueSummary,
  Tag,
  Ticket,
  TicketMessagesPage,
  TicketStatus,
  TicketsPage,
  UpdateTicketBody,
  User,
} from "@atendo/shared";
import type { InfiniteData } from "@tanstack/react-query";
import { api } from "../../api/client";
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

export function fetchTicketsPage(params: TicketListParams, pageNumber: number, signal?: AbortSignal) {
  return api.get<TicketsPage>("/tickets", {
    params: {
      pageNumber,
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

export function updateTicket(id: number, body: UpdateTicketBody): Promise<Ticket> {
  return api.put<Ticket>(`/tickets/${id}`, body);
}

export function createTicket(body: CreateTicketBody): Promise<Ticket> {
  return api.post<Ticket>("/tickets", body);
}

/** A read-only look at a conversation: the ticket stays unread for its attendant. */
export function peekMessages(ticketId: number, pageNumber: number, signal?: AbortSignal) {
  return api.get<TicketMessagesPage>(`/messages/${ticketId}`, { params: { pageNumber, markRead: false }, signal });
}

export async function fetchTags(signal?: AbortSignal): Promise<Tag[]> {
  return api.get<Tag[]>("/tags/list", { signal });
}

export async function fetchQueues(signal?: AbortSignal): Promise<QueueSummary[]> {
  const queues = await api.get<QueueSummary[]>("/queue", { signal });
  return queues.map(({ id, name, color }) => ({ id, name, color }));
}

export function fetchUsers(signal?: AbortSignal): Promise<User[]> {
  return api.get<User[]>("/users/list", { signal });
}

export function searchContacts(searchParam: string, signal?: AbortSignal) {
  return api.get<ContactsPage>("/contacts", { params: { searchParam }, signal });
}
