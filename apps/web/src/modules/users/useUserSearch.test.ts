import { SEARCH_DEBOUNCE_MS } from "@atendo/shared";
import { act, renderHook } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { isSearchable, useUserSearch } from "./useUserSearch";

describe("isSearchable", () => {
  it("accepts an empty text or at least 3 characters", () => {
    expect(isSearchable("")).toBe(true);
    expect(isSearchable("   ")).toBe(true);
    expect(isSearchable("ab")).toBe(false);
    expect(isSearchable(" ab ")).toBe(false);
    expect(isSearchable("ana")).toBe(true);
  });
});

describe("useUserSearch", () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it("follows the text only after the debounce and never for 1 or 2 characters", () => {
    const { result, rerender } = renderHook(({ text }) => useUserSearch(text), { initialProps: { text: "" } });
    expect(result.current).toBe("");

    rerender({ text: "ma" });
    act(() => vi.advanceTimersByTime(SEARCH_DEBOUNCE_MS * 2));
    expect(result.current).toBe("");

    rerender({ text: "mar" });
    act(() => vi.advanceTimersByTime(SEARCH_DEBOUNCE_MS - 1));
    expect(result.current).toBe("");
    act(() => vi.advanceTimersByTime(1));
    expect(result.current).toBe("mar");

    // Shortening below 3 keeps the last search; clearing the box goes back to the full list.
    rerender({ text: "m" });
    act(() => vi.advanceTimersByTime(SEARCH_DEBOUNCE_MS));
    expect(result.current).toBe("mar");
    rerender({ text: "" });
    act(() => vi.advanceTimersByTime(SEARCH_DEBOUNCE_MS));
    expect(result.current).toBe("");
  });

  it("sends only the last text typed within the debounce", () => {
    const { result, rerender } = renderHook(({ text }) => useUserSearch(text), { initialProps: { text: "" } });
    rerender({ text: "mar" });
    act(() => vi.advanceTimersByTime(200));
    rerender({ text: "mari" });
    act(() => vi.advanceTimersByTime(SEARCH_DEBOUNCE_MS - 1));
    expect(result.current).toBe("");
    act(() => vi.advanceTimersByTime(1));
    expect(result.current).toBe("mari");
  });
});
