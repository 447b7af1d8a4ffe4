import { z } from "zod";
import { Id, IdParams, ListQuery, MessageAnswer } from "../common.schemas.js";
import {
  CompaniesPage,
  Company,
  CompanyBody,
  CompanyUpdateBody,
  SchedulesBody,
  SignupBody,
} from "../companies.schemas.js";
import { Invoice, InvoicesPage } from "../invoices.schemas.js";
import { Plan, PlanBody, PlanUpdateBody, PublicPlan } from "../plans.schemas.js";
import { SubscriptionAnswer, SubscriptionBody } from "../subscription.schemas.js";
import type { RouteGroup } from "./contract.js";

export const PlansQuery = ListQuery.pick({ searchParam: true });
export const CompanyIdParams = z.object({ companyId: Id });

/** Asaas's payment notification: only the fields the renewal reads (https://docs.asaas.com/docs/webhook-para-cobrancas). */
export const AsaasWebhookBody = z.object({
  event: z.string(),
  payment: z
    .looseObject({
      id: z.string(),
      /** Echoes the reference given when the charge was created; Asaas sends null when there was none. */
      externalReference: z.string().nullish(),
      /** Reais. */
      value: z.number().optional(),
    })
    .optional(),
});
export type AsaasWebhookBody = z.infer<typeof AsaasWebhookBody>;
export const AsaasWebhookAnswer = z.object({ received: z.literal(true), applied: z.boolean() });

/** Plans, companies and what they pay: invoices and the subscription checkout. */
export const COMPANIES_ROUTES = {
  /** Anonymous: the signup page offers these. */
  "GET /plans/list": { query: PlansQuery, response: z.array(PublicPlan) },
  "GET /plans/all": { query: PlansQuery, response: z.array(Plan) },
  "POST /plans": { body: PlanBody, response: Plan },
  "GET /plans/{id}": { params: IdParams, response: Plan },
  "PUT /plans/{id}": { params: IdParams, body: PlanUpdateBody, response: Plan },
  "DELETE /plans/{id}": { params: IdParams, response: MessageAnswer },

  "GET /companies/listPlan/{companyId}": { params: CompanyIdParams, response: Plan },
  "POST /companies/cadastro": { body: SignupBody, response: Company },
  "GET /companies/list": { response: z.array(Company) },
  "GET /companies": { query: ListQuery, response: CompaniesPage },
  "POST /companies": { body: CompanyBody, response: Company },
  "GET /companies/{id}": { params: IdParams, response: Company },
  "PUT /companies/{id}": { params: IdParams, body: CompanyUpdateBody, response: Company },
  "DELETE /companies/{id}": { params: IdParams, response: MessageAnswer },
  "POST /companies/{id}/renew": { params: IdParams, response: Company },
  "PUT /companies/{id}/schedules": { params: IdParams, body: SchedulesBody, response: Company },

  "GET /invoices/all": { query: ListQuery, response: InvoicesPage },
  "GET /invoices/{id}": { params: IdParams, response: Invoice },
  "POST /subscription": { body: SubscriptionBody, response: SubscriptionAnswer },
  /** Called by the payment provider, with its token in the asaas-access-token header. */
  "POST /subscription/webhook": { body: AsaasWebhookBody, response: AsaasWebhookAnswer },
} satisfies RouteGroup;
