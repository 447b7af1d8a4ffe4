import { STORAGE_KEYS } from "@atendo/shared";
import { act, renderHook } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { useSignOption } from "./useSignOption";

describe("useSignOption", () => {
  afterEach(() => localStorage.clear());

  it("signs by default and remembers the switch for the next composer", () => {
    const first = renderHook(() => useSignOption());
    expect(first.result.current[0]).toBe(true);

    act(() => first.result.current[1](false));
    expect(first.result.current[0]).toBe(false);
    expect(localStorage.getItem(STORAGE_KEYS.signOption)).toBe("false");
    expect(renderHook(() => useSignOption()).result.current[0]).toBe(false);

    act(() => first.result.current[1](true));
    expect(renderHook(() => useSignOption()).result.current[0]).toBe(true);
  });
});
