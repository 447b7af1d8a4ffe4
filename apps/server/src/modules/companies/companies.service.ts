import { randomBytes } from "node:crypto";
import type { CompanyUpdateBody } from "@atendo/shared";
import {
  type Company,
  type CompanyBody,
  DEFAULT_WEEK_SCHEDULE,
  PAGE_SIZE,
  type Plan,
  SETTING_DEFAULTS,
  SIGNUP_RECURRENCE,
  SIGNUP_TRIAL_DAYS,
  type SignupBody,
  type WorkingHours,
} from "@atendo/shared";
import type { z } from "zod";
import type { AppContext } from "../../context.js";
import type { Executor } from "../../db/client.js";
import { isUniqueViolation } from "../../db/errors.js";
import type { AuthSession } from "../../http/auth.js";
import { forgetAuthCompany } from "../../http/auth-cache.js";
import { AppError } from "../../http/errors.js";
import { findPlan } from "../plans/plans.repository.js";
import { toPlan } from "../plans/plans.service.js";
import { getSetting, upsertSetting } from "../settings/settings.repository.js";
import { hashPassword } from "../users/passwords.js";
import { emailTaken } from "../users/users.repository.js";
import * as repo from "./companies.repository.js";
import { renewedDueDate } from "./renewal.js";

type Deps = Pick<AppContext, "db">;
type Caller = Pick<AuthSession, "companyId" | "super">;
type CompanyUpdate = z.output<typeof CompanyUpdateBody>;

const DAY_MS = 24 * 60 * 60 * 1000;

function toCompany(row: repo.CompanyWithPlan, campaignsSetting: string | undefined): Company {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    phone: row.phone,
    document: row.document,
    planId: row.planId,
    plan: row.plan,
    status: row.status,
    dueDate: row.dueDate?.toISOString() ?? null,
    recurrence: row.recurrence,
    campaignsEnabled: (campaignsSetting ?? SETTING_DEFAULTS.campaignsEnabled) === "true",
    schedules: row.schedules,
    billingName: row.billingName,
    zipCode: row.zipCode,
    street: row.street,
    state: row.state,
    city: row.city,
    district: row.district,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

async function toCompanies(db: Executor, rows: repo.CompanyWithPlan[]): Promise<Company[]> {
  const campaigns = await repo.campaignsSettingOf(
    db,
    rows.map((row) => row.id),
  );
  return rows.map((row) => toCompany(row, campaigns.get(row.id)));
}

async function loadCompany(db: Executor, id: number): Promise<Company> {
  const row = await repo.findCompany(db, id);
  if (!row) throw new AppError("ERR_NO_COMPANY_FOUND");
  const [company] = await toCompanies(db, [row]);
  return company!;
}

/** Tenants see only their own company; another company's id is simply not found. */
function assertOwnCompany(caller: Caller, companyId: number): void {
  if (!caller.super && caller.companyId !== companyId) throw new AppError("ERR_NO_COMPANY_FOUND");
}

async function assertPlanExists(db: Executor, planId: number): Promise<void> {
  if (!(await findPlan(db, planId))) throw new AppError("ERR_NO_PLAN_FOUND");
}

/** Maps the unique indexes a racing request can still hit after the checks. */
function duplicateError(error: unknown): AppError | undefined {
  if (isUniqueViolation(error, "users_email_unique")) return new AppError("ERR_EMAIL_ALREADY_EXISTS");
  if (isUniqueViolation(error, "companies_email_unique")) return new AppError("ERR_COMPANY_EMAIL_ALREADY_EXISTS");
  return undefined;
}

async function assertEmailsFree(db: Executor, email: string): Promise<void> {
  if (await emailTaken(db, email)) throw new AppError("ERR_EMAIL_ALREADY_EXISTS");
  if (await repo.companyEmailTaken(db, email)) throw new AppError("ERR_COMPANY_EMAIL_ALREADY_EXISTS");
}

const toDueDate = (value: string | null | undefined): Date | null => (value ? new Date(value) : null);

/** Users' names hold 50 characters; a company's holds 100. */
const adminName = (companyName: string) => companyName.slice(0, 50);

/** The company, its campaigns switch and its first admin, together or not at all. */
async function insertCompanyWithAdmin(
  deps: Deps,
  values: repo.CompanyInsert,
  campaignsEnabled: boolean,
  admin: { email: string; passwordHash: string },
): Promise<Company> {
  try {
    const companyId = await deps.db.transaction(async (tx) => {
      const company = await repo.insertCompany(tx, values);
      await upsertSetting(tx, company.id, "campaignsEnabled", String(campaignsEnabled));
      await repo.insertFirstAdmin(tx, { companyId: company.id, name: adminName(values.name), ...admin });
      return company.id;
    });
    return loadCompany(deps.db, companyId);
  } catch (error) {
    throw duplicateError(error) ?? error;
  }
}

export async function companyPlan(deps: Deps, caller: Caller, companyId: number): Promise<Plan> {
  assertOwnCompany(caller, companyId);
  const company = await repo.findCompany(deps.db, companyId);
  if (!company) throw new AppError("ERR_NO_COMPANY_FOUND");
  const plan = company.planId === null ? undefined : await findPlan(deps.db, company.planId);
  if (!plan) throw new AppError("ERR_NO_PLAN_FOUND");
  return toPlan(plan);
}

/**
 * Anonymous sign-up: the company on a trial and its first admin, together or
 * not at all. Trial, recurrence and status are the server's, whatever the client sends.
 */
export async function signup(deps: Deps, body: SignupBody, now: Date = new Date()): Promise<Company> {
  const platformId = await repo.platformCompanyId(deps.db);
  if (platformId !== undefined && (await getSetting(deps.db, platformId, "userCreation")) === "disabled") {
    throw new AppError("ERR_USER_CREATION_DISABLED");
  }
  await assertPlanExists(deps.db, body.planId);
  await assertEmailsFree(deps.db, body.email);
  const passwordHash = await hashPassword(body.password);
  return insertCompanyWithAdmin(
    deps,
    {
      name: body.name,
      email: body.email,
      phone: body.phone || null,
      planId: body.planId,
      status: true,
      recurrence: SIGNUP_RECURRENCE,
      dueDate: new Date(now.getTime() + SIGNUP_TRIAL_DAYS * DAY_MS),
      schedules: DEFAULT_WEEK_SCHEDULE.map((day) => ({ ...day })),
    },
    true,
    { email: body.email, passwordHash },
  );
}

/**
 * A company created by the super admin, with its first admin in the same
 * transaction. Without a password, a random one is set: the admin chooses
 * theirs through the forgot-password flow (we never mail a password).
 */
export async function createCompany(deps: Deps, body: CompanyBody): Promise<Company> {
  await assertPlanExists(deps.db, body.planId);
  await assertEmailsFree(deps.db, body.email);
  const passwordHash = await hashPassword(body.password ?? randomBytes(24).toString("base64url"));
  return insertCompanyWithAdmin(
    deps,
    {
      name: body.name,
      email: body.email,
      phone: body.phone ?? null,
      document: body.document ?? null,
      planId: body.planId,
      status: body.status ?? true,
      dueDate: toDueDate(body.dueDate),
      recurrence: body.recurrence ?? "MENSAL",
      schedules: DEFAULT_WEEK_SCHEDULE.map((day) => ({ ...day })),
      billingName: body.billingName ?? null,
      zipCode: body.zipCode ?? null,
      street: body.street ?? null,
      state: body.state ?? null,
      city: body.city ?? null,
      district: body.district ?? null,
    },
    body.campaignsEnabled ?? true,
    { email: body.email, passwordHash },
  );
}

/** Changes only what is sent. The password field is not used here: users change passwords on /users. */
export async function updateCompany(deps: Deps, id: number, body: CompanyUpdate): Promise<Company> {
  if (!(await repo.findCompany(deps.db, id))) throw new AppError("ERR_NO_COMPANY_FOUND");
  if (body.planId !== undefined) await assertPlanExists(deps.db, body.planId);
  if (body.email !== undefined && (await repo.companyEmailTaken(deps.db, body.email, id))) {
    throw new AppError("ERR_COMPANY_EMAIL_ALREADY_EXISTS");
  }
  const changes: Partial<repo.CompanyInsert> = {
    name: body.name,
    email: body.email,
    phone: body.phone,
    document: body.document,
    planId: body.planId,
    status: body.status,
    dueDate: body.dueDate === undefined ? undefined : toDueDate(body.dueDate),
    recurrence: body.recurrence,
    billingName: body.billingName,
    zipCode: body.zipCode,
    street: body.street,
    state: body.state,
    city: body.city,
    district: body.district,
  };
  try {
    await deps.db.transaction(async (tx) => {
      await repo.updateCompany(tx, id, changes);
      if (body.campaignsEnabled !== undefined) {
        await upsertSetting(tx, id, "campaignsEnabled", String(body.campaignsEnabled));
      }
    });
  } catch (error) {
    throw duplicateError(error) ?? error;
  }
  return loadCompany(deps.db, id);
}

export async function deleteCompany(deps: Deps, caller: Caller, id: number): Promise<void> {
  if (id === caller.companyId) throw new AppError("ERR_CANNOT_DELETE_OWN_COMPANY");
  if (!(await repo.deleteCompany(deps.db, id))) throw new AppError("ERR_NO_COMPANY_FOUND");
  forgetAuthCompany(deps.db, id);
}

/** Another company's id answers 404 to an admin, as if it did not exist. */
export async function showCompany(deps: Deps, caller: Caller, id: number): Promise<Company> {
  assertOwnCompany(caller, id);
  return loadCompany(deps.db, id);
}

export async function listCompanies(deps: Deps): Promise<Company[]> {
  return toCompanies(deps.db, await repo.listCompanies(deps.db));
}

export async function pageCompanies(
  deps: Deps,
  query: { searchParam: string; pageNumber: number },
): Promise<{ companies: Company[]; count: number; hasMore: boolean }> {
  const offset = (query.pageNumber - 1) * PAGE_SIZE;
  const { rows, count } = await repo.pageCompanies(deps.db, {
    searchParam: query.searchParam,
    limit: PAGE_SIZE,
    offset,
  });
  return { companies: await toCompanies(deps.db, rows), count, hasMore: count > offset + rows.length };
}

/** The super admin's renewal button; see renewedDueDate for the rule. Two clicks at once renew twice, in turn. */
export async function renewCompany(deps: Deps, id: number, now: Date = new Date()): Promise<Company> {
  await deps.db.transaction(async (tx) => {
    const company = await repo.lockCompanyForUpdate(tx, id);
    if (!company) throw new AppError("ERR_NO_COMPANY_FOUND");
    await repo.setDueDate(tx, id, renewedDueDate(company.dueDate, company.recurrence, now));
  });
  return loadCompany(deps.db, id);
}

export async function updateCompanySchedules(
  deps: Deps,
  caller: Caller,
  id: number,
  schedules: WorkingHours[],
): Promise<Company> {
  assertOwnCompany(caller, id);
  if (!(await repo.updateSchedules(deps.db, id, schedules))) throw new AppError("ERR_NO_COMPANY_FOUND");
  return loadCompany(deps.db, id);
}
