import { RECURRENCE_MONTHS, RECURRENCES, type Recurrence } from "@atendo/shared";
import { eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { login, newPlan, newSuper, newTenant, PASSWORD } from "../../../test/factories.js";
import { FAKE_QR_IMAGE, type FakeAsaas, startFakeAsaas } from "../../../test/fake-asaas.js";
import { createTestEnv, type TestEnv } from "../../../test/harness.js";
import { companies, invoices } from "../../db/schema/index.js";
import { addMonths } from "../companies/renewal.js";
import { getSetting, upsertSetting } from "../settings/settings.repository.js";

const ASAAS_TOKEN = "$aact_test_token_0123456789";
const WEBHOOK_TOKEN = "webhook-token-0123456789abcdef";
const DAY = 24 * 60 * 60 * 1000;

let env: TestEnv;
let fake: FakeAsaas;
let platformId: number;
let sealedToken: string;

beforeAll(async () => {
  fake = await startFakeAsaas(ASAAS_TOKEN);
  env = await createTestEnv({ config: { ASAAS_BASE_URL: fake.url, ASAAS_WEBHOOK_TOKEN: WEBHOOK_TOKEN } });
  // The first super admin's company is the platform: its asaas setting is the provider token,
  // typed in the settings page (stored sealed; the checkout opens it to call Asaas).
  const platform = await newSuper(env);
  platformId = platform.company.id;
  const saved = await env.app.inject({
    method: "PUT",
    url: "/settings/asaas",
    headers: platform.headers,
    payload: { key: "asaas", value: ASAAS_TOKEN },
  });
  expect(saved.statusCode).toBe(200);
  sealedToken = await getSetting(env.db, platformId, "asaas");
  expect(sealedToken).not.toContain(ASAAS_TOKEN);
});
afterAll(async () => {
  await env?.close();
  await fake?.close();
});
afterEach(() => {
  fake.failWith(null);
  vi.restoreAllMocks();
});

/** A company whose invoice is due in 5 days, with that invoice. */
async function tenantWithInvoice(values: { recurrence?: Recurrence; value?: number } = {}) {
  const plan = await newPlan(env.db, { value: values.value ?? 99 });
  const tenant = await newTenant(env, {
    planId: plan.id,
    dueDate: new Date(Date.now() + 5 * DAY),
    recurrence: values.recurrence ?? "MENSAL",
  });
  const list = await env.app.inject({ url: "/invoices/all", headers: tenant.adminHeaders });
  const [invoice] = list.json().invoices;
  return { ...tenant, plan, invoice: invoice as { id: number; value: number; status: string } };
}

const checkoutBody = (planId: number, invoiceId: number, overrides: Record<string, unknown> = {}) => ({
  firstName: "Maria",
  lastName: "Silva",
  address2: "Rua das Flores, 10",
  city: "São Paulo",
  state: "SP",
  zipcode: "01001-000",
  country: "Brasil",
  useAddressForPaymentDetails: false,
  nameOnCard: "",
  cardNumber: "",
  expiry: "",
  cvv: "",
  plan: planId,
  price: 49,
  users: 10,
  connections: 3,
  invoiceId,
  ...overrides,
});

/** Posts a webhook body as Asaas does; `null` sends no token header at all. */
async function postWebhook(payload: object, token: string | null = WEBHOOK_TOKEN) {
  return env.app.inject({
    method: "POST",
    url: "/subscription/webhook",
    headers: token === null ? {} : { "asaas-access-token": token },
    payload,
  });
}

/** The webhook Asaas posts when the charge is paid (a charge it never filed gets a bare payment). */
async function payWebhook(paymentId: string, token: string | null = WEBHOOK_TOKEN, event = "PAYMENT_RECEIVED") {
  const payload = fake.payments.has(paymentId)
    ? fake.paidWebhook(paymentId, event)
    : { event, payment: { id: paymentId, value: 99, billingType: "PIX", status: "RECEIVED", externalReference: null } };
  return postWebhook(payload, token);
}

async function checkout(tenant: Awaited<ReturnType<typeof tenantWithInvoice>>) {
  const response = await env.app.inject({
    method: "POST",
    url: "/subscription",
    headers: tenant.adminHeaders,
    payload: checkoutBody(tenant.plan.id, tenant.invoice.id),
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as { paymentId: string; invoiceId: number };
}

async function companyRow(id: number) {
  const [row] = await env.db.select().from(companies).where(eq(companies.id, id));
  return row!;
}

async function invoiceRow(id: number) {
  const [row] = await env.db.select().from(invoices).where(eq(invoices.id, id));
  return row!;
}

describe("POST /subscription", () => {
  it("creates the customer and a Pix charge on the provider and answers the QR code", async () => {
    const tenant = await tenantWithInvoice();
    const before = fake.calls.length;
    const response = await env.app.inject({
      method: "POST",
      url: "/subscription",
      headers: tenant.adminHeaders,
      payload: checkoutBody(tenant.plan.id, tenant.invoice.id, { cpfCnpj: "123.456.789-09" }),
    });
    expect(response.statusCode, response.body).toBe(200);
    const answer = response.json();
    const calls = fake.calls.slice(before);
    expect(calls.map((call) => `${call.method} ${call.path.split("?")[0]}`)).toEqual([
      "GET /v3/customers",
      "POST /v3/customers",
      "POST /v3/payments",
      `GET /v3/payments/${answer.paymentId}/pixQrCode`,
    ]);
    expect(calls.every((call) => call.token === ASAAS_TOKEN)).toBe(true);
    const customer = [...fake.customers.values()].find((c) => c.externalReference === `company-${tenant.company.id}`);
    expect(customer).toMatchObject({ name: "Maria Silva", cpfCnpj: "12345678909", postalCode: "01001-000" });
    expect(fake.payments.get(answer.paymentId)).toMatchObject({
      customer: customer!.id,
      billingType: "PIX",
      value: 99,
      externalReference: `invoice-${tenant.invoice.id}`,
    });
    expect(answer).toEqual({
      invoiceId: tenant.invoice.id,
      paymentId: answer.paymentId,
      valor: { original: "99.00" },
      qrcode: {
        qrcode: expect.stringContaining(answer.paymentId),
        imagemQrcode: `data:image/png;base64,${FAKE_QR_IMAGE}`,
      },
    });
    expect((await invoiceRow(tenant.invoice.id)).providerChargeId).toBe(answer.paymentId);
  });

  it("shows the same charge again instead of charging twice, and reuses the customer", async () => {
    const tenant = await tenantWithInvoice();
    const first = await checkout(tenant);
    const paymentsBefore = fake.payments.size;
    const customersBefore = fake.customers.size;
    const second = await checkout(tenant);
    expect(second.paymentId).toBe(first.paymentId);
    expect(fake.payments.size).toBe(paymentsBefore);
    // Another plan is another charge, for the same customer.
    const other = await newPlan(env.db, { value: 149 });
    const response = await env.app.inject({
      method: "POST",
      url: "/subscription",
      headers: tenant.adminHeaders,
      payload: checkoutBody(other.id, tenant.invoice.id),
    });
    expect(response.json().valor).toEqual({ original: "149.00" });
    expect(response.json().paymentId).not.toBe(first.paymentId);
    expect(fake.customers.size).toBe(customersBefore);
    expect(await invoiceRow(tenant.invoice.id)).toMatchObject({ planId: other.id, value: 149 });
  });

  it("checks the checkout data (document 1 section 5)", async () => {
    const tenant = await tenantWithInvoice();
    const cases: [Record<string, unknown>, string[]][] = [
      [{ firstName: "", city: " ", address2: "", state: "" }, ["address2", "city", "firstName", "state"]],
      [{ zipcode: "1234" }, ["zipcode"]],
      [{ country: "United States", zipcode: "01001-000" }, ["zipcode"]],
      [{ country: "Argentina" }, ["country"]],
      [{ cardNumber: "4111 1111 1111 1112", expiry: "13/30", cvv: "12" }, ["cardNumber", "cvv", "expiry"]],
    ];
    for (const [overrides, fields] of cases) {
      const response = await env.app.inject({
        method: "POST",
        url: "/subscription",
        headers: tenant.adminHeaders,
        payload: checkoutBody(tenant.plan.id, tenant.invoice.id, overrides),
      });
      expect(response.statusCode, JSON.stringify(overrides)).toBe(400);
      const paths = (response.json().fields as { path: string }[])
        .map((field) => field.path.replace(/^body\./, ""))
        .sort();
      expect(paths).toEqual(fields);
    }
    const valid = await env.app.inject({
      method: "POST",
      url: "/subscription",
      headers: tenant.adminHeaders,
      payload: checkoutBody(tenant.plan.id, tenant.invoice.id, {
        country: "United States",
        zipcode: "94105",
        cardNumber: "4111 1111 1111 1111",
        expiry: "12/99",
        cvv: "123",
      }),
    });
    expect(valid.statusCode, valid.body).toBe(200);
  });

  it("turns a provider refusal into ERR_PAYMENT_PROVIDER and a missing token into ERR_PAYMENT_NOT_CONFIGURED", async () => {
    const tenant = await tenantWithInvoice();
    fake.failWith(400);
    const refused = await env.app.inject({
      method: "POST",
      url: "/subscription",
      headers: tenant.adminHeaders,
      payload: checkoutBody(tenant.plan.id, tenant.invoice.id),
    });
    expect(refused.statusCode).toBe(502);
    expect(refused.json()).toEqual({ error: "ERR_PAYMENT_PROVIDER" });
    fake.failWith(null);

    await upsertSetting(env.db, platformId, "asaas", "");
    try {
      const unconfigured = await env.app.inject({
        method: "POST",
        url: "/subscription",
        headers: tenant.adminHeaders,
        payload: checkoutBody(tenant.plan.id, tenant.invoice.id),
      });
      expect(unconfigured.statusCode).toBe(503);
      expect(unconfigured.json()).toEqual({ error: "ERR_PAYMENT_NOT_CONFIGURED" });
    } finally {
      await upsertSetting(env.db, platformId, "asaas", sealedToken);
    }
    expect((await invoiceRow(tenant.invoice.id)).providerChargeId).toBeNull();
  });

  it("is for admins, and refuses a paid invoice", async () => {
    const tenant = await tenantWithInvoice();
    const agent = await env.app.inject({
      method: "POST",
      url: "/subscription",
      headers: tenant.agentHeaders,
      payload: checkoutBody(tenant.plan.id, tenant.invoice.id),
    });
    expect(agent.statusCode).toBe(403);
    const { paymentId } = await checkout(tenant);
    await payWebhook(paymentId);
    const again = await env.app.inject({
      method: "POST",
      url: "/subscription",
      headers: tenant.adminHeaders,
      payload: checkoutBody(tenant.plan.id, tenant.invoice.id),
    });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ error: "ERR_INVOICE_ALREADY_PAID" });
  });
});

describe("POST /subscription/webhook", () => {
  it("refuses a missing or wrong token and changes nothing", async () => {
    const tenant = await tenantWithInvoice();
    const { paymentId } = await checkout(tenant);
    const dueBefore = (await companyRow(tenant.company.id)).dueDate;
    const emit = vi.spyOn(env.ctx.realtime, "toCompany");
    for (const token of [null, "", "wrong-token", `${WEBHOOK_TOKEN}x`]) {
      const response = await payWebhook(paymentId, token);
      expect(response.statusCode, String(token)).toBe(401);
      expect(response.json()).toEqual({ error: "ERR_INVALID_WEBHOOK_TOKEN" });
    }
    expect((await invoiceRow(tenant.invoice.id)).status).toBe("open");
    expect((await companyRow(tenant.company.id)).dueDate).toEqual(dueBefore);
    expect(emit).not.toHaveBeenCalled();
  });

  it("marks the invoice paid, extends the due date once on a replay, and emits CONCLUIDA once", async () => {
    const tenant = await tenantWithInvoice();
    const { paymentId } = await checkout(tenant);
    const dueBefore = (await companyRow(tenant.company.id)).dueDate!;
    const emit = vi.spyOn(env.ctx.realtime, "toCompany");

    const first = await payWebhook(paymentId);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toEqual({ received: true, applied: true });
    const expected = addMonths(dueBefore, 1);
    expect((await companyRow(tenant.company.id)).dueDate).toEqual(expected);
    expect(await invoiceRow(tenant.invoice.id)).toMatchObject({ status: "paid", paidAt: expect.any(Date) });
    expect(emit).toHaveBeenCalledWith(tenant.company.id, `company-${tenant.company.id}-payment`, {
      action: "CONCLUIDA",
      company: { id: tenant.company.id, dueDate: expected.toISOString() },
      invoice: { id: tenant.invoice.id },
    });

    // Asaas delivers again, and also sends CONFIRMED for the same payment.
    for (const event of ["PAYMENT_RECEIVED", "PAYMENT_CONFIRMED"]) {
      const replay = await payWebhook(paymentId, WEBHOOK_TOKEN, event);
      expect(replay.statusCode).toBe(200);
      expect(replay.json()).toEqual({ received: true, applied: false });
    }
    const concurrent = await Promise.all([payWebhook(paymentId), payWebhook(paymentId)]);
    expect(concurrent.map((response) => response.json().applied)).toEqual([false, false]);
    expect((await companyRow(tenant.company.id)).dueDate).toEqual(expected);
    expect(emit).toHaveBeenCalledTimes(1);
  });

  it("applies two concurrent first deliveries once", async () => {
    const tenant = await tenantWithInvoice();
    const { paymentId } = await checkout(tenant);
    const dueBefore = (await companyRow(tenant.company.id)).dueDate!;
    const answers = await Promise.all([payWebhook(paymentId), payWebhook(paymentId), payWebhook(paymentId)]);
    expect(answers.map((response) => response.json().applied).filter(Boolean)).toHaveLength(1);
    expect((await companyRow(tenant.company.id)).dueDate).toEqual(addMonths(dueBefore, 1));
  });

  it("acknowledges other events and unknown charges without changing anything", async () => {
    const tenant = await tenantWithInvoice();
    const { paymentId } = await checkout(tenant);
    const created = await payWebhook(paymentId, WEBHOOK_TOKEN, "PAYMENT_CREATED");
    expect(created.json()).toEqual({ received: true, applied: false });
    const unknown = await payWebhook("pay_unknown");
    expect(unknown.json()).toEqual({ received: true, applied: false });
    expect((await invoiceRow(tenant.invoice.id)).status).toBe("open");
  });

  it.each(RECURRENCES.map((recurrence) => [recurrence, RECURRENCE_MONTHS[recurrence]] as const))(
    "moves the due date by the %s recurrence (%i months)",
    async (recurrence, months) => {
      const tenant = await tenantWithInvoice({ recurrence });
      const { paymentId } = await checkout(tenant);
      const dueBefore = (await companyRow(tenant.company.id)).dueDate!;
      await payWebhook(paymentId);
      const dueAfter = (await companyRow(tenant.company.id)).dueDate!;
      expect(dueAfter).toEqual(addMonths(dueBefore, months));
      const monthsMoved =
        (dueAfter.getUTCFullYear() - dueBefore.getUTCFullYear()) * 12 +
        dueAfter.getUTCMonth() -
        dueBefore.getUTCMonth();
      expect(monthsMoved).toBe(months);
    },
  );

  it("renews once when two concurrent checkouts of one invoice each create a charge and both are paid", async () => {
    const tenant = await tenantWithInvoice();
    const dueBefore = (await companyRow(tenant.company.id)).dueDate!;
    fake.holdCharges(2);
    const [a, b] = await Promise.all([checkout(tenant), checkout(tenant)]);
    expect(a!.paymentId).not.toBe(b!.paymentId);
    for (const { paymentId } of [a!, b!]) {
      expect(fake.payments.get(paymentId)).toMatchObject({ externalReference: `invoice-${tenant.invoice.id}` });
    }
    // Only the charge attached last is on record: the customer pays the other one, the first.
    const onRecord = (await invoiceRow(tenant.invoice.id)).providerChargeId;
    const first = onRecord === a!.paymentId ? b! : a!;
    const second = first === a ? b! : a!;
    expect(second.paymentId).toBe(onRecord);
    const emit = vi.spyOn(env.ctx.realtime, "toCompany");
    const warn = vi.spyOn(env.ctx.log, "warn");

    const paid = await payWebhook(first.paymentId);
    expect(paid.json()).toEqual({ received: true, applied: true });
    const renewed = addMonths(dueBefore, 1);
    expect(await companyRow(tenant.company.id)).toMatchObject({ dueDate: renewed, planId: tenant.plan.id });
    expect(await invoiceRow(tenant.invoice.id)).toMatchObject({ status: "paid", providerChargeId: first.paymentId });
    expect(emit).toHaveBeenCalledTimes(1);
    expect(warn).not.toHaveBeenCalled();

    // The second charge is paid too: nothing is extended again, and the super admin is told to refund it.
    const duplicate = await payWebhook(second.paymentId);
    expect(duplicate.json()).toEqual({ received: true, applied: false });
    expect(warn).toHaveBeenCalledWith(
      expect.objectContaining({
        companyId: tenant.company.id,
        invoiceId: tenant.invoice.id,
        chargeId: second.paymentId,
        paidByChargeId: first.paymentId,
        value: 99,
      }),
      expect.stringContaining("refund"),
    );
    for (const { paymentId } of [first, second]) {
      expect((await payWebhook(paymentId, WEBHOOK_TOKEN, "PAYMENT_CONFIRMED")).json().applied).toBe(false);
    }
    expect((await companyRow(tenant.company.id)).dueDate).toEqual(renewed);
    expect(await invoiceRow(tenant.invoice.id)).toMatchObject({ status: "paid", providerChargeId: first.paymentId });
    expect(emit).toHaveBeenCalledTimes(1);
  });

  it("finds the invoice by the charge id on record when the charge carries no reference", async () => {
    const tenant = await tenantWithInvoice();
    const { paymentId } = await checkout(tenant);
    const body = fake.paidWebhook(paymentId);
    const response = await postWebhook({ ...body, payment: { ...body.payment, externalReference: null } });
    expect(response.json()).toEqual({ received: true, applied: true });
    expect((await invoiceRow(tenant.invoice.id)).status).toBe("paid");
  });

  it("ignores a reference that is not one of its invoices", async () => {
    const tenant = await tenantWithInvoice();
    await checkout(tenant);
    for (const externalReference of [`${tenant.invoice.id}`, "invoice-99999999999", `company-${tenant.company.id}`]) {
      const response = await postWebhook({
        event: "PAYMENT_RECEIVED",
        payment: { id: "pay_elsewhere", value: 99, externalReference },
      });
      expect(response.json(), externalReference).toEqual({ received: true, applied: false });
    }
    expect((await invoiceRow(tenant.invoice.id)).status).toBe("open");
  });

  it("renews on the current plan when the charge paid was issued for a plan the customer then changed", async () => {
    const tenant = await tenantWithInvoice();
    const dueBefore = (await companyRow(tenant.company.id)).dueDate!;
    const [cheaper, dearer] = [await newPlan(env.db, { value: 149 }), await newPlan(env.db, { value: 199 })];
    const charges = [];
    for (const plan of [cheaper, dearer]) {
      const response = await env.app.inject({
        method: "POST",
        url: "/subscription",
        headers: tenant.adminHeaders,
        payload: checkoutBody(plan.id, tenant.invoice.id),
      });
      charges.push(response.json().paymentId as string);
    }
    const warn = vi.spyOn(env.ctx.log, "warn");
    expect((await payWebhook(charges[0]!)).json().applied).toBe(true);
    // Paid 149 for an invoice now at 199: the period is renewed, the dearer plan is not granted.
    expect(await companyRow(tenant.company.id)).toMatchObject({
      dueDate: addMonths(dueBefore, 1),
      planId: tenant.plan.id,
    });
    expect(warn).toHaveBeenCalledWith(
      expect.objectContaining({ invoiceId: tenant.invoice.id, chargeId: charges[0], value: 149 }),
      expect.any(String),
    );
  });

  it("moves the company to the plan it paid for", async () => {
    const tenant = await tenantWithInvoice();
    const other = await newPlan(env.db, { value: 199 });
    const response = await env.app.inject({
      method: "POST",
      url: "/subscription",
      headers: tenant.adminHeaders,
      payload: checkoutBody(other.id, tenant.invoice.id),
    });
    await payWebhook(response.json().paymentId);
    expect((await companyRow(tenant.company.id)).planId).toBe(other.id);
  });
});

describe("an expired company", () => {
  it("is refused at login, can still pay from a live session, and logs in after the payment", async () => {
    const tenant = await tenantWithInvoice();
    const expiredOn = new Date(Date.now() - 2 * DAY);
    await env.db.update(companies).set({ dueDate: expiredOn }).where(eq(companies.id, tenant.company.id));

    const refused = await env.app.inject({
      method: "POST",
      url: "/auth/login",
      payload: { email: tenant.admin.email, password: PASSWORD },
    });
    expect(refused.statusCode).toBe(402);
    expect(refused.json()).toMatchObject({
      error: "ERR_SUBSCRIPTION_EXPIRED",
      data: { dueDate: expiredOn.toISOString() },
    });

    // The admin's live session reaches the invoices: the one due on the expired date is there, expired.
    const list = await env.app.inject({ url: "/invoices/all", headers: tenant.adminHeaders });
    const expired = (list.json().invoices as { id: number; status: string; dueDate: string }[]).find(
      (invoice) => invoice.dueDate === expiredOn.toISOString(),
    );
    expect(expired).toMatchObject({ status: "expired" });
    const response = await env.app.inject({
      method: "POST",
      url: "/subscription",
      headers: tenant.adminHeaders,
      payload: checkoutBody(tenant.plan.id, expired!.id),
    });
    expect(response.statusCode, response.body).toBe(200);
    const charge = fake.payments.get(response.json().paymentId)!;
    // An overdue invoice is charged for today: Asaas refuses due dates in the past.
    expect(charge.dueDate).toBe(new Intl.DateTimeFormat("en-CA", { timeZone: "America/Sao_Paulo" }).format(new Date()));

    const before = Date.now();
    expect((await payWebhook(response.json().paymentId)).json().applied).toBe(true);
    // Paid late: the new period starts now, not on the expired date.
    const dueAfter = (await companyRow(tenant.company.id)).dueDate!;
    expect(dueAfter.getTime()).toBeGreaterThanOrEqual(addMonths(new Date(before), 1).getTime());
    expect(dueAfter.getTime()).toBeLessThanOrEqual(addMonths(new Date(), 1).getTime());
    await expect(login(env, tenant.admin.email)).resolves.toHaveProperty("authorization");
  });
});
