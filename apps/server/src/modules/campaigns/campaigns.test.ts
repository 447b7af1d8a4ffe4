import { randomUUID } from "node:crypto";
import { type CampaignRecord, campaignProgressPercent } from "@atendo/shared";
import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { newContact, newPlan, newTag, newTenant, newTicket, newWhatsapp } from "../../../test/factories.js";
import { createTestEnv, type TestEnv } from "../../../test/harness.js";
import type { ChannelProvider } from "../../channels/provider.js";
import {
  campaignShippings,
  contactListItems,
  contactLists,
  plans,
  simulatorOutbound,
  ticketTags,
} from "../../db/schema/index.js";
import { offsetSeconds } from "./campaign-messages.js";
import { planCampaign } from "./campaigns.dispatch.js";
import { dispatchCampaignJob, resumeCampaignsJob } from "./campaigns.jobs.js";
import {
  dispatchHolder,
  findCampaign,
  insertAudience,
  moveCampaignStatus,
  releaseDispatch,
  schedulePending,
  takeDispatch,
} from "./campaigns.repository.js";

let env: TestEnv;
type Headers = Record<string, string>;

beforeAll(async () => {
  env = await createTestEnv({ config: { JOB_POLL_SECONDS: "0.5" } });
}, 60_000);
afterAll(async () => env?.close());

const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52, 1, 2, 3]);
let numberSeed = 5511900000000;
const newNumber = () => String(numberSeed++);

async function call(headers: Headers, method: "GET" | "POST" | "PUT" | "DELETE", url: string, payload?: object) {
  return env.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });
}

/** A tenant with a paired simulator connection and campaign intervals of 0 (settings saved through the API). */
async function campaignTenant() {
  const tenant = await newTenant(env);
  const whatsapp = await newWhatsapp(env.db, tenant.company.id, { provider: "simulator", isDefault: true });
  await env.ctx.sessions!.start(whatsapp.id);
  expect((await env.app.inject({ method: "POST", url: `/simulator/scan/${whatsapp.id}` })).statusCode).toBe(200);
  const settings = await call(tenant.adminHeaders, "POST", "/campaign-settings", {
    settings: { messageInterval: 0, longerIntervalAfter: 0, greaterInterval: 0 },
  });
  expect(settings.statusCode, settings.body).toBe(200);
  return { ...tenant, whatsapp };
}

async function newList(companyId: number, size: number) {
  const [list] = await env.db
    .insert(contactLists)
    .values({ companyId, name: `List ${numberSeed}` })
    .returning();
  const items = await env.db
    .insert(contactListItems)
    .values(
      Array.from({ length: size }, (_, index) => ({
        companyId,
        contactListId: list!.id,
        name: `Cliente${index} Silva`,
        number: newNumber(),
        email: "",
        isWhatsappValid: true,
      })),
    )
    .returning();
  return { list: list!, items };
}

async function createCampaign(headers: Headers, payload: Record<string, unknown>): Promise<CampaignRecord> {
  const response = await call(headers, "POST", "/campaigns", payload);
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

async function show(headers: Headers, id: number) {
  const response = await call(headers, "GET", `/campaigns/${id}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as CampaignRecord & {
    shipping: { number: string; message: string; variant: number; deliveredAt: string | null }[];
  };
}

const received = (whatsappId: number) =>
  env.db.select().from(simulatorOutbound).where(eq(simulatorOutbound.whatsappId, whatsappId));

describe("dispatch", () => {
  it("sends 3 variants to 30 recipients: one message each, every variant used, the report at 100 %", async () => {
    const { adminHeaders, company, whatsapp } = await campaignTenant();
    const { list, items } = await newList(company.id, 30);
    const emit = vi.spyOn(env.ctx.realtime, "toCompany");
    const campaign = await createCampaign(adminHeaders, {
      name: "Três variantes",
      message1: "A: olá {{firstName}}",
      message2: "B: olá {{name}}",
      message3: "C: oi",
      message4: "",
      whatsappId: whatsapp.id,
      contactListId: list.id,
      tagListId: "Nenhuma",
      scheduledAt: new Date().toISOString(),
    });
    expect(campaign.status).toBe("PROGRAMADA");

    await vi.waitFor(async () => expect((await show(adminHeaders, campaign.id)).status).toBe("FINALIZADA"), {
      timeout: 30_000,
      interval: 250,
    });
    const report = await show(adminHeaders, campaign.id);
    expect(report.progress).toEqual({ valid: 30, delivered: 30, failed: 0 });
    expect(campaignProgressPercent(report.progress)).toBe(100);
    expect(report.completedAt).not.toBeNull();
    expect(report.shipping.every((row) => row.deliveredAt !== null)).toBe(true);

    const messages = await received(whatsapp.id);
    expect(messages).toHaveLength(30);
    expect(new Set(messages.map((message) => message.to))).toEqual(new Set(items.map((item) => item.number)));
    const byVariant = (prefix: string) => messages.filter((message) => message.body.startsWith(prefix)).length;
    expect([byVariant("A:"), byVariant("B:"), byVariant("C:")]).toEqual([10, 10, 10]);
    const first = items[0]!;
    expect(messages.find((message) => message.to === first.number)?.body).toBe("A: olá Cliente0");
    expect(messages.find((message) => message.to === items[1]!.number)?.body).toBe("B: olá Cliente1 Silva");
    expect(emit).toHaveBeenCalledWith(company.id, `company-${company.id}-campaign`, {
      action: "update",
      campaign: expect.objectContaining({ id: campaign.id, status: "FINALIZADA" }),
    });
  }, 60_000);

  it("resumes after the worker dies at recipient 15 of 30: 30 delivered, none twice", async () => {
    const { adminHeaders, company, whatsapp } = await campaignTenant();
    const { list, items } = await newList(company.id, 30);
    // The 15th send reaches the network and never returns: the run dies between the send and its record.
    const provider = env.ctx.sessions!.get(whatsapp.id) as ChannelProvider;
    const sendText = provider.sendText.bind(provider);
    let sends = 0;
    provider.sendText = async (...args) => {
      sends += 1;
      if (sends < 15) return sendText(...args);
      if (sends === 15) await sendText(...args);
      return new Promise(() => undefined);
    };
    const campaign = await createCampaign(adminHeaders, {
      name: "Queda",
      message1: "Oferta para {{firstName}}",
      whatsappId: whatsapp.id,
      contactListId: list.id,
      scheduledAt: new Date().toISOString(),
    });
    await vi.waitFor(async () => expect((await received(whatsapp.id)).length).toBe(15), {
      timeout: 20_000,
      interval: 100,
    });

    await env.restartApp();
    await env.ctx.sessions!.start(whatsapp.id);
    await vi.waitFor(async () => expect((await show(adminHeaders, campaign.id)).status).toBe("FINALIZADA"), {
      timeout: 60_000,
      interval: 500,
    });
    const messages = await received(whatsapp.id);
    expect(messages).toHaveLength(30);
    expect(new Set(messages.map((message) => message.to)).size).toBe(30);
    expect(new Set(messages.map((message) => message.to))).toEqual(new Set(items.map((item) => item.number)));
    const report = await show(adminHeaders, campaign.id);
    expect(report.progress).toEqual({ valid: 30, delivered: 30, failed: 0 });
  }, 120_000);

  it("sends to the contacts of a tag, with the media and the text as its caption", async () => {
    const { adminHeaders, company, whatsapp } = await campaignTenant();
    const tag = await newTag(env.db, company.id);
    const numbers = [newNumber(), newNumber()];
    for (const number of numbers) {
      const contact = await newContact(env.db, company.id, { number, name: `Tagged ${number}` });
      const ticket = await newTicket(env.db, company.id, { contactId: contact.id, whatsappId: whatsapp.id });
      await env.db.insert(ticketTags).values({ companyId: company.id, ticketId: ticket.id, tagId: tag.id });
    }
    const campaign = await createCampaign(adminHeaders, {
      name: "Por etiqueta",
      message1: "Veja {{name}}",
      whatsappId: whatsapp.id,
      tagListId: tag.id,
    });
    expect(campaign.status).toBe("INATIVA");
    const form = new FormData();
    form.append("file", new Blob([PNG], { type: "image/png" }), "oferta.png");
    const encoded = new Response(form);
    const uploaded = await env.app.inject({
      method: "POST",
      url: `/campaigns/${campaign.id}/media-upload`,
      headers: { ...adminHeaders, "content-type": encoded.headers.get("content-type") ?? "" },
      payload: Buffer.from(await encoded.arrayBuffer()),
    });
    expect(uploaded.statusCode, uploaded.body).toBe(200);
    expect(uploaded.json().mediaPath).toMatch(/^\/public\/company\d+\/[\w-]+\.png$/);

    const started = await call(adminHeaders, "PUT", `/campaigns/${campaign.id}`, {
      scheduledAt: new Date().toISOString(),
    });
    expect(started.json().status).toBe("PROGRAMADA");
    await vi.waitFor(async () => expect((await show(adminHeaders, campaign.id)).status).toBe("FINALIZADA"), {
      timeout: 30_000,
      interval: 250,
    });
    const messages = await received(whatsapp.id);
    expect(messages.map((message) => [message.to, message.mediaType, message.body]).sort()).toEqual(
      numbers.map((number) => [number, "image", `Veja Tagged ${number}`]).sort(),
    );
  }, 60_000);
});

describe("statuses and edit rules", () => {
  it("edits INATIVA and far PROGRAMADA only; cancels running ones and restarts cancelled ones", async () => {
    const { adminHeaders, company, whatsapp } = await campaignTenant();
    const { list } = await newList(company.id, 3);
    const base = { name: "Regras", message1: "Oi", whatsappId: whatsapp.id, contactListId: list.id };
    const draft = await createCampaign(adminHeaders, base);
    expect(draft.status).toBe("INATIVA");
    expect((await call(adminHeaders, "PUT", `/campaigns/${draft.id}`, { name: "Renomeada" })).json().name).toBe(
      "Renomeada",
    );
    expect((await call(adminHeaders, "POST", `/campaigns/${draft.id}/cancel`)).json()).toEqual({
      error: "ERR_CAMPAIGN_INVALID_STATUS",
    });
    const restartDraft = await call(adminHeaders, "POST", `/campaigns/${draft.id}/restart`);
    expect(restartDraft.statusCode, restartDraft.body).toBe(409);

    const far = await createCampaign(adminHeaders, {
      ...base,
      scheduledAt: new Date(Date.now() + 2 * 3600_000).toISOString(),
    });
    expect(far.status).toBe("PROGRAMADA");
    expect((await call(adminHeaders, "PUT", `/campaigns/${far.id}`, { name: "Ainda editável" })).statusCode).toBe(200);
    const near = await createCampaign(adminHeaders, {
      ...base,
      scheduledAt: new Date(Date.now() + 30 * 60_000).toISOString(),
    });
    const refused = await call(adminHeaders, "PUT", `/campaigns/${near.id}`, { name: "Tarde demais" });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ error: "ERR_CAMPAIGN_NOT_EDITABLE" });

    // A start without a connection is refused with the field named.
    const noConnection = await call(adminHeaders, "POST", "/campaigns", {
      name: "Sem conexão",
      message1: "x",
      contactListId: list.id,
      scheduledAt: new Date().toISOString(),
    });
    expect(noConnection.json()).toEqual({
      error: "ERR_VALIDATION",
      fields: [{ path: "body.whatsappId", message: "required" }],
    });

    // Running: 20 s between messages keeps it EM_ANDAMENTO long enough to cancel it.
    await call(adminHeaders, "POST", "/campaign-settings", { settings: { messageInterval: 20 } });
    const running = await createCampaign(adminHeaders, { ...base, scheduledAt: new Date().toISOString() });
    await vi.waitFor(async () => expect((await show(adminHeaders, running.id)).status).toBe("EM_ANDAMENTO"), {
      timeout: 15_000,
      interval: 100,
    });
    const cancelled = await call(adminHeaders, "POST", `/campaigns/${running.id}/cancel`);
    expect(cancelled.json().status, cancelled.body).toBe("CANCELADA");
    // A cancelled campaign may be saved again (document 2 section 4); a running one may not be cancelled twice.
    expect((await call(adminHeaders, "PUT", `/campaigns/${running.id}`, { name: "Outro nome" })).statusCode).toBe(200);
    expect((await call(adminHeaders, "POST", `/campaigns/${running.id}/cancel`)).json()).toEqual({
      error: "ERR_CAMPAIGN_INVALID_STATUS",
    });
  }, 60_000);

  it("cancels mid-way and restarts without sending anyone twice", async () => {
    const { adminHeaders, company, whatsapp } = await campaignTenant();
    const { list } = await newList(company.id, 4);
    // 2 s between messages: the campaign is still running when cancelled.
    await call(adminHeaders, "POST", "/campaign-settings", { settings: { messageInterval: 5 } });
    const campaign = await createCampaign(adminHeaders, {
      name: "Pausa",
      message1: "Oi {{firstName}}",
      whatsappId: whatsapp.id,
      contactListId: list.id,
      scheduledAt: new Date().toISOString(),
    });
    await vi.waitFor(async () => expect((await received(whatsapp.id)).length).toBe(1), { timeout: 15_000 });
    const cancelled = await call(adminHeaders, "POST", `/campaigns/${campaign.id}/cancel`);
    expect(cancelled.json().status).toBe("CANCELADA");
    await call(adminHeaders, "POST", "/campaign-settings", { settings: { messageInterval: 0 } });
    const restarted = await call(adminHeaders, "POST", `/campaigns/${campaign.id}/restart`);
    expect(restarted.json().status).toBe("EM_ANDAMENTO");
    await vi.waitFor(async () => expect((await show(adminHeaders, campaign.id)).status).toBe("FINALIZADA"), {
      timeout: 30_000,
      interval: 250,
    });
    const messages = await received(whatsapp.id);
    expect(messages).toHaveLength(4);
    expect(new Set(messages.map((message) => message.to)).size).toBe(4);
  }, 60_000);

  it("refuses a media file whose bytes are not an allowed type, and deletes a campaign", async () => {
    const { adminHeaders } = await campaignTenant();
    const campaign = await createCampaign(adminHeaders, { name: "Arquivo" });
    const form = new FormData();
    form.append("file", new Blob([Buffer.from([0x4d, 0x5a, 0x90, 0x00, 0x03])]), "foto.png");
    const encoded = new Response(form);
    const refused = await env.app.inject({
      method: "POST",
      url: `/campaigns/${campaign.id}/media-upload`,
      headers: { ...adminHeaders, "content-type": encoded.headers.get("content-type") ?? "" },
      payload: Buffer.from(await encoded.arrayBuffer()),
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().fields).toEqual([{ path: "body.file", message: "unsupportedType" }]);
    expect((await call(adminHeaders, "DELETE", `/campaigns/${campaign.id}`)).json()).toEqual({
      message: "campaignDeleted",
    });
    expect((await call(adminHeaders, "GET", `/campaigns/${campaign.id}`)).statusCode).toBe(404);
  });
});

describe("pacing", () => {
  it("writes the audience in order with the variants in turn, spaced by the SQL rule exactly as offsetSeconds does", async () => {
    const { adminHeaders, company } = await campaignTenant();
    const campaign = await createCampaign(adminHeaders, { name: "Ritmo" });
    const numbers = Array.from({ length: 12 }, () => newNumber());
    await insertAudience(
      env.db,
      company.id,
      campaign.id,
      sql`SELECT NULL::int AS item, n.number, '' AS name, n.position
          FROM unnest(${sql.param(numbers)}::text[]) WITH ORDINALITY AS n(number, position)`,
      [0, 1],
    );
    const pacing = { messageInterval: 5, longerIntervalAfter: 4, greaterInterval: 20 };
    const start = new Date("2030-01-01T00:00:00Z");
    await schedulePending(env.db, company.id, campaign.id, start, pacing);
    const rows = await env.db
      .select()
      .from(campaignShippings)
      .where(and(eq(campaignShippings.companyId, company.id), eq(campaignShippings.campaignId, campaign.id)))
      .orderBy(campaignShippings.id);
    const offsets = rows.map((row) => (row.sendAt.getTime() - start.getTime()) / 1000);
    expect(offsets).toEqual(rows.map((_, k) => offsetSeconds(k, pacing)));
    expect(offsets.slice(0, 6)).toEqual([0, 5, 10, 15, 35, 55]);
    expect(rows.map((row) => row.number)).toEqual(numbers);
    expect(rows.map((row) => row.variant)).toEqual(numbers.map((_, k) => k % 2));
  });
});

describe("dispatch turns", () => {
  it("gives the dispatch to one run at a time: a second run is refused until released, a dead holder is taken over", async () => {
    const { adminHeaders, company } = await campaignTenant();
    const campaign = await createCampaign(adminHeaders, { name: "Vez" });
    const [first, second, third] = [randomUUID(), randomUUID(), randomUUID()];
    expect(await takeDispatch(env.db, company.id, campaign.id, first)).toBe(true);
    // Its retry after a crash (same job id) holds it still; another run does not.
    expect(await takeDispatch(env.db, company.id, campaign.id, first)).toBe(true);
    expect(await takeDispatch(env.db, company.id, campaign.id, second)).toBe(false);
    expect(await dispatchHolder(env.db, company.id, campaign.id)).toBe(first);
    // Taking over names the holder it replaces: a stale name does not take it.
    expect(await takeDispatch(env.db, company.id, campaign.id, second, third)).toBe(false);
    expect(await takeDispatch(env.db, company.id, campaign.id, second, first)).toBe(true);
    // Released only by its holder.
    await releaseDispatch(env.db, company.id, campaign.id, first);
    expect(await dispatchHolder(env.db, company.id, campaign.id)).toBe(second);
    await releaseDispatch(env.db, company.id, campaign.id, second);
    expect(await takeDispatch(env.db, company.id, campaign.id, third)).toBe(true);
    // Another company's campaign id is not this company's.
    const other = await campaignTenant();
    expect(await takeDispatch(env.db, other.company.id, campaign.id, randomUUID())).toBe(false);
  });

  it("the minute's sweep resumes a running campaign whose chain of runs was broken", async () => {
    const { adminHeaders, company, whatsapp } = await campaignTenant();
    const { list } = await newList(company.id, 3);
    const campaign = await createCampaign(adminHeaders, {
      name: "Sem vez",
      message1: "Oi {{firstName}}",
      whatsappId: whatsapp.id,
      contactListId: list.id,
    });
    // Running and planned, but no dispatch job: what a chain whose retries ran out leaves.
    await env.db.transaction(async (tx) => {
      const row = await findCampaign(tx, company.id, campaign.id, { lock: true });
      await planCampaign(env.ctx, tx, row!, new Date());
      await moveCampaignStatus(tx, company.id, campaign.id, "INATIVA", { status: "EM_ANDAMENTO" });
    });
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(await received(whatsapp.id)).toHaveLength(0);
    await resumeCampaignsJob.handler(env.ctx, {}, { id: randomUUID() });
    env.ctx.jobs.wake(dispatchCampaignJob);
    await vi.waitFor(async () => expect((await show(adminHeaders, campaign.id)).status).toBe("FINALIZADA"), {
      timeout: 20_000,
      interval: 200,
    });
    expect(await received(whatsapp.id)).toHaveLength(3);
  }, 30_000);
});

describe("plan", () => {
  it("answers 403 to campaigns and contact lists when the company's plan has no campaigns flag", async () => {
    const plan = await newPlan(env.db, { useCampaigns: false });
    const tenant = await newTenant(env, { planId: plan.id });
    for (const url of ["/campaigns", "/contact-lists", "/contact-lists/list"]) {
      const response = await call(tenant.adminHeaders, "GET", url);
      expect(response.statusCode, url).toBe(403);
      expect(response.json().error).toBe("ERR_NO_PERMISSION");
    }
    await env.db.update(plans).set({ useCampaigns: true }).where(eq(plans.id, plan.id));
    expect((await call(tenant.adminHeaders, "GET", "/campaigns")).statusCode).toBe(200);
  });
});
