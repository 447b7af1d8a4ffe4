import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { newTenant, newWhatsapp } from "../../../test/factories.js";
import { createTestEnv, type TestEnv } from "../../../test/harness.js";
import { simulatorInbound } from "../../db/schema/index.js";
import type { InboundMessage } from "../provider.js";
import { SIMULATOR_DEFAULTS, SimulatorProvider, virtualNumber } from "./simulator.provider.js";
import { insertInbound, pairDevice } from "./simulator.repository.js";

let env: TestEnv;
beforeAll(async () => {
  env = await createTestEnv();
});
afterAll(async () => env.close());

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
        onAck: async () => undefined,
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
