import { describe, expect, it } from "vitest";
import { campaignActions } from "./campaignStatus";

const now = Date.parse("2030-01-01T12:00:00Z");
const inHours = (hours: number) => new Date(now + hours * 3_600_000).toISOString();

describe("campaign row actions", () => {
  it("edits while the form may be saved, else only views", () => {
    expect(campaignActions({ status: "INATIVA", scheduledAt: null }, now)).toEqual(["edit", "report", "delete"]);
    expect(campaignActions({ status: "PROGRAMADA", scheduledAt: inHours(2) }, now)[0]).toBe("edit");
    expect(campaignActions({ status: "PROGRAMADA", scheduledAt: inHours(0.5) }, now)[0]).toBe("view");
    expect(campaignActions({ status: "FINALIZADA", scheduledAt: inHours(-1) }, now)).toEqual([
      "view",
      "report",
      "delete",
    ]);
  });

  it("cancels a running campaign and restarts a cancelled one, which may still be saved", () => {
    expect(campaignActions({ status: "EM_ANDAMENTO", scheduledAt: inHours(-1) }, now)).toEqual([
      "view",
      "cancel",
      "report",
      "delete",
    ]);
    expect(campaignActions({ status: "CANCELADA", scheduledAt: inHours(-1) }, now)).toEqual([
      "edit",
      "restart",
      "report",
      "delete",
    ]);
  });
});
