import {
  companyEvent,
  duplicateFlowName,
  type FlowAnswer,
  type FlowbuilderEventPayload,
  type FlowCampaign,
  type FlowCampaignBody,
  type FlowCampaignUpdateBody,
  type FlowcampaignEventPayload,
  type FlowDocument,
  type FlowRecord,
  type FlowsPage,
  hasPermission,
  PAGE_SIZE,
} from "@atendo/shared";
import type { AppContext } from "../../context.js";
import type { Executor } from "../../db/client.js";
import type { AuthSession } from "../../http/auth.js";
import { AppError } from "../../http/errors.js";
import { integrationIdsOfFlow } from "../queue-integrations/queue-integrations.repository.js";
import { maskFlowKeys, sealFlowKeys } from "./flow-keys.js";
import { flowMediaRefs, removeUnusedFlowMedia } from "./flows.media.js";
import {
  campaignReferencesOwned,
  copyFlowMediaUses,
  deleteFlow,
  deleteFlowCampaign,
  type FlowCampaignRow,
  type FlowCampaignValues,
  type FlowSummaryRow,
  findFlow,
  findFlowCampaign,
  flowMediaUsedBy,
  insertFlow,
  insertFlowCampaign,
  listFlowCampaigns,
  ownedFlowMedia,
  pageFlows,
  replaceFlowMediaUses,
  updateFlow,
  updateFlowCampaign,
} from "./flows.repository.js";

type Deps = Pick<AppContext, "db" | "realtime" | "secrets" | "media" | "log">;

const notFound = () => new AppError("ERR_NOT_FOUND");

function flowRecord(row: FlowSummaryRow): FlowRecord {
  return {
    id: row.id,
    name: row.name,
    active: row.active,
    companyId: row.companyId,
    userId: row.userId,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

function flowCampaignRecord(row: FlowCampaignRow): FlowCampaign {
  return {
    id: row.id,
    name: row.name,
    flowId: row.flowId,
    whatsappId: row.whatsappId,
    phrase: row.phrase,
    status: row.status,
    companyId: row.companyId,
    userId: row.userId,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

function emitFlow(deps: Deps, companyId: number, payload: FlowbuilderEventPayload) {
  deps.realtime.toCompany(companyId, companyEvent.flowbuilder(companyId), payload);
}

function emitCampaign(deps: Deps, companyId: number, payload: FlowcampaignEventPayload) {
  deps.realtime.toCompany(companyId, companyEvent.flowcampaign(companyId), payload);
}

// ---- Flows ----

export async function pageCompanyFlows(
  deps: Deps,
  actor: AuthSession,
  query: { searchParam: string; pageNumber: number },
): Promise<FlowsPage> {
  const offset = (query.pageNumber - 1) * PAGE_SIZE;
  const { rows, count } = await pageFlows(deps.db, actor.companyId, {
    search: query.searchParam,
    limit: PAGE_SIZE,
    offset,
  });
  return { flows: rows.map(flowRecord), count, hasMore: count > offset + rows.length };
}

/** A new flow has no document: the builder opens it with the start node alone. */
export async function createFlow(deps: Deps, actor: AuthSession, name: string): Promise<FlowRecord> {
  const row = await insertFlow(deps.db, actor.companyId, { name, userId: actor.userId, flow: null });
  const flow = flowRecord(row);
  emitFlow(deps, actor.companyId, { action: "create", flow });
  return flow;
}

export async function renameFlow(deps: Deps, actor: AuthSession, id: number, name: string): Promise<FlowRecord> {
  const row = await updateFlow(deps.db, actor.companyId, id, { name });
  if (!row) throw notFound();
  const flow = flowRecord(row);
  emitFlow(deps, actor.companyId, { action: "update", flow });
  return flow;
}

/** A copy with the same document, named "{name} - cópia" (cut to fit the name's limit). */
export async function duplicateFlow(deps: Deps, actor: AuthSession, id: number): Promise<FlowRecord> {
  const { companyId } = actor;
  const row = await deps.db.transaction(async (tx) => {
    // Held so the source's document and its media uses are copied as one.
    const source = await findFlow(tx, companyId, id, { lock: "key share" });
    if (!source) throw notFound();
    const copy = await insertFlow(tx, companyId, {
      name: duplicateFlowName(source.name),
      userId: actor.userId,
      flow: source.flow,
    });
    await copyFlowMediaUses(tx, companyId, source.id, copy.id);
    return copy;
  });
  const flow = flowRecord(row);
  emitFlow(deps, companyId, { action: "create", flow });
  return flow;
}

/**
 * Its phrase campaigns are deleted with it (each announced on the campaigns'
 * channel) and connections that started it on other messages forget it.
 * Queue integrations of type flowbuilder do not point at flows yet (issue 13).
 */
export async function removeFlow(deps: Deps, actor: AuthSession, id: number): Promise<void> {
  const { companyId } = actor;
  const deleted = await deps.db.transaction(async (tx) => {
    if (!(await findFlow(tx, companyId, id, { lock: "update" }))) return undefined;
    // The integrations that run it go with it (the list's delete warning): read under the lock.
    const integrationIds = await integrationIdsOfFlow(tx, companyId, id);
    // Its media uses go with it (cascade); the files go after the commit if no other flow has them.
    const media = await flowMediaUsedBy(tx, companyId, id);
    const campaignIds = await deleteFlow(tx, companyId, id);
    return campaignIds && { campaignIds, integrationIds, media };
  });
  if (!deleted) throw notFound();
  await removeUnusedFlowMedia(deps, companyId, deleted.media);
  emitFlow(deps, companyId, { action: "delete", flowId: id });
  for (const flowCampaignId of deleted.campaignIds) emitCampaign(deps, companyId, { action: "delete", flowCampaignId });
  for (const queueIntegrationId of deleted.integrationIds) {
    deps.realtime.toCompany(companyId, companyEvent.queueIntegration(companyId), {
      action: "delete",
      queueIntegrationId,
    });
  }
}

/** The document with its OpenAI nodes' keys masked (flow-keys.ts). */
export async function showFlowContent(deps: Deps, actor: AuthSession, id: number): Promise<FlowAnswer> {
  const row = await findFlow(deps.db, actor.companyId, id);
  if (!row) throw notFound();
  return { flow: { ...flowRecord(row), flow: maskFlowKeys(deps.secrets, row.flow) } };
}

/**
 * Replaces the flow's document; the shared FlowDocument schema has already checked it. Its keys
 * are sealed, a mask sent back keeping the key stored under it (held while saving). Its media
 * must be files the company uploaded through the builder (else ERR_VALIDATION unknownMedia at
 * the field); the files it no longer names are removed after the commit when no flow uses them.
 */
export async function saveFlowContent(deps: Deps, actor: AuthSession, document: FlowDocument): Promise<FlowAnswer> {
  const { companyId } = actor;
  const incoming = { nodes: document.nodes, connections: document.connections };
  const refs = flowMediaRefs(incoming);
  const names = [...new Set(refs.map((ref) => ref.name))];
  const saved = await deps.db.transaction(async (tx) => {
    const stored = await findFlow(tx, companyId, document.idFlow, { lock: "update" });
    if (!stored) return undefined;
    const owned = await ownedFlowMedia(tx, companyId, names);
    const unknown = refs.filter((ref) => !owned.has(ref.name));
    if (unknown.length > 0) {
      throw new AppError("ERR_VALIDATION", {
        fields: unknown.map((ref) => ({ path: ref.path, message: "unknownMedia" })),
      });
    }
    const content = sealFlowKeys(deps.secrets, incoming, stored.flow);
    const row = await updateFlow(tx, companyId, document.idFlow, { flow: content });
    const dropped = await replaceFlowMediaUses(tx, companyId, document.idFlow, names);
    return row && { row, content, dropped };
  });
  if (!saved) throw notFound();
  await removeUnusedFlowMedia(deps, companyId, saved.dropped);
  const flow = flowRecord(saved.row);
  emitFlow(deps, companyId, { action: "update", flow });
  return { flow: { ...flow, flow: maskFlowKeys(deps.secrets, saved.content) } };
}

// ---- Flow campaigns ----

export async function listCompanyFlowCampaigns(deps: Deps, actor: AuthSession): Promise<{ flow: FlowCampaign[] }> {
  return { flow: (await listFlowCampaigns(deps.db, actor.companyId)).map(flowCampaignRecord) };
}

export async function showFlowCampaign(deps: Deps, actor: AuthSession, id: number): Promise<FlowCampaign> {
  const row = await findFlowCampaign(deps.db, actor.companyId, id);
  if (!row) throw notFound();
  return flowCampaignRecord(row);
}

/** Another company's flow or connection is answered as missing, like the campaign itself. */
async function assertOwnReferences(tx: Executor, companyId: number, values: FlowCampaignValues) {
  if (!(await campaignReferencesOwned(tx, companyId, values))) throw notFound();
}

export async function createFlowCampaign(
  deps: Deps,
  actor: AuthSession,
  body: FlowCampaignBody,
): Promise<FlowCampaign> {
  const { companyId } = actor;
  const row = await deps.db.transaction(async (tx) => {
    await assertOwnReferences(tx, companyId, body);
    return insertFlowCampaign(tx, companyId, actor.userId, body);
  });
  const flowCampaign = flowCampaignRecord(row);
  emitCampaign(deps, companyId, { action: "create", flowCampaign });
  return flowCampaign;
}

export async function updateFlowCampaignById(
  deps: Deps,
  actor: AuthSession,
  body: FlowCampaignUpdateBody,
): Promise<FlowCampaign> {
  const { companyId } = actor;
  const { id, ...values } = body;
  const row = await deps.db.transaction(async (tx) => {
    await assertOwnReferences(tx, companyId, values);
    return updateFlowCampaign(tx, companyId, id, values);
  });
  if (!row) throw notFound();
  const flowCampaign = flowCampaignRecord(row);
  emitCampaign(deps, companyId, { action: "update", flowCampaign });
  return flowCampaign;
}

/** Document 2 section 6: the delete button follows the contacts delete permission. */
export async function removeFlowCampaign(deps: Deps, actor: AuthSession, id: number): Promise<void> {
  if (!hasPermission(actor, "contacts-page:deleteContact")) throw new AppError("ERR_NO_PERMISSION");
  if (!(await deleteFlowCampaign(deps.db, actor.companyId, id))) throw notFound();
  emitCampaign(deps, actor.companyId, { action: "delete", flowCampaignId: id });
}
