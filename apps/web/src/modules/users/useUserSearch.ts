import { SEARCH_DEBOUNCE_MS, USER_SEARCH_MIN_CHARS } from "@atendo/shared";
import { useEffect, useState } from "react";

/** Document 1 section 5: a user search is sent only when empty or at least 3 characters long. */
export function isSearchable(text: string): boolean {
  const term = text.trim();
  return term.length === 0 || term.length >= USER_SEARCH_MIN_CHARS;
}

/**
 * The search parameter to send for what the user typed: follows the text
 * 500 ms after the last keystroke, and only while the text is searchable;
 * a too-short text keeps the previous parameter.
 */
export function useUserSearch(text: string): string {
  const [searchParam, setSearchParam] = useState(() => (isSearchable(text) ? text.trim() : ""));
  useEffect(() => {
    if (!isSearchable(text)) return;
    const term = text.trim();
    const timer = setTimeout(() => setSearchParam(term), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text]);
  return searchParam;
}
