import { describe, expect, it } from "vitest";
import { bucketLabel, formatMinutes, isoDay, lastDays } from "./dashboardApi";

describe("dashboard helpers", () => {
  it("formats minutes as the cards show them", () => {
    expect(formatMinutes(0)).toBe("0m");
    expect(formatMinutes(36.25)).toBe("36m 15s");
    expect(formatMinutes(65)).toBe("1h 05m");
    expect(formatMinutes(0.02)).toBe("0m 01s");
  });

  it("labels day and hour buckets", () => {
    expect(bucketLabel("2026-03-09", "day")).toBe("09/03");
    expect(bucketLabel("07", "hour")).toBe("07h");
  });

  it("makes local calendar ranges ending today", () => {
    const today = new Date(2026, 2, 1, 15, 30);
    expect(isoDay(today)).toBe("2026-03-01");
    expect(lastDays(7, today)).toEqual({ initialDate: "2026-02-23", finalDate: "2026-03-01" });
    expect(lastDays(1, today)).toEqual({ initialDate: "2026-03-01", finalDate: "2026-03-01" });
  });
});
