import { describe, expect, it } from "vitest";
import { daysUntil, formatDate, formatRelativeDay, formatShortDateTime, formatTime } from "./date";
import { maskPhone } from "./phone";

describe("date helpers", () => {
  const date = new Date(2026, 0, 5, 9, 7);
  it("formats dates and times", () => {
    expect(formatDate(date)).toBe("05/01/2026");
    expect(formatTime(date)).toBe("09:07");
    expect(formatShortDateTime(date)).toBe("05/01/26 09:07");
    expect(formatDate("not a date")).toBe("");
    expect(formatDate(null)).toBe("");
  });
  it("shows the time for today and the date otherwise", () => {
    expect(formatRelativeDay(date, new Date(2026, 0, 5, 18))).toBe("09:07");
    expect(formatRelativeDay(date, new Date(2026, 0, 6))).toBe("05/01/2026");
  });
  it("counts days until a date", () => {
    expect(daysUntil(new Date(2026, 0, 8), new Date(2026, 0, 5, 23))).toBe(3);
    expect(daysUntil(new Date(2026, 0, 4), new Date(2026, 0, 5))).toBe(-1);
  });
});

describe("phone mask", () => {
  it("masks progressively up to 11 digits", () => {
    expect(maskPhone("1")).toBe("(1");
    expect(maskPhone("119")).toBe("(11) 9");
    expect(maskPhone("1198765")).toBe("(11) 98765");
    expect(maskPhone("11987654321")).toBe("(11) 98765-4321");
    expect(maskPhone("1133334444")).toBe("(11) 3333-4444");
    expect(maskPhone("119876543219999")).toBe("(11) 98765-4321");
    expect(maskPhone("(11) 98765-43ab21")).toBe("(11) 98765-4321");
  });
});
