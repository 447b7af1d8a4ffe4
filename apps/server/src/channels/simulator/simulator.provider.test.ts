import { companyEvent } from "@atendo/shared";
import { eq, inArray } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { newContact, newTenant, newTicket, newWhatsapp } from "../../../test/factories.js";
import { createTestEnv, type TestEnv } from "../../../test/harness.js";
import { messages, simulatorInbound, simulatorOutbound } from "../../db/schema/index.js";
import type { InboundMessage, ProviderAck, ProviderCallbacks } from "../provider.js";
import {
  newProviderId,
  SIMULATOR_DEFAULTS,
  type SimulatorOptions,
  SimulatorProvider,
  virtualNumber,
} from "./simulator.provider.js";
import { insertInbound, pairDevice } from "./simulator.repository.js";

let env: TestEnv;
beforeAll(async () => {
  env = await createTestEnv();
});
afterAll(async () => env.close());
afterEach(() => vi.restoreAllMocks());

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe("SimulatorProvider delivery", () => {
  it("delivers chats at the same time, each in order, and holds a chat back after its failed message", async () => {
    const { company } = await newTenant(env);
    const whatsapp = await newWhatsapp(env.db, company.id, { provider: "simulator" });
    await pairDevice(env.db, whatsapp.id, virtualNumber(whatsapp.id));
    const sent: [string, string][] = [
      ["5511900000001", "a1"],
      ["5511900000002", "b1"],
      ["5511900000001", "a2"],
      ["5511900000003", "c1"],
      ["5511900000002", "b2"],
      ["5511900000001", "a3"],
      ["5511900000003", "c2"],
    ];
    for (const [index, [from, body]] of sent.entries()) {
      await insertInbound(env.db, {
        whatsappId: whatsapp.id,
        providerId: `DELIVERY${whatsapp.id}X${index}`,
        payload: { from, body, timestamp: Date.now() },
      });
    }

    const received: string[] = [];
    let inFlight = 0;
    let mostAtOnce = 0;
    let failFirstB1 = true;
    const provider = new SimulatorProvider(
      env.ctx,
      { id: whatsapp.id, companyId: company.id, provider: "simulator" },
      {
        onQr: async () => undefined,
        onStatus: async () => undefined,
        onAcks: async () => undefined,
        onCall: async () => undefined,
        onInbound: async (message: InboundMessage) => {
          inFlight++;
          mostAtOnce = Math.max(mostAtOnce, inFlight);
          await sleep(20);
          inFlight--;
          if (message.body === "b1" && failFirstB1) {
            failFirstB1 = false;
            throw new Error("ingestion failed");
          }
          received.push(message.body);
        },
      },
      { ...SIMULATOR_DEFAULTS, sweepMs: 60_000 },
    );
    const acked = async () =>
      (await env.db.select().from(simulatorInbound).where(eq(simulatorInbound.whatsappId, whatsapp.id))).filter(
        (row) => row.ackedAt !== null,
      ).length;
    try {
      await provider.start();
      for (let waited = 0; (await acked()) < 5 && waited < 5000; waited += 50) await sleep(50);
      // b1 failed: b2 waits with it for the next offer, while the other chats went on.
      expect(received.filter((body) => body.startsWith("a"))).toEqual(["a1", "a2", "a3"]);
      expect(received.filter((body) => body.startsWith("c"))).toEqual(["c1", "c2"]);
      expect(received.some((body) => body.startsWith("b"))).toBe(false);
      expect(mostAtOnce).toBeGreaterThan(1);
      expect(await acked()).toBe(5);

      provider.kick();
      for (let waited = 0; (await acked()) < 7 && waited < 5000; waited += 50) await sleep(50);
      expect(received.filter((body) => body.startsWith("b"))).toEqual(["b1", "b2"]);
      expect(await acked()).toBe(7);
    } finally {
      await provider.stop();
    }
  });
});

describe("SimulatorProvider acks", () => {
  /** A paired simulator connection of a new company, with a ticket, and a provider whose acks are recorded. */
  async function ackingProvider(options: Partial<SimulatorOptions>, forward = true) {
    const { company } = await newTenant(env);
    const whatsapp = await newWhatsapp(env.db, company.id, { provider: "simulator" });
    await pairDevice(env.db, whatsapp.id, virtualNumber(whatsapp.id));
    const contact = await newContact(env.db, company.id);
    const ticket = await newTicket(env.db, company.id, { contactId: contact.id, whatsappId: whatsapp.id });
    const connection = { id: whatsapp.id, companyId: company.id, provider: "simulator" as const };
    const batches: ProviderAck[][] = [];
    const noop = async () => undefined;
    const callbacks: ProviderCallbacks = {
      onQr: noop,
      onStatus: noop,
      onInbound: noop,
      onCall: noop,
      onAcks: async (acks) => {
        batches.push(acks);
        if (forward) await env.ctx.inbound.acks(connection, acks);
      },
    };
    const provider = new SimulatorProvider(env.ctx, connection, callbacks, {
      ...SIMULATOR_DEFAULTS,
      sweepMs: 60_000,
      ...options,
    });
    await provider.start();
    return { company, whatsapp, contact, ticket, provider, batches };
  }

  const networkAcks = async (whatsappId: number) =>
    (await env.db.select().from(simulatorOutbound).where(eq(simulatorOutbound.whatsappId, whatsappId))).map(
      (row) => row.ack,
    );

  it("reports many sends' delivered acks through one timer, in batches, to the network and the messages", async () => {
    // An odd delay, so no other timer of the process waits as long as the acks' first one.
    const options = { deliveredAfterMs: 1111, deliveredEveryMs: 800 };
    const { company, whatsapp, contact, ticket, provider, batches } = await ackingProvider(options);
    const ids = Array.from({ length: 50 }, () => newProviderId());
    // The sending path's rows, stored before the sends so every ack finds its message.
    const stored = await env.db
      .insert(messages)
      .values(
        ids.map((providerId, index) => ({
          companyId: company.id,
          ticketId: ticket.id,
          contactId: contact.id,
          whatsappId: whatsapp.id,
          providerId,
          body: `m${index}`,
          fromMe: true,
          ack: 1,
        })),
      )
      .returning();
    const emit = vi.spyOn(env.ctx.realtime, "toRooms");
    const timeouts = vi.spyOn(globalThis, "setTimeout");
    try {
      const started = Date.now();
      await Promise.all(ids.map((messageId, index) => provider.sendText(contact.number, `m${index}`, { messageId })));
      const span = Date.now() - started;
      // One ack timer for the 50 sends (one each before), armed with the first.
      const ackTimers = timeouts.mock.calls.filter(
        ([, ms]) => typeof ms === "number" && ms > options.deliveredAfterMs - 50 && ms <= options.deliveredAfterMs,
      );
      expect(ackTimers).toHaveLength(1);
      timeouts.mockRestore();
      expect(await networkAcks(whatsapp.id)).toEqual(ids.map(() => 1));

      await expect
        .poll(
          async () =>
            (await env.db.select().from(messages).where(inArray(messages.providerId, ids))).map((row) => row.ack),
          {
            timeout: 10_000,
            interval: 100,
          },
        )
        .toEqual(ids.map(() => 2));
      expect(await networkAcks(whatsapp.id)).toEqual(ids.map(() => 2));
      const reported = batches.flat();
      expect(reported.map((ack) => ack.providerId).sort()).toEqual([...ids].sort());
      expect(reported.every((ack) => ack.ack === 2)).toBe(true);
      // A round at most every deliveredEveryMs: sends spread over `span` fall due in that many rounds.
      expect(batches.length).toBeLessThan(span / options.deliveredEveryMs + 2);
      const updates = emit.mock.calls
        .filter((call) => call[1] === companyEvent.appMessage(company.id))
        .map((call) => call[2] as { action: string; message: { id: number; ack: number } });
      expect(
        updates
          .filter((event) => event.action === "update" && event.message.ack === 2)
          .map((event) => event.message.id)
          .sort(),
      ).toEqual(stored.map((row) => row.id).sort());
    } finally {
      await provider.stop();
    }
  });

  it("reports a customer's read as one batch, and never moves an ack back", async () => {
    const { whatsapp, contact, provider, batches } = await ackingProvider(
      { deliveredAfterMs: 600, deliveredEveryMs: 0 },
      false,
    );
    try {
      const sent: string[] = [];
      for (const body of ["a", "b", "c"]) sent.push((await provider.sendText(contact.number, body)).providerId);
      const read = await provider.customerRead(contact.number);
      expect(read.sort()).toEqual([...sent].sort());
      expect(batches).toHaveLength(1);
      expect(batches[0]!.map((ack) => ack.providerId).sort()).toEqual([...sent].sort());
      expect(batches[0]!.every((ack) => ack.ack === 3)).toBe(true);
      // Their "delivered" falls due after the read: nothing moves back to 2, nothing more is reported.
      await sleep(900);
      expect(await networkAcks(whatsapp.id)).toEqual([3, 3, 3]);
      expect(batches).toHaveLength(1);
    } finally {
      await provider.stop();
    }
  });

  it("forgets the undelivered messages when stopped: no ack comes after", async () => {
    const { whatsapp, contact, provider, batches } = await ackingProvider(
      { deliveredAfterMs: 100, deliveredEveryMs: 0 },
      false,
    );
    await provider.sendText(contact.number, "one");
    await provider.sendText(contact.number, "two");
    await provider.stop();
    await sleep(400);
    expect(batches).toEqual([]);
    expect(await networkAcks(whatsapp.id)).toEqual([1, 1]);
  });
});
