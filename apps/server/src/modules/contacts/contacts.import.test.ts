import { randomInt } from "node:crypto";
import { companyEvent } from "@atendo/shared";
import { and, eq, isNotNull } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { newContact, newTenant, newWhatsapp } from "../../../test/factories.js";
import { createTestEnv, type TestEnv } from "../../../test/harness.js";
import { insertOutbound } from "../../channels/simulator/simulator.repository.js";
import { contacts, simulatorInbound } from "../../db/schema/index.js";

let env: TestEnv;
beforeAll(async () => {
  env = await createTestEnv();
});
afterAll(async () => env.close());
afterEach(() => vi.restoreAllMocks());

const newNumber = () => `55119${randomInt(10_000_000, 99_999_999)}`;
const GROUP_ID = "120363000000000077";

/** A tenant whose default connection is a simulator, started and paired through the simulator's scan. */
async function pairedTenant() {
  const tenant = await newTenant(env);
  const whatsapp = await newWhatsapp(env.db, tenant.company.id, { provider: "simulator", isDefault: true });
  await env.ctx.sessions!.start(whatsapp.id);
  const scan = await env.app.inject({ method: "POST", url: `/simulator/scan/${whatsapp.id}` });
  expect(scan.statusCode).toBe(200);
  return { ...tenant, whatsapp };
}

const inbound = async (payload: Record<string, unknown>) => {
  const response = await env.app.inject({ method: "POST", url: "/simulator/inbound", payload });
  expect(response.statusCode).toBe(200);
};

const importContacts = (headers: Record<string, string>) =>
  env.app.inject({ method: "POST", url: "/contacts/import", headers });

const contactOf = async (companyId: number, number: string) =>
  (
    await env.db
      .select()
      .from(contacts)
      .where(and(eq(contacts.companyId, companyId), eq(contacts.number, number)))
  )[0];

describe("POST /contacts/import", () => {
  it("creates only the phone's contacts the company lacks, keeping existing names, and emits one reload", async () => {
    const { company, adminHeaders, whatsapp } = await pairedTenant();
    const other = await newTenant(env);
    const ana = newNumber();
    const bruno = newNumber();
    const carla = newNumber();
    const dora = newNumber();
    await newContact(env.db, company.id, { name: "Ana (saved)", number: ana });
    await newContact(env.db, other.company.id, { name: "Bruno elsewhere", number: bruno });

    await inbound({ whatsappId: whatsapp.id, from: ana, name: "Ana Push", body: "hi" });
    await inbound({ whatsappId: whatsapp.id, from: bruno, name: "Bruno Old", body: "hello" });
    await inbound({ whatsappId: whatsapp.id, from: bruno, name: "Bruno Souza", body: "again" });
    await inbound({
      whatsappId: whatsapp.id,
      from: carla,
      name: "Carla",
      body: "in the group",
      group: { id: GROUP_ID, name: "Family" },
    });
    // Every message delivered and acknowledged: ingestion is done with them.
    await vi.waitFor(async () =>
      expect(
        await env.db
          .select()
          .from(simulatorInbound)
          .where(and(eq(simulatorInbound.whatsappId, whatsapp.id), isNotNull(simulatorInbound.ackedAt))),
      ).toHaveLength(4),
    );
    // Someone the phone wrote to (and a group it wrote in) without an answer yet.
    await insertOutbound(env.db, { whatsappId: whatsapp.id, providerId: "SIMOUT1", to: dora, body: "hey", ack: 1 });
    await insertOutbound(env.db, { whatsappId: whatsapp.id, providerId: "SIMOUT2", to: GROUP_ID, body: "all", ack: 1 });

    const provider = env.ctx.sessions!.get(whatsapp.id)!;
    const book = await provider.listContacts();
    expect(book.sort((a, b) => a.number.localeCompare(b.number))).toEqual(
      [
        { number: ana, name: "Ana Push" },
        { number: bruno, name: "Bruno Souza" },
        { number: dora, name: "" },
      ].sort((a, b) => a.number.localeCompare(b.number)),
    );

    // Ingestion already made Bruno a contact: the admin deleted it, so the phone brings it back.
    const ingested = await contactOf(company.id, bruno);
    const removal = await env.app.inject({
      method: "DELETE",
      url: `/contacts/${ingested!.id}`,
      headers: adminHeaders,
    });
    expect(removal.statusCode).toBe(200);

    const emit = vi.spyOn(env.ctx.realtime, "toCompany");
    const response = await importContacts(adminHeaders);
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.imported).toBe(2);
    expect(
      body.contacts.map((contact: { number: string; name: string }) => [contact.number, contact.name]).sort(),
    ).toEqual(
      [
        [bruno, "Bruno Souza"],
        [dora, dora],
      ].sort(),
    );
    expect(body.contacts[0]).toMatchObject({ isGroup: false, email: "", extraInfo: [] });

    expect((await contactOf(company.id, ana))!.name).toBe("Ana (saved)");
    expect((await contactOf(other.company.id, bruno))!.name).toBe("Bruno elsewhere");
    expect(await contactOf(other.company.id, dora)).toBeUndefined();
    const events = emit.mock.calls.filter((call) => call[1] === companyEvent.contact(company.id));
    expect(events).toEqual([[company.id, companyEvent.contact(company.id), { action: "reload" }]]);
    expect(emit.mock.calls.some((call) => call[0] === other.company.id)).toBe(false);

    emit.mockClear();
    const again = await importContacts(adminHeaders);
    expect(again.json()).toEqual({ imported: 0, contacts: [] });
    expect(emit).not.toHaveBeenCalled();
  });

  it("answers ERR_WAPP_NOT_INITIALIZED while the default connection is not connected", async () => {
    const { company, adminHeaders } = await newTenant(env);
    await newWhatsapp(env.db, company.id, { provider: "simulator", isDefault: true });
    const response = await importContacts(adminHeaders);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ error: "ERR_WAPP_NOT_INITIALIZED" });
  });

  it("answers ERR_NO_DEF_WAPP_FOUND without a default connection", async () => {
    const { company, adminHeaders } = await newTenant(env);
    await newWhatsapp(env.db, company.id, { provider: "simulator", isDefault: false });
    const response = await importContacts(adminHeaders);
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ error: "ERR_NO_DEF_WAPP_FOUND" });
  });

  it("is for admins only", async () => {
    const { agentHeaders, whatsapp } = await pairedTenant();
    await insertOutbound(env.db, { whatsappId: whatsapp.id, providerId: "SIMOUT3", to: newNumber(), body: "", ack: 1 });
    const listContacts = vi.spyOn(env.ctx.sessions!.get(whatsapp.id)!, "listContacts");
    const response = await importContacts(agentHeaders);
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ error: "ERR_NO_PERMISSION" });
    expect(listContacts).not.toHaveBeenCalled();
  });
});
