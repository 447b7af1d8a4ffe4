import {
  companyEvent,
  isAdmin,
  type Whatsapp,
  type WhatsappBody,
  type WhatsappListQuery,
  type WhatsappUpdateBody,
} from "@atendo/shared";
import type { AppContext } from "../../context.js";
import type { Executor } from "../../db/client.js";
import { uniqueViolation } from "../../db/errors.js";
import type { AuthSession } from "../../http/auth.js";
import { AppError } from "../../http/errors.js";
import { rooms } from "../../realtime/gateway.js";
import { randomToken } from "../auth/tokens.js";
import { lockCompanyForUpdate } from "../companies/companies.repository.js";
import { lockCompanyPlanLimit } from "../plans/plan-limits.js";
import { countCompanyQueues } from "../queues/queues.repository.js";
import { assertCloudComplete, cloudChanges, cloudSettings } from "./whatsapps.cloud.js";
import {
  clearOtherDefaults,
  companyHasIntegration,
  companyHasPrompt,
  countWhatsappQueues,
  countWhatsapps,
  deleteWhatsapp,
  findWhatsapp,
  insertWhatsapp,
  listWhatsapps,
  queuesOfWhatsapps,
  setWhatsappQueues,
  updateWhatsapp,
  type WhatsappChanges,
  type WhatsappRow,
  whatsappNameTaken,
  whatsappTokenTaken,
} from "./whatsapps.repository.js";

type Deps = Pick<AppContext, "db" | "realtime" | "sessions" | "secrets" | "log"> & {
  config: Pick<AppContext["config"], "simulator" | "PUBLIC_URL">;
};

async function toWhatsapps(deps: Deps, actor: AuthSession, companyId: number, rows: WhatsappRow[]) {
  const queues = await queuesOfWhatsapps(
    deps.db,
    companyId,
    rows.map((row) => row.id),
  );
  // The token is the external API's credential: only admins see it.
  const showToken = isAdmin(actor);
  return rows.map(
    (row): Whatsapp => ({
      id: row.id,
      name: row.name,
      status: row.status,
      isDefault: row.isDefault,
      greetingMessage: row.greetingMessage,
      complationMessage: row.complationMessage,
      outOfHoursMessage: row.outOfHoursMessage,
      ratingMessage: row.ratingMessage,
      expiresInactiveMessage: row.expiresInactiveMessage,
      token: showToken ? row.token : "",
      provider: row.provider,
      expiresTicket: row.expiresTicket,
      timeUseBotQueues: row.timeUseBotQueues,
      maxUseBotQueues: row.maxUseBotQueues,
      timeToTransfer: row.timeToTransfer,
      transferQueueId: row.transferQueueId,
      promptId: row.promptId,
      integrationId: row.integrationId,
      qrcode: row.qrcode,
      retries: row.retries,
      number: row.number,
      queues: queues.get(row.id) ?? [],
      createdAt: row.createdAt.toISOString(),
      updatedAt: row.updatedAt.toISOString(),
      // The webhook's verify token and Meta's ids are the admins' to see, like the API token.
      ...(showToken && row.provider === "cloud" ? { cloud: cloudSettings(deps.config.PUBLIC_URL, row) } : {}),
    }),
  );
}

/**
 * Realtime goes to everyone in the company, attendants included, so events carry the connection
 * as a non-admin sees it (no token). A Cloud API connection's settings (Meta's ids, the webhook's
 * verify token, why Meta refused it) are the admins' to see: their sockets get them alone.
 */
async function emitUpdates(deps: Deps, companyId: number, rows: WhatsappRow[]) {
  if (rows.length === 0) return;
  const audience: AuthSession = { userId: 0, companyId, profile: "user", super: false };
  const event = companyEvent.whatsapp(companyId);
  for (const [index, whatsapp] of (await toWhatsapps(deps, audience, companyId, rows)).entries()) {
    const row = rows[index]!;
    if (row.provider !== "cloud") {
      deps.realtime.toCompany(companyId, event, { action: "update", whatsapp });
      continue;
    }
    const admins = rooms.admins(companyId);
    const cloud = cloudSettings(deps.config.PUBLIC_URL, row);
    deps.realtime.toRooms([admins], event, { action: "update", whatsapp: { ...whatsapp, cloud } });
    deps.realtime.toRooms([rooms.company(companyId)], event, { action: "update", whatsapp }, [admins]);
  }
}

const duplicated = (path: string) => new AppError("ERR_VALIDATION", { fields: [{ path, message: "duplicated" }] });

/** A unique violation that slipped past the checks (two requests racing) answers the same code. */
function rethrowUnique(error: unknown): never {
  if (uniqueViolation(error) === "whatsapps_token_unique") throw duplicated("body.token");
  throw error;
}

export async function listCompanyWhatsapps(deps: Deps, actor: AuthSession, query: WhatsappListQuery) {
  // Only the super admin may list another company's connections.
  const companyId = actor.super && query.companyId ? query.companyId : actor.companyId;
  return toWhatsapps(deps, actor, companyId, await listWhatsapps(deps.db, companyId));
}

export async function showWhatsapp(deps: Deps, actor: AuthSession, id: number): Promise<Whatsapp> {
  const row = await findWhatsapp(deps.db, actor.companyId, id);
  if (!row) throw new AppError("ERR_NO_WAPP_FOUND");
  const [whatsapp] = await toWhatsapps(deps, actor, actor.companyId, [row]);
  return whatsapp!;
}

/** Name, token, queues, transfer queue, prompt and integration, checked under the company lock. */
async function assertFields(
  deps: Deps,
  db: Executor,
  companyId: number,
  body: WhatsappUpdateBody,
  existing?: WhatsappRow,
): Promise<void> {
  if (body.provider === "simulator" && existing?.provider !== "simulator" && !deps.config.simulator) {
    throw new AppError("ERR_VALIDATION", { fields: [{ path: "body.provider", message: "unavailable" }] });
  }
  if (body.name !== undefined && (await whatsappNameTaken(db, companyId, body.name, existing?.id))) {
    throw duplicated("body.name");
  }
  if (body.token && (await whatsappTokenTaken(db, body.token, existing?.id))) throw duplicated("body.token");
  if (body.queueIds && (await countCompanyQueues(db, companyId, body.queueIds)) !== body.queueIds.length) {
    throw new AppError("ERR_NO_QUEUE_FOUND");
  }
  if (body.transferQueueId && (await countCompanyQueues(db, companyId, [body.transferQueueId])) !== 1) {
    throw new AppError("ERR_NO_QUEUE_FOUND");
  }
  if (body.promptId && !(await companyHasPrompt(db, companyId, body.promptId))) throw new AppError("ERR_NOT_FOUND");
  if (body.integrationId && !(await companyHasIntegration(db, companyId, body.integrationId))) {
    throw new AppError("ERR_NOT_FOUND");
  }
}

/** With more than one queue the chatbot greets with the menu, so a greeting is required. */
function assertGreeting(queueCount: number, greetingMessage: string): void {
  if (queueCount > 1 && greetingMessage.trim() === "") throw new AppError("ERR_WAPP_GREETING_REQUIRED");
}

export async function createWhatsapp(deps: Deps, actor: AuthSession, body: WhatsappBody): Promise<Whatsapp> {
  const { companyId } = actor;
  const queueIds = [...new Set(body.queueIds)];
  assertGreeting(queueIds.length, body.greetingMessage);
  const cloud = body.provider === "cloud" ? cloudChanges(deps.secrets, body.cloud) : {};
  assertCloudComplete(body.provider, {
    cloudPhoneNumberId: null,
    cloudBusinessAccountId: null,
    cloudAccessToken: null,
    cloudAppSecret: null,
    ...cloud,
  });
  const { row, cleared } = await deps.db
    .transaction(async (tx) => {
      const plan = await lockCompanyPlanLimit(tx, companyId, "connections");
      if (!plan) throw new AppError("ERR_NO_COMPANY_FOUND");
      const existing = await countWhatsapps(tx, companyId);
      if (plan.limit > 0 && existing >= plan.limit) {
        throw new AppError("ERR_PLAN_CONNECTIONS_LIMIT");
      }
      await assertFields(deps, tx, companyId, { ...body, queueIds });
      // The first connection is the default whatever was asked.
      const isDefault = existing === 0 || body.isDefault;
      const row = await insertWhatsapp(tx, {
        companyId,
        name: body.name,
        status: "DISCONNECTED",
        provider: body.provider,
        isDefault,
        greetingMessage: body.greetingMessage,
        complationMessage: body.complationMessage,
        outOfHoursMessage: body.outOfHoursMessage,
        ratingMessage: body.ratingMessage,
        expiresInactiveMessage: body.expiresInactiveMessage,
        token: body.token || randomToken(),
        expiresTicket: body.expiresTicket,
        timeUseBotQueues: body.timeUseBotQueues,
        maxUseBotQueues: body.maxUseBotQueues,
        timeToTransfer: body.timeToTransfer,
        transferQueueId: body.transferQueueId,
        promptId: body.promptId,
        integrationId: body.integrationId,
        ...cloud,
      });
      await setWhatsappQueues(tx, companyId, row.id, queueIds);
      const cleared = isDefault ? await clearOtherDefaults(tx, companyId, row.id) : [];
      return { row, cleared };
    })
    .catch(rethrowUnique);
  await emitUpdates(deps, companyId, [...cleared, row]);
  // A simulator connection starts pairing at once (its QR shows), a Cloud API one checks its token
  // with Meta; the others start from the session routes.
  if (row.provider === "simulator") await deps.sessions?.start(row.id);
  if (row.provider === "cloud") await startCloud(deps, row.id);
  const [whatsapp] = await toWhatsapps(deps, actor, companyId, [row]);
  return whatsapp!;
}

export async function updateWhatsappById(
  deps: Deps,
  actor: AuthSession,
  id: number,
  body: WhatsappUpdateBody,
): Promise<Whatsapp> {
  const { companyId } = actor;
  const queueIds = body.queueIds ? [...new Set(body.queueIds)] : undefined;
  const changes: WhatsappChanges = {};
  for (const key of [
    "name",
    "provider",
    "greetingMessage",
    "complationMessage",
    "outOfHoursMessage",
    "ratingMessage",
    "expiresInactiveMessage",
    "expiresTicket",
    "timeUseBotQueues",
    "maxUseBotQueues",
    "timeToTransfer",
    "transferQueueId",
    "promptId",
    "integrationId",
  ] as const) {
    if (body[key] !== undefined) (changes as Record<string, unknown>)[key] = body[key];
  }
  // An emptied token field asks for a new one.
  if (body.token !== undefined) changes.token = body.token || randomToken();
  let cloudChanged = false;

  const { row, cleared } = await deps.db
    .transaction(async (tx) => {
      // Connection writes of one company run one at a time, so the one-default rule and the unique name hold.
      if (!(await lockCompanyForUpdate(tx, companyId))) throw new AppError("ERR_NO_WAPP_FOUND");
      const existing = await findWhatsapp(tx, companyId, id);
      if (!existing) throw new AppError("ERR_NO_WAPP_FOUND");
      // The default can only move by making another one default, never by unsetting it.
      if (body.isDefault === false && existing.isDefault) throw new AppError("ERR_NO_OTHER_WHATSAPP");
      if (body.isDefault === true) changes.isDefault = true;
      const provider = changes.provider ?? existing.provider;
      if (provider === "cloud" && (body.cloud || existing.provider !== "cloud")) {
        Object.assign(changes, cloudChanges(deps.secrets, body.cloud, existing));
        assertCloudComplete(provider, { ...existing, ...changes });
        cloudChanged = true;
      }
      await assertFields(deps, tx, companyId, { ...body, queueIds, token: changes.token }, existing);
      const queueCount = queueIds ? queueIds.length : await countWhatsappQueues(tx, companyId, id);
      assertGreeting(queueCount, changes.greetingMessage ?? existing.greetingMessage);
      const row = await updateWhatsapp(tx, companyId, id, changes);
      if (!row) throw new AppError("ERR_NO_WAPP_FOUND");
      if (queueIds) await setWhatsappQueues(tx, companyId, id, queueIds);
      const cleared = changes.isDefault ? await clearOtherDefaults(tx, companyId, id) : [];
      return { row, cleared };
    })
    .catch(rethrowUnique);
  await emitUpdates(deps, companyId, [...cleared, row]);
  // New credentials are tried at once: CONNECTED, or DISCONNECTED with Meta's reason.
  if (cloudChanged) await startCloud(deps, row.id);
  const [whatsapp] = await toWhatsapps(deps, actor, companyId, [row]);
  return whatsapp!;
}

/** Checks a Cloud API connection's credentials with Meta; a failure is its status, not the request's. */
async function startCloud(deps: Deps, whatsappId: number): Promise<void> {
  await deps.sessions?.start(whatsappId).catch((error) => {
    deps.log.warn({ err: error, whatsappId }, "cloud connection failed to start");
  });
}

/** Deleting the default promotes the oldest remaining connection, so the company keeps exactly one. */
export async function removeWhatsapp(deps: Deps, actor: AuthSession, id: number): Promise<void> {
  const { companyId } = actor;
  const promoted = await deps.db.transaction(async (tx) => {
    if (!(await lockCompanyForUpdate(tx, companyId))) throw new AppError("ERR_NO_WAPP_FOUND");
    const deleted = await deleteWhatsapp(tx, companyId, id);
    if (!deleted) throw new AppError("ERR_NO_WAPP_FOUND");
    if (!deleted.isDefault) return undefined;
    const [oldest] = await listWhatsapps(tx, companyId);
    return oldest ? updateWhatsapp(tx, companyId, oldest.id, { isDefault: true }) : undefined;
  });
  await deps.sessions?.stop(id);
  deps.realtime.toCompany(companyId, companyEvent.whatsapp(companyId), { action: "delete", whatsappId: id });
  if (promoted) await emitUpdates(deps, companyId, [promoted]);
}
