import { CLIENT_EVENTS, companyEvent, TICKET_STATUSES, type Ticket } from "@atendo/shared";
import { type QueryClient, useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef } from "react";
import { useSession } from "../../app/session";
import { useSocket, useSocketEvent, useSocketReconnect } from "../../realtime/socket";
import {
  clearUnread,
  findTicket,
  normalizeTicket,
  type Placement,
  placeTicket,
  removeTicket,
  type Viewer,
  viewerOf,
  withListCount,
} from "./ticketPlacement";
import { fetchTicketsPage, type TicketListParams, type TicketPages, ticketsKeys } from "./ticketsApi";

/** A count asked again waits for this long, so a burst of events costs one request per list. */
const COUNT_REFRESH_DELAY_MS = 1000;

type ListEntry = [readonly unknown[], TicketPages | undefined];

function cachedLists(queryClient: QueryClient): ListEntry[] {
  return queryClient.getQueriesData<TicketPages>({ queryKey: ticketsKeys.lists });
}

function paramsOf(key: readonly unknown[]): TicketListParams {
  return (key[1] ?? {}) as TicketListParams;
}

/** The ticket as any loaded list knows it: its state before the event. */
function knownTicket(lists: ListEntry[], id: number): Ticket | undefined {
  for (const [, data] of lists) {
    const found = findTicket(data, id);
    if (found) return found;
  }
  return undefined;
}

/**
 * Places a ticket (from an event or a PUT's answer) in every cached list;
 * answers the keys of the lists whose count could not be known.
 */
export function placeTicketInLists(
  queryClient: QueryClient,
  viewer: Viewer,
  incoming: unknown,
): (readonly unknown[])[] {
  const id = (incoming as { id?: unknown } | null)?.id;
  if (typeof id !== "number") return [];
  const lists = cachedLists(queryClient);
  const previous = knownTicket(lists, id);
  const ticket = normalizeTicket(incoming, previous);
  if (!ticket) return [];
  return applyPlacement(queryClient, lists, (data, params) => placeTicket(data, params, viewer, ticket, previous));
}

function applyPlacement(
  queryClient: QueryClient,
  lists: ListEntry[],
  place: (data: TicketPages, params: TicketListParams) => Placement,
): (readonly unknown[])[] {
  const uncertain: (readonly unknown[])[] = [];
  for (const [key, data] of lists) {
    if (!data) continue;
    const placement = place(data, paramsOf(key));
    if (placement.data !== data) queryClient.setQueryData(key, placement.data);
    if (placement.countUncertain) uncertain.push(key);
  }
  return uncertain;
}

/**
 * Keeps every cached ticket list (the manager's tabs and the bell) in step with
 * `company-{id}-ticket` and `company-{id}-appMessage`, by the placement rules of
 * ticketPlacement.ts. Mounted once for the signed-in session (the top bar's bell).
 */
export function useTicketsRealtime(): void {
  const { user } = useSession();
  const queryClient = useQueryClient();
  const socket = useSocket();
  const timers = useRef(new Map<string, ReturnType<typeof setTimeout>>());
  const viewerRef = useRef<Viewer | null>(null);
  viewerRef.current = user ? viewerOf(user) : null;

  // The spec's rooms: notifications and the ticket statuses (the server also addresses users directly).
  useEffect(() => {
    if (!socket) return;
    const join = () => {
      socket.emit(CLIENT_EVENTS.joinNotification);
      for (const status of TICKET_STATUSES) socket.emit(CLIENT_EVENTS.joinTickets, status);
    };
    if (socket.connected) join();
    socket.on("connect", join);
    return () => {
      socket.off("connect", join);
    };
  }, [socket]);

  // Events missed while disconnected are not replayed: the lists start again from their first page.
  useSocketReconnect(() => {
    queryClient.setQueriesData<TicketPages>({ queryKey: ticketsKeys.lists }, (data) =>
      data ? { pages: data.pages.slice(0, 1), pageParams: data.pageParams.slice(0, 1) } : data,
    );
    void queryClient.invalidateQueries({ queryKey: ticketsKeys.lists });
  });

  useEffect(() => {
    const pending = timers.current;
    return () => {
      for (const timer of pending.values()) clearTimeout(timer);
      pending.clear();
    };
  }, []);

  const refreshCount = (key: readonly unknown[]) => {
    const id = JSON.stringify(key);
    if (timers.current.has(id)) return;
    const timer = setTimeout(() => {
      timers.current.delete(id);
      fetchTicketsPage(paramsOf(key), 1)
        .then((page) => {
          queryClient.setQueryData<TicketPages>(key, (data) => (data ? withListCount(data, page.count ?? 0) : data));
        })
        .catch(() => {
          // The count stays as it was; the next load of the list corrects it.
        });
    }, COUNT_REFRESH_DELAY_MS);
    timers.current.set(id, timer);
  };

  const applyToLists = (place: (data: TicketPages, params: TicketListParams) => Placement) => {
    for (const key of applyPlacement(queryClient, cachedLists(queryClient), place)) refreshCount(key);
  };

  const onTicketUpdate = (incoming: unknown) => {
    const viewer = viewerRef.current;
    if (!viewer) return;
    for (const key of placeTicketInLists(queryClient, viewer, incoming)) refreshCount(key);
  };

  const companyId = user?.companyId;

  useSocketEvent(companyId ? companyEvent.ticket(companyId) : null, (payload) => {
    const viewer = viewerRef.current;
    if (!viewer) return;
    if (payload.action === "update") onTicketUpdate(payload.ticket);
    else if (payload.action === "updateUnread") {
      applyToLists((data) => ({ data: clearUnread(data, payload.ticketId), countUncertain: false }));
    } else if (payload.action === "delete") {
      const previous = knownTicket(cachedLists(queryClient), payload.ticketId);
      applyToLists((data, params) => removeTicket(data, params, viewer, payload.ticketId, previous));
    }
  });

  // A new message moves its ticket to the top with its unread count (the ticket update that follows agrees).
  useSocketEvent(companyId ? companyEvent.appMessage(companyId) : null, (payload) => {
    if (payload.action === "create") onTicketUpdate(payload.ticket);
  });
}
