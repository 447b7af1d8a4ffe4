import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { newTenant, newWhatsapp } from "../../../test/factories.js";
import { createTestEnv, type TestEnv } from "../../../test/harness.js";
import { messages, tickets } from "../../db/schema/index.js";
import { upsertSetting } from "../settings/settings.repository.js";

/** The simulator page's reads: status, the chats of a connection and one chat's messages. */
let env: TestEnv;
beforeAll(async () => {
  env = await createTestEnv();
});
afterAll(async () => env.close());

/** 1×1 transparent PNG. */
const PNG_BASE64 = "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=";

async function connectedSimulator() {
  const tenant = await newTenant(env);
  const whatsapp = await newWhatsapp(env.db, tenant.company.id, { provider: "simulator" });
  await env.ctx.sessions!.start(whatsapp.id);
  expect((await env.app.inject({ method: "POST", url: `/simulator/scan/${whatsapp.id}` })).statusCode).toBe(200);
  return { ...tenant, whatsapp };
}

const inbound = async (payload: Record<string, unknown>) => {
  const response = await env.app.inject({ method: "POST", url: "/simulator/inbound", payload });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().id as string;
};

const ingested = async (whatsappId: number, count: number) =>
  vi.waitFor(
    async () => {
      const rows = await env.db.select().from(messages).where(eq(messages.whatsappId, whatsappId));
      expect(rows.filter((row) => !row.fromMe)).toHaveLength(count);
    },
    { timeout: 5000 },
  );

describe("GET /simulator/status", () => {
  it("tells a signed-in user whether the simulator is on, and needs a session", async () => {
    const { adminHeaders, agentHeaders } = await newTenant(env);
    for (const headers of [adminHeaders, agentHeaders]) {
      const response = await env.app.inject({ url: "/simulator/status", headers });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ enabled: true });
    }
    expect((await env.app.inject({ url: "/simulator/status" })).statusCode).toBe(401);

    const off = await createTestEnv({ config: { SIMULATOR: "off" } });
    try {
      const tenant = await newTenant(off);
      const response = await off.app.inject({ url: "/simulator/status", headers: tenant.adminHeaders });
      expect(response.json()).toEqual({ enabled: false });
      expect((await off.app.inject({ url: "/simulator/chats/1", headers: tenant.adminHeaders })).statusCode).toBe(404);
    } finally {
      await off.close();
    }
  });
});

describe("GET /simulator/chats/{id}", () => {
  it("lists the customers and groups of a connection, and each chat in both directions with acks", async () => {
    const { company, whatsapp, adminHeaders, agentHeaders } = await connectedSimulator();
    // Groups reach the company only when it does not ignore them.
    await upsertSetting(env.db, company.id, "CheckMsgIsGroup", "disabled");
    const maria = "5511999990101";
    const first = await inbound({ whatsappId: whatsapp.id, from: maria, name: "Maria", body: "Olá!" });
    const image = await inbound({
      whatsappId: whatsapp.id,
      from: maria,
      body: "meu comprovante",
      media: { type: "image", fileName: "comprovante.png", base64: PNG_BASE64 },
    });
    const place = await inbound({
      whatsappId: whatsapp.id,
      from: maria,
      location: { lat: -23.55, lng: -46.63, description: "Av. Paulista" },
    });
    const group = { id: "120363000000000101", name: "Família" };
    await inbound({ whatsappId: whatsapp.id, from: "5511999990102", name: "João", body: "oi grupo", group });
    await inbound({ whatsappId: whatsapp.id, from: maria, name: "Maria", body: "oi João", group });
    await ingested(whatsapp.id, 5);

    // The company answers Maria through the real sending path.
    const privateTicket = (await env.db.select().from(tickets).where(eq(tickets.whatsappId, whatsapp.id))).find(
      (row) => !row.isGroup,
    );
    const reply = await env.app.inject({
      method: "POST",
      url: `/messages/${privateTicket!.id}`,
      headers: adminHeaders,
      payload: { body: "Olá Maria, como posso ajudar?" },
    });
    expect(reply.statusCode, reply.body).toBe(200);

    const chats = await env.app.inject({ url: `/simulator/chats/${whatsapp.id}`, headers: agentHeaders });
    expect(chats.statusCode).toBe(200);
    const list = chats.json();
    expect(list.customers.map((c: { number: string }) => c.number).sort()).toEqual([maria, "5511999990102"]);
    expect(list.customers.find((c: { number: string }) => c.number === maria)).toMatchObject({ name: "Maria" });
    expect(list.groups).toEqual([{ id: group.id, name: "Família", lastAt: expect.any(String) }]);

    const chat = async (query: string) =>
      (
        await env.app.inject({ url: `/simulator/chats/${whatsapp.id}/messages?${query}`, headers: adminHeaders })
      ).json();
    await vi.waitFor(async () => {
      const items = await chat(`number=${maria}`);
      expect(items.at(-1)).toMatchObject({ direction: "outbound", ack: 2 });
    });
    const items = await chat(`number=${maria}`);
    expect(items.map((item: { direction: string }) => item.direction)).toEqual([
      "inbound",
      "inbound",
      "inbound",
      "outbound",
    ]);
    expect(items[0]).toMatchObject({ id: first, from: maria, name: "Maria", body: "Olá!", received: true, ack: null });
    expect(items[1]).toMatchObject({ id: image, mediaType: "image", mediaName: "comprovante.png" });
    // The company's stored copy of the customer's image.
    expect(items[1].mediaUrl).toMatch(/^\/public\//);
    expect(items[2]).toMatchObject({
      id: place,
      mediaType: "locationMessage",
      location: { lat: -23.55, lng: -46.63, description: "Av. Paulista" },
    });
    expect(items[3]).toMatchObject({ body: "Olá Maria, como posso ajudar?", ack: 2, received: null });

    const read = await env.app.inject({
      method: "POST",
      url: "/simulator/read",
      payload: { whatsappId: whatsapp.id, from: maria },
    });
    expect(read.json()).toEqual({ read: 1 });
    expect((await chat(`number=${maria}`)).at(-1).ack).toBe(3);

    // The group chat holds the group's messages only, with each participant.
    const groupItems = await chat(`groupId=${group.id}`);
    expect(groupItems.map((item: { from: string; body: string }) => [item.from, item.body])).toEqual([
      ["5511999990102", "oi grupo"],
      [maria, "oi João"],
    ]);
  });

  it("asks for exactly one of number and groupId", async () => {
    const { whatsapp, adminHeaders } = await connectedSimulator();
    for (const query of ["", "number=5511999990101&groupId=1", "number=abc"]) {
      const response = await env.app.inject({
        url: `/simulator/chats/${whatsapp.id}/messages?${query}`,
        headers: adminHeaders,
      });
      expect(response.statusCode, query).toBe(400);
    }
  });

  it("answers 404 for another company's connection, a connection off the network, or no session", async () => {
    const { whatsapp } = await connectedSimulator();
    const other = await newTenant(env);
    const beta = await newWhatsapp(env.db, other.company.id);
    for (const url of [
      `/simulator/chats/${whatsapp.id}`,
      `/simulator/chats/${whatsapp.id}/messages?number=5511999990101`,
      `/simulator/chats/${beta.id}`,
    ]) {
      const response = await env.app.inject({ url, headers: other.adminHeaders });
      expect(response.statusCode, url).toBe(404);
      expect(response.json().error).toBe("ERR_NO_WAPP_FOUND");
    }
    expect((await env.app.inject({ url: `/simulator/chats/${whatsapp.id}` })).statusCode).toBe(401);
  });

  it("documents the page's routes in /docs", async () => {
    const docs = (await env.app.inject({ url: "/docs/json" })).json();
    expect(Object.keys(docs.paths)).toEqual(
      expect.arrayContaining(["/simulator/status", "/simulator/chats/{id}", "/simulator/chats/{id}/messages"]),
    );
  });
});
