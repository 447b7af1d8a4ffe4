import type { TicketMessage } from "@atendo/shared";
import { describe, expect, it } from "vitest";
import { buildTimeline, mergeMessages } from "./timeline";

function message(id: number, createdAt: Date, overrides: Partial<TicketMessage> = {}): TicketMessage {
  return {
    id,
    ticketId: 1,
    body: `message ${id}`,
    fromMe: false,
    mediaType: "chat",
    mediaUrl: null,
    mediaName: null,
    isDeleted: false,
    isEdited: false,
    ack: 0,
    read: true,
    quotedMsgId: null,
    quotedMsg: null,
    contact: { id: 7, name: "Ana" },
    participant: null,
    createdAt: createdAt.toISOString(),
    updatedAt: createdAt.toISOString(),
    ...overrides,
  };
}

describe("buildTimeline", () => {
  it("puts a dd/MM/yyyy separator before the first message of each day", () => {
    const items = buildTimeline([
      message(1, new Date(2026, 10, 20, 9, 0)),
      message(2, new Date(2026, 10, 20, 18, 30)),
      message(3, new Date(2026, 10, 21, 8, 5)),
    ]);
    expect(items.map((item) => (item.kind === "date" ? item.date : item.kind))).toEqual([
      "20/11/2026",
      "message",
      "message",
      "21/11/2026",
      "message",
    ]);
  });

  it("marks where one conversation ends and the next starts, with both times", () => {
    const ended = new Date(2026, 10, 20, 9, 0);
    const started = new Date(2026, 10, 20, 10, 15);
    const items = buildTimeline([message(1, ended), message(2, started, { ticketId: 2 })]);
    const marker = items.find((item) => item.kind === "conversation");
    expect(marker).toMatchObject({ endedAt: ended.toISOString(), startedAt: started.toISOString() });
    expect(items.map((item) => item.kind)).toEqual(["date", "message", "conversation", "message"]);
  });

  it("answers nothing for no messages", () => {
    expect(buildTimeline([])).toEqual([]);
  });
});

describe("mergeMessages", () => {
  it("keeps one entry per id in chronological order, older pages before newer ones", () => {
    const newer = [message(3, new Date(2026, 0, 1, 10)), message(4, new Date(2026, 0, 1, 11))];
    const older = [message(1, new Date(2026, 0, 1, 8)), message(2, new Date(2026, 0, 1, 9))];
    expect(mergeMessages(newer, older).map((item) => item.id)).toEqual([1, 2, 3, 4]);
  });

  it("replaces a message with its update and keeps the quoted message the update lacks", () => {
    const quoted = { id: 1, body: "hi", fromMe: false, mediaType: "chat" as const };
    const stored = message(2, new Date(2026, 0, 1), { fromMe: true, ack: 1, quotedMsg: quoted });
    const update = { ...stored, ack: 3, quotedMsg: undefined as unknown as null };
    const [merged] = mergeMessages([stored], [update]);
    expect(merged?.ack).toBe(3);
    expect(merged?.quotedMsg).toEqual(quoted);
  });
});
