import { useInfiniteQuery } from "@tanstack/react-query";
import { useMemo } from "react";
import { flattenPages, listCount } from "./ticketPlacement";
import { fetchTicketsPage, type TicketListParams, type TicketPageParam, ticketsKeys } from "./ticketsApi";

/**
 * One ticket list: one GET /tickets per page, kept current by the realtime
 * placement (useTicketsRealtime) rather than by refetching, so it is never
 * stale by time and never refetched on focus (that would reload every page).
 * Pages after the first continue from the previous page's cursor.
 */
export function useTicketList(params: TicketListParams, enabled = true) {
  const query = useInfiniteQuery({
    queryKey: ticketsKeys.list(params),
    queryFn: ({ pageParam, signal }) => fetchTicketsPage(params, pageParam, signal),
    initialPageParam: 1 as TicketPageParam,
    getNextPageParam: (last, pages): TicketPageParam | undefined =>
      last.hasMore ? (last.nextCursor ?? pages.length + 1) : undefined,
    enabled,
    staleTime: Number.POSITIVE_INFINITY,
    refetchOnWindowFocus: false,
  });
  const tickets = useMemo(() => flattenPages(query.data), [query.data]);
  return { ...query, tickets, count: listCount(query.data) };
}
