import { describe, expect, it } from "vitest";
import { AppError } from "./errors.js";
import { assertStorableText } from "./input-guard.js";

/** The fields assertStorableText names, or [] when it lets the value through. */
function refused(value: unknown): { path: string; message: string }[] {
  try {
    assertStorableText(value, "body");
    return [];
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    expect(error.code).toBe("ERR_VALIDATION");
    return error.details.fields ?? [];
  }
}

describe("assertStorableText", () => {
  it("lets any storable text through, paired surrogates (emoji) included", () => {
    expect(refused({ note: "olá 😀 \u{1F44D}", list: ["a", { b: "c" }], n: 1, flag: true, none: null })).toEqual([]);
  });

  it("names every string holding NUL or a lone surrogate, however deep", () => {
    expect(
      refused({ note: "a\u0000b", list: ["ok", { deeper: "\ud800" }], tail: "x\udc00", swapped: "\udc00\ud800" }),
    ).toEqual([
      { path: "body.swapped", message: "loneSurrogate" },
      { path: "body.tail", message: "loneSurrogate" },
      { path: "body.list.1.deeper", message: "loneSurrogate" },
      { path: "body.note", message: "nulCharacter" },
    ]);
  });

  it("refuses such a key without echoing it raw", () => {
    expect(refused({ "a\u0000": 1 })).toEqual([{ path: 'body."a\\u0000"', message: "nulCharacter" }]);
  });

  it("walks nesting deeper than the call stack, and stops naming fields after ten", () => {
    let deep: unknown = "\u0000";
    for (let level = 0; level < 200_000; level += 1) deep = [deep];
    expect(refused(deep)).toHaveLength(1);
    expect(refused(Array.from({ length: 1000 }, () => "\u0000"))).toHaveLength(10);
  });
});
