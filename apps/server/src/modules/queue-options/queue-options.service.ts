import type { QueueOption, QueueOptionBody, QueueOptionListQuery, QueueOptionUpdateBody } from "@atendo/shared";
import type { AppContext } from "../../context.js";
import type { Executor } from "../../db/client.js";
import type { AuthSession } from "../../http/auth.js";
import { AppError } from "../../http/errors.js";
import {
  companyHasQueue,
  countChildren,
  countLevel,
  deleteQueueOption,
  findQueueOption,
  insertQueueOption,
  listLevel,
  lockCompanyQueue,
  type QueueOptionChanges,
  type QueueOptionRow,
  renumberLevel,
  shiftLevel,
  updateQueueOption,
} from "./queue-options.repository.js";

type Deps = Pick<AppContext, "db">;

async function toQueueOptions(db: Executor, companyId: number, rows: QueueOptionRow[]): Promise<QueueOption[]> {
  const children = await countChildren(
    db,
    companyId,
    rows.map((row) => row.id),
  );
  return rows.map((row) => ({
    id: row.id,
    title: row.title,
    message: row.message,
    option: row.option,
    queueId: row.queueId,
    parentId: row.parentId,
    childrenCount: children.get(row.id) ?? 0,
  }));
}

async function toQueueOption(db: Executor, row: QueueOptionRow): Promise<QueueOption> {
  const [option] = await toQueueOptions(db, row.companyId, [row]);
  return option!;
}

/** The parent must be one of the company's options in the same queue. */
async function assertParent(db: Executor, companyId: number, queueId: number, parentId: number | null) {
  if (parentId === null) return;
  const parent = await findQueueOption(db, companyId, parentId);
  if (!parent || parent.queueId !== queueId) throw new AppError("ERR_NOT_FOUND");
}

/** One level of the tree, in position order; children are asked for per parent. */
export async function listQueueOptions(
  deps: Deps,
  actor: AuthSession,
  query: QueueOptionListQuery,
): Promise<QueueOption[]> {
  const { companyId } = actor;
  const parentId = query.parentId ?? null;
  if (!(await companyHasQueue(deps.db, companyId, query.queueId))) throw new AppError("ERR_NOT_FOUND");
  await assertParent(deps.db, companyId, query.queueId, parentId);
  return toQueueOptions(deps.db, companyId, await listLevel(deps.db, companyId, query.queueId, parentId));
}

/**
 * Positions stay 1..n per level: without a position the option goes last; with
 * one (capped at n+1) it takes that place and the siblings from there move down.
 */
export async function createQueueOption(deps: Deps, actor: AuthSession, body: QueueOptionBody): Promise<QueueOption> {
  const { companyId } = actor;
  const { queueId } = body;
  const parentId = body.parentId ?? null;
  return deps.db.transaction(async (tx) => {
    if (!(await lockCompanyQueue(tx, companyId, queueId))) throw new AppError("ERR_NOT_FOUND");
    await assertParent(tx, companyId, queueId, parentId);
    const last = await countLevel(tx, companyId, queueId, parentId);
    const option = Math.min(body.option ?? last + 1, last + 1);
    if (option <= last) await shiftLevel(tx, { companyId, queueId, parentId }, { from: option }, 1);
    const row = await insertQueueOption(tx, {
      companyId,
      queueId,
      parentId,
      title: body.title,
      message: body.message,
      option,
    });
    return toQueueOption(tx, row);
  });
}

/** A new position (capped to 1..n) moves the option within its level; the siblings in between close up. */
export async function updateQueueOptionById(
  deps: Deps,
  actor: AuthSession,
  id: number,
  body: QueueOptionUpdateBody,
): Promise<QueueOption> {
  const { companyId } = actor;
  return deps.db.transaction(async (tx) => {
    const found = await findQueueOption(tx, companyId, id);
    if (!found) throw new AppError("ERR_NOT_FOUND");
    await lockCompanyQueue(tx, companyId, found.queueId);
    // Read again under the lock: a concurrent write may have moved it.
    const current = await findQueueOption(tx, companyId, id);
    if (!current) throw new AppError("ERR_NOT_FOUND");

    const changes: QueueOptionChanges = {};
    if (body.title !== undefined) changes.title = body.title;
    if (body.message !== undefined) changes.message = body.message;
    if (body.option !== undefined) {
      const scope = { companyId, queueId: current.queueId, parentId: current.parentId };
      const size = await countLevel(tx, companyId, current.queueId, current.parentId);
      const target = Math.max(1, Math.min(body.option, size));
      if (target < current.option) {
        await shiftLevel(tx, scope, { from: target, to: current.option - 1 }, 1, id);
      } else if (target > current.option) {
        await shiftLevel(tx, scope, { from: current.option + 1, to: target }, -1, id);
      }
      changes.option = target;
    }
    const row = await updateQueueOption(tx, companyId, id, changes);
    if (!row) throw new AppError("ERR_NOT_FOUND");
    return toQueueOption(tx, row);
  });
}

/** Removes the option with its whole subtree and renumbers the remaining siblings 1..n. */
export async function removeQueueOption(deps: Deps, actor: AuthSession, id: number): Promise<void> {
  const { companyId } = actor;
  await deps.db.transaction(async (tx) => {
    const found = await findQueueOption(tx, companyId, id);
    if (!found) throw new AppError("ERR_NOT_FOUND");
    await lockCompanyQueue(tx, companyId, found.queueId);
    if (!(await deleteQueueOption(tx, companyId, id))) throw new AppError("ERR_NOT_FOUND");
    await renumberLevel(tx, companyId, found.queueId, found.parentId);
  });
}
