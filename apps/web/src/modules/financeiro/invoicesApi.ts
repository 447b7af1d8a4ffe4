import type { Invoice, SubscriptionInput } from "@atendo/shared";
import { CURRENCY, CURRENCY_LOCALE } from "@atendo/shared";
import { api } from "../../api/client";
import type { Answer } from "../../api/routes";

export const invoicesKeys = {
  all: ["invoices"] as const,
  list: (searchParam: string) => ["invoices", "list", searchParam] as const,
};

export const checkoutPlansKey = ["checkout", "plans"] as const;

export const fetchInvoicesPage = (searchParam: string, pageNumber: number, signal?: AbortSignal) =>
  api.get("/invoices/all", { query: { searchParam, pageNumber }, signal });

/** The public plan catalogue the Customize step offers: limits and price, no feature flags. */
export type CheckoutPlan = Answer<"GET /plans/list">[number];
export const fetchCheckoutPlans = () => api.get("/plans/list");

export const createSubscription = (body: SubscriptionInput) => api.post("/subscription", { body });

/** The first invoice still to pay, oldest first: what "sign now" pays. */
export async function firstUnpaidInvoice(): Promise<Invoice | undefined> {
  const page = await fetchInvoicesPage("", 1);
  return page.invoices.filter((invoice) => invoice.status !== "paid").at(-1);
}

const money = new Intl.NumberFormat(CURRENCY_LOCALE, { style: "currency", currency: CURRENCY });

/** Money as the spec shows it: pt-BR reais (R$ 49,00). */
export const formatMoney = (value: number) => money.format(value);
