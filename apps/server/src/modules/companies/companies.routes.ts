import {
  CompaniesPage,
  Company,
  CompanyBody,
  CompanyUpdateBody,
  Id,
  IdParams,
  ListQuery,
  MessageAnswer,
  Plan,
  SchedulesBody,
  SignupBody,
} from "@atendo/shared";
import { z } from "zod";
import type { AppContext } from "../../context.js";
import type { App } from "../../http/app.js";
import type { AuthHooks } from "../../http/auth.js";
import { createRateLimiter } from "../auth/rate-limiter.js";
import {
  companyPlan,
  createCompany,
  deleteCompany,
  listCompanies,
  pageCompanies,
  renewCompany,
  showCompany,
  signup,
  updateCompany,
  updateCompanySchedules,
} from "./companies.service.js";

const CompanyIdParams = z.object({ companyId: Id });

export function registerCompaniesRoutes(app: App, ctx: AppContext, auth: AuthHooks): void {
  const tags = ["companies"];

  // Any logged-in user reads their own company's plan (the menu hides entries by its flags).
  app.get(
    "/companies/listPlan/:companyId",
    { onRequest: auth.user, schema: { tags, params: CompanyIdParams, response: { 200: Plan } } },
    async (request) => companyPlan(ctx, request.auth, request.params.companyId),
  );

  // Anonymous sign-up, limited per address: each one creates a company, and nothing else stops a script.
  const signupLimiter = createRateLimiter(ctx.config.SIGNUP_RATE_LIMIT, ctx.config.SIGNUP_RATE_WINDOW_SECONDS);
  app.post(
    "/companies/cadastro",
    { schema: { tags, body: SignupBody, response: { 200: Company } } },
    async (request) => {
      signupLimiter.hit(request.ip);
      return signup(ctx, request.body);
    },
  );

  app.get(
    "/companies/list",
    { onRequest: auth.super, schema: { tags, response: { 200: z.array(Company) } } },
    async () => listCompanies(ctx),
  );

  app.get(
    "/companies",
    { onRequest: auth.super, schema: { tags, querystring: ListQuery, response: { 200: CompaniesPage } } },
    async (request) => pageCompanies(ctx, request.query),
  );

  app.post(
    "/companies",
    { onRequest: auth.super, schema: { tags, body: CompanyBody, response: { 200: Company } } },
    async (request) => createCompany(ctx, request.body),
  );

  // Settings' working-hours tab reads the admin's own company; the super admin reads any.
  app.get(
    "/companies/:id",
    { onRequest: auth.admin, schema: { tags, params: IdParams, response: { 200: Company } } },
    async (request) => showCompany(ctx, request.auth, request.params.id),
  );

  app.put(
    "/companies/:id",
    { onRequest: auth.super, schema: { tags, params: IdParams, body: CompanyUpdateBody, response: { 200: Company } } },
    async (request) => updateCompany(ctx, request.params.id, request.body),
  );

  app.delete(
    "/companies/:id",
    { onRequest: auth.super, schema: { tags, params: IdParams, response: { 200: MessageAnswer } } },
    async (request) => {
      await deleteCompany(ctx, request.auth, request.params.id);
      return { message: "Company deleted" };
    },
  );

  app.post(
    "/companies/:id/renew",
    { onRequest: auth.super, schema: { tags, params: IdParams, response: { 200: Company } } },
    async (request) => renewCompany(ctx, request.params.id),
  );

  // The company's admin edits its working hours; the super admin may edit any company's.
  app.put(
    "/companies/:id/schedules",
    { onRequest: auth.admin, schema: { tags, params: IdParams, body: SchedulesBody, response: { 200: Company } } },
    async (request) => updateCompanySchedules(ctx, request.auth, request.params.id, request.body.schedules),
  );
}
