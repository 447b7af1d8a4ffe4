import { randomBytes, randomInt } from "node:crypto";
import { companyEvent, PAGE_SIZE } from "@atendo/shared";
import { eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { newContact, newSuper, newTenant, newWhatsapp } from "../../../test/factories.js";
import { createTestEnv, type TestEnv } from "../../../test/harness.js";
import { contactCustomFields, contacts } from "../../db/schema/index.js";
import { createContact } from "./contacts.service.js";

let env: TestEnv;
beforeAll(async () => {
  env = await createTestEnv();
});
afterAll(async () => env.close());
afterEach(() => vi.restoreAllMocks());

const unique = () => randomBytes(3).toString("hex");
const newNumber = () => `55119${randomInt(10_000_000, 99_999_999)}`;
const contactBody = (values: Record<string, unknown> = {}) => ({
  name: `Contact ${unique()}`,
  number: newNumber(),
  ...values,
});
const ids = (list: { id: number }[]) => list.map((item) => item.id);
const extraInfoRows = (contactId: number) =>
  env.db.select().from(contactCustomFields).where(eq(contactCustomFields.contactId, contactId));

describe("GET /contacts", () => {
  it("answers the company's contacts by name with extraInfo, count and hasMore", async () => {
    const { company, agentHeaders } = await newTenant(env);
    const bruno = await newContact(env.db, company.id, { name: "Bruno", email: "bruno@test.dev" });
    const ana = await newContact(env.db, company.id, { name: "Ana" });
    await env.db
      .insert(contactCustomFields)
      .values({ companyId: company.id, contactId: bruno.id, name: "CPF", value: "1" });
    const other = await newTenant(env);
    await newContact(env.db, other.company.id, { name: "Aaron" });

    for (const url of ["/contacts", "/contacts/"]) {
      const response = await env.app.inject({ url, headers: agentHeaders });
      expect(response.statusCode).toBe(200);
      const body = response.json();
      expect(body).toMatchObject({ count: 2, hasMore: false });
      expect(ids(body.contacts)).toEqual([ana.id, bruno.id]);
      const [extra] = await extraInfoRows(bruno.id);
      expect(body.contacts[1]).toEqual({
        id: bruno.id,
        name: "Bruno",
        number: bruno.number,
        email: "bruno@test.dev",
        profilePicUrl: "",
        isGroup: false,
        extraInfo: [{ id: extra!.id, name: "CPF", value: "1" }],
        createdAt: bruno.createdAt.toISOString(),
        updatedAt: bruno.updatedAt.toISOString(),
      });
      expect(body.contacts[0]).not.toHaveProperty("companyId");
      expect(body.contacts[0].extraInfo).toEqual([]);
    }
  });

  it("searches name, number and email case-insensitively, with LIKE wildcards escaped", async () => {
    const { company, adminHeaders } = await newTenant(env);
    const maria = await newContact(env.db, company.id, { name: "Maria Souza" });
    const joao = await newContact(env.db, company.id, { name: "João", email: "JOAO.souza@test.dev" });
    const byNumber = await newContact(env.db, company.id, { name: "Zed", number: "5521987650000" });
    await newContact(env.db, company.id, { name: "Pedro 50_off" });

    const souza = await env.app.inject({ url: "/contacts?searchParam=SOUZA", headers: adminHeaders });
    expect(ids(souza.json().contacts)).toEqual([joao.id, maria.id]);
    expect(souza.json().count).toBe(2);
    const number = await env.app.inject({ url: "/contacts?searchParam=98765", headers: adminHeaders });
    expect(ids(number.json().contacts)).toEqual([byNumber.id]);
    const percent = await env.app.inject({ url: "/contacts?searchParam=%25", headers: adminHeaders });
    expect(percent.json()).toMatchObject({ contacts: [], count: 0, hasMore: false });
    const underscore = await env.app.inject({ url: "/contacts?searchParam=0_o", headers: adminHeaders });
    expect(underscore.json().count).toBe(1);
    const noUnderscoreMatch = await env.app.inject({ url: "/contacts?searchParam=a_s", headers: adminHeaders });
    expect(noUnderscoreMatch.json().count).toBe(0);
  });

  it("pages by PAGE_SIZE with hasMore", async () => {
    const { company, agentHeaders } = await newTenant(env);
    const total = PAGE_SIZE + 3;
    for (let i = 0; i < total; i++)
      await newContact(env.db, company.id, { name: `Paged ${String(i).padStart(2, "0")}` });
    const first = await env.app.inject({ url: "/contacts?pageNumber=1", headers: agentHeaders });
    expect(first.json()).toMatchObject({ count: total, hasMore: true });
    expect(first.json().contacts).toHaveLength(PAGE_SIZE);
    const second = await env.app.inject({ url: "/contacts/?pageNumber=2", headers: agentHeaders });
    expect(second.json()).toMatchObject({ count: total, hasMore: false });
    expect(second.json().contacts).toHaveLength(3);
    expect(new Set([...ids(first.json().contacts), ...ids(second.json().contacts)]).size).toBe(total);
  });

  it("filters by the day of creation: date, dateStart..dateEnd (both included), in the tz given", async () => {
    const { company, agentHeaders } = await newTenant(env);
    const at = (iso: string) => ({ createdAt: new Date(iso) });
    const beforeMarch = await newContact(env.db, company.id, { name: "A before", ...at("2026-02-28T23:59:59Z") });
    const firstMoment = await newContact(env.db, company.id, { name: "B first", ...at("2026-03-01T00:00:00Z") });
    const secondDay = await newContact(env.db, company.id, { name: "C second", ...at("2026-03-02T12:00:00Z") });
    const lateThird = await newContact(env.db, company.id, { name: "D third", ...at("2026-03-03T23:59:59Z") });
    const fourth = await newContact(env.db, company.id, { name: "E fourth", ...at("2026-03-04T00:00:00Z") });
    const other = await newTenant(env);
    await newContact(env.db, other.company.id, { name: "B foreign", ...at("2026-03-02T12:00:00Z") });
    const found = async (query: string) => {
      const response = await env.app.inject({ url: `/contacts?${query}`, headers: agentHeaders });
      expect(response.statusCode, query).toBe(200);
      expect(response.json().count, query).toBe(response.json().contacts.length);
      return ids(response.json().contacts);
    };

    expect(await found("date=2026-03-01")).toEqual([firstMoment.id]);
    expect(await found("dateStart=2026-03-01&dateEnd=2026-03-03")).toEqual([
      firstMoment.id,
      secondDay.id,
      lateThird.id,
    ]);
    expect(await found("dateStart=2026-03-03")).toEqual([lateThird.id, fourth.id]);
    expect(await found("dateEnd=2026-02-28")).toEqual([beforeMarch.id]);
    // date and the range both hold.
    expect(await found("date=2026-03-02&dateStart=2026-03-01&dateEnd=2026-03-03")).toEqual([secondDay.id]);
    expect(await found("date=2026-03-04&dateEnd=2026-03-03")).toEqual([]);
    // With the search.
    expect(await found("searchParam=third&dateStart=2026-03-01")).toEqual([lateThird.id]);
    // Days of São Paulo (UTC-3): 2026-03-03 there runs from 03:00 UTC to 03:00 UTC the next day.
    expect(await found("date=2026-03-03&tz=America/Sao_Paulo")).toEqual([lateThird.id, fourth.id]);
    expect(await found("date=2026-02-28&tz=America/Sao_Paulo")).toEqual([beforeMarch.id, firstMoment.id]);
    // A cleared field sends "": no filter.
    expect(await found("date=&dateStart=&dateEnd=")).toHaveLength(5);
  });

  it("refuses a malformed day, an end before the start and an unknown time zone", async () => {
    const { agentHeaders } = await newTenant(env);
    const cases: [string, string, string][] = [
      ["date=01/03/2026", "querystring.date", "invalidDate"],
      ["dateStart=2026-02-30", "querystring.dateStart", "invalidDate"],
      ["dateStart=2026-03-02&dateEnd=2026-03-01", "querystring.dateEnd", "beforeStart"],
      ["date=2026-03-01&tz=Mars/Olympus", "querystring.tz", "invalidTimeZone"],
    ];
    for (const [query, path, message] of cases) {
      const response = await env.app.inject({ url: `/contacts?${query}`, headers: agentHeaders });
      expect(response.statusCode, query).toBe(400);
      expect(response.json().error, query).toBe("ERR_VALIDATION");
      const fields: { path: string; message: string }[] = response.json().fields;
      expect(new Set(fields.map((field) => field.path)), query).toEqual(new Set([path]));
      expect(
        fields.map((field) => field.message),
        query,
      ).toContain(message);
    }
  });

  it("needs a session and a valid pageNumber", async () => {
    const { agentHeaders } = await newTenant(env);
    expect((await env.app.inject({ url: "/contacts" })).statusCode).toBe(401);
    const bad = await env.app.inject({ url: "/contacts?pageNumber=0", headers: agentHeaders });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toBe("ERR_VALIDATION");
    expect(bad.json().fields[0].path).toBe("querystring.pageNumber");
  });
});

describe("GET /contacts/list", () => {
  it("answers every contact of the caller's company by name, ignoring companyId", async () => {
    const { company, agentHeaders } = await newTenant(env);
    const b = await newContact(env.db, company.id, { name: "Beta", email: "b@test.dev" });
    const a = await newContact(env.db, company.id, { name: "Alpha" });
    const other = await newTenant(env);
    await newContact(env.db, other.company.id);

    const response = await env.app.inject({
      url: `/contacts/list?companyId=${other.company.id}`,
      headers: agentHeaders,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual([
      { id: a.id, name: "Alpha", number: a.number, email: "" },
      { id: b.id, name: "Beta", number: b.number, email: "b@test.dev" },
    ]);

    const platform = await newSuper(env);
    const asSuper = await env.app.inject({ url: `/contacts/list?companyId=${company.id}`, headers: platform.headers });
    expect(asSuper.json()).toEqual([]);
  });
});

describe("GET /contacts/:id", () => {
  it("answers one contact, 404 for another company's or an unknown id, 400 for a malformed one", async () => {
    const { company, agentHeaders } = await newTenant(env);
    const contact = await newContact(env.db, company.id);
    const ok = await env.app.inject({ url: `/contacts/${contact.id}`, headers: agentHeaders });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({ id: contact.id, number: contact.number, extraInfo: [] });

    const other = await newTenant(env);
    const foreign = await newContact(env.db, other.company.id);
    for (const id of [foreign.id, 99999999]) {
      const missing = await env.app.inject({ url: `/contacts/${id}`, headers: agentHeaders });
      expect(missing.statusCode).toBe(404);
      expect(missing.json()).toEqual({ error: "ERR_NO_CONTACT_FOUND" });
    }
    const malformed = await env.app.inject({ url: "/contacts/abc", headers: agentHeaders });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().fields[0].path).toBe("params.id");
  });
});

describe("POST /contacts", () => {
  it("creates a contact with its digits-only number and extraInfo, and emits company-{id}-contact", async () => {
    const { company, agentHeaders } = await newTenant(env);
    const emit = vi.spyOn(env.ctx.realtime, "toCompany");
    const response = await env.app.inject({
      method: "POST",
      url: "/contacts",
      headers: agentHeaders,
      payload: {
        name: "  Carla  ",
        number: "+55 (11) 98888-7777",
        email: " carla@test.dev ",
        extraInfo: [
          { name: "CPF", value: "123" },
          { name: "Plan", value: "gold" },
        ],
      },
    });
    expect(response.statusCode).toBe(200);
    const contact = response.json();
    expect(contact).toMatchObject({
      name: "Carla",
      number: "5511988887777",
      email: "carla@test.dev",
      profilePicUrl: "",
      isGroup: false,
      extraInfo: [
        { name: "CPF", value: "123" },
        { name: "Plan", value: "gold" },
      ],
    });
    expect(contact.extraInfo[0].id).toEqual(expect.any(Number));
    expect(contact.createdAt).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    const [row] = await env.db.select().from(contacts).where(eq(contacts.id, contact.id));
    expect(row).toMatchObject({ companyId: company.id, isGroup: false });
    expect(emit).toHaveBeenCalledWith(company.id, companyEvent.contact(company.id), { action: "update", contact });
  });

  it("defaults email to empty and extraInfo to none, and ignores isGroup", async () => {
    const { adminHeaders } = await newTenant(env);
    const response = await env.app.inject({
      method: "POST",
      url: "/contacts",
      headers: adminHeaders,
      payload: contactBody({ email: "", isGroup: true }),
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ email: "", extraInfo: [], isGroup: false });
  });

  it("validates name, number and email with 400 ERR_VALIDATION and the failing fields", async () => {
    const { agentHeaders } = await newTenant(env);
    const cases: [Record<string, unknown>, string][] = [
      [{ name: undefined }, "body.name"],
      [{ name: "A" }, "body.name"],
      [{ name: "x".repeat(51) }, "body.name"],
      [{ number: undefined }, "body.number"],
      [{ number: "+55 (11) 99" }, "body.number"],
      [{ number: "1".repeat(51) }, "body.number"],
      [{ email: "not-an-email" }, "body.email"],
      [{ extraInfo: [{ value: "no name" }] }, "body.extraInfo.0.name"],
    ];
    for (const [values, path] of cases) {
      const response = await env.app.inject({
        method: "POST",
        url: "/contacts",
        headers: agentHeaders,
        payload: contactBody(values),
      });
      expect(response.statusCode, path).toBe(400);
      expect(response.json().error).toBe("ERR_VALIDATION");
      expect(response.json().fields.map((f: { path: string }) => f.path)).toContain(path);
    }
  });

  it("refuses a number the company already has with ERR_DUPLICATED_CONTACT, but not another company's", async () => {
    const { company, agentHeaders } = await newTenant(env);
    const existing = await newContact(env.db, company.id);
    const formatted = `+${existing.number.slice(0, 2)} ${existing.number.slice(2)}`;
    const duplicate = await env.app.inject({
      method: "POST",
      url: "/contacts",
      headers: agentHeaders,
      payload: contactBody({ number: formatted }),
    });
    expect(duplicate.statusCode).toBe(409);
    expect(duplicate.json()).toEqual({ error: "ERR_DUPLICATED_CONTACT" });

    const other = await newTenant(env);
    const elsewhere = await env.app.inject({
      method: "POST",
      url: "/contacts",
      headers: other.agentHeaders,
      payload: contactBody({ number: existing.number }),
    });
    expect(elsewhere.statusCode).toBe(200);
  });

  it("answers ERR_DUPLICATED_CONTACT when two creations race past the check", async () => {
    const { agentHeaders } = await newTenant(env);
    const payload = contactBody();
    const answers = await Promise.all(
      [1, 2, 3].map(() => env.app.inject({ method: "POST", url: "/contacts", headers: agentHeaders, payload })),
    );
    const statuses = answers.map((a) => a.statusCode).sort();
    expect(statuses).toEqual([200, 409, 409]);
    for (const answer of answers.filter((a) => a.statusCode === 409)) {
      expect(answer.json()).toEqual({ error: "ERR_DUPLICATED_CONTACT" });
    }
  });
});

describe("the WhatsApp number check seam", () => {
  it("refuses a number the provider says is not on WhatsApp, and is skipped when absent", async () => {
    const { company, admin } = await newTenant(env);
    const actor = { userId: admin.id, companyId: company.id, profile: "admin" as const, super: false };
    const body = { name: "Seam", number: newNumber(), email: "", extraInfo: [] };
    const checkNumber = vi.fn(async () => false);
    await expect(createContact({ ...env.ctx, checkNumber }, actor, body)).rejects.toMatchObject({
      code: "ERR_WAPP_INVALID_CONTACT",
    });
    expect(checkNumber).toHaveBeenCalledWith(company.id, body.number);
    await expect(createContact(env.ctx, actor, body)).resolves.toMatchObject({ number: body.number });
  });

  it("asks the company's connected default connection through the routes, and takes the number as given offline", async () => {
    const { company, adminHeaders } = await newTenant(env);
    const whatsapp = await newWhatsapp(env.db, company.id, { provider: "simulator", isDefault: true });
    const create = (number: string) =>
      env.app.inject({
        method: "POST",
        url: "/contacts",
        headers: adminHeaders,
        payload: { name: "Checked", number, email: "", extraInfo: [] },
      });
    // Offline: nobody to ask, the 9-digit number is kept.
    expect((await create("551199999")).statusCode).toBe(200);

    await env.ctx.sessions!.start(whatsapp.id);
    expect((await env.app.inject({ method: "POST", url: `/simulator/scan/${whatsapp.id}` })).statusCode).toBe(200);
    // Connected: the simulated network only knows 10 to 15 digit numbers.
    const refused = await create("551199998");
    expect(refused.json()).toEqual({ error: "ERR_WAPP_INVALID_CONTACT" });
    expect((await create(newNumber())).statusCode).toBe(200);
  });

  it("turns the unique violation of a number taken after the check into ERR_DUPLICATED_CONTACT", async () => {
    const { company, admin } = await newTenant(env);
    const actor = { userId: admin.id, companyId: company.id, profile: "admin" as const, super: false };
    const body = { name: "Racer", number: newNumber(), email: "", extraInfo: [] };
    // The seam runs between the duplicate check and the insert: a competing insert lands there.
    const checkNumber = async () => Boolean(await newContact(env.db, company.id, { number: body.number }));
    await expect(createContact({ ...env.ctx, checkNumber }, actor, body)).rejects.toMatchObject({
      code: "ERR_DUPLICATED_CONTACT",
    });
  });
});

describe("PUT /contacts/:id", () => {
  it("updates fields, replaces extraInfo as a whole and emits the update", async () => {
    const { company, agentHeaders } = await newTenant(env);
    const contact = await newContact(env.db, company.id);
    await env.db.insert(contactCustomFields).values([
      { companyId: company.id, contactId: contact.id, name: "Old1", value: "a" },
      { companyId: company.id, contactId: contact.id, name: "Old2", value: "b" },
    ]);
    const emit = vi.spyOn(env.ctx.realtime, "toCompany");
    const response = await env.app.inject({
      method: "PUT",
      url: `/contacts/${contact.id}`,
      headers: agentHeaders,
      payload: {
        name: "Renamed",
        number: "55 21 9999-0000",
        email: "new@test.dev",
        extraInfo: [{ name: "New", value: "c" }],
      },
    });
    expect(response.statusCode).toBe(200);
    const updated = response.json();
    expect(updated).toMatchObject({
      id: contact.id,
      name: "Renamed",
      number: "552199990000",
      email: "new@test.dev",
      extraInfo: [{ name: "New", value: "c" }],
    });
    const rows = await extraInfoRows(contact.id);
    expect(rows.map((r) => r.name)).toEqual(["New"]);
    expect(emit).toHaveBeenCalledWith(company.id, companyEvent.contact(company.id), {
      action: "update",
      contact: updated,
    });
  });

  it("keeps what is left out: extraInfo stays unless sent, an empty list clears it", async () => {
    const { company, agentHeaders } = await newTenant(env);
    const contact = await newContact(env.db, company.id, { email: "keep@test.dev" });
    await env.db
      .insert(contactCustomFields)
      .values({ companyId: company.id, contactId: contact.id, name: "K", value: "v" });
    const rename = await env.app.inject({
      method: "PUT",
      url: `/contacts/${contact.id}`,
      headers: agentHeaders,
      payload: { name: "Only name" },
    });
    expect(rename.json()).toMatchObject({
      name: "Only name",
      number: contact.number,
      email: "keep@test.dev",
      extraInfo: [{ name: "K", value: "v" }],
    });
    const clear = await env.app.inject({
      method: "PUT",
      url: `/contacts/${contact.id}`,
      headers: agentHeaders,
      payload: { extraInfo: [], email: "" },
    });
    expect(clear.json()).toMatchObject({ email: "", extraInfo: [] });
    expect(await extraInfoRows(contact.id)).toEqual([]);
  });

  it("refuses another contact's number, accepts its own, and validates", async () => {
    const { company, agentHeaders } = await newTenant(env);
    const contact = await newContact(env.db, company.id);
    const taken = await newContact(env.db, company.id);
    const duplicate = await env.app.inject({
      method: "PUT",
      url: `/contacts/${contact.id}`,
      headers: agentHeaders,
      payload: { number: taken.number },
    });
    expect(duplicate.statusCode).toBe(409);
    expect(duplicate.json()).toEqual({ error: "ERR_DUPLICATED_CONTACT" });
    const same = await env.app.inject({
      method: "PUT",
      url: `/contacts/${contact.id}`,
      headers: agentHeaders,
      payload: { number: contact.number },
    });
    expect(same.statusCode).toBe(200);
    const invalid = await env.app.inject({
      method: "PUT",
      url: `/contacts/${contact.id}`,
      headers: agentHeaders,
      payload: { name: "x", email: "nope" },
    });
    expect(invalid.statusCode).toBe(400);
    expect(
      invalid
        .json()
        .fields.map((f: { path: string }) => f.path)
        .sort(),
    ).toEqual(["body.email", "body.name"]);
  });

  it("answers 404 for another company's contact and leaves it untouched", async () => {
    const { agentHeaders } = await newTenant(env);
    const other = await newTenant(env);
    const foreign = await newContact(env.db, other.company.id, { name: "Foreign" });
    const emit = vi.spyOn(env.ctx.realtime, "toCompany");
    const response = await env.app.inject({
      method: "PUT",
      url: `/contacts/${foreign.id}`,
      headers: agentHeaders,
      payload: { name: "Hijacked", extraInfo: [{ name: "x", value: "y" }] },
    });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ error: "ERR_NO_CONTACT_FOUND" });
    const [row] = await env.db.select().from(contacts).where(eq(contacts.id, foreign.id));
    expect(row!.name).toBe("Foreign");
    expect(await extraInfoRows(foreign.id)).toEqual([]);
    expect(emit).not.toHaveBeenCalled();
  });
});

describe("DELETE /contacts/:id", () => {
  it("lets an admin delete a contact and emits the delete", async () => {
    const { company, adminHeaders } = await newTenant(env);
    const contact = await newContact(env.db, company.id);
    await env.db
      .insert(contactCustomFields)
      .values({ companyId: company.id, contactId: contact.id, name: "K", value: "v" });
    const emit = vi.spyOn(env.ctx.realtime, "toCompany");
    const response = await env.app.inject({ method: "DELETE", url: `/contacts/${contact.id}`, headers: adminHeaders });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: "contactDeleted" });
    expect(await env.db.select().from(contacts).where(eq(contacts.id, contact.id))).toEqual([]);
    expect(await extraInfoRows(contact.id)).toEqual([]);
    expect(emit).toHaveBeenCalledWith(company.id, companyEvent.contact(company.id), {
      action: "delete",
      contactId: contact.id,
    });
  });

  it("refuses an attendant with ERR_NO_PERMISSION (contacts-page:deleteContact)", async () => {
    const { company, agentHeaders } = await newTenant(env);
    const contact = await newContact(env.db, company.id);
    const response = await env.app.inject({ method: "DELETE", url: `/contacts/${contact.id}`, headers: agentHeaders });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ error: "ERR_NO_PERMISSION" });
    expect(await env.db.select().from(contacts).where(eq(contacts.id, contact.id))).toHaveLength(1);
  });

  it("answers 404 for another company's contact and keeps it", async () => {
    const { adminHeaders } = await newTenant(env);
    const other = await newTenant(env);
    const foreign = await newContact(env.db, other.company.id);
    const response = await env.app.inject({ method: "DELETE", url: `/contacts/${foreign.id}`, headers: adminHeaders });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ error: "ERR_NO_CONTACT_FOUND" });
    expect(await env.db.select().from(contacts).where(eq(contacts.id, foreign.id))).toHaveLength(1);
  });
});

describe("POST /contacts/upload", () => {
  it("creates the good rows and reports each bad row with its reason", async () => {
    const { company, agentHeaders } = await newTenant(env);
    const existing = await newContact(env.db, company.id, { name: "Already here" });
    const other = await newTenant(env);
    const foreign = await newContact(env.db, other.company.id, { name: "Other company" });
    const good = [contactBody({ email: "ana@test.dev" }), { name: "Bruno", number: 5511987654321 }];
    const emit = vi.spyOn(env.ctx.realtime, "toCompany");

    const response = await env.app.inject({
      method: "POST",
      url: "/contacts/upload",
      headers: agentHeaders,
      payload: [
        good[0],
        { name: "X", number: newNumber() },
        good[1],
        { name: "Duplicate", number: existing.number },
        { name: "Short number", number: "123" },
        { name: "Bad email", number: newNumber(), email: "not-an-email" },
        // Numbers are unique per company: another company's number is free here.
        { name: "Same as foreign", number: foreign.number },
        { name: "Twice in the file", number: "5511987654321" },
      ],
    });

    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.newContacts.map((c: { contactName: string }) => c.contactName)).toEqual([
      good[0]!.name,
      "Bruno",
      "Same as foreign",
    ]);
    expect(body.errorBag).toEqual([
      { row: 2, contactName: "X", number: expect.any(String), error: { message: "tooShort", field: "name" } },
      { row: 4, contactName: "Duplicate", number: existing.number, error: { message: "ERR_DUPLICATED_CONTACT" } },
      { row: 5, contactName: "Short number", number: "123", error: { message: "tooShort", field: "number" } },
      {
        row: 6,
        contactName: "Bad email",
        number: expect.any(String),
        error: { message: "invalidEmail", field: "email" },
      },
      {
        row: 8,
        contactName: "Twice in the file",
        number: "5511987654321",
        error: { message: "ERR_DUPLICATED_CONTACT" },
      },
    ]);
    const saved = await env.db.select().from(contacts).where(eq(contacts.companyId, company.id));
    expect(saved.map((row) => row.number).sort()).toEqual(
      [existing.number, String(good[0]!.number), "5511987654321", foreign.number].sort(),
    );
    expect(saved.find((row) => row.number === String(good[0]!.number))?.email).toBe("ana@test.dev");
    expect(emit).toHaveBeenCalledWith(company.id, companyEvent.contact(company.id), { action: "reload" });
  });

  it("accepts the rows wrapped in { contacts } and answers empty lists for no rows", async () => {
    const { agentHeaders } = await newTenant(env);
    const row = contactBody();
    const wrapped = await env.app.inject({
      method: "POST",
      url: "/contacts/upload",
      headers: agentHeaders,
      payload: { contacts: [row] },
    });
    expect(wrapped.statusCode).toBe(200);
    expect(wrapped.json().newContacts).toEqual([{ contactId: expect.any(Number), contactName: row.name }]);

    const empty = await env.app.inject({ method: "POST", url: "/contacts/upload", headers: agentHeaders, payload: [] });
    expect(empty.json()).toEqual({ newContacts: [], errorBag: [] });
  });

  it("refuses a body that is not a row list, and anonymous callers", async () => {
    const { agentHeaders } = await newTenant(env);
    const bad = await env.app.inject({
      method: "POST",
      url: "/contacts/upload",
      headers: agentHeaders,
      payload: { rows: "nope" },
    });
    expect(bad.statusCode).toBe(400);
    const anonymous = await env.app.inject({ method: "POST", url: "/contacts/upload", payload: [] });
    expect(anonymous.statusCode).toBe(401);
  });
});
