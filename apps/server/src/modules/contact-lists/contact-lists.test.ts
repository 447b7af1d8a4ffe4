import { randomInt } from "node:crypto";
import { companyEvent, PAGE_SIZE } from "@atendo/shared";
import { eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { newTenant, newWhatsapp } from "../../../test/factories.js";
import { createTestEnv, type TestEnv } from "../../../test/harness.js";
import { contactListItems } from "../../db/schema/index.js";
import { checkContactListNumbers } from "./contact-lists.number-check.js";

let env: TestEnv;
beforeAll(async () => {
  // The number checks run as jobs: poll often so they answer quickly.
  env = await createTestEnv({ config: { JOB_POLL_SECONDS: "0.5" } });
});
afterAll(async () => env.close());
afterEach(() => vi.restoreAllMocks());

type Headers = Record<string, string>;
const newNumber = () => `55119${randomInt(10_000_000, 99_999_999)}`;
const names = (list: { name: string }[]) => list.map((item) => item.name);

async function call(headers: Headers, method: "GET" | "POST" | "PUT" | "DELETE", url: string, payload?: object) {
  return env.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });
}

async function createList(headers: Headers, name: string): Promise<{ id: number; name: string }> {
  const response = await call(headers, "POST", "/contact-lists", { name });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

async function createItem(headers: Headers, contactListId: number, values: Record<string, unknown> = {}) {
  const response = await call(headers, "POST", "/contact-list-items", {
    contactListId,
    name: "Someone",
    number: newNumber(),
    ...values,
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as { id: number; number: string; name: string };
}

describe("contact lists", () => {
  it("creates, pages with counts and search, shows, renames and deletes lists, emitting each change", async () => {
    const { company, adminHeaders } = await newTenant(env);
    const other = await newTenant(env);
    await createList(other.adminHeaders, "Alheia");
    const emit = vi.spyOn(env.ctx.realtime, "toCompany");

    const vip = await createList(adminHeaders, "  VIP  ");
    expect(vip).toEqual({ id: expect.any(Number), name: "VIP", contactsCount: 0 });
    expect(emit).toHaveBeenCalledWith(company.id, companyEvent.ContactList(company.id), {
      action: "create",
      contactList: vip,
    });
    const leads = await createList(adminHeaders, "Leads 50%");
    await createItem(adminHeaders, leads.id);
    await createItem(adminHeaders, leads.id);

    for (const url of ["/contact-lists", "/contact-lists/"]) {
      const page = await call(adminHeaders, "GET", url);
      expect(page.json()).toEqual({
        records: [
          { id: leads.id, name: "Leads 50%", contactsCount: 2 },
          { id: vip.id, name: "VIP", contactsCount: 0 },
        ],
        count: 2,
        hasMore: false,
      });
    }
    const search = await call(adminHeaders, "GET", "/contact-lists?searchParam=50%25");
    expect(names(search.json().records)).toEqual(["Leads 50%"]);
    const all = await call(adminHeaders, "GET", `/contact-lists/list?companyId=${other.company.id}`);
    expect(names(all.json())).toEqual(["Leads 50%", "VIP"]);
    expect((await call(adminHeaders, "GET", `/contact-lists/${leads.id}`)).json()).toEqual({
      id: leads.id,
      name: "Leads 50%",
      contactsCount: 2,
    });

    emit.mockClear();
    const renamed = await call(adminHeaders, "PUT", `/contact-lists/${leads.id}`, { name: "Leads" });
    expect(renamed.json()).toEqual({ id: leads.id, name: "Leads", contactsCount: 2 });
    expect(emit).toHaveBeenCalledWith(company.id, companyEvent.ContactList(company.id), {
      action: "update",
      contactList: renamed.json(),
    });

    const removed = await call(adminHeaders, "DELETE", `/contact-lists/${leads.id}`);
    expect(removed.json()).toEqual({ message: "contactListDeleted" });
    expect(emit).toHaveBeenCalledWith(company.id, companyEvent.ContactList(company.id), {
      action: "delete",
      contactListId: leads.id,
    });
    expect(await env.db.select().from(contactListItems).where(eq(contactListItems.contactListId, leads.id))).toEqual(
      [],
    );
    expect((await call(adminHeaders, "GET", `/contact-lists/${leads.id}`)).statusCode).toBe(404);
  });

  it("pages lists by the page size", async () => {
    const { adminHeaders } = await newTenant(env);
    for (let index = 0; index < PAGE_SIZE + 1; index++) {
      await createList(adminHeaders, `Lista ${String(index).padStart(2, "0")}`);
    }
    const first = (await call(adminHeaders, "GET", "/contact-lists?pageNumber=1")).json();
    expect(first).toMatchObject({ count: PAGE_SIZE + 1, hasMore: true });
    expect(first.records).toHaveLength(PAGE_SIZE);
    const second = (await call(adminHeaders, "GET", "/contact-lists?pageNumber=2")).json();
    expect(second).toMatchObject({ records: [{ name: `Lista ${PAGE_SIZE}` }], hasMore: false });
  });

  it("validates the name (required, 2 to 50) and is for admins only", async () => {
    const { adminHeaders, agentHeaders } = await newTenant(env);
    for (const [name, message] of [
      ["", "required"],
      [" a ", "tooShort"],
      ["x".repeat(51), "tooLong"],
    ] as const) {
      const response = await call(adminHeaders, "POST", "/contact-lists", { name });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ error: "ERR_VALIDATION", fields: [{ path: "body.name", message }] });
    }
    for (const [method, url] of [
      ["GET", "/contact-lists"],
      ["GET", "/contact-lists/list"],
      ["POST", "/contact-lists"],
      ["GET", "/contact-list-items?contactListId=1"],
    ] as const) {
      const response = await call(agentHeaders, method, url, method === "POST" ? { name: "Agent" } : undefined);
      expect(response.statusCode, url).toBe(403);
      expect(response.json().error).toBe("ERR_NO_PERMISSION");
    }
  });
});

describe("contact list items", () => {
  it("adds, pages with search, shows, edits and deletes items, keeping the list's count live", async () => {
    const { company, adminHeaders } = await newTenant(env);
    const list = await createList(adminHeaders, "Clientes");
    const emit = vi.spyOn(env.ctx.realtime, "toCompany");

    const response = await call(adminHeaders, "POST", "/contact-list-items", {
      contactListId: list.id,
      name: " Bruna ",
      number: "+55 (11) 98765-4321",
      email: "BRUNA@test.dev",
    });
    expect(response.statusCode, response.body).toBe(200);
    const bruna = response.json();
    expect(bruna).toEqual({
      id: expect.any(Number),
      name: "Bruna",
      number: "5511987654321",
      email: "BRUNA@test.dev",
      companyId: company.id,
      contactListId: list.id,
      isWhatsappValid: null,
    });
    expect(emit).toHaveBeenCalledWith(company.id, companyEvent.ContactListItem(company.id), {
      action: "create",
      contactListItem: bruna,
    });
    expect(emit).toHaveBeenCalledWith(company.id, companyEvent.ContactList(company.id), {
      action: "update",
      contactList: { id: list.id, name: "Clientes", contactsCount: 1 },
    });
    const ana = await createItem(adminHeaders, list.id, { name: "Ana", email: "" });
    const carlos = await createItem(adminHeaders, list.id, { name: "Carlos", email: "carlos@souza.dev" });

    const page = await call(adminHeaders, "GET", `/contact-list-items?contactListId=${list.id}`);
    expect(page.json()).toMatchObject({ count: 3, hasMore: false });
    expect(names(page.json().contacts)).toEqual(["Ana", "Bruna", "Carlos"]);
    for (const [search, expected] of [
      ["souza", ["Carlos"]],
      ["98765", ["Bruna"]],
      ["BRU", ["Bruna"]],
      ["%", []],
    ] as const) {
      const found = await call(
        adminHeaders,
        "GET",
        `/contact-list-items/?contactListId=${list.id}&searchParam=${encodeURIComponent(search)}`,
      );
      expect(names(found.json().contacts), search).toEqual(expected);
    }
    expect((await call(adminHeaders, "GET", `/contact-list-items/${ana.id}`)).json()).toMatchObject({ name: "Ana" });

    emit.mockClear();
    const edited = await call(adminHeaders, "PUT", `/contact-list-items/${ana.id}`, { name: "Ana Paula" });
    expect(edited.json()).toMatchObject({ id: ana.id, name: "Ana Paula", number: ana.number });
    expect(emit).toHaveBeenCalledWith(company.id, companyEvent.ContactListItem(company.id), {
      action: "update",
      contactListItem: edited.json(),
    });

    emit.mockClear();
    expect((await call(adminHeaders, "DELETE", `/contact-list-items/${carlos.id}`)).json()).toEqual({
      message: "contactListItemDeleted",
    });
    expect(emit).toHaveBeenCalledWith(company.id, companyEvent.ContactListItem(company.id), {
      action: "delete",
      contactListItemId: carlos.id,
      contactListId: list.id,
    });
    expect(emit).toHaveBeenCalledWith(company.id, companyEvent.ContactList(company.id), {
      action: "update",
      contactList: { id: list.id, name: "Clientes", contactsCount: 2 },
    });
    expect((await call(adminHeaders, "GET", `/contact-list-items/${carlos.id}`)).statusCode).toBe(404);
  });

  it("validates name, number and email, and refuses a number twice in one list but not in two lists", async () => {
    const { adminHeaders } = await newTenant(env);
    const list = await createList(adminHeaders, "Clientes");
    const second = await createList(adminHeaders, "Outra");
    for (const [values, path, message] of [
      [{ name: "" }, "name", "required"],
      [{ name: "A" }, "name", "tooShort"],
      [{ number: "" }, "number", "required"],
      [{ number: "1234-567" }, "number", "tooShort"],
      [{ number: "1".repeat(51) }, "number", "tooLong"],
      [{ email: "not-an-email" }, "email", "invalidEmail"],
    ] as const) {
      const response = await call(adminHeaders, "POST", "/contact-list-items", {
        contactListId: list.id,
        name: "Valid",
        number: newNumber(),
        ...values,
      });
      expect(response.statusCode, JSON.stringify(values)).toBe(400);
      expect(response.json().fields).toContainEqual({ path: `body.${path}`, message });
    }
    const number = newNumber();
    const first = await createItem(adminHeaders, list.id, { number });
    const again = await call(adminHeaders, "POST", "/contact-list-items", {
      contactListId: list.id,
      name: "Xavier",
      number,
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toBe("ERR_DUPLICATED_CONTACT");
    await createItem(adminHeaders, second.id, { number });
    const other = await createItem(adminHeaders, list.id);
    const clash = await call(adminHeaders, "PUT", `/contact-list-items/${other.id}`, { number: first.number });
    expect(clash.statusCode).toBe(409);
    const missingList = await call(adminHeaders, "POST", "/contact-list-items", {
      contactListId: 2147483000,
      name: "Nobody",
      number: newNumber(),
    });
    expect(missingList.statusCode).toBe(404);
    const noListId = await call(adminHeaders, "GET", "/contact-list-items");
    expect(noListId.statusCode).toBe(400);
  });
});

describe("number checks", () => {
  /** A tenant whose default connection is a simulator, started and paired through the simulator's scan. */
  async function pairedTenant() {
    const tenant = await newTenant(env);
    const whatsapp = await newWhatsapp(env.db, tenant.company.id, { provider: "simulator", isDefault: true });
    await env.ctx.sessions!.start(whatsapp.id);
    const scan = await env.app.inject({ method: "POST", url: `/simulator/scan/${whatsapp.id}` });
    expect(scan.statusCode).toBe(200);
    return tenant;
  }

  const validity = async (id: number) =>
    (await env.db.select().from(contactListItems).where(eq(contactListItems.id, id)))[0]?.isWhatsappValid;

  it("asks the connected default connection about each new or changed number, and emits each answer", async () => {
    const { company, adminHeaders } = await pairedTenant();
    const list = await createList(adminHeaders, "Checked");
    const emit = vi.spyOn(env.ctx.realtime, "toCompany");
    // The simulated network knows numbers of 10 to 15 digits.
    const known = await createItem(adminHeaders, list.id, { number: newNumber() });
    const unknown = await createItem(adminHeaders, list.id, { number: "12345678" });
    await vi.waitFor(async () => expect(await validity(unknown.id)).toBe(false), { timeout: 15_000, interval: 200 });
    expect(await validity(known.id)).toBe(true);
    expect(emit).toHaveBeenCalledWith(company.id, companyEvent.ContactListItem(company.id), {
      action: "update",
      contactListItem: expect.objectContaining({ id: known.id, isWhatsappValid: true }),
    });

    const fixed = await call(adminHeaders, "PUT", `/contact-list-items/${unknown.id}`, { number: newNumber() });
    expect(fixed.json().isWhatsappValid).toBeNull();
    await vi.waitFor(async () => expect(await validity(unknown.id)).toBe(true), { timeout: 15_000, interval: 200 });
    const renamed = await call(adminHeaders, "PUT", `/contact-list-items/${known.id}`, { name: "Renamed" });
    expect(renamed.json().isWhatsappValid).toBe(true);
  });

  it("leaves numbers unchecked while the company has no connected default connection", async () => {
    const { company, adminHeaders } = await newTenant(env);
    // A default connection that is not connected is nobody to ask either.
    await newWhatsapp(env.db, company.id, { provider: "simulator", isDefault: true });
    const list = await createList(adminHeaders, "Offline");
    const item = await createItem(adminHeaders, list.id);
    const emit = vi.spyOn(env.ctx.realtime, "toCompany");
    await checkContactListNumbers(env.ctx, { companyId: company.id, contactListId: list.id });
    expect(await validity(item.id)).toBeNull();
    expect(emit).not.toHaveBeenCalled();
  });
});
