import type { WACallEvent } from "@whiskeysockets/baileys";
import { describe, expect, it } from "vitest";
import { BaileysCalls, REJECTED_CALL_MEMORY_MS, ringingCall } from "./baileys.calls.js";

const customer = "5511999990001@s.whatsapp.net";
const date = new Date(1_700_000_000_000);

function offer(extra: Partial<WACallEvent> = {}): WACallEvent {
  return { chatId: customer, from: customer, id: "C1", date, status: "offer", offline: false, ...extra };
}

describe("ringingCall", () => {
  it("files a call under the caller's number, voice unless WhatsApp says video", () => {
    expect(ringingCall(offer())).toEqual({
      callId: "C1",
      from: "5511999990001",
      isVideo: false,
      timestamp: date.getTime(),
    });
    expect(ringingCall(offer({ from: "5511999990001:3@s.whatsapp.net", isVideo: true }))).toMatchObject({
      from: "5511999990001",
      isVideo: true,
    });
  });

  it("leaves out group calls and callers known only by LID", () => {
    expect(ringingCall(offer({ isGroup: true }))).toBeUndefined();
    expect(ringingCall(offer({ from: "123456789012345@lid" }))).toBeUndefined();
  });
});

describe("BaileysCalls", () => {
  it("rejects a ringing call with the JID WhatsApp gave, or the number's JID once the call is gone", () => {
    const calls = new BaileysCalls();
    calls.ring(offer({ from: "5511999990001:3@s.whatsapp.net" }));
    expect(calls.reject({ callId: "C1", from: "5511999990001" })).toBe("5511999990001:3@s.whatsapp.net");
    expect(calls.reject({ callId: "C1", from: "5511999990001" })).toBe(customer);
    calls.ring(offer({ id: "C2", from: "5511999990001:3@s.whatsapp.net" }));
    calls.end("C2");
    expect(calls.reject({ callId: "C2", from: "5511999990001" })).toBe(customer);
  });

  it("recognises the phone's missed-call entry of a rejected call for five minutes either side", () => {
    const calls = new BaileysCalls();
    const now = 1_700_000_000_000;
    calls.reject({ callId: "C1", from: "5511999990001" }, now);
    expect(calls.rejectedLately("5511999990001", now - REJECTED_CALL_MEMORY_MS + 1)).toBe(true);
    expect(calls.rejectedLately("5511999990001", now + REJECTED_CALL_MEMORY_MS - 1)).toBe(true);
    expect(calls.rejectedLately("5511999990001", now + REJECTED_CALL_MEMORY_MS)).toBe(false);
    expect(calls.rejectedLately("5511999990002", now)).toBe(false);
  });

  it("forgets old rejections when it rejects again", () => {
    const calls = new BaileysCalls();
    const now = 1_700_000_000_000;
    calls.reject({ callId: "C1", from: "5511999990001" }, now);
    calls.reject({ callId: "C2", from: "5511999990002" }, now + REJECTED_CALL_MEMORY_MS);
    expect(calls.rejectedLately("5511999990001", now)).toBe(false);
    expect(calls.rejectedLately("5511999990002", now + REJECTED_CALL_MEMORY_MS)).toBe(true);
  });
});
