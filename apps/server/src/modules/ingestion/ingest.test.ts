import { companyEvent } from "@atendo/shared";
import { eq, inArray } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { newContact, newTenant, newTicket, newWhatsapp } from "../../../test/factories.js";
import { createTestEnv, type TestEnv } from "../../../test/harness.js";
import type { InboundMessage } from "../../channels/provider.js";
import { contacts, messages, tickets } from "../../db/schema/index.js";
import { takeAck } from "../messages/early-acks.js";
import { upsertSetting } from "../settings/settings.repository.js";
import { applyAcks, ingestInbound, locationBody } from "./ingest.js";

let env: TestEnv;
beforeAll(async () => {
  env = await createTestEnv();
});
afterAll(async () => env.close());
afterEach(() => vi.restoreAllMocks());

let seq = 0;
const text = (from: string, body: string, extra: Partial<InboundMessage> = {}): InboundMessage => ({
  providerId: `TEST${Date.now()}${seq++}`,
  from,
  body,
  timestamp: Date.now(),
  ...extra,
});

async function connection() {
  const tenant = await newTenant(env);
  const whatsapp = await newWhatsapp(env.db, tenant.company.id, { provider: "simulator" });
  return { ...tenant, whatsapp };
}

describe("ingestInbound", () => {
  it("opens a new pending ticket after the previous one was closed", async () => {
    const { whatsapp } = await connection();
    const first = await ingestInbound(env.ctx, whatsapp, text("5511911110001", "one"));
    if (!("ticket" in first)) throw new Error("expected a stored message");
    expect(first.ticketCreated).toBe(true);
    await env.db.update(tickets).set({ status: "closed" }).where(eq(tickets.id, first.ticket.id));

    const second = await ingestInbound(env.ctx, whatsapp, text("5511911110001", "two"));
    if (!("ticket" in second)) throw new Error("expected a stored message");
    expect(second.ticketCreated).toBe(true);
    expect(second.ticket.id).not.toBe(first.ticket.id);
    expect(second.ticket).toMatchObject({ status: "pending", unreadMessages: 1 });
    expect(second.contact.id).toBe(first.contact.id);

    // An open ticket keeps receiving.
    await env.db.update(tickets).set({ status: "open" }).where(eq(tickets.id, second.ticket.id));
    const third = await ingestInbound(env.ctx, whatsapp, text("5511911110001", "three"));
    if (!("ticket" in third)) throw new Error("expected a stored message");
    expect(third).toMatchObject({
      ticketCreated: false,
      ticket: { id: second.ticket.id, status: "open", unreadMessages: 2 },
    });
  });

  it("is a no-op for a provider id already stored, and emits nothing then", async () => {
    const { company, whatsapp } = await connection();
    const message = text("5511911110002", "hello");
    const first = await ingestInbound(env.ctx, whatsapp, message);
    if (!("ticket" in first)) throw new Error("expected a stored message");
    const emit = vi.spyOn(env.ctx.realtime, "toRooms");
    expect(await ingestInbound(env.ctx, whatsapp, { ...message, body: "hello again" })).toEqual({ duplicate: true });
    expect(emit).not.toHaveBeenCalledWith(expect.anything(), companyEvent.appMessage(company.id), expect.anything());
    expect(await env.db.select().from(messages).where(eq(messages.whatsappId, whatsapp.id))).toHaveLength(1);
    // The redelivery reaches the ticket the first delivery opened, and leaves it as it was.
    const [ticket] = await env.db.select().from(tickets).where(eq(tickets.id, first.ticket.id));
    expect(ticket).toMatchObject({ unreadMessages: 1, lastMessage: "hello", updatedAt: first.ticket.updatedAt });
  });

  it("stores concurrent deliveries of one message once, and concurrent messages of one customer in one ticket", async () => {
    const { whatsapp } = await connection();
    const message = text("5511911110003", "race");
    const results = await Promise.all([1, 2, 3].map(() => ingestInbound(env.ctx, whatsapp, message)));
    expect(results.filter((r) => "duplicate" in r && r.duplicate)).toHaveLength(2);

    await Promise.all(
      ["a", "b", "c", "d"].map((body) => ingestInbound(env.ctx, whatsapp, text("5511911110004", body))),
    );
    const [contact] = await env.db.select().from(contacts).where(eq(contacts.number, "5511911110004"));
    const open = await env.db.select().from(tickets).where(eq(tickets.contactId, contact!.id));
    expect(open).toHaveLength(1);
    expect(open[0]!.unreadMessages).toBe(4);
  });

  it("keeps a private contact's name and follows a group's subject", async () => {
    const { company, whatsapp } = await connection();
    await upsertSetting(env.db, company.id, "CheckMsgIsGroup", "disabled");
    await ingestInbound(env.ctx, whatsapp, text("5511911110005", "hi", { name: "Pedro" }));
    await ingestInbound(env.ctx, whatsapp, text("5511911110005", "hi", { name: "P." }));
    const [person] = await env.db.select().from(contacts).where(eq(contacts.number, "5511911110005"));
    expect(person?.name).toBe("Pedro");

    const group = { id: "120363000000000099", name: "Old name" };
    await ingestInbound(env.ctx, whatsapp, text("5511911110005", "hi", { group }));
    await ingestInbound(env.ctx, whatsapp, text("5511911110005", "hi", { group: { ...group, name: "New name" } }));
    const [groupContact] = await env.db.select().from(contacts).where(eq(contacts.number, group.id));
    expect(groupContact).toMatchObject({ name: "New name", isGroup: true });
  });

  it("skips groups when CheckMsgIsGroup is enabled", async () => {
    const { whatsapp } = await connection();
    const result = await ingestInbound(
      env.ctx,
      whatsapp,
      text("5511911110006", "x", { group: { id: "1203", name: "G" } }),
    );
    expect(result).toEqual({ skipped: "group" });
  });

  it("links a reply to the message it quotes", async () => {
    const { whatsapp } = await connection();
    const original = text("5511911110007", "question");
    const first = await ingestInbound(env.ctx, whatsapp, original);
    const reply = await ingestInbound(
      env.ctx,
      whatsapp,
      text("5511911110007", "answer", { quotedProviderId: original.providerId }),
    );
    if (!("message" in first) || !("message" in reply)) throw new Error("expected stored messages");
    expect(reply.message.quotedMsgId).toBe(first.message.id);
  });
});

describe("applyAcks", () => {
  /** Messages the company sent on the connection, at these acks. */
  async function sentMessages(companyId: number, whatsappId: number, acks: number[]) {
    const contact = await newContact(env.db, companyId);
    const ticket = await newTicket(env.db, companyId, { contactId: contact.id, whatsappId });
    return env.db
      .insert(messages)
      .values(
        acks.map((ack) => ({
          companyId,
          ticketId: ticket.id,
          contactId: contact.id,
          whatsappId,
          providerId: `SENT${Date.now()}${seq++}`,
          body: `at ${ack}`,
          fromMe: true,
          ack,
        })),
      )
      .returning();
  }

  const acksOf = async (ids: number[]) =>
    Object.fromEntries(
      (await env.db.select().from(messages).where(inArray(messages.id, ids))).map((row) => [row.id, row.ack]),
    );

  const ackUpdates = (emit: ReturnType<typeof vi.spyOn>, companyId: number) =>
    emit.mock.calls
      .filter((call: unknown[]) => call[1] === companyEvent.appMessage(companyId))
      .map((call: unknown[]) => call[2] as { action: string; message: { id: number; ack: number } });

  it("moves a batch's acks forward only, the highest of a message's, with one update event per message moved", async () => {
    const { company, whatsapp } = await connection();
    const [first, second, third] = await sentMessages(company.id, whatsapp.id, [1, 2, 3]);
    const emit = vi.spyOn(env.ctx.realtime, "toRooms");
    const moved = await applyAcks(env.ctx, whatsapp, [
      { providerId: first!.providerId!, ack: 2 },
      { providerId: second!.providerId!, ack: 1 },
      { providerId: third!.providerId!, ack: 2 },
      { providerId: first!.providerId!, ack: 3 },
    ]);
    expect(moved.map((row) => [row.id, row.ack])).toEqual([[first!.id, 3]]);
    expect(await acksOf([first!.id, second!.id, third!.id])).toEqual({
      [first!.id]: 3,
      [second!.id]: 2,
      [third!.id]: 3,
    });
    expect(ackUpdates(emit, company.id)).toEqual([
      expect.objectContaining({
        action: "update",
        message: expect.objectContaining({ id: first!.id, ack: 3, body: "at 1", fromMe: true }),
      }),
    ]);
    // A later, lower ack of the same message is no change either.
    expect(await applyAcks(env.ctx, whatsapp, [{ providerId: first!.providerId!, ack: 2 }])).toEqual([]);
    expect((await acksOf([first!.id]))[first!.id]).toBe(3);
  });

  it("never touches nor emits a message of another company, in a batch with the company's own", async () => {
    const { company, whatsapp } = await connection();
    const other = await newTenant(env);
    const [own] = await sentMessages(company.id, whatsapp.id, [1]);
    // Another company's row under this connection's id (the connection's company is the check).
    const [foreign] = await sentMessages(other.company.id, whatsapp.id, [1]);
    const emit = vi.spyOn(env.ctx.realtime, "toRooms");
    const moved = await applyAcks(env.ctx, whatsapp, [
      { providerId: foreign!.providerId!, ack: 3 },
      { providerId: own!.providerId!, ack: 2 },
    ]);
    expect(moved.map((row) => row.id)).toEqual([own!.id]);
    expect(await acksOf([own!.id, foreign!.id])).toEqual({ [own!.id]: 2, [foreign!.id]: 1 });
    expect(ackUpdates(emit, other.company.id)).toEqual([]);

    // A connection answered for the wrong company moves nothing of the right one's.
    const [mine] = await sentMessages(company.id, whatsapp.id, [1]);
    expect(
      await applyAcks(env.ctx, { id: whatsapp.id, companyId: other.company.id }, [
        { providerId: mine!.providerId!, ack: 3 },
      ]),
    ).toEqual([]);
    expect((await acksOf([mine!.id]))[mine!.id]).toBe(1);
  });

  it("notes every ack of a batch first: one reported before its message is stored waits for the sending path", async () => {
    const { company, whatsapp } = await connection();
    const [stored] = await sentMessages(company.id, whatsapp.id, [1]);
    const early = `EARLY${Date.now()}${seq++}`;
    const moved = await applyAcks(env.ctx, whatsapp, [
      { providerId: early, ack: 2 },
      { providerId: stored!.providerId!, ack: 2 },
      { providerId: early, ack: 3 },
    ]);
    expect(moved.map((row) => row.id)).toEqual([stored!.id]);
    // What send.ts takes right after its commit: the highest ack reported, for the missing row only.
    expect(takeAck(env.db, whatsapp.id, early)).toBe(3);
    expect(takeAck(env.db, whatsapp.id, stored!.providerId!)).toBeUndefined();
  });
});

describe("locationBody", () => {
  it("is image|link|description, with the network's thumbnail when it has one", () => {
    expect(locationBody({ lat: 1, lng: 2, thumbnailUrl: "data:image/png;base64,AAA" })).toBe(
      "data:image/png;base64,AAA|https://maps.google.com/maps?q=1%2C2&z=17&hl=pt-BR|",
    );
  });
});
