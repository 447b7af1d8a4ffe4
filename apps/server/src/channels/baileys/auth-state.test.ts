import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { newCompany, newWhatsapp } from "../../../test/factories.js";
import { createTestEnv, type TestEnv } from "../../../test/harness.js";
import { baileysAuth, whatsapps } from "../../db/schema/index.js";
import { SessionManager } from "../sessions.js";
import { clearPostgresAuthState, usePostgresAuthState } from "./auth-state.js";
import { createBaileysFactory } from "./baileys.provider.js";
import { fakeSocketFactory } from "./fake-socket.js";

let env: TestEnv;
beforeAll(async () => {
  env = await createTestEnv();
});
afterAll(async () => env.close());

async function connectionPair() {
  const company = await newCompany(env.db);
  const a = await newWhatsapp(env.db, company.id, { provider: "baileys" });
  const b = await newWhatsapp(env.db, company.id, { provider: "baileys" });
  return { company, a, b };
}

describe("usePostgresAuthState", () => {
  it("starts from fresh creds and round-trips creds and keys with their Buffers intact", async () => {
    const { company, a } = await connectionPair();
    const owner = { companyId: company.id, whatsappId: a.id };
    const first = await usePostgresAuthState(env.db, owner);
    expect(first.state.creds.registered).toBe(false);
    first.state.creds.me = { id: "5511988887777:3@s.whatsapp.net", name: "Shop" };
    await first.saveCreds();
    const session = Buffer.from([0, 1, 2, 250, 255]);
    await first.state.keys.set({
      session: { "5511999990001.0": session },
      "pre-key": { "1": { public: Buffer.from("pub"), private: Buffer.from("priv") } },
      "app-state-sync-key": { AAAA: { keyData: Buffer.from("key-data"), timestamp: 1 } },
    });

    const again = await usePostgresAuthState(env.db, owner);
    expect(again.state.creds.me).toEqual({ id: "5511988887777:3@s.whatsapp.net", name: "Shop" });
    expect(Buffer.isBuffer(again.state.creds.noiseKey.private)).toBe(true);
    expect(
      Buffer.compare(Buffer.from(again.state.creds.noiseKey.private), Buffer.from(first.state.creds.noiseKey.private)),
    ).toBe(0);
    expect(again.state.creds.advSecretKey).toBe(first.state.creds.advSecretKey);

    const sessions = await again.state.keys.get("session", ["5511999990001.0", "missing"]);
    expect(Buffer.isBuffer(sessions["5511999990001.0"])).toBe(true);
    expect(Buffer.from(sessions["5511999990001.0"]!).equals(session)).toBe(true);
    expect(sessions).not.toHaveProperty("missing");
    const preKeys = await again.state.keys.get("pre-key", ["1"]);
    expect(Buffer.from(preKeys["1"]!.private).toString()).toBe("priv");
    const syncKeys = await again.state.keys.get("app-state-sync-key", ["AAAA"]);
    expect(Buffer.from(syncKeys.AAAA!.keyData!).toString()).toBe("key-data");

    // null deletes; a batch is written in one transaction.
    await again.state.keys.set({
      session: { "5511999990001.0": null },
      "pre-key": { "2": { public: session, private: session } },
    });
    expect(await again.state.keys.get("session", ["5511999990001.0"])).toEqual({});
    expect(Object.keys(await again.state.keys.get("pre-key", ["1", "2"])).sort()).toEqual(["1", "2"]);
  });

  it("keeps each connection's keys apart, and clear() forgets only its own", async () => {
    const { company, a, b } = await connectionPair();
    const stateA = await usePostgresAuthState(env.db, { companyId: company.id, whatsappId: a.id });
    const stateB = await usePostgresAuthState(env.db, { companyId: company.id, whatsappId: b.id });
    await stateA.saveCreds();
    await stateB.saveCreds();
    await stateA.state.keys.set({ session: { x: Buffer.from("a") } });
    await stateB.state.keys.set({ session: { x: Buffer.from("b") } });
    expect(Buffer.from((await stateA.state.keys.get("session", ["x"])).x!).toString()).toBe("a");
    expect(Buffer.from((await stateB.state.keys.get("session", ["x"])).x!).toString()).toBe("b");

    await stateA.clear();
    expect(await env.db.select().from(baileysAuth).where(eq(baileysAuth.whatsappId, a.id))).toEqual([]);
    expect(await stateA.state.keys.get("session", ["x"])).toEqual({});
    expect(Buffer.from((await stateB.state.keys.get("session", ["x"])).x!).toString()).toBe("b");
    // A cleared connection starts over with new creds (a new QR).
    const fresh = await usePostgresAuthState(env.db, { companyId: company.id, whatsappId: a.id });
    expect(fresh.state.creds.advSecretKey).not.toBe(stateA.state.creds.advSecretKey);

    await clearPostgresAuthState(env.db, { companyId: company.id, whatsappId: b.id });
    expect(await env.db.select().from(baileysAuth).where(eq(baileysAuth.whatsappId, b.id))).toEqual([]);
  });

  it("goes away with its connection", async () => {
    const { company, a } = await connectionPair();
    const state = await usePostgresAuthState(env.db, { companyId: company.id, whatsappId: a.id });
    await state.saveCreds();
    await env.db.delete(whatsapps).where(eq(whatsapps.id, a.id));
    expect(await env.db.select().from(baileysAuth).where(eq(baileysAuth.whatsappId, a.id))).toEqual([]);
  });
});

describe("SessionManager with the baileys factory", () => {
  it("runs beta and baileys connections on Baileys: QR, CONNECTED, and a logout clears the stored pairing", async () => {
    const company = await newCompany(env.db);
    const beta = await newWhatsapp(env.db, company.id, { provider: "beta" });
    const sockets = fakeSocketFactory();
    const sessions = new SessionManager(env.ctx, {
      baileys: createBaileysFactory(env.ctx, { socketFactory: sockets.factory }),
    });
    const row = async () => (await env.db.select().from(whatsapps).where(eq(whatsapps.id, beta.id)))[0]!;
    try {
      await sessions.start(beta.id);
      expect(sessions.get(beta.id)).toBeDefined();
      const socket = sockets.last;
      // The real auth state was handed to the socket.
      expect(socket.config.auth?.creds.registered).toBe(false);
      socket.emit("connection.update", { qr: "2@qr-from-baileys" });
      await expect.poll(async () => (await row()).status).toBe("qrcode");
      expect((await row()).qrcode).toBe("2@qr-from-baileys");

      socket.emit("creds.update", { registered: true });
      await expect
        .poll(async () => (await env.db.select().from(baileysAuth).where(eq(baileysAuth.whatsappId, beta.id))).length)
        .toBe(1);
      socket.user = { id: "5511988887777:5@s.whatsapp.net" };
      socket.emit("connection.update", { connection: "open" });
      await expect.poll(async () => (await row()).status).toBe("CONNECTED");
      expect((await row()).number).toBe("5511988887777");

      await sessions.logout(beta.id);
      expect(socket.logout).toHaveBeenCalledTimes(1);
      expect((await row()).status).toBe("DISCONNECTED");
      expect(await env.db.select().from(baileysAuth).where(eq(baileysAuth.whatsappId, beta.id))).toEqual([]);
    } finally {
      await sessions.stopAll();
    }
  });

  it("a logout of an idle connection still clears its stored pairing", async () => {
    const company = await newCompany(env.db);
    const connection = await newWhatsapp(env.db, company.id, { provider: "baileys" });
    const state = await usePostgresAuthState(env.db, { companyId: company.id, whatsappId: connection.id });
    await state.saveCreds();
    const sessions = new SessionManager(env.ctx, {
      baileys: createBaileysFactory(env.ctx, { socketFactory: fakeSocketFactory().factory }),
    });
    await sessions.logout(connection.id);
    expect(await env.db.select().from(baileysAuth).where(eq(baileysAuth.whatsappId, connection.id))).toEqual([]);
    await sessions.stopAll();
  });
});
