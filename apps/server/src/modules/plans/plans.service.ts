import type { Plan, PlanBody, PlanUpdateBody } from "@atendo/shared";
import type { AppContext } from "../../context.js";
import { isForeignKeyViolation, isUniqueViolation } from "../../db/errors.js";
import { AppError } from "../../http/errors.js";
import * as repo from "./plans.repository.js";

type Deps = Pick<AppContext, "db">;

export function toPlan(row: repo.PlanRow): Plan {
  return {
    id: row.id,
    name: row.name,
    users: row.users,
    connections: row.connections,
    queues: row.queues,
    value: Number(row.value),
    useCampaigns: row.useCampaigns,
    useSchedules: row.useSchedules,
    useInternalChat: row.useInternalChat,
    useExternalApi: row.useExternalApi,
    useKanban: row.useKanban,
    useOpenAi: row.useOpenAi,
    useIntegrations: row.useIntegrations,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export async function listPlans(deps: Deps, searchParam: string): Promise<Plan[]> {
  const rows = await repo.listPlans(deps.db, searchParam);
  return rows.map(toPlan);
}

export async function showPlan(deps: Deps, id: number): Promise<Plan> {
  const row = await repo.findPlan(deps.db, id);
  if (!row) throw new AppError("ERR_NO_PLAN_FOUND");
  return toPlan(row);
}

export async function createPlan(deps: Deps, body: PlanBody): Promise<Plan> {
  if (await repo.planNameTaken(deps.db, body.name)) throw new AppError("ERR_PLAN_NAME_ALREADY_EXISTS");
  try {
    return toPlan(await repo.insertPlan(deps.db, body));
  } catch (error) {
    if (isUniqueViolation(error, "plans_name_unique")) throw new AppError("ERR_PLAN_NAME_ALREADY_EXISTS");
    throw error;
  }
}

export async function updatePlan(deps: Deps, id: number, changes: PlanUpdateBody): Promise<Plan> {
  if (!(await repo.findPlan(deps.db, id))) throw new AppError("ERR_NO_PLAN_FOUND");
  if (changes.name !== undefined && (await repo.planNameTaken(deps.db, changes.name, id))) {
    throw new AppError("ERR_PLAN_NAME_ALREADY_EXISTS");
  }
  try {
    const row = await repo.updatePlan(deps.db, id, changes);
    if (!row) throw new AppError("ERR_NO_PLAN_FOUND");
    return toPlan(row);
  } catch (error) {
    if (isUniqueViolation(error, "plans_name_unique")) throw new AppError("ERR_PLAN_NAME_ALREADY_EXISTS");
    throw error;
  }
}

export async function deletePlan(deps: Deps, id: number): Promise<void> {
  if (!(await repo.findPlan(deps.db, id))) throw new AppError("ERR_NO_PLAN_FOUND");
  if (await repo.planInUse(deps.db, id)) throw new AppError("ERR_PLAN_IN_USE");
  try {
    if (!(await repo.deletePlan(deps.db, id))) throw new AppError("ERR_NO_PLAN_FOUND");
  } catch (error) {
    // A company took the plan between the check and the delete (companies.plan_id is ON DELETE RESTRICT).
    if (isForeignKeyViolation(error)) throw new AppError("ERR_PLAN_IN_USE");
    throw error;
  }
}
