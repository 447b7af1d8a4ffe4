import { companyEvent } from "@atendo/shared";
import { eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { newTenant, newWhatsapp } from "../../../test/factories.js";
import { createTestEnv, type TestEnv } from "../../../test/harness.js";
import { simulatorDevices, whatsapps } from "../../db/schema/index.js";

let env: TestEnv;
beforeAll(async () => {
  env = await createTestEnv();
});
afterAll(async () => env.close());
afterEach(() => vi.restoreAllMocks());

const connectionRow = async (id: number) => (await env.db.select().from(whatsapps).where(eq(whatsapps.id, id)))[0]!;
const session = (method: "POST" | "PUT" | "DELETE", id: number, headers: Record<string, string>) =>
  env.app.inject({ method, url: `/whatsappsession/${id}`, headers });

describe("/whatsappsession/{id}", () => {
  it("retries, renews the QR and disconnects, emitting each session change", async () => {
    const { company, adminHeaders } = await newTenant(env);
    const whatsapp = await newWhatsapp(env.db, company.id, { provider: "simulator" });
    const emit = vi.spyOn(env.ctx.realtime, "toCompany");

    const retry = await session("POST", whatsapp.id, adminHeaders);
    expect(retry.statusCode).toBe(200);
    expect(retry.json()).toEqual({ message: "Starting session." });
    const firstQr = (await connectionRow(whatsapp.id)).qrcode;
    expect((await connectionRow(whatsapp.id)).status).toBe("qrcode");
    await env.app.inject({ method: "POST", url: `/simulator/scan/${whatsapp.id}` });
    expect((await connectionRow(whatsapp.id)).status).toBe("CONNECTED");

    // New QR: the pairing is forgotten and a fresh code shows.
    const renew = await session("PUT", whatsapp.id, adminHeaders);
    expect(renew.statusCode).toBe(200);
    const renewed = await connectionRow(whatsapp.id);
    expect(renewed.status).toBe("qrcode");
    expect(renewed.qrcode).not.toBe(firstQr);
    expect(await env.db.select().from(simulatorDevices).where(eq(simulatorDevices.whatsappId, whatsapp.id))).toEqual(
      [],
    );

    const off = await session("DELETE", whatsapp.id, adminHeaders);
    expect(off.statusCode).toBe(200);
    expect(off.json()).toEqual({ message: "Session disconnected." });
    expect(await connectionRow(whatsapp.id)).toMatchObject({ status: "DISCONNECTED", qrcode: "" });
    expect(env.ctx.sessions!.get(whatsapp.id)).toBeUndefined();

    const statuses = emit.mock.calls
      .filter((call) => call[1] === companyEvent.whatsappSession(company.id))
      .map((call) => (call[2] as { session: { status: string } }).session.status);
    expect(statuses).toEqual(["OPENING", "qrcode", "OPENING", "CONNECTED", "OPENING", "qrcode", "DISCONNECTED"]);
  });

  it("disconnecting a stopped, paired connection also forgets the pairing", async () => {
    const { company, adminHeaders } = await newTenant(env);
    const whatsapp = await newWhatsapp(env.db, company.id, { provider: "simulator" });
    await session("POST", whatsapp.id, adminHeaders);
    await env.app.inject({ method: "POST", url: `/simulator/scan/${whatsapp.id}` });
    await env.ctx.sessions!.stop(whatsapp.id);
    await session("DELETE", whatsapp.id, adminHeaders);
    await session("POST", whatsapp.id, adminHeaders);
    expect((await connectionRow(whatsapp.id)).status).toBe("qrcode");
  });

  it("leaves a beta connection DISCONNECTED when the Baileys provider is off", async () => {
    const { company, adminHeaders } = await newTenant(env);
    const whatsapp = await newWhatsapp(env.db, company.id, { status: "qrcode", qrcode: "stale" });
    expect((await session("POST", whatsapp.id, adminHeaders)).statusCode).toBe(200);
    expect(await connectionRow(whatsapp.id)).toMatchObject({ status: "DISCONNECTED", qrcode: "" });
  });

  it("answers 404 for another company's connection and 403 for attendants", async () => {
    const a = await newTenant(env);
    const b = await newTenant(env);
    const whatsapp = await newWhatsapp(env.db, a.company.id, { provider: "simulator" });
    for (const method of ["POST", "PUT", "DELETE"] as const) {
      const other = await session(method, whatsapp.id, b.adminHeaders);
      expect(other.statusCode).toBe(404);
      expect(other.json().error).toBe("ERR_NO_WAPP_FOUND");
      const agent = await session(method, whatsapp.id, a.agentHeaders);
      expect(agent.statusCode).toBe(403);
      expect(agent.json().error).toBe("ERR_NO_PERMISSION");
      expect((await env.app.inject({ method, url: `/whatsappsession/${whatsapp.id}` })).statusCode).toBe(401);
    }
    expect((await connectionRow(whatsapp.id)).status).toBe("DISCONNECTED");
    expect(env.ctx.sessions!.get(whatsapp.id)).toBeUndefined();
  });
});
