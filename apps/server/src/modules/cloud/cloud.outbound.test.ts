import type { CampaignShipping, Schedule } from "@atendo/shared";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { newContact, newTenant, newWhatsapp } from "../../../test/factories.js";
import {
  customerMessage,
  type FakeGraph,
  GRAPH_VERSION,
  hubSignature,
  startFakeGraph,
} from "../../../test/fake-graph.js";
import { createTestEnv, type TestEnv } from "../../../test/harness.js";
import { contactListItems, contactLists, messages } from "../../db/schema/index.js";

/*
 * Campaigns and schedules on a WhatsApp Cloud API connection (issue 16): a recipient inside the
 * 24-hour window gets the free text, one outside it the approved template chosen for them, and
 * without a template the refusal is kept per recipient (ERR_OUTSIDE_WINDOW).
 */

const APP_SECRET = "fedcba9876543210fedcba9876543210";
type Tenant = Awaited<ReturnType<typeof newTenant>>;
type Headers = Tenant["adminHeaders"];

let env: TestEnv;
let graph: FakeGraph;
let tenant: Tenant;
let whatsappId: number;
let numberSeed = 5521900000000;
const newNumber = () => String(numberSeed++);

const TEMPLATE = { name: "retomar_atendimento", language: "pt_BR", variables: ["{{firstName}}", "sua compra"] };

async function call(headers: Headers, method: "GET" | "POST" | "PUT", url: string, payload?: object) {
  return env.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });
}

/** The customer writes to the connection now: their 24-hour window opens. */
async function customerWrites(waId: string, name: string) {
  const { body } = customerMessage(graph, { waId, name }, { type: "text", text: { body: "Oi" } });
  const response = await env.app.inject({
    method: "POST",
    url: `/cloud/webhook/${whatsappId}`,
    headers: { "content-type": "application/json", "x-hub-signature-256": hubSignature(APP_SECRET, body) },
    payload: body,
  });
  expect(response.statusCode, response.body).toBe(200);
}

async function newList(names: string[]) {
  const [list] = await env.db
    .insert(contactLists)
    .values({ companyId: tenant.company.id, name: `Lista ${numberSeed}` })
    .returning();
  const items = await env.db
    .insert(contactListItems)
    .values(
      names.map((name) => ({
        companyId: tenant.company.id,
        contactListId: list!.id,
        name,
        number: newNumber(),
        email: "",
        isWhatsappValid: true,
      })),
    )
    .returning();
  return { list: list!, items };
}

async function runCampaign(payload: Record<string, unknown>) {
  const created = await call(tenant.adminHeaders, "POST", "/campaigns", {
    whatsappId,
    scheduledAt: new Date().toISOString(),
    ...payload,
  });
  expect(created.statusCode, created.body).toBe(200);
  const id = created.json().id as number;
  await vi.waitFor(
    async () => expect((await call(tenant.adminHeaders, "GET", `/campaigns/${id}`)).json().status).toBe("FINALIZADA"),
    { timeout: 30_000, interval: 250 },
  );
  return (await call(tenant.adminHeaders, "GET", `/campaigns/${id}`)).json() as {
    template: unknown;
    progress: { valid: number; delivered: number; failed: number };
    shipping: CampaignShipping[];
  };
}

const sentTo = (number: string) => graph.sent.filter((sent) => sent.to === number);

beforeAll(async () => {
  graph = await startFakeGraph();
  env = await createTestEnv({
    config: { CLOUD_API_BASE_URL: graph.url, CLOUD_API_VERSION: GRAPH_VERSION, JOB_POLL_SECONDS: "0.5" },
  });
  tenant = await newTenant(env);
  const created = await call(tenant.adminHeaders, "POST", "/whatsapp", {
    name: "Oficial",
    provider: "cloud",
    cloud: {
      phoneNumberId: graph.phoneNumberId,
      businessAccountId: graph.businessAccountId,
      accessToken: graph.accessToken,
      appSecret: APP_SECRET,
    },
  });
  expect(created.statusCode, created.body).toBe(200);
  whatsappId = created.json().id;
  const settings = await call(tenant.adminHeaders, "POST", "/campaign-settings", {
    settings: { messageInterval: 0, longerIntervalAfter: 0, greaterInterval: 0 },
  });
  expect(settings.statusCode, settings.body).toBe(200);
}, 60_000);
afterAll(async () => {
  await env?.close();
  await graph?.close();
});

describe("a campaign on a Cloud API connection", () => {
  it("sends the text inside the 24-hour window and the template, its variables rendered, outside it", async () => {
    const { list, items } = await newList(["Ana Souza", "Bruno Lima"]);
    const [inside, outside] = items as [(typeof items)[0], (typeof items)[0]];
    await customerWrites(inside.number, inside.name);

    const report = await runCampaign({
      name: "Reengajar",
      message1: "Olá {{firstName}}, temos novidades",
      contactListId: list.id,
      template: TEMPLATE,
    });
    expect(report.template).toEqual(TEMPLATE);
    expect(report.progress).toEqual({ valid: 2, delivered: 2, failed: 0 });

    expect(sentTo(inside.number)).toEqual([
      expect.objectContaining({ type: "text", text: { preview_url: false, body: "Olá Ana, temos novidades" } }),
    ]);
    expect(sentTo(outside.number)).toEqual([
      expect.objectContaining({
        type: "template",
        template: {
          name: "retomar_atendimento",
          language: { code: "pt_BR" },
          components: [
            {
              type: "body",
              parameters: [
                { type: "text", text: "Bruno" },
                { type: "text", text: "sua compra" },
              ],
            },
          ],
        },
      }),
    ]);
    const byNumber = new Map(report.shipping.map((row) => [row.number, row]));
    expect(byNumber.get(inside.number)).toMatchObject({ message: "Olá Ana, temos novidades", error: null });
    expect(byNumber.get(outside.number)).toMatchObject({
      message: "retomar_atendimento (pt_BR): Bruno, sua compra",
      error: null,
    });
  }, 60_000);

  it("sends only the template when it has no text of its own", async () => {
    const { list, items } = await newList(["Carla Dias"]);
    const report = await runCampaign({ name: "Só modelo", contactListId: list.id, template: TEMPLATE });
    expect(report.progress).toEqual({ valid: 1, delivered: 1, failed: 0 });
    expect(sentTo(items[0]!.number).map((sent) => sent.type)).toEqual(["template"]);
  }, 60_000);

  it("without a template, keeps each refusal with its reason: outside the window, undeliverable", async () => {
    const { list, items } = await newList(["Davi Reis", "Eva Melo"]);
    const [outside, undeliverable] = items as [(typeof items)[0], (typeof items)[0]];
    await customerWrites(undeliverable.number, undeliverable.name);
    graph.failSends(131026);

    const report = await runCampaign({ name: "Sem modelo", message1: "Promoção!", contactListId: list.id });
    expect(report.progress).toEqual({ valid: 2, delivered: 0, failed: 2 });
    const byNumber = new Map(report.shipping.map((row) => [row.number, row]));
    expect(byNumber.get(outside.number)).toMatchObject({ error: "ERR_OUTSIDE_WINDOW", deliveredAt: null });
    expect(byNumber.get(outside.number)?.failedAt).not.toBeNull();
    expect(byNumber.get(undeliverable.number)).toMatchObject({ error: "ERR_WAPP_UNDELIVERABLE" });
    // Nothing free went out to the customer outside the window.
    expect(sentTo(outside.number)).toEqual([]);
  }, 60_000);

  it("refuses a template on a connection of another provider", async () => {
    const simulator = await newWhatsapp(env.db, tenant.company.id, { provider: "simulator" });
    const { list } = await newList(["Fabio Cruz"]);
    const response = await call(tenant.adminHeaders, "POST", "/campaigns", {
      name: "Errado",
      message1: "Oi",
      whatsappId: simulator.id,
      contactListId: list.id,
      template: TEMPLATE,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      error: "ERR_VALIDATION",
      fields: [{ path: "body.template", message: "notOffered" }],
    });
  });
});

describe("a schedule on a Cloud API connection", () => {
  async function schedule(payload: Record<string, unknown>): Promise<Schedule> {
    const created = await call(tenant.adminHeaders, "POST", "/schedules", {
      sendAt: new Date().toISOString(),
      ...payload,
    });
    expect(created.statusCode, created.body).toBe(200);
    const id = created.json().id as number;
    let shown: Schedule | undefined;
    await vi.waitFor(
      async () => {
        shown = (await call(tenant.adminHeaders, "GET", `/schedules/${id}`)).json();
        expect(["ENVIADA", "ERRO"]).toContain(shown?.status);
      },
      { timeout: 30_000, interval: 250 },
    );
    return shown!;
  }

  it("outside the window sends its template instead of the text, and the conversation shows it", async () => {
    const contact = await newContact(env.db, tenant.company.id, { name: "Gina", number: newNumber() });
    const template = { name: "boas_vindas", language: "pt_BR", variables: [] };
    const sent = await schedule({ contactId: contact.id, body: "Seu pedido chegou", template });
    expect(sent).toMatchObject({ status: "ENVIADA", errorCode: null, template });
    expect(sentTo(contact.number)).toEqual([
      expect.objectContaining({ type: "template", template: { name: "boas_vindas", language: { code: "pt_BR" } } }),
    ]);
    const [stored] = await env.db.select().from(messages).where(eq(messages.ticketId, sent.ticketId!));
    expect(stored).toMatchObject({ fromMe: true, body: "boas_vindas (pt_BR)" });
  }, 60_000);

  it("inside the window sends the text; without a template outside it fails with ERR_OUTSIDE_WINDOW", async () => {
    const inside = await newContact(env.db, tenant.company.id, { name: "Hugo", number: newNumber() });
    await customerWrites(inside.number, inside.name);
    const sent = await schedule({
      contactId: inside.id,
      body: "Até amanhã",
      template: { ...TEMPLATE, variables: ["Hugo", "x"] },
    });
    expect(sent.status).toBe("ENVIADA");
    expect(sentTo(inside.number).map((item) => item.type)).toEqual(["text"]);

    const outside = await newContact(env.db, tenant.company.id, { name: "Iris", number: newNumber() });
    const failed = await schedule({ contactId: outside.id, body: "Até amanhã" });
    expect(failed).toMatchObject({ status: "ERRO", errorCode: "ERR_OUTSIDE_WINDOW" });
    expect(sentTo(outside.number)).toEqual([]);
  }, 60_000);
});

describe("a Cloud API connection's live events", () => {
  it("give admins the cloud settings and attendants none, and carry Meta's refusal with the status", async () => {
    const toRooms = vi.spyOn(env.ctx.realtime, "toRooms");
    const toCompany = vi.spyOn(env.ctx.realtime, "toCompany");
    const event = `company-${tenant.company.id}-whatsapp`;
    const admins = `company-${tenant.company.id}-admins`;
    // A token Meta refuses: the connection goes DISCONNECTED with the reason.
    const response = await call(tenant.adminHeaders, "PUT", `/whatsapp/${whatsappId}`, {
      name: "Oficial",
      cloud: { phoneNumberId: graph.phoneNumberId, businessAccountId: graph.businessAccountId, accessToken: "EAAbad" },
    });
    expect(response.statusCode, response.body).toBe(200);

    const updates = toRooms.mock.calls.filter(([, name]) => name === event);
    const toAdmins = updates.find(([targets]) => targets.includes(admins));
    const toOthers = updates.find(([targets, , , except]) => !targets.includes(admins) && except?.includes(admins));
    expect(toAdmins?.[2]).toMatchObject({ whatsapp: { id: whatsappId, token: "", cloud: { hasAccessToken: true } } });
    expect(toOthers?.[2]).toMatchObject({ whatsapp: { id: whatsappId } });
    expect((toOthers?.[2] as { whatsapp: object } | undefined)?.whatsapp).not.toHaveProperty("cloud");

    const sessions = toCompany.mock.calls.filter(([, name]) => name === `company-${tenant.company.id}-whatsappSession`);
    expect(sessions.at(-1)?.[2]).toMatchObject({
      session: { id: whatsappId, status: "DISCONNECTED", statusReason: expect.stringContaining("Graph API 190") },
    });
    toRooms.mockRestore();
    toCompany.mockRestore();
  });
});
