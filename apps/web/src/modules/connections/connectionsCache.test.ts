import type { Whatsapp } from "@atendo/shared";
import { describe, expect, it } from "vitest";
import { applySessionEvent, applyWhatsappEvent, needsAttention, sessionActionsFor } from "./connectionsCache";

const connection = (id: number, values: Partial<Whatsapp> = {}): Whatsapp => ({
  id,
  name: `Connection ${id}`,
  status: "CONNECTED",
  isDefault: false,
  greetingMessage: "",
  complationMessage: "",
  outOfHoursMessage: "",
  ratingMessage: "",
  expiresInactiveMessage: "",
  token: `token-${id}`,
  provider: "simulator",
  expiresTicket: 0,
  timeUseBotQueues: 0,
  maxUseBotQueues: 3,
  timeToTransfer: null,
  transferQueueId: null,
  promptId: null,
  integrationId: null,
  qrcode: "",
  retries: 0,
  number: null,
  queues: [],
  createdAt: "2026-11-21T10:00:00.000Z",
  updatedAt: "2026-11-21T10:00:00.000Z",
  ...values,
});

describe("applyWhatsappEvent", () => {
  it("adds a new connection, replaces a known one keeping the admin's token, and removes a deleted one", () => {
    const list = [connection(1), connection(2)];
    const added = applyWhatsappEvent(list, { action: "update", whatsapp: connection(3, { token: "" }) });
    expect(added?.map((item) => item.id)).toEqual([1, 2, 3]);

    const renamed = applyWhatsappEvent(list, { action: "update", whatsapp: connection(2, { name: "New", token: "" }) });
    expect(renamed?.[1]).toMatchObject({ id: 2, name: "New", token: "token-2" });

    expect(applyWhatsappEvent(list, { action: "delete", whatsappId: 1 })?.map((item) => item.id)).toEqual([2]);
    expect(applyWhatsappEvent(undefined, { action: "delete", whatsappId: 1 })).toBeUndefined();
  });
});

describe("applySessionEvent", () => {
  it("moves the status, QR code and update time of its connection only", () => {
    const list = [connection(1), connection(2, { status: "OPENING" })];
    const session = {
      id: 2,
      status: "qrcode" as const,
      qrcode: "atendo-sim:2:abc",
      retries: 1,
      updatedAt: "2026-11-22",
    };
    const next = applySessionEvent(list, { action: "update", session });
    expect(next?.[1]).toMatchObject({
      status: "qrcode",
      qrcode: "atendo-sim:2:abc",
      retries: 1,
      updatedAt: "2026-11-22",
    });
    expect(next?.[0]).toBe(list[0]);
    // An unknown connection leaves the list as it is.
    expect(applySessionEvent(list, { action: "update", session: { ...session, id: 9 } })).toBe(list);
  });
});

describe("a Cloud API connection's live settings", () => {
  const cloud = {
    phoneNumberId: "1065",
    businessAccountId: "1022",
    webhookUrl: "/cloud/webhook/4",
    verifyToken: "verify",
    hasAccessToken: true,
    hasAppSecret: true,
    statusReason: null,
  };

  it("keeps the admin's cloud settings when an event comes without them, and takes them when it carries them", () => {
    const list = [connection(4, { provider: "cloud", cloud })];
    const plain = applyWhatsappEvent(list, {
      action: "update",
      whatsapp: connection(4, { provider: "cloud", token: "" }),
    });
    expect(plain?.[0]?.cloud).toEqual(cloud);
    const renewed = { ...cloud, verifyToken: "new" };
    const full = applyWhatsappEvent(list, {
      action: "update",
      whatsapp: connection(4, { provider: "cloud", token: "", cloud: renewed }),
    });
    expect(full?.[0]?.cloud).toEqual(renewed);
  });

  it("follows why Meta refused it from the session events, and forgets it once connected", () => {
    const list = [connection(4, { provider: "cloud", cloud })];
    const session = { id: 4, status: "DISCONNECTED" as const, qrcode: "", retries: 0, updatedAt: "2026-11-24" };
    const refused = applySessionEvent(list, {
      action: "update",
      session: { ...session, statusReason: "Graph API 190: Session has expired" },
    });
    expect(refused?.[0]).toMatchObject({
      status: "DISCONNECTED",
      cloud: { statusReason: "Graph API 190: Session has expired" },
    });
    const back = applySessionEvent(refused, {
      action: "update",
      session: { ...session, status: "CONNECTED", statusReason: null },
    });
    expect(back?.[0]?.cloud?.statusReason).toBeNull();
    // Attendants' lists hold no cloud settings: nothing is invented for them.
    const attendant = [connection(4, { provider: "cloud" })];
    expect(applySessionEvent(attendant, { action: "update", session })?.[0]).not.toHaveProperty("cloud");
  });
});

describe("needsAttention", () => {
  it("flags qrcode, PAIRING, DISCONNECTED, TIMEOUT and OPENING, not CONNECTED", () => {
    expect(needsAttention([{ status: "CONNECTED" }])).toBe(false);
    expect(needsAttention(undefined)).toBe(false);
    for (const status of ["qrcode", "PAIRING", "DISCONNECTED", "TIMEOUT", "OPENING"]) {
      expect(needsAttention([{ status: "CONNECTED" }, { status }]), status).toBe(true);
    }
  });
});

describe("sessionActionsFor", () => {
  it("offers the buttons of document 1's connection states", () => {
    expect(sessionActionsFor("qrcode")).toEqual(["showQr"]);
    expect(sessionActionsFor("DISCONNECTED")).toEqual(["retry", "newQr"]);
    expect(sessionActionsFor("TIMEOUT")).toEqual(["disconnect"]);
    expect(sessionActionsFor("CONNECTED")).toEqual(["disconnect"]);
    expect(sessionActionsFor("OPENING")).toEqual(["connecting"]);
  });
});
