import { CAMPAIGN_REPORT_RELOAD_MS } from "@atendo/shared";
import { describe, expect, it } from "vitest";
import { REPORT_REFETCH_MS, refetchDelay } from "./reportRefresh";

describe("report refetch", () => {
  it("while running, refetches at most once per throttle window", () => {
    expect(refetchDelay("EM_ANDAMENTO", 10_000, 10_000)).toBe(REPORT_REFETCH_MS);
    expect(refetchDelay("EM_ANDAMENTO", 10_000, 11_000)).toBe(REPORT_REFETCH_MS - 1000);
    expect(refetchDelay("EM_ANDAMENTO", 10_000, 10_000 + REPORT_REFETCH_MS + 5)).toBe(0);
  });

  it("once finished, reloads 5 seconds after the update", () => {
    expect(refetchDelay("FINALIZADA", 0, 60_000)).toBe(CAMPAIGN_REPORT_RELOAD_MS);
    expect(CAMPAIGN_REPORT_RELOAD_MS).toBe(5000);
  });
});
