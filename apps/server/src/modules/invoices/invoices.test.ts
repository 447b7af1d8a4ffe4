import { INVOICE_LEAD_DAYS, PAGE_SIZE } from "@atendo/shared";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { newCompany, newPlan, newTenant } from "../../../test/factories.js";
import { createTestEnv, type TestEnv } from "../../../test/harness.js";
import { companies, invoices } from "../../db/schema/index.js";
import { createDueInvoicesJob, expireOverdueInvoicesJob } from "./invoices.jobs.js";
import { createDueInvoices, expireOverdueInvoices } from "./invoices.service.js";

const DAY = 24 * 60 * 60 * 1000;

let env: TestEnv;
beforeAll(async () => {
  env = await createTestEnv();
});
afterAll(async () => env.close());

const invoicesOf = (companyId: number) => env.db.select().from(invoices).where(eq(invoices.companyId, companyId));

describe("the invoice job", () => {
  it("issues each due invoice once across two runs, from the plan's value", async () => {
    const now = new Date("2031-03-10T12:00:00.000Z");
    const plan = await newPlan(env.db, { value: 79.9 });
    const dueSoon = await newCompany(env.db, { planId: plan.id, dueDate: new Date(now.getTime() + 3 * DAY) });
    const dueAtEdge = await newCompany(env.db, {
      planId: plan.id,
      dueDate: new Date(now.getTime() + INVOICE_LEAD_DAYS * DAY),
    });
    const dueLater = await newCompany(env.db, {
      planId: plan.id,
      dueDate: new Date(now.getTime() + (INVOICE_LEAD_DAYS + 1) * DAY),
    });
    const overdue = await newCompany(env.db, { planId: plan.id, dueDate: new Date(now.getTime() - 2 * DAY) });
    const free = await newCompany(env.db, {
      planId: (await newPlan(env.db, { value: 0 })).id,
      dueDate: new Date(now.getTime() + DAY),
    });
    const inactive = await newCompany(env.db, {
      planId: plan.id,
      status: false,
      dueDate: new Date(now.getTime() + DAY),
    });
    const noDueDate = await newCompany(env.db, { planId: plan.id, dueDate: null });

    const firstRun = await createDueInvoices(env, now);
    const secondRun = await createDueInvoices(env, now);
    expect(firstRun).toBeGreaterThanOrEqual(3);
    expect(secondRun).toBe(0);
    // Two runs racing each other still issue nothing twice.
    await Promise.all([createDueInvoices(env, now), createDueInvoices(env, now)]);

    for (const company of [dueSoon, dueAtEdge, overdue]) {
      const rows = await invoicesOf(company.id);
      expect(rows, company.name).toHaveLength(1);
      expect(rows[0]).toMatchObject({ value: 79.9, detail: plan.name, planId: plan.id, dueDate: company.dueDate });
    }
    expect((await invoicesOf(dueSoon.id))[0]!.status).toBe("open");
    expect((await invoicesOf(overdue.id))[0]!.status).toBe("expired");
    for (const company of [dueLater, free, inactive, noDueDate]) {
      expect(await invoicesOf(company.id), company.name).toHaveLength(0);
    }
  });

  it("issues the next period's invoice once the due date moves forward", async () => {
    const now = new Date("2031-05-01T12:00:00.000Z");
    const company = await newCompany(env.db, { dueDate: new Date(now.getTime() + 2 * DAY) });
    await createDueInvoices(env, now);
    const later = new Date(now.getTime() + 31 * DAY);
    await env.db.update(invoices).set({ status: "paid" }).where(eq(invoices.companyId, company.id));
    await env.db
      .update(companies)
      .set({ dueDate: new Date(now.getTime() + 33 * DAY) })
      .where(eq(companies.id, company.id));
    await createDueInvoices(env, later);
    await createDueInvoices(env, later);
    const rows = await invoicesOf(company.id);
    expect(rows.map((row) => row.status).sort()).toEqual(["open", "paid"]);
  });

  it("expires unpaid invoices once their due date passes, and never a paid one", async () => {
    const now = new Date("2031-07-01T12:00:00.000Z");
    const company = await newCompany(env.db, { dueDate: new Date(now.getTime() + DAY) });
    const paidCompany = await newCompany(env.db, { dueDate: new Date(now.getTime() + DAY) });
    await createDueInvoices(env, now);
    await env.db.update(invoices).set({ status: "paid" }).where(eq(invoices.companyId, paidCompany.id));

    await expireOverdueInvoices(env, now);
    expect((await invoicesOf(company.id))[0]!.status).toBe("open");
    const afterDue = new Date(now.getTime() + 2 * DAY);
    expect(await expireOverdueInvoices(env, afterDue)).toBeGreaterThanOrEqual(1);
    expect(await expireOverdueInvoices(env, afterDue)).toBe(0);
    expect((await invoicesOf(company.id))[0]!.status).toBe("expired");
    expect((await invoicesOf(paidCompany.id))[0]!.status).toBe("paid");
  });

  it("is declared as two daily jobs", () => {
    expect(createDueInvoicesJob).toMatchObject({
      name: "invoices.create-due",
      cron: expect.stringMatching(/ \* \* \*$/),
    });
    expect(expireOverdueInvoicesJob).toMatchObject({
      name: "invoices.expire-overdue",
      cron: expect.stringMatching(/ \* \* \*$/),
    });
  });
});

describe("GET /invoices/all", () => {
  it("answers the company's own invoices, brought up to date, newest due date first", async () => {
    const tenant = await newTenant(env, { dueDate: new Date(Date.now() + 4 * DAY) });
    const other = await newTenant(env, { dueDate: new Date(Date.now() + 4 * DAY) });
    const response = await env.app.inject({ url: "/invoices/all", headers: tenant.adminHeaders });
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({ count: 1, hasMore: false });
    expect(body.invoices).toEqual([
      {
        id: expect.any(Number),
        detail: expect.any(String),
        value: 99,
        dueDate: tenant.company.dueDate!.toISOString(),
        status: "open",
        paidAt: null,
        createdAt: expect.any(String),
      },
    ]);
    const otherIds = (await invoicesOf(other.company.id)).map((row) => row.id);
    expect(otherIds.some((id) => body.invoices.some((invoice: { id: number }) => invoice.id === id))).toBe(false);

    const show = await env.app.inject({ url: `/invoices/${body.invoices[0].id}`, headers: tenant.adminHeaders });
    expect(show.json()).toEqual(body.invoices[0]);
  });

  it("searches by detail or number and pages", async () => {
    const tenant = await newTenant(env);
    const base = Date.UTC(2020, 0, 1);
    await env.db.insert(invoices).values(
      Array.from({ length: PAGE_SIZE + 5 }, (_, index) => ({
        companyId: tenant.company.id,
        detail: index === 3 ? "Plano Ouro" : "Plano Prata",
        value: 49,
        status: "paid" as const,
        dueDate: new Date(base + index * 30 * DAY),
      })),
    );
    const first = (await env.app.inject({ url: "/invoices/all?pageNumber=1", headers: tenant.adminHeaders })).json();
    expect(first.invoices).toHaveLength(PAGE_SIZE);
    expect(first).toMatchObject({ count: PAGE_SIZE + 5, hasMore: true });
    const dueDates = first.invoices.map((invoice: { dueDate: string }) => invoice.dueDate);
    expect(dueDates).toEqual([...dueDates].sort().reverse());
    const second = (await env.app.inject({ url: "/invoices/all?pageNumber=2", headers: tenant.adminHeaders })).json();
    expect(second.invoices).toHaveLength(5);
    expect(second.hasMore).toBe(false);

    const gold = (await env.app.inject({ url: "/invoices/all?searchParam=ouro", headers: tenant.adminHeaders })).json();
    expect(gold.invoices.map((invoice: { detail: string }) => invoice.detail)).toEqual(["Plano Ouro"]);
    const [row] = await env.db
      .select()
      .from(invoices)
      .where(and(eq(invoices.companyId, tenant.company.id), eq(invoices.detail, "Plano Ouro")));
    const byId = (
      await env.app.inject({ url: `/invoices/all?searchParam=${row!.id}`, headers: tenant.adminHeaders })
    ).json();
    expect(byId.invoices.map((invoice: { id: number }) => invoice.id)).toContain(row!.id);
  });

  it("is for admins", async () => {
    const tenant = await newTenant(env);
    const response = await env.app.inject({ url: "/invoices/all", headers: tenant.agentHeaders });
    expect(response.statusCode).toBe(403);
    const missing = await env.app.inject({ url: "/invoices/999999", headers: tenant.adminHeaders });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ error: "ERR_NO_INVOICE_FOUND" });
  });
});
