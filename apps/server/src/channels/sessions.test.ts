import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { newTenant, newWhatsapp } from "../../test/factories.js";
import { createTestEnv, type TestEnv } from "../../test/harness.js";
import { whatsapps } from "../db/schema/index.js";
import { SessionManager } from "./sessions.js";
import { createSimulatorFactory, virtualNumber } from "./simulator/simulator.provider.js";
import { pairDevice } from "./simulator/simulator.repository.js";

let env: TestEnv;
beforeAll(async () => {
  env = await createTestEnv();
});
afterAll(async () => env.close());

const statusOf = async (id: number) =>
  (await env.db.select({ status: whatsapps.status }).from(whatsapps).where(eq(whatsapps.id, id)))[0]?.status;

describe("SessionManager.startAll", () => {
  it("starts simulator connections (paired ones reconnect) and leaves the others DISCONNECTED", async () => {
    const { company } = await newTenant(env);
    const paired = await newWhatsapp(env.db, company.id, { provider: "simulator", status: "CONNECTED" });
    await pairDevice(env.db, paired.id, virtualNumber(paired.id));
    const unpaired = await newWhatsapp(env.db, company.id, { provider: "simulator" });
    const beta = await newWhatsapp(env.db, company.id, { provider: "beta", status: "CONNECTED" });

    // A second manager stands for the next process after a restart.
    const sessions = new SessionManager(env.ctx, { simulator: createSimulatorFactory(env.ctx) });
    try {
      await sessions.startAll();
      expect(await statusOf(paired.id)).toBe("CONNECTED");
      expect(await statusOf(unpaired.id)).toBe("qrcode");
      expect(await statusOf(beta.id)).toBe("DISCONNECTED");
      expect(sessions.get(beta.id)).toBeUndefined();
    } finally {
      await sessions.stopAll();
    }
    expect(sessions.get(paired.id)).toBeUndefined();
  });
});
