import { companyEvent, DEFAULT_WEEK_SCHEDULE, type Queue, type QueueBody, type QueueUpdateBody } from "@atendo/shared";
import type { AppContext } from "../../context.js";
import type { Executor } from "../../db/client.js";
import { uniqueViolation } from "../../db/errors.js";
import type { AuthSession } from "../../http/auth.js";
import { AppError } from "../../http/errors.js";
import { lockCompanyPlanLimit } from "../plans/plan-limits.js";
import {
  companyHasIntegration,
  companyHasPrompt,
  countQueues,
  deleteQueue,
  findQueue,
  insertQueue,
  listQueues,
  type QueueChanges,
  type QueueRow,
  queueFieldTaken,
  updateQueue,
} from "./queues.repository.js";

type Deps = Pick<AppContext, "db" | "realtime">;

function toQueue(row: QueueRow): Queue {
  return {
    id: row.id,
    name: row.name,
    color: row.color,
    greetingMessage: row.greetingMessage,
    outOfHoursMessage: row.outOfHoursMessage,
    orderQueue: row.orderQueue,
    integrationId: row.integrationId,
    promptId: row.promptId,
    schedules: row.schedules,
    companyId: row.companyId,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

function emit(deps: Deps, companyId: number, payload: { action: "create" | "update"; queue: Queue }) {
  deps.realtime.toCompany(companyId, companyEvent.queue(companyId), payload);
}

export async function listCompanyQueues(deps: Deps, actor: AuthSession, companyId?: number): Promise<Queue[]> {
  // Only the super admin may list another company's queues.
  const target = actor.super && companyId ? companyId : actor.companyId;
  return (await listQueues(deps.db, target)).map(toQueue);
}

export async function showQueue(deps: Deps, actor: AuthSession, id: number): Promise<Queue> {
  const row = await findQueue(deps.db, actor.companyId, id);
  if (!row) throw new AppError("ERR_NO_QUEUE_FOUND");
  return toQueue(row);
}

/** Name and colour are unique per company; integration and prompt must be the company's own. */
async function assertQueueFields(db: Executor, companyId: number, body: QueueUpdateBody, exceptId?: number) {
  if (body.color !== undefined && (await queueFieldTaken(db, companyId, "color", body.color, exceptId))) {
    throw new AppError("ERR_QUEUE_COLOR_ALREADY_EXISTS");
  }
  if (body.name !== undefined && (await queueFieldTaken(db, companyId, "name", body.name, exceptId))) {
    throw new AppError("ERR_QUEUE_NAME_ALREADY_EXISTS");
  }
  if (body.integrationId && !(await companyHasIntegration(db, companyId, body.integrationId))) {
    throw new AppError("ERR_NOT_FOUND");
  }
  if (body.promptId && !(await companyHasPrompt(db, companyId, body.promptId))) throw new AppError("ERR_NOT_FOUND");
}

/** A unique violation that slipped past the checks (two requests racing) answers the same code. */
function rethrowUnique(error: unknown): never {
  const constraint = uniqueViolation(error);
  if (constraint === "queues_company_color_unique") throw new AppError("ERR_QUEUE_COLOR_ALREADY_EXISTS");
  if (constraint === "queues_company_name_unique") throw new AppError("ERR_QUEUE_NAME_ALREADY_EXISTS");
  throw error;
}

export async function createQueue(deps: Deps, actor: AuthSession, body: QueueBody): Promise<Queue> {
  const { companyId } = actor;
  const row = await deps.db
    .transaction(async (tx) => {
      const plan = await lockCompanyPlanLimit(tx, companyId, "queues");
      if (!plan) throw new AppError("ERR_NO_COMPANY_FOUND");
      if (plan.limit > 0 && (await countQueues(tx, companyId)) >= plan.limit)
        throw new AppError("ERR_PLAN_QUEUES_LIMIT");
      await assertQueueFields(tx, companyId, body);
      return insertQueue(tx, {
        companyId,
        name: body.name,
        color: body.color,
        greetingMessage: body.greetingMessage,
        outOfHoursMessage: body.outOfHoursMessage,
        orderQueue: body.orderQueue ?? null,
        integrationId: body.integrationId ?? null,
        promptId: body.promptId ?? null,
        schedules: body.schedules ?? DEFAULT_WEEK_SCHEDULE.map((day) => ({ ...day })),
      });
    })
    .catch(rethrowUnique);
  const queue = toQueue(row);
  emit(deps, companyId, { action: "create", queue });
  return queue;
}

export async function updateQueueById(
  deps: Deps,
  actor: AuthSession,
  id: number,
  body: QueueUpdateBody,
): Promise<Queue> {
  const { companyId } = actor;
  const changes: QueueChanges = {};
  for (const key of [
    "name",
    "color",
    "greetingMessage",
    "outOfHoursMessage",
    "orderQueue",
    "integrationId",
    "promptId",
    "schedules",
  ] as const) {
    if (body[key] !== undefined) (changes as Record<string, unknown>)[key] = body[key];
  }
  const row = await deps.db
    .transaction(async (tx) => {
      if (!(await findQueue(tx, companyId, id))) throw new AppError("ERR_NO_QUEUE_FOUND");
      await assertQueueFields(tx, companyId, body, id);
      const updated = await updateQueue(tx, companyId, id, changes);
      if (!updated) throw new AppError("ERR_NO_QUEUE_FOUND");
      return updated;
    })
    .catch(rethrowUnique);
  const queue = toQueue(row);
  emit(deps, companyId, { action: "update", queue });
  return queue;
}

export async function removeQueue(deps: Deps, actor: AuthSession, id: number): Promise<void> {
  const { companyId } = actor;
  if (!(await deleteQueue(deps.db, companyId, id))) throw new AppError("ERR_NO_QUEUE_FOUND");
  deps.realtime.toCompany(companyId, companyEvent.queue(companyId), { action: "delete", queueId: id });
}
