import { existsSync } from "node:fs";
import { join } from "node:path";
import { companyEvent, PAGE_SIZE, type Schedule, UPLOAD_LIMITS_BYTES } from "@atendo/shared";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { login, newContact, newTenant, newTicket, newUser, newWhatsapp } from "../../../test/factories.js";
import { createTestEnv, type TestEnv } from "../../../test/harness.js";
import { schedules } from "../../db/schema/index.js";
import { JOB_SCHEMA } from "../../jobs/jobs.js";

/**
 * The schedules calls of document 1 and routes.md, on the real app. Every schedule here is due
 * far ahead, so no send job fires during the file (schedules.jobs.test.ts sends them).
 */
let env: TestEnv;
beforeAll(async () => {
  env = await createTestEnv();
});
afterAll(async () => env.close());

type Headers = Record<string, string>;

const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52, 1, 2, 3]);
const JPEG = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 16, 0x4a, 0x46]);
const PDF = Buffer.from("%PDF-1.7\n%\xe2\xe3\xcf\xd3\n", "latin1");
const SVG = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
const sized = (head: Buffer, bytes: number) => Buffer.concat([head, Buffer.alloc(bytes - head.length, 1)]);

const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString();

async function upload(headers: Headers, id: number, file: { data: Buffer; name: string; type: string }) {
  const form = new FormData();
  form.append("file", new Blob([file.data], { type: file.type }), file.name);
  const encoded = new Response(form);
  return env.app.inject({
    method: "POST",
    url: `/schedules/${id}/media-upload`,
    headers: { ...headers, "content-type": encoded.headers.get("content-type") ?? "" },
    payload: Buffer.from(await encoded.arrayBuffer()),
  });
}

async function create(headers: Headers, payload: Record<string, unknown>): Promise<Schedule> {
  const response = await env.app.inject({ method: "POST", url: "/schedules", headers, payload });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as Schedule;
}

/** The send jobs pg-boss holds for a schedule, oldest first. */
async function sendJobs(scheduleId: number) {
  const result = await env.db.execute(
    sql`select state, start_after as "startAfter", data from ${sql.identifier(JOB_SCHEMA)}.job where name = 'schedules.send' and (data->>'scheduleId')::int = ${scheduleId} order by created_on`,
  );
  return (result as unknown as { rows: { state: string; startAfter: Date; data: { version: number } }[] }).rows;
}

async function tenantWithContact() {
  const tenant = await newTenant(env);
  const contact = await newContact(env.db, tenant.company.id, { name: "Ana Cliente" });
  return { ...tenant, contact };
}

describe("POST /schedules", () => {
  it("schedules a message for the caller and writes its send job, due at sendAt, in the same transaction", async () => {
    const { company, agent, agentHeaders, contact } = await tenantWithContact();
    const emit = vi.spyOn(env.ctx.realtime, "toCompany");
    const sendAt = inDays(2);
    const schedule = await create(agentHeaders, {
      body: "  Olá, lembrete da sua consulta  ",
      contactId: contact.id,
      sendAt,
      // The original client sends these; the server decides them.
      sentAt: "",
      userId: 999,
      status: "ENVIADA",
    });
    expect(schedule).toMatchObject({
      body: "Olá, lembrete da sua consulta",
      sendAt,
      sentAt: null,
      status: "PENDENTE",
      errorCode: null,
      contactId: contact.id,
      ticketId: null,
      userId: agent.id,
      companyId: company.id,
      mediaPath: null,
      mediaName: null,
      contact: { id: contact.id, name: "Ana Cliente", number: contact.number },
      user: { id: agent.id, name: agent.name },
    });
    const jobs = await sendJobs(schedule.id);
    expect(jobs).toHaveLength(1);
    expect(jobs[0]).toMatchObject({ state: "created", data: { version: 0 } });
    expect(new Date(jobs[0]!.startAfter).toISOString()).toBe(sendAt);
    expect(emit).toHaveBeenCalledWith(company.id, companyEvent.schedule(company.id), { action: "create", schedule });
    emit.mockRestore();
  });

  it("takes a local datetime (no offset) as the server's local time", async () => {
    const { agentHeaders, contact } = await tenantWithContact();
    const schedule = await create(agentHeaders, {
      body: "Bom dia!",
      contactId: contact.id,
      sendAt: "2031-05-04T09:30",
    });
    expect(schedule.sendAt).toBe(new Date("2031-05-04T09:30").toISOString());
  });

  it("refuses a body under 5 characters, a missing contact or sendAt, and another company's contact", async () => {
    const { agentHeaders, contact } = await tenantWithContact();
    const other = await tenantWithContact();
    const post = (payload: Record<string, unknown>) =>
      env.app.inject({ method: "POST", url: "/schedules", headers: agentHeaders, payload });
    const short = await post({ body: "Oi  ", contactId: contact.id, sendAt: inDays(1) });
    expect(short.statusCode).toBe(400);
    expect(short.json().fields).toEqual([{ path: "body.body", message: "tooShort" }]);
    const missing = await post({ body: "Olá, tudo bem?" });
    expect(missing.statusCode).toBe(400);
    expect(
      missing
        .json()
        .fields.map((field: { path: string }) => field.path)
        .sort(),
    ).toEqual(["body.contactId", "body.sendAt"]);
    expect((await post({ body: "Olá, tudo bem?", contactId: contact.id, sendAt: "amanhã" })).statusCode).toBe(400);
    const foreign = await post({ body: "Olá, tudo bem?", contactId: other.contact.id, sendAt: inDays(1) });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().error).toBe("ERR_NO_CONTACT_FOUND");
  });

  it("keeps the ticket it was scheduled from, only when it is the contact's", async () => {
    const { company, agentHeaders, contact } = await tenantWithContact();
    const whatsapp = await newWhatsapp(env.db, company.id);
    const ticket = await newTicket(env.db, company.id, { contactId: contact.id, whatsappId: whatsapp.id });
    const schedule = await create(agentHeaders, {
      body: "Retorno combinado",
      contactId: contact.id,
      sendAt: inDays(1),
      ticketId: ticket.id,
    });
    expect(schedule.ticketId).toBe(ticket.id);
    const otherTicket = await newTicket(env.db, company.id);
    const wrong = await env.app.inject({
      method: "POST",
      url: "/schedules",
      headers: agentHeaders,
      payload: { body: "Retorno combinado", contactId: contact.id, sendAt: inDays(1), ticketId: otherTicket.id },
    });
    expect(wrong.statusCode).toBe(404);
    expect(wrong.json().error).toBe("ERR_NO_TICKET_FOUND");
  });
});

describe("GET /schedules/", () => {
  it("answers the company's schedules in the order they are due, with schedules, count and hasMore", async () => {
    const { agentHeaders, adminHeaders, contact } = await tenantWithContact();
    const other = await tenantWithContact();
    await create(other.agentHeaders, { body: "De outra empresa", contactId: other.contact.id, sendAt: inDays(1) });
    const later = await create(agentHeaders, { body: "Mais tarde", contactId: contact.id, sendAt: inDays(3) });
    const sooner = await create(adminHeaders, { body: "Mais cedo", contactId: contact.id, sendAt: inDays(1) });
    const response = await env.app.inject({ url: "/schedules/", headers: agentHeaders });
    expect(response.statusCode).toBe(200);
    const page = response.json() as { schedules: Schedule[]; count: number; hasMore: boolean };
    expect(page.schedules.map((item) => item.id)).toEqual([sooner.id, later.id]);
    expect(page).toMatchObject({ count: 2, hasMore: false });
  });

  it("filters by search (text or contact name), contact, user and a due range, and pages by PAGE_SIZE", async () => {
    const { company, agent, agentHeaders, adminHeaders, contact } = await tenantWithContact();
    const bruno = await newContact(env.db, company.id, { name: "Bruno Souza" });
    const first = await create(agentHeaders, { body: "Consulta às 10h", contactId: contact.id, sendAt: inDays(1) });
    const second = await create(adminHeaders, { body: "Pagamento", contactId: bruno.id, sendAt: inDays(5) });
    const list = async (query: string) =>
      (
        (await env.app.inject({ url: `/schedules?${query}`, headers: agentHeaders })).json() as {
          schedules: Schedule[];
        }
      ).schedules.map((item) => item.id);
    expect(await list("searchParam=consulta")).toEqual([first.id]);
    expect(await list("searchParam=bruno")).toEqual([second.id]);
    expect(await list(`contactId=${bruno.id}`)).toEqual([second.id]);
    expect(await list(`userId=${agent.id}`)).toEqual([first.id]);
    expect(await list(`start=${encodeURIComponent(inDays(2))}&end=${encodeURIComponent(inDays(10))}`)).toEqual([
      second.id,
    ]);

    for (let index = 0; index < PAGE_SIZE; index++) {
      await create(agentHeaders, { body: `Lembrete ${index}`, contactId: contact.id, sendAt: inDays(20) });
    }
    const page1 = (await env.app.inject({ url: "/schedules?pageNumber=1", headers: agentHeaders })).json();
    const page2 = (await env.app.inject({ url: "/schedules?pageNumber=2", headers: agentHeaders })).json();
    expect(page1.schedules).toHaveLength(PAGE_SIZE);
    expect(page1).toMatchObject({ count: PAGE_SIZE + 2, hasMore: true });
    expect(page2.schedules).toHaveLength(2);
    expect(page2.hasMore).toBe(false);
  });
});

describe("GET /schedules/{id}", () => {
  it("answers one schedule to any user of the company, and 404 to another company", async () => {
    const { adminHeaders, agentHeaders, contact } = await tenantWithContact();
    const other = await tenantWithContact();
    const schedule = await create(adminHeaders, {
      body: "Sua entrega chega hoje",
      contactId: contact.id,
      sendAt: inDays(1),
    });
    const mine = await env.app.inject({ url: `/schedules/${schedule.id}`, headers: agentHeaders });
    expect(mine.statusCode).toBe(200);
    expect(mine.json()).toEqual(schedule);
    const foreign = await env.app.inject({ url: `/schedules/${schedule.id}`, headers: other.adminHeaders });
    expect(foreign.statusCode).toBe(404);
  });
});

describe("PUT /schedules/{id}", () => {
  it("changes the text without moving the send; a new sendAt writes a new version's job", async () => {
    const { company, agentHeaders, contact } = await tenantWithContact();
    const schedule = await create(agentHeaders, { body: "Primeira versão", contactId: contact.id, sendAt: inDays(1) });
    const put = (payload: Record<string, unknown>) =>
      env.app.inject({ method: "PUT", url: `/schedules/${schedule.id}`, headers: agentHeaders, payload });

    const edited = await put({ body: "Segunda versão" });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json()).toMatchObject({ body: "Segunda versão", sendAt: schedule.sendAt, status: "PENDENTE" });
    expect(await sendJobs(schedule.id)).toHaveLength(1);

    const emit = vi.spyOn(env.ctx.realtime, "toCompany");
    const later = inDays(4);
    const moved = await put({ sendAt: later, contactId: contact.id });
    expect(moved.json()).toMatchObject({ sendAt: later, status: "PENDENTE" });
    const jobs = await sendJobs(schedule.id);
    expect(jobs.map((job) => job.data.version)).toEqual([0, 1]);
    expect(new Date(jobs[1]!.startAfter).toISOString()).toBe(later);
    const [row] = await env.db.select().from(schedules).where(eq(schedules.id, schedule.id));
    expect(row!.sendVersion).toBe(1);
    expect(emit).toHaveBeenCalledWith(company.id, companyEvent.schedule(company.id), {
      action: "update",
      schedule: moved.json(),
    });
    emit.mockRestore();
  });

  it("puts a failed schedule back to PENDENTE with a new job, and refuses to change a sent one", async () => {
    const { agentHeaders, contact } = await tenantWithContact();
    const schedule = await create(agentHeaders, { body: "Vai falhar", contactId: contact.id, sendAt: inDays(1) });
    await env.db
      .update(schedules)
      .set({ status: "ERRO", errorCode: "ERR_WAPP_NOT_INITIALIZED" })
      .where(eq(schedules.id, schedule.id));
    const retried = await env.app.inject({
      method: "PUT",
      url: `/schedules/${schedule.id}`,
      headers: agentHeaders,
      payload: { body: "Vai dar certo" },
    });
    expect(retried.json()).toMatchObject({ status: "PENDENTE", errorCode: null });
    expect((await sendJobs(schedule.id)).map((job) => job.data.version)).toEqual([0, 1]);

    await env.db.update(schedules).set({ status: "ENVIADA", sentAt: new Date() }).where(eq(schedules.id, schedule.id));
    const refused = await env.app.inject({
      method: "PUT",
      url: `/schedules/${schedule.id}`,
      headers: agentHeaders,
      payload: { sendAt: inDays(9) },
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toBe("ERR_SCHEDULE_ALREADY_SENT");
    expect((await upload(agentHeaders, schedule.id, { data: PNG, name: "a.png", type: "image/png" })).statusCode).toBe(
      409,
    );
  });

  it("lets only who scheduled it or an admin change or delete it", async () => {
    const { company, adminHeaders, agentHeaders, contact } = await tenantWithContact();
    const colleague = await newUser(env.db, company.id, { profile: "user" });
    const colleagueHeaders = await login(env, colleague.email);
    const schedule = await create(agentHeaders, { body: "Do atendente", contactId: contact.id, sendAt: inDays(1) });
    const byColleague = await env.app.inject({
      method: "PUT",
      url: `/schedules/${schedule.id}`,
      headers: colleagueHeaders,
      payload: { body: "Do colega" },
    });
    expect(byColleague.statusCode).toBe(403);
    const deleteByColleague = await env.app.inject({
      method: "DELETE",
      url: `/schedules/${schedule.id}`,
      headers: colleagueHeaders,
    });
    expect(deleteByColleague.statusCode).toBe(403);
    const byAdmin = await env.app.inject({
      method: "PUT",
      url: `/schedules/${schedule.id}`,
      headers: adminHeaders,
      payload: { body: "Do administrador" },
    });
    expect(byAdmin.statusCode).toBe(200);
  });
});

describe("DELETE /schedules/{id}", () => {
  it("removes the schedule and its image; its waiting job will find nothing", async () => {
    const { company, agentHeaders, contact } = await tenantWithContact();
    const schedule = await create(agentHeaders, { body: "Cancelar depois", contactId: contact.id, sendAt: inDays(1) });
    const withMedia = (await upload(agentHeaders, schedule.id, { data: PNG, name: "a.png", type: "image/png" })).json();
    const stored = join(env.ctx.media.root, withMedia.mediaPath.replace(/^\/public\//, ""));
    expect(existsSync(stored)).toBe(true);
    const emit = vi.spyOn(env.ctx.realtime, "toCompany");
    const response = await env.app.inject({
      method: "DELETE",
      url: `/schedules/${schedule.id}`,
      headers: agentHeaders,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: "scheduleDeleted" });
    expect(existsSync(stored)).toBe(false);
    expect(await env.db.select().from(schedules).where(eq(schedules.id, schedule.id))).toEqual([]);
    expect(emit).toHaveBeenCalledWith(company.id, companyEvent.schedule(company.id), {
      action: "delete",
      scheduleId: schedule.id,
    });
    emit.mockRestore();
    const again = await env.app.inject({ method: "DELETE", url: `/schedules/${schedule.id}`, headers: agentHeaders });
    expect(again.statusCode).toBe(404);
  });
});

describe("POST and DELETE /schedules/{id}/media-upload", () => {
  it("attaches a png or a jpeg by its bytes, replaces the previous one, and removes it", async () => {
    const { agentHeaders, contact } = await tenantWithContact();
    const schedule = await create(agentHeaders, { body: "Com imagem", contactId: contact.id, sendAt: inDays(1) });
    // A jpeg named .png is a jpeg: the bytes decide.
    const first = await upload(agentHeaders, schedule.id, { data: JPEG, name: "foto.png", type: "image/png" });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({
      mediaName: "foto.png",
      mediaPath: expect.stringMatching(/^\/public\/.+\.jpg$/),
    });
    const firstFile = join(env.ctx.media.root, first.json().mediaPath.replace(/^\/public\//, ""));

    const second = await upload(agentHeaders, schedule.id, { data: PNG, name: "cartaz.jpeg", type: "image/jpeg" });
    expect(second.json().mediaPath).toMatch(/\.png$/);
    expect(existsSync(firstFile)).toBe(false);

    const served = await env.app.inject({ url: second.json().mediaPath });
    expect(served.statusCode).toBe(200);
    expect(served.headers["content-type"]).toBe("image/png");

    const removed = await env.app.inject({
      method: "DELETE",
      url: `/schedules/${schedule.id}/media-upload`,
      headers: agentHeaders,
    });
    expect(removed.statusCode).toBe(200);
    expect(removed.json()).toMatchObject({ mediaPath: null, mediaName: null });
  });

  it("refuses anything but png and jpeg, whatever its name, an image over 2 MB, and a missing file", async () => {
    const { agentHeaders, contact } = await tenantWithContact();
    const schedule = await create(agentHeaders, { body: "Com imagem", contactId: contact.id, sendAt: inDays(1) });
    for (const file of [
      { data: PDF, name: "foto.png", type: "image/png" },
      { data: SVG, name: "foto.jpg", type: "image/jpeg" },
      { data: Buffer.from("just text"), name: "foto.jpeg", type: "image/jpeg" },
    ]) {
      const response = await upload(agentHeaders, schedule.id, file);
      expect(response.statusCode, file.name).toBe(400);
      expect(response.json().fields).toEqual([{ path: "body.file", message: "unsupportedType" }]);
    }
    const big = await upload(agentHeaders, schedule.id, {
      data: sized(PNG, UPLOAD_LIMITS_BYTES.image + 1),
      name: "big.png",
      type: "image/png",
    });
    expect(big.statusCode).toBe(413);
    expect(big.json().error).toBe("ERR_PAYLOAD_TOO_LARGE");
    const noFile = await env.app.inject({
      method: "POST",
      url: `/schedules/${schedule.id}/media-upload`,
      headers: { ...agentHeaders, "content-type": "multipart/form-data; boundary=x" },
      payload: "--x--\r\n",
    });
    expect(noFile.statusCode).toBe(400);
    const [row] = await env.db.select().from(schedules).where(eq(schedules.id, schedule.id));
    expect(row!.mediaPath).toBeNull();
  });
});
