import { INFINITE_SCROLL_THRESHOLD_PX, SEARCH_DEBOUNCE_MS } from "@atendo/shared";
import { type RefObject, type UIEvent, useCallback, useEffect, useState } from "react";

/**
 * Helpers shared by the back-office list pages (contacts, tags, quick messages):
 * debounced search, infinite scroll within the spec's threshold, one row per id.
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
