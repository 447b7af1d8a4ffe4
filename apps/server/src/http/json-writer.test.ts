import { TicketMessagesPage, TicketsPage } from "@atendo/shared";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { compileJsonWriter } from "./json-writer.js";

const zodJson = (schema: z.ZodType, value: unknown) => JSON.stringify(z.encode(schema, value as never));

const ticket = {
  // Extra keys and keys out of the schema's order: both serializers trim and reorder the same way.
  extra: "dropped",
  uuid: 'a"b\\c\u2028',
  id: 7,
  status: "open",
  userId: null,
  user: null,
  queueId: 3,
  queue: { id: 3, name: "Vendas ção", color: "#fff", hidden: 1 },
  whatsappId: 1,
  whatsapp: { id: 1, name: "W" },
  contactId: 9,
  contact: { id: 9, name: "Ana 😀", number: "5511", profilePicUrl: "", email: "" },
  isGroup: false,
  chatbot: true,
  lastMessage: "line\nnext",
  unreadMessages: 0,
  updatedAt: "2026-11-24T10:00:00.000Z",
  createdAt: "2026-11-24T09:00:00.000Z",
  tags: [{ id: 1, name: "t", color: "#000" }],
  useIntegration: false,
  promptId: null,
  integrationId: null,
  code: null,
};

describe("compileJsonWriter", () => {
  it("writes the same JSON as zod's encode for the ticket page", () => {
    const write = compileJsonWriter(TicketsPage)!;
    for (const page of [
      { tickets: [ticket, { ...ticket, id: 8, tags: [] }], count: 2, hasMore: false },
      { tickets: [], count: 0, hasMore: true, nextCursor: "x" },
    ]) {
      expect(write(page)).toBe(zodJson(TicketsPage, page));
    }
  });

  it("writes the same JSON as zod's encode for the message page, optional keys left out when undefined", () => {
    const write = compileJsonWriter(TicketMessagesPage)!;
    const message = {
      id: 1,
      ticketId: 7,
      body: "oi",
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
      contact: { id: 9, name: "Ana" },
      participant: null,
      createdAt: "2026-11-24T10:00:00.000Z",
      updatedAt: "2026-11-24T10:00:00.000Z",
    };
    const header = {
      ...ticket,
      contact: { id: 9, name: "Ana", number: "55", email: null, profilePicUrl: null, isGroup: false },
    };
    const page = {
      messages: [
        message,
        { ...message, id: 2, sendError: "refused", quotedMsg: { id: 1, body: "oi", fromMe: false, mediaType: "chat" } },
      ],
      ticket: header,
      count: 2,
      hasMore: false,
    };
    expect(write(page)).toBe(zodJson(TicketMessagesPage, page));
  });

  it("throws on a value of the wrong type, as zod does", () => {
    const write = compileJsonWriter(TicketsPage)!;
    expect(() => write({ tickets: [{ ...ticket, id: "7" }], count: 1, hasMore: false })).toThrow(/tickets\[\]\.id/);
    expect(() => write({ tickets: [{ ...ticket, status: "gone" }], count: 1, hasMore: false })).toThrow(/status/);
    expect(() => write({ tickets: [], count: Number.NaN, hasMore: false })).toThrow(/count/);
  });

  it("leaves schemas it does not know to zod", () => {
    expect(compileJsonWriter(z.object({ when: z.string().min(1) }))).toBeUndefined();
    expect(compileJsonWriter(z.union([z.string(), z.number()]))).toBeUndefined();
  });
});
