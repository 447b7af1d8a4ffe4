import { describe, expect, it } from "vitest";
import { dueDateColour } from "./dueDateColour";

const now = new Date(2025, 5, 15, 10, 30);
const inDays = (days: number, hour = 12) => new Date(2025, 5, 15 + days, hour, 0);

describe("dueDateColour", () => {
  it("is yellow when due in exactly 5 days", () => {
    expect(dueDateColour(inDays(5), now)).toBe("yellow");
  });

  it("is orange from -3 to 4 days", () => {
    expect(dueDateColour(inDays(4), now)).toBe("orange");
    expect(dueDateColour(inDays(0), now)).toBe("orange");
    expect(dueDateColour(inDays(-3), now)).toBe("orange");
  });

  it("is red at -4 days or less", () => {
    expect(dueDateColour(inDays(-4), now)).toBe("red");
    expect(dueDateColour(inDays(-30), now)).toBe("red");
  });

  it("has no colour at 6 days or more", () => {
    expect(dueDateColour(inDays(6), now)).toBeNull();
    expect(dueDateColour(inDays(60), now)).toBeNull();
  });

  it("counts calendar days, not 24-hour periods", () => {
    expect(dueDateColour(inDays(5, 0), now)).toBe("yellow");
    expect(dueDateColour(inDays(6, 0), now)).toBeNull();
  });

  it("accepts ISO strings and has no colour without a valid date", () => {
    expect(dueDateColour(inDays(5).toISOString(), now)).toBe("yellow");
    expect(dueDateColour(null, now)).toBeNull();
    expect(dueDateColour(undefined, now)).toBeNull();
    expect(dueDateColour("not a date", now)).toBeNull();
  });
});
