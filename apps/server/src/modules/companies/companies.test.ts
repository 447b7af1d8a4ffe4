import { DEFAULT_WEEK_SCHEDULE, PAGE_SIZE, RECURRENCES, type Recurrence } from "@atendo/shared";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { newCompany, newPlan, newSuper, newTenant, newUser } from "../../../test/factories.js";
import { createTestEnv, type TestEnv } from "../../../test/harness.js";
import { companies, settings, users } from "../../db/schema/index.js";
import { addMonths, renewedDueDate } from "./renewal.js";

let env: TestEnv;
let platform: Awaited<ReturnType<typeof newSuper>>;
let superHeaders: Record<string, string>;
beforeAll(async () => {
  // The sign-up tests below come from one address; the limit itself is tested on its own app.
  env = await createTestEnv({ config: { SIGNUP_RATE_LIMIT: "1000" } });
  platform = await newSuper(env);
  superHeaders = platform.headers;
});
afterAll(async () => env.close());

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;
const unique = () => Math.random().toString(36).slice(2, 8);
const COMPANY_KEYS = [
  "billingName",
  "campaignsEnabled",
  "city",
  "createdAt",
  "district",
  "document",
  "dueDate",
  "email",
  "id",
  "name",
  "phone",
  "plan",
  "planId",
  "recurrence",
  "schedules",
  "state",
  "status",
  "street",
  "updatedAt",
  "zipCode",
];
const fieldPaths = (body: { fields?: { path: string }[] }) => (body.fields ?? []).map((field) => field.path).sort();

describe("GET /companies/listPlan/{companyId}", () => {
  it("answers the company's plan with its flags to any user of that company", async () => {
    const plan = await newPlan(env.db, { useKanban: false, useOpenAi: false });
    const tenant = await newTenant(env, { planId: plan.id });
    for (const headers of [tenant.agentHeaders, tenant.adminHeaders]) {
      const response = await env.app.inject({
        method: "GET",
        url: `/companies/listPlan/${tenant.company.id}`,
        headers,
      });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({
        id: plan.id,
        name: plan.name,
        users: plan.users,
        useKanban: false,
        useOpenAi: false,
        useCampaigns: true,
      });
    }
  });

  it("answers 404 for another company's id, except to the super admin", async () => {
    const a = await newTenant(env);
    const b = await newTenant(env);
    const response = await env.app.inject({
      method: "GET",
      url: `/companies/listPlan/${b.company.id}`,
      headers: a.adminHeaders,
    });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ error: "ERR_NO_COMPANY_FOUND" });
    const asSuper = await env.app.inject({
      method: "GET",
      url: `/companies/listPlan/${b.company.id}`,
      headers: superHeaders,
    });
    expect(asSuper.statusCode).toBe(200);
    expect(asSuper.json().id).toBe(b.company.planId);
  });

  it("answers ERR_NO_PLAN_FOUND for a company without a plan, ERR_NO_COMPANY_FOUND for an unknown one", async () => {
    const tenant = await newTenant(env);
    await env.db.update(companies).set({ planId: null }).where(eq(companies.id, tenant.company.id));
    const noPlan = await env.app.inject({
      method: "GET",
      url: `/companies/listPlan/${tenant.company.id}`,
      headers: tenant.adminHeaders,
    });
    expect(noPlan.statusCode).toBe(404);
    expect(noPlan.json()).toEqual({ error: "ERR_NO_PLAN_FOUND" });
    const unknown = await env.app.inject({ method: "GET", url: "/companies/listPlan/999999", headers: superHeaders });
    expect(unknown.json()).toEqual({ error: "ERR_NO_COMPANY_FOUND" });
    const anonymous = await env.app.inject({ method: "GET", url: `/companies/listPlan/${tenant.company.id}` });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe("POST /companies/cadastro (sign-up)", () => {
  const signupBody = (planId: number, overrides: Record<string, unknown> = {}) => ({
    name: `Acme ${unique()}`,
    email: `Owner-${unique()}@Acme.dev`,
    phone: "(11) 98765-4321",
    planId,
    password: "s3cret",
    ...overrides,
  });

  it("creates the company on a 3-day MENSAL trial with its admin, ignoring client-sent terms", async () => {
    const plan = await newPlan(env.db);
    const body = signupBody(plan.id, {
      dueDate: "2099-01-01",
      recurrence: "ANUAL",
      status: false,
      campaignsEnabled: false,
    });
    const before = Date.now();
    const response = await env.app.inject({ method: "POST", url: "/companies/cadastro", payload: body });
    expect(response.statusCode).toBe(200);
    const company = response.json();
    expect(Object.keys(company).sort()).toEqual(COMPANY_KEYS);
    expect(company).toMatchObject({
      name: body.name,
      email: body.email.toLowerCase(),
      phone: "11987654321",
      planId: plan.id,
      plan: { id: plan.id, name: plan.name, value: 99 },
      status: true,
      recurrence: "MENSAL",
      campaignsEnabled: true,
      schedules: DEFAULT_WEEK_SCHEDULE,
    });
    const due = Date.parse(company.dueDate);
    expect(due).toBeGreaterThanOrEqual(before + 3 * DAY - MINUTE);
    expect(due).toBeLessThanOrEqual(Date.now() + 3 * DAY + MINUTE);

    const [setting] = await env.db.select().from(settings).where(eq(settings.companyId, company.id));
    expect(setting).toMatchObject({ key: "campaignsEnabled", value: "true" });

    const session = await env.app.inject({
      method: "POST",
      url: "/auth/login",
      payload: { email: body.email, password: body.password },
    });
    expect(session.statusCode).toBe(200);
    expect(session.json().user).toMatchObject({
      companyId: company.id,
      profile: "admin",
      super: false,
      name: body.name,
      email: body.email.toLowerCase(),
    });
  });

  it("answers ERR_NO_PLAN_FOUND for an unknown plan and creates nothing", async () => {
    const body = signupBody(999999);
    const response = await env.app.inject({ method: "POST", url: "/companies/cadastro", payload: body });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ error: "ERR_NO_PLAN_FOUND" });
    const rows = await env.db.select().from(companies).where(eq(companies.email, body.email.toLowerCase()));
    expect(rows).toEqual([]);
  });

  it("answers ERR_EMAIL_ALREADY_EXISTS when a user has the email", async () => {
    const plan = await newPlan(env.db);
    const tenant = await newTenant(env);
    const response = await env.app.inject({
      method: "POST",
      url: "/companies/cadastro",
      payload: signupBody(plan.id, { email: tenant.admin.email.toUpperCase() }),
    });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ error: "ERR_EMAIL_ALREADY_EXISTS" });
  });

  it("answers ERR_COMPANY_EMAIL_ALREADY_EXISTS when a company has the email", async () => {
    const plan = await newPlan(env.db);
    const other = await newCompany(env.db);
    const response = await env.app.inject({
      method: "POST",
      url: "/companies/cadastro",
      payload: signupBody(plan.id, { email: other.email }),
    });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ error: "ERR_COMPANY_EMAIL_ALREADY_EXISTS" });
    const [orphan] = await env.db.select().from(users).where(eq(users.email, other.email!));
    expect(orphan).toBeUndefined();
  });

  it("answers 400 ERR_VALIDATION with the failing fields", async () => {
    const response = await env.app.inject({
      method: "POST",
      url: "/companies/cadastro",
      payload: { name: "A", email: "not-an-email", phone: "123456789012", password: "123" },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toBe("ERR_VALIDATION");
    expect(fieldPaths(response.json())).toEqual([
      "body.email",
      "body.name",
      "body.password",
      "body.phone",
      "body.planId",
    ]);
  });

  it("answers ERR_USER_CREATION_DISABLED when the platform company disabled user creation", async () => {
    const plan = await newPlan(env.db);
    const toggle = (value: string) =>
      env.app.inject({ method: "PUT", url: "/settings/userCreation", headers: superHeaders, payload: { value } });
    expect((await toggle("disabled")).statusCode).toBe(200);
    try {
      const body = signupBody(plan.id);
      const response = await env.app.inject({ method: "POST", url: "/companies/cadastro", payload: body });
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual({ error: "ERR_USER_CREATION_DISABLED" });
      const rows = await env.db.select().from(companies).where(eq(companies.email, body.email.toLowerCase()));
      expect(rows).toEqual([]);
    } finally {
      await toggle("enabled");
    }
    // Another company's switch does not count.
    const tenant = await newTenant(env);
    await env.app.inject({
      method: "PUT",
      url: "/settings/userCreation",
      headers: tenant.adminHeaders,
      payload: { value: "disabled" },
    });
    const allowed = await env.app.inject({ method: "POST", url: "/companies/cadastro", payload: signupBody(plan.id) });
    expect(allowed.statusCode).toBe(200);
  });
});

describe("sign-up limit", () => {
  let limited: TestEnv;
  beforeAll(async () => {
    limited = await createTestEnv({ config: { SIGNUP_RATE_LIMIT: "5", SIGNUP_RATE_WINDOW_SECONDS: "3600" } });
  });
  afterAll(async () => limited.close());

  it("answers 429 to the 6th sign-up from one address and creates nothing for it", async () => {
    const plan = await newPlan(limited.db);
    const signupFrom = (remoteAddress: string, email: string) =>
      limited.app.inject({
        method: "POST",
        url: "/companies/cadastro",
        payload: { name: `Co ${unique()}`, email, planId: plan.id, password: "s3cret" },
        remoteAddress,
      });
    const statuses = [];
    for (let i = 0; i < 5; i++) statuses.push((await signupFrom("10.2.0.1", `ok-${unique()}@co.dev`)).statusCode);
    expect(statuses).toEqual(Array(5).fill(200));

    const sixthEmail = `sixth-${unique()}@co.dev`;
    const sixth = await signupFrom("10.2.0.1", sixthEmail);
    expect(sixth.statusCode).toBe(429);
    expect(sixth.json().error).toBe("ERR_TOO_MANY_REQUESTS");
    expect(await limited.db.select().from(companies).where(eq(companies.email, sixthEmail))).toEqual([]);
    expect(await limited.db.select().from(users).where(eq(users.email, sixthEmail))).toEqual([]);

    // Another address is not held back.
    expect((await signupFrom("10.2.0.2", `other-${unique()}@co.dev`)).statusCode).toBe(200);
  });
});

describe("sign-up: the platform company without a super user", () => {
  let bare: TestEnv;
  beforeAll(async () => {
    bare = await createTestEnv();
  });
  afterAll(async () => bare.close());

  it("is allowed on an empty platform, then follows the lowest-id company's setting", async () => {
    const plan = await newPlan(bare.db);
    const first = await bare.app.inject({
      method: "POST",
      url: "/companies/cadastro",
      payload: { name: "First Co", email: "first@co.dev", planId: plan.id, password: "s3cret" },
    });
    expect(first.statusCode).toBe(200);
    await bare.db.insert(settings).values({ companyId: first.json().id, key: "userCreation", value: "disabled" });
    const second = await bare.app.inject({
      method: "POST",
      url: "/companies/cadastro",
      payload: { name: "Second Co", email: "second@co.dev", planId: plan.id, password: "s3cret" },
    });
    expect(second.statusCode).toBe(403);
    expect(second.json()).toEqual({ error: "ERR_USER_CREATION_DISABLED" });
  });
});

describe("POST /companies", () => {
  it("creates the company and its first admin with the given password", async () => {
    const plan = await newPlan(env.db);
    const email = `new-${unique()}@co.dev`;
    const response = await env.app.inject({
      method: "POST",
      url: "/companies",
      headers: superHeaders,
      payload: {
        name: "Created Co",
        email,
        planId: plan.id,
        phone: "1133334444",
        campaignsEnabled: false,
        password: "adm1n-pass",
        city: "Recife",
      },
    });
    expect(response.statusCode).toBe(200);
    const company = response.json();
    expect(Object.keys(company).sort()).toEqual(COMPANY_KEYS);
    expect(company).toMatchObject({
      name: "Created Co",
      email,
      planId: plan.id,
      plan: { id: plan.id, name: plan.name, value: 99 },
      status: true,
      recurrence: "MENSAL",
      dueDate: null,
      campaignsEnabled: false,
      city: "Recife",
    });
    const session = await env.app.inject({
      method: "POST",
      url: "/auth/login",
      payload: { email, password: "adm1n-pass" },
    });
    expect(session.statusCode).toBe(200);
    expect(session.json().user).toMatchObject({ companyId: company.id, profile: "admin" });
  });

  it("takes the given terms, treats an empty due date as none, and sets a random password when none is given", async () => {
    const plan = await newPlan(env.db);
    const email = `terms-${unique()}@co.dev`;
    const response = await env.app.inject({
      method: "POST",
      url: "/companies",
      headers: superHeaders,
      payload: { name: "Terms Co", email, planId: plan.id, recurrence: "TRIMESTRAL", status: false, dueDate: "" },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ recurrence: "TRIMESTRAL", status: false, dueDate: null });
    const [admin] = await env.db.select().from(users).where(eq(users.email, email));
    expect(admin).toMatchObject({ companyId: response.json().id, profile: "admin", super: false });
    expect(admin!.passwordHash).toMatch(/^\$2[aby]\$/);

    const dated = await env.app.inject({
      method: "POST",
      url: "/companies",
      headers: superHeaders,
      payload: { name: "Dated Co", email: `dated-${unique()}@co.dev`, planId: plan.id, dueDate: "2030-05-10" },
    });
    expect(dated.json().dueDate).toBe("2030-05-10T00:00:00.000Z");
  });

  it("answers ERR_COMPANY_EMAIL_ALREADY_EXISTS, ERR_EMAIL_ALREADY_EXISTS and ERR_NO_PLAN_FOUND", async () => {
    const plan = await newPlan(env.db);
    const other = await newCompany(env.db);
    const companyTaken = await env.app.inject({
      method: "POST",
      url: "/companies",
      headers: superHeaders,
      payload: { name: "Dup", email: other.email, planId: plan.id },
    });
    expect(companyTaken.statusCode).toBe(409);
    expect(companyTaken.json()).toEqual({ error: "ERR_COMPANY_EMAIL_ALREADY_EXISTS" });

    const user = await newUser(env.db, other.id);
    const userTaken = await env.app.inject({
      method: "POST",
      url: "/companies",
      headers: superHeaders,
      payload: { name: "Dup", email: user.email, planId: plan.id },
    });
    expect(userTaken.statusCode).toBe(409);
    expect(userTaken.json()).toEqual({ error: "ERR_EMAIL_ALREADY_EXISTS" });

    const noPlan = await env.app.inject({
      method: "POST",
      url: "/companies",
      headers: superHeaders,
      payload: { name: "No plan", email: `np-${unique()}@co.dev`, planId: 999999 },
    });
    expect(noPlan.statusCode).toBe(404);
    expect(noPlan.json()).toEqual({ error: "ERR_NO_PLAN_FOUND" });
  });

  it("answers 400 ERR_VALIDATION with the failing fields", async () => {
    const response = await env.app.inject({
      method: "POST",
      url: "/companies",
      headers: superHeaders,
      payload: { name: "", recurrence: "WEEKLY", password: "1" },
    });
    expect(response.statusCode).toBe(400);
    expect(fieldPaths(response.json())).toEqual([
      "body.email",
      "body.name",
      "body.password",
      "body.planId",
      "body.recurrence",
    ]);
  });

  it("is super-only", async () => {
    const tenant = await newTenant(env);
    for (const headers of [tenant.adminHeaders, tenant.agentHeaders]) {
      const response = await env.app.inject({
        method: "POST",
        url: "/companies",
        headers,
        payload: { name: "X", email: `x-${unique()}@co.dev`, planId: tenant.company.planId },
      });
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual({ error: "ERR_NO_PERMISSION" });
    }
  });
});

describe("PUT /companies/{id}", () => {
  it("changes only what is sent, including the campaigns setting and clearing the due date", async () => {
    const company = await newCompany(env.db, { phone: "1100001111" });
    const plan = await newPlan(env.db);
    const response = await env.app.inject({
      method: "PUT",
      url: `/companies/${company.id}`,
      headers: superHeaders,
      payload: { id: company.id, name: "Renamed", planId: plan.id, campaignsEnabled: "false", dueDate: "" },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      id: company.id,
      name: "Renamed",
      email: company.email,
      phone: "1100001111",
      planId: plan.id,
      plan: { id: plan.id, name: plan.name, value: 99 },
      campaignsEnabled: false,
      dueDate: null,
      status: true,
    });
    const untouched = await env.app.inject({
      method: "PUT",
      url: `/companies/${company.id}`,
      headers: superHeaders,
      payload: { status: false },
    });
    expect(untouched.json()).toMatchObject({ name: "Renamed", status: false, campaignsEnabled: false, dueDate: null });
  });

  it("answers ERR_COMPANY_EMAIL_ALREADY_EXISTS, ERR_NO_PLAN_FOUND, ERR_NO_COMPANY_FOUND and ERR_VALIDATION", async () => {
    const company = await newCompany(env.db);
    const other = await newCompany(env.db);
    const put = (id: number, payload: Record<string, unknown>) =>
      env.app.inject({ method: "PUT", url: `/companies/${id}`, headers: superHeaders, payload });
    const sameEmail = await put(company.id, { email: company.email });
    expect(sameEmail.statusCode).toBe(200);
    const taken = await put(company.id, { email: other.email!.toUpperCase() });
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toEqual({ error: "ERR_COMPANY_EMAIL_ALREADY_EXISTS" });
    const noPlan = await put(company.id, { planId: 999999 });
    expect(noPlan.json()).toEqual({ error: "ERR_NO_PLAN_FOUND" });
    const missing = await put(999999, { name: "Ghost" });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ error: "ERR_NO_COMPANY_FOUND" });
    const invalid = await put(company.id, { email: "nope", recurrence: "DAILY" });
    expect(invalid.statusCode).toBe(400);
    expect(fieldPaths(invalid.json())).toEqual(["body.email", "body.recurrence"]);
  });

  it("is super-only: an admin cannot edit even their own company", async () => {
    const tenant = await newTenant(env);
    const response = await env.app.inject({
      method: "PUT",
      url: `/companies/${tenant.company.id}`,
      headers: tenant.adminHeaders,
      payload: { name: "Mine" },
    });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ error: "ERR_NO_PERMISSION" });
  });
});

describe("DELETE /companies/{id}", () => {
  it("removes the company with its users and settings", async () => {
    const tenant = await newTenant(env);
    await env.app.inject({
      method: "PUT",
      url: "/settings/userRating",
      headers: tenant.adminHeaders,
      payload: { value: "enabled" },
    });
    const response = await env.app.inject({
      method: "DELETE",
      url: `/companies/${tenant.company.id}`,
      headers: superHeaders,
    });
    expect(response.statusCode).toBe(200);
    expect(await env.db.select().from(users).where(eq(users.companyId, tenant.company.id))).toEqual([]);
    expect(await env.db.select().from(settings).where(eq(settings.companyId, tenant.company.id))).toEqual([]);
    const again = await env.app.inject({
      method: "GET",
      url: `/companies/${tenant.company.id}`,
      headers: superHeaders,
    });
    expect(again.json()).toEqual({ error: "ERR_NO_COMPANY_FOUND" });
    // The removed users' tokens no longer work.
    const stale = await env.app.inject({ method: "GET", url: "/auth/me", headers: tenant.adminHeaders });
    expect(stale.statusCode).toBe(401);
  });

  it("refuses the caller's own company with ERR_CANNOT_DELETE_OWN_COMPANY", async () => {
    const response = await env.app.inject({
      method: "DELETE",
      url: `/companies/${platform.company.id}`,
      headers: superHeaders,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ error: "ERR_CANNOT_DELETE_OWN_COMPANY" });
  });

  it("answers ERR_NO_COMPANY_FOUND for an unknown id and ERR_NO_PERMISSION to admins", async () => {
    const missing = await env.app.inject({ method: "DELETE", url: "/companies/999999", headers: superHeaders });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ error: "ERR_NO_COMPANY_FOUND" });
    const a = await newTenant(env);
    const b = await newTenant(env);
    for (const id of [a.company.id, b.company.id]) {
      const response = await env.app.inject({ method: "DELETE", url: `/companies/${id}`, headers: a.adminHeaders });
      expect(response.statusCode).toBe(403);
    }
  });
});

describe("GET /companies/list, GET /companies/{id}, GET /companies", () => {
  it("lists every company with its plan and campaigns flag", async () => {
    const company = await newCompany(env.db);
    const response = await env.app.inject({ method: "GET", url: "/companies/list", headers: superHeaders });
    expect(response.statusCode).toBe(200);
    const found = response.json().find((row: { id: number }) => row.id === company.id);
    expect(Object.keys(found).sort()).toEqual(COMPANY_KEYS);
    expect(found).toMatchObject({ campaignsEnabled: true, plan: { id: company.planId } });
  });

  it("shows one company, or ERR_NO_COMPANY_FOUND", async () => {
    const company = await newCompany(env.db);
    const response = await env.app.inject({ method: "GET", url: `/companies/${company.id}`, headers: superHeaders });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      id: company.id,
      name: company.name,
      dueDate: company.dueDate!.toISOString(),
      schedules: [],
    });
    const missing = await env.app.inject({ method: "GET", url: "/companies/999999", headers: superHeaders });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ error: "ERR_NO_COMPANY_FOUND" });
  });

  it("pages companies searched by name or email, with count and hasMore", async () => {
    const tag = unique();
    for (let i = 0; i < PAGE_SIZE; i++)
      await newCompany(env.db, { name: `Paged ${tag} ${String(i).padStart(2, "0")}` });
    await newCompany(env.db, { name: "Elsewhere", email: `paged-${tag}@mail.dev` });
    const first = await env.app.inject({
      method: "GET",
      url: `/companies?searchParam=${tag}`,
      headers: superHeaders,
    });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ count: PAGE_SIZE + 1, hasMore: true });
    expect(first.json().companies).toHaveLength(PAGE_SIZE);
    const second = await env.app.inject({
      method: "GET",
      url: `/companies?searchParam=${tag.toUpperCase()}&pageNumber=2`,
      headers: superHeaders,
    });
    expect(second.json()).toMatchObject({ count: PAGE_SIZE + 1, hasMore: false });
    expect(second.json().companies).toHaveLength(1);
    const bad = await env.app.inject({ method: "GET", url: "/companies?pageNumber=-1", headers: superHeaders });
    expect(bad.statusCode).toBe(400);
    expect(fieldPaths(bad.json())).toEqual(["querystring.pageNumber"]);
  });

  it("lists are super-only", async () => {
    const tenant = await newTenant(env);
    for (const url of ["/companies/list", "/companies"]) {
      for (const headers of [tenant.adminHeaders, tenant.agentHeaders]) {
        const response = await env.app.inject({ method: "GET", url, headers });
        expect(response.statusCode).toBe(403);
        expect(response.json()).toEqual({ error: "ERR_NO_PERMISSION" });
      }
    }
  });
});

describe("GET /companies/{id} for a company admin (settings' working-hours tab)", () => {
  it("answers the admin's own company with its working hours", async () => {
    const tenant = await newTenant(env);
    const hours = DEFAULT_WEEK_SCHEDULE.map((entry) => ({ ...entry, startTime: "07:30", endTime: "16:45" }));
    const saved = await env.app.inject({
      method: "PUT",
      url: `/companies/${tenant.company.id}/schedules`,
      headers: tenant.adminHeaders,
      payload: { schedules: hours },
    });
    expect(saved.statusCode).toBe(200);
    const response = await env.app.inject({
      method: "GET",
      url: `/companies/${tenant.company.id}`,
      headers: tenant.adminHeaders,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ id: tenant.company.id, schedules: hours });
  });

  it("answers 404 for another company's id, and 403 to an attendant", async () => {
    const tenant = await newTenant(env);
    const other = await newTenant(env);
    const foreign = await env.app.inject({
      method: "GET",
      url: `/companies/${other.company.id}`,
      headers: tenant.adminHeaders,
    });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toEqual({ error: "ERR_NO_COMPANY_FOUND" });
    const attendant = await env.app.inject({
      method: "GET",
      url: `/companies/${tenant.company.id}`,
      headers: tenant.agentHeaders,
    });
    expect(attendant.statusCode).toBe(403);
    expect(attendant.json()).toEqual({ error: "ERR_NO_PERMISSION" });
  });
});

describe("POST /companies/{id}/renew", () => {
  const expected: Record<Recurrence, string> = {
    MENSAL: "2099-02-15T10:00:00.000Z",
    BIMESTRAL: "2099-03-15T10:00:00.000Z",
    TRIMESTRAL: "2099-04-15T10:00:00.000Z",
    SEMESTRAL: "2099-07-15T10:00:00.000Z",
    ANUAL: "2100-01-15T10:00:00.000Z",
  };

  it.each(RECURRENCES)("pushes a future due date forward by the %s recurrence", async (recurrence) => {
    const company = await newCompany(env.db, { recurrence, dueDate: new Date("2099-01-15T10:00:00.000Z") });
    const response = await env.app.inject({
      method: "POST",
      url: `/companies/${company.id}/renew`,
      headers: superHeaders,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ id: company.id, recurrence, dueDate: expected[recurrence] });
  });

  it("renews from now when the due date is past or missing", async () => {
    for (const dueDate of [new Date(Date.now() - 10 * DAY), null]) {
      const company = await newCompany(env.db, { recurrence: "ANUAL", dueDate });
      const response = await env.app.inject({
        method: "POST",
        url: `/companies/${company.id}/renew`,
        headers: superHeaders,
      });
      expect(response.statusCode).toBe(200);
      const due = Date.parse(response.json().dueDate);
      const target = addMonths(new Date(), 12).getTime();
      expect(Math.abs(due - target)).toBeLessThan(MINUTE);
    }
  });

  it("answers ERR_NO_COMPANY_FOUND for an unknown id and ERR_NO_PERMISSION to admins", async () => {
    const missing = await env.app.inject({ method: "POST", url: "/companies/999999/renew", headers: superHeaders });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ error: "ERR_NO_COMPANY_FOUND" });
    const tenant = await newTenant(env);
    const response = await env.app.inject({
      method: "POST",
      url: `/companies/${tenant.company.id}/renew`,
      headers: tenant.adminHeaders,
    });
    expect(response.statusCode).toBe(403);
  });

  it("clamps to the end of a shorter month", () => {
    expect(addMonths(new Date("2099-01-31T12:00:00Z"), 1).toISOString()).toBe("2099-02-28T12:00:00.000Z");
    expect(addMonths(new Date("2028-01-31T12:00:00Z"), 1).toISOString()).toBe("2028-02-29T12:00:00.000Z");
    expect(addMonths(new Date("2099-08-31T00:00:00Z"), 6).toISOString()).toBe("2100-02-28T00:00:00.000Z");
    const now = new Date("2030-03-10T00:00:00Z");
    expect(renewedDueDate(new Date("2030-03-09T00:00:00Z"), "MENSAL", now).toISOString()).toBe(
      "2030-04-10T00:00:00.000Z",
    );
  });
});

describe("PUT /companies/{id}/schedules", () => {
  const schedules = [
    { weekday: "Segunda-feira", weekdayEn: "monday", startTime: "09:00", endTime: "17:30" },
    { weekday: "Domingo", weekdayEn: "sunday", startTime: "", endTime: "" },
  ];

  it("stores the working hours of the admin's own company", async () => {
    const tenant = await newTenant(env);
    const response = await env.app.inject({
      method: "PUT",
      url: `/companies/${tenant.company.id}/schedules`,
      headers: tenant.adminHeaders,
      payload: { schedules },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ id: tenant.company.id, schedules });
    const [row] = await env.db.select().from(companies).where(eq(companies.id, tenant.company.id));
    expect(row!.schedules).toEqual(schedules);
  });

  it("lets the super admin set any company's hours", async () => {
    const company = await newCompany(env.db);
    const response = await env.app.inject({
      method: "PUT",
      url: `/companies/${company.id}/schedules`,
      headers: superHeaders,
      payload: { schedules },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().schedules).toEqual(schedules);
    const missing = await env.app.inject({
      method: "PUT",
      url: "/companies/999999/schedules",
      headers: superHeaders,
      payload: { schedules },
    });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ error: "ERR_NO_COMPANY_FOUND" });
  });

  it("answers 404 to company A's admin for company B, and leaves B unchanged", async () => {
    const a = await newTenant(env);
    const b = await newTenant(env);
    const response = await env.app.inject({
      method: "PUT",
      url: `/companies/${b.company.id}/schedules`,
      headers: a.adminHeaders,
      payload: { schedules },
    });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ error: "ERR_NO_COMPANY_FOUND" });
    const [row] = await env.db.select().from(companies).where(eq(companies.id, b.company.id));
    expect(row!.schedules).toEqual([]);
  });

  it("refuses attendants and malformed times", async () => {
    const tenant = await newTenant(env);
    const agent = await env.app.inject({
      method: "PUT",
      url: `/companies/${tenant.company.id}/schedules`,
      headers: tenant.agentHeaders,
      payload: { schedules },
    });
    expect(agent.statusCode).toBe(403);
    expect(agent.json()).toEqual({ error: "ERR_NO_PERMISSION" });
    const invalid = await env.app.inject({
      method: "PUT",
      url: `/companies/${tenant.company.id}/schedules`,
      headers: tenant.adminHeaders,
      payload: { schedules: [{ weekday: "Segunda-feira", weekdayEn: "monday", startTime: "9h", endTime: "18:00" }] },
    });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().error).toBe("ERR_VALIDATION");
    expect(fieldPaths(invalid.json())[0]).toMatch(/^body\.schedules\.0\.startTime/);
    const missingBody = await env.app.inject({
      method: "PUT",
      url: `/companies/${tenant.company.id}/schedules`,
      headers: tenant.adminHeaders,
      payload: {},
    });
    expect(missingBody.statusCode).toBe(400);
    expect(fieldPaths(missingBody.json())).toEqual(["body.schedules"]);
  });
});
