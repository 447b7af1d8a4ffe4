import { describe, expect, it } from "vitest";
import {
  AnnouncementEventPayload,
  COMPANY_EVENT_PAYLOADS,
  realtimePayloadSchema,
  TicketEventPayload,
} from "./realtime.js";
import { ANNOUNCEMENT_EVENT, type CompanyEventKind, companyEvent } from "./realtime-names.js";

describe("the realtime contract", () => {
  it("names each company event after its kind and finds its schema by that name", () => {
    for (const kind of Object.keys(COMPANY_EVENT_PAYLOADS) as CompanyEventKind[]) {
      const name = companyEvent[kind](7);
      expect(name).toBe(`company-7-${kind}`);
      expect(realtimePayloadSchema(name)).toBe(COMPANY_EVENT_PAYLOADS[kind]);
    }
    expect(realtimePayloadSchema(ANNOUNCEMENT_EVENT)).toBe(AnnouncementEventPayload);
  });

  it("knows no other name, Object.prototype's included", () => {
    for (const name of [
      "company-7-tickets",
      "company-x-ticket",
      "company-7-ticket-12",
      "ticket",
      "company-7-constructor",
      "company-7-__proto__",
    ]) {
      expect(realtimePayloadSchema(name)).toBeUndefined();
    }
  });

  it("takes a tag change's ticket as only its tags, and nothing else that short", () => {
    const tags = [{ id: 1, name: "vip", color: "#fff", kanban: 0 }];
    expect(TicketEventPayload.safeParse({ action: "update", ticket: { id: 3, tags } }).success).toBe(true);
    const broken = { id: 3, tags, status: "open", uuid: "u" };
    expect(TicketEventPayload.safeParse({ action: "update", ticket: broken }).success).toBe(false);
  });
});
