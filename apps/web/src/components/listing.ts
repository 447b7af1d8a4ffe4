import {
  INFINITE_SCROLL_THRESHOLD_PX,
  type RealtimeEventName,
  type RealtimePayload,
  SEARCH_DEBOUNCE_MS,
} from "@atendo/shared";
import {
  type InfiniteData,
  type Query,
  type QueryClient,
  type QueryKey,
  useInfiniteQuery,
  useQueryClient,
} from "@tanstack/react-query";
import { type RefObject, type UIEvent, useCallback, useEffect, useRef, useState } from "react";
import { useSession } from "../app/session";
import { useSocketEvent, useSocketReconnect } from "../realtime/socket";

/**
 * Helpers shared by the back-office list pages: debounced search, infinite scroll within the
 * spec's threshold, one row per id, changes applied to every cached search of a list, and the
 * list kept live from its company channel.
 */

/** Follows `text` (trimmed) 500 ms after the last change (document 2 section 9). */
export function useDebouncedSearch(text: string): string {
  const [value, setValue] = useState(() => text.trim());
  useEffect(() => {
    const timer = setTimeout(() => setValue(text.trim()), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text]);
  return value;
}

/** Whether a scrolled element is within the infinite-scroll threshold of its bottom. */
export function nearBottom(element: Pick<HTMLElement, "scrollHeight" | "scrollTop" | "clientHeight">): boolean {
  return element.scrollHeight - (element.scrollTop + element.clientHeight) < INFINITE_SCROLL_THRESHOLD_PX;
}

interface PagedQuery {
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage: () => Promise<unknown>;
}

/**
 * Loads the next page when the box is scrolled near its bottom, one request at a time,
 * and keeps loading while a short first page does not fill the box.
 */
export function useLoadMore(boxRef: RefObject<HTMLElement | null>, query: PagedQuery, rowCount: number) {
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = query;
  const loadMoreIfNear = useCallback(
    (element: HTMLElement | null) => {
      if (!element || !hasNextPage || isFetchingNextPage) return;
      if (nearBottom(element)) void fetchNextPage();
    },
    [hasNextPage, isFetchingNextPage, fetchNextPage],
  );
  // biome-ignore lint/correctness/useExhaustiveDependencies: re-check whenever the rows change
  useEffect(() => {
    loadMoreIfNear(boxRef.current);
  }, [loadMoreIfNear, rowCount, boxRef]);
  return (event: UIEvent<HTMLElement>) => loadMoreIfNear(event.currentTarget);
}

/** Rows can appear in two pages when the list moves between fetches: keep the first of each id. */
export function uniqueById<T extends { id: number }>(pages: readonly (readonly T[])[]): T[] {
  const seen = new Set<number>();
  const rows: T[] = [];
  for (const page of pages) {
    for (const row of page) {
      if (seen.has(row.id)) continue;
      seen.add(row.id);
      rows.push(row);
    }
  }
  return rows;
}

interface PagedListOptions<TPage, TRow> {
  queryKey: QueryKey;
  fetchPage: (page: number, signal: AbortSignal) => Promise<TPage>;
  /** The rows one page carries. */
  rowsOf: (page: TPage) => readonly TRow[];
}

/**
 * A list fetched page by page (1, 2, … while the last page says `hasMore`) into a scrolling box:
 * give `boxRef` and `onScroll` to the box; `rows` holds each id once.
 */
export function usePagedList<TPage extends { hasMore: boolean }, TRow extends { id: number }>({
  queryKey,
  fetchPage,
  rowsOf,
}: PagedListOptions<TPage, TRow>) {
  const boxRef = useRef<HTMLDivElement>(null);
  const query = useInfiniteQuery({
    queryKey,
    queryFn: ({ pageParam, signal }) => fetchPage(pageParam, signal),
    initialPageParam: 1,
    getNextPageParam: (lastPage: TPage, pages) => (lastPage.hasMore ? pages.length + 1 : undefined),
  });
  const rows = uniqueById(query.data?.pages.map(rowsOf) ?? []);
  const onScroll = useLoadMore(boxRef, query, rows.length);
  return { query, rows, boxRef, onScroll };
}

/** Queries already waiting for their fetch to settle before being read again. */
const readAgainAfterFetch = new WeakSet<Query>();

/**
 * A change applied to a list whose fetch is in flight is overwritten when that fetch,
 * taken before the change committed, resolves: the list is read once more after it
 * settles, however many changes came meanwhile (cancelling the fetch on each change
 * would starve it under a burst of events).
 */
function keepChangeThroughFetch(queryClient: QueryClient, query: Query): void {
  if (query.state.fetchStatus !== "fetching" || readAgainAfterFetch.has(query)) return;
  readAgainAfterFetch.add(query);
  const cache = queryClient.getQueryCache();
  const unsubscribe = cache.subscribe((event) => {
    if (event.query !== query) return;
    if (event.type !== "removed" && query.state.fetchStatus === "fetching") return;
    unsubscribe();
    readAgainAfterFetch.delete(query);
    if (event.type !== "removed") void queryClient.invalidateQueries({ queryKey: query.queryKey, exact: true });
  });
}

/** Applies a live change to one cached list, kept through a fetch in flight. */
function changeCachedList<TData>(
  queryClient: QueryClient,
  query: Query,
  change: (data: TData, listSearch: string) => TData | undefined,
): void {
  // Also while a first load is in flight: the rows it brings may predate the change.
  keepChangeThroughFetch(queryClient, query);
  const data = query.state.data as TData | undefined;
  if (data === undefined) return;
  const key = query.queryKey;
  queryClient.setQueryData(key, change(data, typeof key[2] === "string" ? key[2] : ""));
}

/**
 * Applies a change to every cached list under `listsKey()` (each search has its own,
 * keyed `[…, "list", searchParam]`); the change also gets that list's search.
 * Pass a stable function (such as `tagsKeys.lists`) so the returned callback stays stable.
 */
export function useListCache<TData>(listsKey: () => QueryKey) {
  const queryClient = useQueryClient();
  return useCallback(
    (change: (data: TData, listSearch: string) => TData | undefined) => {
      for (const query of queryClient.getQueryCache().findAll({ queryKey: listsKey() })) {
        changeCachedList(queryClient, query, change);
      }
    },
    [queryClient, listsKey],
  );
}

interface SearchedListOptions<TPage, TRow> {
  /** The feature's query keys; pass a module-level object so the callbacks stay stable. */
  keys: { lists: () => QueryKey; list: (searchParam: string) => QueryKey };
  fetchPage: (searchParam: string, page: number, signal: AbortSignal) => Promise<TPage>;
  rowsOf: (page: TPage) => readonly TRow[];
  /**
   * The hook turning the typed text into the search sent (a hook: the same one on every render);
   * by default the text 500 ms after the last change.
   */
  useSearch?: (text: string) => string;
}

/**
 * A list page's data: the search box's text (debounced into the query), the paged rows,
 * `updateLists` for live changes to every cached search, and `reload` for the changes
 * (a new record) whose place only the server knows.
 */
export function useSearchedPagedList<TPage extends { hasMore: boolean }, TRow extends { id: number }>({
  keys,
  fetchPage,
  rowsOf,
  useSearch = useDebouncedSearch,
}: SearchedListOptions<TPage, TRow>) {
  const queryClient = useQueryClient();
  const [searchText, setSearchText] = useState("");
  const searchParam = useSearch(searchText);
  const list = usePagedList({
    queryKey: keys.list(searchParam),
    fetchPage: (page, signal) => fetchPage(searchParam, page, signal),
    rowsOf,
  });
  const updateLists = useListCache<InfiniteData<TPage, number>>(keys.lists);
  const reload = useCallback(() => void queryClient.invalidateQueries({ queryKey: keys.lists() }), [queryClient, keys]);
  return { ...list, searchText, setSearchText, searchParam, updateLists, reload };
}

/** One list kept in a single cache entry (no search, no pages), in the shape useLiveList works on. */
export function useCachedList<TData>(queryKey: QueryKey) {
  const queryClient = useQueryClient();
  const updateLists = useCallback(
    (change: (data: TData, listSearch: string) => TData | undefined) => {
      const query = queryClient.getQueryCache().find({ queryKey, exact: true });
      if (query) changeCachedList(queryClient, query, (data: TData) => change(data, ""));
    },
    [queryClient, queryKey],
  );
  const reload = useCallback(() => void queryClient.invalidateQueries({ queryKey }), [queryClient, queryKey]);
  return { updateLists, reload };
}

/** What one realtime event does to a list: drop a row, put a changed row in place, or fetch the list again. */
export type LiveChange<TRow> = { removed: number } | { changed: TRow } | "reload";

interface LiveListOptions<E extends RealtimeEventName, TData, TRow> {
  /** The list's company channel, such as `companyEvent.tag`. */
  channel: (companyId: number) => E;
  /** Reads one event of the channel. */
  read: (payload: RealtimePayload<E>) => LiveChange<TRow>;
  /** Drops a row from one cached list; a module-level function, so the callbacks stay stable. */
  remove: (data: TData, id: number) => TData | undefined;
  /** Puts a changed row in place in one cached list (whose search is `listSearch`); module-level too. */
  replace: (data: TData, row: TRow, listSearch: string) => TData | undefined;
}

/** The list useLiveList keeps: changes applied to every cached search, and all of them fetched again. */
interface LiveListTarget<TData> {
  updateLists: (change: (data: TData, listSearch: string) => TData | undefined) => void;
  reload: () => void;
}

/**
 * Keeps a list page's cached lists in step with its company channel (each event read into a
 * LiveChange) and gives the page the same changes for its own writes: `removeRow` after a delete,
 * `saved` after the record dialog (a new record is fetched again, since only the server knows its
 * place in the order; an edited one is replaced where it is).
 */
export function useLiveList<E extends RealtimeEventName, TData, TRow>(
  list: LiveListTarget<TData>,
  { channel, read, remove, replace }: LiveListOptions<E, TData, TRow>,
) {
  const { user } = useSession();
  const { updateLists, reload } = list;
  const removeRow = useCallback((id: number) => updateLists((data) => remove(data, id)), [updateLists, remove]);
  const replaceRow = useCallback(
    (row: TRow) => updateLists((data, listSearch) => replace(data, row, listSearch)),
    [updateLists, replace],
  );
  useSocketEvent(user ? channel(user.companyId) : null, (payload) => {
    const change = read(payload);
    if (change === "reload") reload();
    else if ("removed" in change) removeRow(change.removed);
    else replaceRow(change.changed);
  });
  // Events sent while disconnected are not replayed.
  useSocketReconnect(reload);
  const saved = useCallback((row: TRow, isNew: boolean) => (isNew ? reload() : replaceRow(row)), [reload, replaceRow]);
  return { removeRow, replaceRow, saved };
}

/** A page's record dialog: closed, open for a new record (`id` null), or open on one record. */
export function useRecordDialog() {
  const [dialog, setDialog] = useState<{ open: boolean; id: number | null }>({ open: false, id: null });
  return {
    dialog,
    openNew: useCallback(() => setDialog({ open: true, id: null }), []),
    openRecord: useCallback((id: number) => setDialog({ open: true, id }), []),
    // The id stays while the dialog closes, so its title does not change under the animation.
    close: useCallback(() => setDialog((current) => ({ ...current, open: false })), []),
  };
}
