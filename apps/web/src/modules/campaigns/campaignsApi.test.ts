import type { Campaign, CampaignRecord } from "@atendo/shared";
import { describe, expect, it } from "vitest";
import { type CampaignsPages, removeCampaign, replaceCampaign, withLiveRecord } from "./campaignsApi";

const base = {
  message2: "",
  message3: "",
  message4: "",
  message5: "",
  scheduledAt: null,
  completedAt: null,
  whatsappId: 1,
  contactListId: 4,
  tagId: null,
  fileListId: null,
  companyId: 3,
  mediaPath: null,
  mediaName: null,
  whatsapp: { id: 1, name: "Simulador" },
  createdAt: "2030-01-01T00:00:00.000Z",
  updatedAt: "2030-01-01T00:00:00.000Z",
};
const record = (id: number, overrides: Partial<CampaignRecord> = {}): CampaignRecord => ({
  ...base,
  id,
  name: `C${id}`,
  message1: "Oi",
  status: "EM_ANDAMENTO",
  contactList: { id: 4, name: "Clientes" },
  progress: { valid: 2, delivered: 0, failed: 0 },
  ...overrides,
});

const pages = (...ids: number[]): CampaignsPages => ({
  pages: [{ records: ids.map((id) => record(id)), count: ids.length, hasMore: false }],
  pageParams: [1],
});

describe("campaigns cache", () => {
  it("replaces and removes a listed campaign, and leaves pages without it as they are", () => {
    const data = pages(1, 2);
    const replaced = replaceCampaign(data, record(2, { status: "FINALIZADA" }));
    expect(replaced?.pages[0]?.records.map((item) => item.status)).toEqual(["EM_ANDAMENTO", "FINALIZADA"]);
    expect(replaceCampaign(data, record(3))).toBe(data);
    expect(removeCampaign(data, 1)?.pages[0]).toMatchObject({ count: 1, records: [{ id: 2 }] });
    expect(removeCampaign(data, 3)).toBe(data);
  });

  it("lays a live record over the report's campaign, keeping its recipients and contacts", () => {
    const contactList = {
      id: 4,
      name: "Clientes",
      contacts: [{ id: 1, name: "Ana", number: "5511", isWhatsappValid: true }],
    };
    const shipping = [
      {
        id: 1,
        number: "5511",
        name: "Ana",
        message: "",
        variant: 1,
        sendAt: "2030-01-01T00:00:00.000Z",
        deliveredAt: null,
        failedAt: null,
      },
    ];
    const detail: Campaign = { ...record(1), shipping, contactList };
    const live = withLiveRecord(detail, record(1, { progress: { valid: 2, delivered: 1, failed: 0 } }));
    expect(live?.progress.delivered).toBe(1);
    expect(live?.shipping).toBe(shipping);
    expect(live?.contactList).toBe(contactList);
    expect(withLiveRecord(detail, record(2))).toBe(detail);
    expect(withLiveRecord(undefined, record(1))).toBeUndefined();
  });
});
