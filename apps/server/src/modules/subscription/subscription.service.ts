import { createHash, timingSafeEqual } from "node:crypto";
import {
  type AsaasWebhookBody,
  companyEvent,
  PAYMENT_CONCLUDED_ACTION,
  type PaymentEventPayload,
  type SubscriptionAnswer,
  type SubscriptionBody,
} from "@atendo/shared";
import type { AppContext } from "../../context.js";
import { AppError } from "../../http/errors.js";
import { createAsaasProvider } from "../../integrations/payments/asaas.js";
import { type PaymentProvider, PaymentProviderError } from "../../integrations/payments/provider.js";
import * as companiesRepo from "../companies/companies.repository.js";
import { renewedDueDate } from "../companies/renewal.js";
import * as invoicesRepo from "../invoices/invoices.repository.js";
import { findPlan } from "../plans/plans.repository.js";
import { openPaymentToken } from "../settings/payment-token.js";

type Deps = Pick<AppContext, "db" | "config" | "realtime" | "log" | "secrets">;

/** Brazil's calendar day decides a Pix charge's due date. */
const BILLING_TIME_ZONE = "America/Sao_Paulo";

/** The webhook events that mean the money arrived (https://docs.asaas.com/docs/webhook-para-cobrancas). */
const PAID_EVENTS = new Set(["PAYMENT_RECEIVED", "PAYMENT_CONFIRMED"]);

/** The largest id a PostgreSQL integer column holds. */
const MAX_ROW_ID = 2_147_483_647;

/**
 * The reference an invoice's charges carry on the provider (Asaas's
 * `externalReference`). The prefix tells invoices from the `company-{id}`
 * customers, and from anything else filed in the platform's account.
 */
function invoiceReference(invoiceId: number): string {
  return `invoice-${invoiceId}`;
}

/** The invoice id in a charge's reference, or null when the reference is not one of ours. */
function invoiceIdOfReference(reference: string | null | undefined): number | null {
  const match = /^invoice-([1-9]\d{0,9})$/.exec(reference ?? "");
  const id = match ? Number(match[1]) : Number.NaN;
  return id <= MAX_ROW_ID ? id : null;
}

/** Two amounts in reais are the same to the cent. */
function sameAmount(a: number, b: number): boolean {
  return Math.round(a * 100) === Math.round(b * 100);
}

/** YYYY-MM-DD of a moment, in the billing time zone. */
export function billingDay(date: Date): string {
  return new Intl.DateTimeFormat("en-CA", { timeZone: BILLING_TIME_ZONE }).format(date);
}

/** The later of two YYYY-MM-DD days. */
function laterDay(a: string, b: string): string {
  if (a.localeCompare(b) > 0) return a;
  return b;
}

/**
 * The provider is paid into the platform's account: its token is the `asaas`
 * setting of the platform company (settings tab of the super admin), stored sealed.
 */
async function paymentProvider(deps: Deps): Promise<PaymentProvider> {
  const platformId = await companiesRepo.platformCompanyId(deps.db);
  const token = platformId === undefined ? "" : await openPaymentToken(deps, platformId);
  if (!token) throw new AppError("ERR_PAYMENT_NOT_CONFIGURED");
  return createAsaasProvider({ baseUrl: deps.config.ASAAS_BASE_URL, token });
}

/** Provider failures become ERR_PAYMENT_PROVIDER for the client; the detail goes to the log. */
async function withProvider<T>(deps: Deps, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof PaymentProviderError) {
      deps.log.warn({ err: error.message, status: error.status }, "payment provider refused the checkout");
      throw new AppError("ERR_PAYMENT_PROVIDER");
    }
    throw error;
  }
}

/**
 * POST /subscription: a Pix charge for one of the company's unpaid invoices,
 * for the plan chosen in the wizard at that plan's value on record (the
 * client's price is only what it displayed). A charge already created for the
 * same plan and value is shown again rather than charged twice.
 */
export async function checkout(deps: Deps, companyId: number, body: SubscriptionBody): Promise<SubscriptionAnswer> {
  const invoice = await invoicesRepo.findInvoice(deps.db, companyId, body.invoiceId);
  if (!invoice) throw new AppError("ERR_NO_INVOICE_FOUND");
  if (invoice.status === "paid") throw new AppError("ERR_INVOICE_ALREADY_PAID");
  const plan = await findPlan(deps.db, body.plan);
  if (!plan) throw new AppError("ERR_NO_PLAN_FOUND");
  const value = Number(plan.value);
  if (!(value > 0)) throw new AppError("ERR_VALIDATION", { fields: [{ path: "plan", message: "invalid" }] });
  const company = await companiesRepo.findCompany(deps.db, companyId);
  if (!company) throw new AppError("ERR_NO_COMPANY_FOUND");

  const provider = await paymentProvider(deps);
  const reuse =
    invoice.providerChargeId !== null && invoice.planId === plan.id && Number(invoice.value) === value
      ? invoice.providerChargeId
      : null;

  const { chargeId, qr } = await withProvider(deps, async () => {
    let chargeId = reuse;
    if (!chargeId) {
      const customer = await provider.findOrCreateCustomer({
        externalReference: `company-${companyId}`,
        name: [body.firstName, body.lastName].filter(Boolean).join(" "),
        email: company.email,
        document: body.cpfCnpj ?? company.document,
        postalCode: body.zipcode,
        address: body.address2,
      });
      const today = billingDay(new Date());
      const invoiceDay = billingDay(invoice.dueDate);
      const charge = await provider.createPixCharge({
        customerId: customer.id,
        value,
        // A charge cannot fall due in the past: an overdue invoice is charged for today.
        dueDate: laterDay(invoiceDay, today),
        description: `${plan.name} #${invoice.id}`,
        // Every charge of the invoice points back to it, so the webhook finds the invoice
        // whichever charge is paid, even one a concurrent checkout replaced on record.
        externalReference: invoiceReference(invoice.id),
      });
      chargeId = charge.id;
    }
    return { chargeId, qr: await provider.pixQrCode(chargeId) };
  });

  if (chargeId !== reuse) {
    const attached = await invoicesRepo.attachCharge(deps.db, companyId, invoice.id, {
      providerChargeId: chargeId,
      planId: plan.id,
      value,
      detail: plan.name,
    });
    // Paid in the meantime (another tab): the new charge is not needed.
    if (!attached) throw new AppError("ERR_INVOICE_ALREADY_PAID");
  }

  return {
    invoiceId: invoice.id,
    paymentId: chargeId,
    valor: { original: value.toFixed(2) },
    qrcode: { qrcode: qr.payload, imagemQrcode: `data:image/png;base64,${qr.encodedImage}` },
  };
}

/** Compares secrets in constant time; hashing first makes the lengths equal. */
function sameSecret(given: string, expected: string): boolean {
  const a = createHash("sha256").update(given).digest();
  const b = createHash("sha256").update(expected).digest();
  return timingSafeEqual(a, b);
}

export function assertWebhookToken(deps: Pick<AppContext, "config">, given: string | undefined): void {
  const expected = deps.config.ASAAS_WEBHOOK_TOKEN;
  if (!expected || given === undefined || !sameSecret(given, expected)) throw new AppError("ERR_INVALID_WEBHOOK_TOKEN");
}

/** What a paid charge did to its invoice, decided under the invoice's row lock. */
type PaymentOutcome =
  | { kind: "unknown" }
  | { kind: "replay"; invoiceId: number }
  | { kind: "duplicate"; companyId: number; invoiceId: number; paidByChargeId: string | null }
  | { kind: "renewed"; companyId: number; invoiceId: number; dueDate: Date; paidInvoiceValue: boolean };

/**
 * The provider's notice that a charge was paid. The invoice is the one named
 * by the charge's `externalReference`, else the one holding the charge id on
 * record, and its row is locked while deciding. In one transaction: the
 * invoice becomes paid by that charge, the company's due date moves forward by
 * its recurrence (renewedDueDate), and the company takes the invoice's plan
 * when the amount paid is the invoice's value (a charge issued for another
 * plan before the customer switched renews the period, on the company's
 * current plan). An invoice already paid changes nothing: a replay, or the
 * second of RECEIVED and CONFIRMED, is silent; another charge of the same
 * invoice (two checkouts at once, both paid) is logged as a warning for the
 * super admin to refund it in Asaas. Unknown charges are acknowledged too, so
 * the provider does not retry them forever.
 */
export async function handlePaymentWebhook(
  deps: Deps,
  body: AsaasWebhookBody,
  now: Date = new Date(),
): Promise<{ received: true; applied: boolean }> {
  if (!PAID_EVENTS.has(body.event) || !body.payment) return { received: true, applied: false };
  const payment = body.payment;
  const chargeId = payment.id;

  const outcome = await deps.db.transaction(async (tx): Promise<PaymentOutcome> => {
    const invoice = await invoicesRepo.lockInvoiceOfCharge(tx, {
      invoiceId: invoiceIdOfReference(payment.externalReference),
      providerChargeId: chargeId,
    });
    if (!invoice) return { kind: "unknown" };
    if (invoice.status === "paid") {
      if (invoice.providerChargeId === chargeId) return { kind: "replay", invoiceId: invoice.id };
      return {
        kind: "duplicate",
        companyId: invoice.companyId,
        invoiceId: invoice.id,
        paidByChargeId: invoice.providerChargeId,
      };
    }
    const company = await companiesRepo.lockCompanyForUpdate(tx, invoice.companyId);
    if (!company) return { kind: "unknown" };
    await invoicesRepo.markInvoicePaid(tx, invoice.id, { providerChargeId: chargeId, paidAt: now });
    const dueDate = renewedDueDate(company.dueDate, company.recurrence, now);
    const paidInvoiceValue = payment.value === undefined || sameAmount(payment.value, invoice.value);
    await companiesRepo.updateCompany(tx, invoice.companyId, {
      dueDate,
      ...(paidInvoiceValue && invoice.planId !== null ? { planId: invoice.planId } : {}),
    });
    return { kind: "renewed", companyId: invoice.companyId, invoiceId: invoice.id, dueDate, paidInvoiceValue };
  });

  switch (outcome.kind) {
    case "unknown":
      deps.log.info({ chargeId, event: body.event }, "payment webhook: no invoice for this charge");
      return { received: true, applied: false };
    case "replay":
      return { received: true, applied: false };
    case "duplicate":
      deps.log.warn(
        { ...outcome, chargeId, value: payment.value, event: body.event },
        "payment webhook: a second charge of an already paid invoice was paid; refund it in Asaas",
      );
      return { received: true, applied: false };
    case "renewed":
      break;
  }
  if (!outcome.paidInvoiceValue) {
    deps.log.warn(
      { companyId: outcome.companyId, invoiceId: outcome.invoiceId, chargeId, value: payment.value },
      "payment webhook: the amount paid is not the invoice's; renewed on the company's current plan",
    );
  }
  const payload: PaymentEventPayload = {
    action: PAYMENT_CONCLUDED_ACTION,
    company: { id: outcome.companyId, dueDate: outcome.dueDate.toISOString() },
    invoice: { id: outcome.invoiceId },
  };
  deps.realtime.toCompany(outcome.companyId, companyEvent.payment(outcome.companyId), payload);
  return { received: true, applied: true };
}
