import { describe, expect, it } from "vitest";
import { firstOpenTab } from "./firstOpenTab";

describe("firstOpenTab", () => {
  it("opens on Aguardando only when nothing is assigned and someone is waiting", () => {
    expect(firstOpenTab(0, 3)).toBe("pending");
    expect(firstOpenTab(1, 3)).toBe("open");
    expect(firstOpenTab(0, 0)).toBe("open");
    expect(firstOpenTab(2, 0)).toBe("open");
  });
});
