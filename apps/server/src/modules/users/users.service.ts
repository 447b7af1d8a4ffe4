import {
  type CreateUserBody,
  companyEvent,
  isAdmin,
  type Language,
  type ListQuery,
  PAGE_SIZE,
  type UpdateUserBody,
  type User,
} from "@atendo/shared";
import type { AppContext } from "../../context.js";
import type { Executor } from "../../db/client.js";
import { uniqueViolation } from "../../db/errors.js";
import type { AuthSession } from "../../http/auth.js";
import { forgetAuthUser } from "../../http/auth-cache.js";
import { AppError } from "../../http/errors.js";
import { lockCompanyPlanLimit } from "../plans/plan-limits.js";
import { countCompanyQueues } from "../queues/queues.repository.js";
import { isOnline } from "./online.js";
import { hashPassword } from "./passwords.js";
import { revokeUserSessions, sessionsEnded } from "./user-sessions.js";
import {
  companyHasWhatsapp,
  countCompanyUsers,
  deleteUser,
  emailTaken,
  findUser,
  insertUser,
  listCompanyUsers,
  pageUsers,
  queuesOfUsers,
  setUserQueues,
  type UserChanges,
  type UserRow,
  updateUser,
} from "./users.repository.js";

type Deps = Pick<AppContext, "db" | "realtime">;

/** Only a super admin may look at or act in another company; everyone else stays in their own. */
const targetCompany = (actor: AuthSession, companyId: number | undefined) =>
  actor.super && companyId ? companyId : actor.companyId;

async function toUsers(deps: Deps, companyId: number, rows: UserRow[]): Promise<User[]> {
  const queues = await queuesOfUsers(
    deps.db,
    companyId,
    rows.map((row) => row.id),
  );
  const now = Date.now();
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    email: row.email,
    profile: row.profile,
    super: row.super,
    companyId: row.companyId,
    allTicket: row.allTicket,
    whatsappId: row.whatsappId,
    language: row.language,
    online: isOnline(row, now),
    queues: queues.get(row.id) ?? [],
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  }));
}

async function toUser(deps: Deps, row: UserRow): Promise<User> {
  const [user] = await toUsers(deps, row.companyId, [row]);
  return user!;
}

/** A user as lists and `company-{id}-user` events show it (presence changes announce it). */
export async function userPayload(deps: Deps, companyId: number, id: number): Promise<User | undefined> {
  const row = await findUser(deps.db, companyId, id);
  return row ? toUser(deps, row) : undefined;
}

function emitUser(deps: Deps, companyId: number, payload: { action: "create" | "update"; user: User }) {
  deps.realtime.toCompany(companyId, companyEvent.user(companyId), payload);
}

export async function listUsersPage(
  deps: Deps,
  actor: AuthSession,
  query: ListQuery,
): Promise<{ users: User[]; count: number; hasMore: boolean }> {
  const offset = (query.pageNumber - 1) * PAGE_SIZE;
  const { rows, count } = await pageUsers(deps.db, actor.companyId, {
    search: query.searchParam,
    limit: PAGE_SIZE,
    offset,
  });
  return { users: await toUsers(deps, actor.companyId, rows), count, hasMore: offset + rows.length < count };
}

export async function listUsers(deps: Deps, actor: AuthSession, companyId: number | undefined): Promise<User[]> {
  const target = targetCompany(actor, companyId);
  return toUsers(deps, target, await listCompanyUsers(deps.db, target));
}

export async function showUser(deps: Deps, actor: AuthSession, id: number): Promise<User> {
  if (!isAdmin(actor) && id !== actor.userId) throw new AppError("ERR_NO_PERMISSION");
  const row = await findUser(deps.db, actor.companyId, id);
  if (!row) throw new AppError("ERR_NO_USER_FOUND");
  return toUser(deps, row);
}

/** Every queue id must be one of the company's queues. */
async function assertCompanyQueues(db: Executor, companyId: number, queueIds: number[]): Promise<void> {
  if ((await countCompanyQueues(db, companyId, queueIds)) !== queueIds.length) throw new AppError("ERR_NO_QUEUE_FOUND");
}

async function assertCompanyWhatsapp(db: Executor, companyId: number, whatsappId: number | null | undefined) {
  if (whatsappId && !(await companyHasWhatsapp(db, companyId, whatsappId))) throw new AppError("ERR_NO_WAPP_FOUND");
}

/** A unique violation that slipped past the checks (two requests racing) answers the same code. */
function rethrowUnique(error: unknown): never {
  if (uniqueViolation(error) === "users_email_unique") throw new AppError("ERR_EMAIL_ALREADY_EXISTS");
  throw error;
}

export async function createUser(deps: Deps, actor: AuthSession, body: CreateUserBody): Promise<User> {
  const companyId = targetCompany(actor, body.companyId);
  const queueIds = [...new Set(body.queueIds)];
  const passwordHash = await hashPassword(body.password);
  const row = await deps.db
    .transaction(async (tx) => {
      const plan = await lockCompanyPlanLimit(tx, companyId, "users");
      if (!plan) throw new AppError("ERR_NO_COMPANY_FOUND");
      if (plan.limit > 0 && (await countCompanyUsers(tx, companyId)) >= plan.limit) {
        throw new AppError("ERR_PLAN_USERS_LIMIT");
      }
      if (await emailTaken(tx, body.email)) throw new AppError("ERR_EMAIL_ALREADY_EXISTS");
      await assertCompanyQueues(tx, companyId, queueIds);
      await assertCompanyWhatsapp(tx, companyId, body.whatsappId);
      const user = await insertUser(tx, {
        companyId,
        name: body.name,
        email: body.email,
        passwordHash,
        profile: body.profile,
        allTicket: body.allTicket,
        whatsappId: body.whatsappId ?? null,
      });
      await setUserQueues(tx, companyId, user.id, queueIds);
      return user;
    })
    .catch(rethrowUnique);
  const user = await toUser(deps, row);
  emitUser(deps, companyId, { action: "create", user });
  return user;
}

/**
 * A user may edit themself; only admins edit others, and only admins change
 * profile, queues, connection and allTicket (a non-admin's values for those are ignored).
 */
export async function updateUserById(
  deps: Deps,
  actor: AuthSession & { sessionId?: string },
  id: number,
  body: UpdateUserBody,
): Promise<User> {
  const admin = isAdmin(actor);
  if (!admin && id !== actor.userId) throw new AppError("ERR_NO_PERMISSION");
  const { companyId } = actor;
  const existing = await findUser(deps.db, companyId, id);
  if (!existing) throw new AppError("ERR_NO_USER_FOUND");

  const changes: UserChanges = {};
  if (body.name !== undefined) changes.name = body.name;
  if (body.email !== undefined && body.email !== existing.email) changes.email = body.email;
  // An empty password means "unchanged".
  const passwordChanged = Boolean(body.password);
  if (body.password) changes.passwordHash = await hashPassword(body.password);
  if (admin) {
    if (body.profile !== undefined) changes.profile = body.profile;
    if (body.allTicket !== undefined) changes.allTicket = body.allTicket;
    if (body.whatsappId !== undefined) changes.whatsappId = body.whatsappId;
  }
  const queueIds = admin && body.queueIds ? [...new Set(body.queueIds)] : undefined;

  const { updated: row, ended } = await deps.db
    .transaction(async (tx) => {
      if (changes.email && (await emailTaken(tx, changes.email, id))) throw new AppError("ERR_EMAIL_ALREADY_EXISTS");
      await assertCompanyWhatsapp(tx, companyId, changes.whatsappId);
      if (queueIds) await assertCompanyQueues(tx, companyId, queueIds);
      const updated = await updateUser(tx, companyId, id, changes);
      if (!updated) throw new AppError("ERR_NO_USER_FOUND");
      if (queueIds) await setUserQueues(tx, companyId, id, queueIds);
      const ended = passwordChanged
        ? await revokeUserSessions({ db: tx }, id, id === actor.userId ? actor.sessionId : undefined)
        : [];
      return { updated, ended };
    })
    .catch(rethrowUnique);
  sessionsEnded(deps, id, ended);
  const user = await toUser(deps, row);
  emitUser(deps, companyId, { action: "update", user });
  return user;
}

export async function removeUser(deps: Deps, actor: AuthSession, id: number): Promise<void> {
  if (id === actor.userId) throw new AppError("ERR_CANNOT_DELETE_SELF");
  const { companyId } = actor;
  if (!(await deleteUser(deps.db, companyId, id))) throw new AppError("ERR_NO_USER_FOUND");
  forgetAuthUser(deps.db, id);
  deps.realtime.disconnectUser(companyId, id);
  deps.realtime.toCompany(companyId, companyEvent.user(companyId), { action: "delete", userId: id });
}

export async function setLanguage(deps: Deps, actor: AuthSession, language: Language): Promise<void> {
  const row = await updateUser(deps.db, actor.companyId, actor.userId, { language });
  if (!row) throw new AppError("ERR_NO_USER_FOUND");
  emitUser(deps, actor.companyId, { action: "update", user: await toUser(deps, row) });
}
