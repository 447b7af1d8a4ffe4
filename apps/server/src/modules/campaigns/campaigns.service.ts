import {
  type Campaign,
  type CampaignBody,
  type CampaignRecord,
  type CampaignsPage,
  type CampaignUpdateBody,
  campaignSavable,
  PAGE_SIZE,
} from "@atendo/shared";
import type { AppContext } from "../../context.js";
import type { Executor } from "../../db/client.js";
import type { AuthSession } from "../../http/auth.js";
import { AppError } from "../../http/errors.js";
import type { UploadedFile } from "../../media/upload.js";
import { detectUpload, UPLOAD_LIMIT_BY_KIND } from "../../media/upload.js";
import { contactListRecipients } from "../contact-lists/contact-lists.repository.js";
import { findWhatsapp } from "../whatsapps/whatsapps.repository.js";
import { planCampaign } from "./campaigns.dispatch.js";
import { emitCampaign, emitCampaignDeleted } from "./campaigns.events.js";
import { dispatchCampaignJob, scheduleDispatch, scheduleStart } from "./campaigns.jobs.js";
import {
  type CampaignChanges,
  type CampaignRow,
  campaignShippingRows,
  deleteCampaign,
  findCampaign,
  findListedCampaign,
  foreignReferenceMissing,
  insertCampaign,
  moveCampaignStatus,
  pageCampaigns,
  updateCampaign,
} from "./campaigns.repository.js";
import { campaignRecord, shippingRecord } from "./campaigns.serializers.js";

type Deps = Pick<AppContext, "db" | "media" | "realtime" | "log" | "jobs">;

const notFound = () => new AppError("ERR_NOT_FOUND");
const invalid = (path: string, message: string) => new AppError("ERR_VALIDATION", { fields: [{ path, message }] });

function asSavable(row: CampaignRow) {
  return { status: row.status, scheduledAt: row.scheduledAt?.toISOString() ?? null };
}

async function record(deps: Deps, companyId: number, id: number): Promise<CampaignRecord> {
  const listed = await findListedCampaign(deps.db, companyId, id);
  if (!listed) throw notFound();
  return campaignRecord(deps.media, listed);
}

export async function pageCompanyCampaigns(
  deps: Deps,
  actor: AuthSession,
  query: { searchParam: string; pageNumber: number },
): Promise<CampaignsPage> {
  const offset = (query.pageNumber - 1) * PAGE_SIZE;
  const { rows, count } = await pageCampaigns(deps.db, actor.companyId, {
    search: query.searchParam,
    limit: PAGE_SIZE,
    offset,
  });
  return {
    records: rows.map((row) => campaignRecord(deps.media, row)),
    count,
    hasMore: count > offset + rows.length,
  };
}

/** The campaign with every recipient (the report's table) and, for a list audience, the list's contacts. */
export async function showCampaign(deps: Deps, actor: AuthSession, id: number): Promise<Campaign> {
  const { companyId } = actor;
  const listed = await findListedCampaign(deps.db, companyId, id);
  if (!listed) throw notFound();
  const shipping = await campaignShippingRows(deps.db, companyId, id);
  const contacts = listed.contactList
    ? await contactListRecipients(deps.db, companyId, listed.contactList.id)
    : undefined;
  return {
    ...campaignRecord(deps.media, listed),
    shipping: shipping.map(shippingRecord),
    contactList:
      listed.contactList && contacts
        ? {
            ...listed.contactList,
            contacts: contacts.map(({ id: itemId, name, number, isWhatsappValid }) => ({
              id: itemId,
              name,
              number,
              isWhatsappValid,
            })),
          }
        : null,
  };
}

/** The body's fields as row changes; the form's tagListId is the tag column. */
function changesOf(body: CampaignUpdateBody): CampaignChanges {
  const changes: CampaignChanges = {};
  if (body.name !== undefined) changes.name = body.name;
  for (const key of ["message1", "message2", "message3", "message4", "message5"] as const) {
    if (body[key] !== undefined) changes[key] = body[key];
  }
  if (body.scheduledAt !== undefined) changes.scheduledAt = body.scheduledAt ? new Date(body.scheduledAt) : null;
  if (body.whatsappId !== undefined) changes.whatsappId = body.whatsappId;
  if (body.contactListId !== undefined) changes.contactListId = body.contactListId;
  if (body.tagListId !== undefined) changes.tagId = body.tagListId;
  if (body.fileListId !== undefined) changes.fileListId = body.fileListId;
  if (body.template !== undefined) changes.template = body.template;
  return changes;
}

/**
 * A campaign given a start needs what sending needs: a connection, an audience, and a
 * message or a media file. The ids are checked by their foreign keys and company below.
 */
function assertSendable(campaign: CampaignRow) {
  if (!campaign.whatsappId) throw invalid("body.whatsappId", "required");
  if (!campaign.contactListId && !campaign.tagId) throw invalid("body.contactListId", "required");
  const texts = [campaign.message1, campaign.message2, campaign.message3, campaign.message4, campaign.message5];
  // A template alone is a message too (a Cloud API campaign to customers outside the 24-hour window).
  if (!campaign.mediaPath && !campaign.template && texts.every((text) => !text.trim())) {
    throw invalid("body.message1", "required");
  }
}

/** The ids a body names belong to the caller's company (another company's answers as missing). */
async function assertOwnReferences(tx: Executor, companyId: number, row: CampaignRow) {
  const missing = await foreignReferenceMissing(tx, companyId, row);
  if (missing) throw invalid(missing, "notFound");
  // Templates are the WhatsApp Cloud API's: another provider could never send one.
  if (row.template && row.whatsappId && (await findWhatsapp(tx, companyId, row.whatsappId))?.provider !== "cloud") {
    throw invalid("body.template", "notOffered");
  }
}

/** INATIVA without a start, PROGRAMADA with one (its start job written with the row). */
async function applySchedule(deps: Deps, tx: Executor, row: CampaignRow): Promise<CampaignRow> {
  await assertOwnReferences(tx, row.companyId, row);
  if (!row.scheduledAt) {
    return (await updateCampaign(tx, row.companyId, row.id, { status: "INATIVA" })) ?? row;
  }
  assertSendable(row);
  await scheduleStart(deps, { companyId: row.companyId, campaignId: row.id }, row.scheduledAt, tx);
  return (await updateCampaign(tx, row.companyId, row.id, { status: "PROGRAMADA" })) ?? row;
}

export async function createCampaign(deps: Deps, actor: AuthSession, body: CampaignBody): Promise<CampaignRecord> {
  const { companyId } = actor;
  const id = await deps.db.transaction(async (tx) => {
    const row = await insertCampaign(tx, companyId, { ...changesOf(body), name: body.name, status: "INATIVA" });
    return (await applySchedule(deps, tx, row)).id;
  });
  const created = await record(deps, companyId, id);
  await emitCampaign(deps, companyId, id, "create");
  return created;
}

/**
 * Document 2 section 4: saved only while the form is editable (INATIVA, or PROGRAMADA more
 * than an hour ahead) or CANCELADA. A CANCELADA campaign keeps its status (restart sends it).
 */
export async function updateCampaignById(
  deps: Deps,
  actor: AuthSession,
  id: number,
  body: CampaignUpdateBody,
): Promise<CampaignRecord> {
  const { companyId } = actor;
  await deps.db.transaction(async (tx) => {
    const current = await findCampaign(tx, companyId, id, { lock: true });
    if (!current) throw notFound();
    if (!campaignSavable(asSavable(current), Date.now())) throw new AppError("ERR_CAMPAIGN_NOT_EDITABLE");
    const row = await updateCampaign(tx, companyId, id, changesOf(body));
    if (!row) throw notFound();
    if (row.status === "CANCELADA") await assertOwnReferences(tx, companyId, row);
    else await applySchedule(deps, tx, row);
  });
  const updated = await record(deps, companyId, id);
  await emitCampaign(deps, companyId, id, "update");
  return updated;
}

export async function removeCampaign(deps: Deps, actor: AuthSession, id: number): Promise<void> {
  const { companyId } = actor;
  const current = await findCampaign(deps.db, companyId, id);
  if (!current || !(await deleteCampaign(deps.db, companyId, id))) throw notFound();
  await removeFile(deps, current.mediaPath);
  emitCampaignDeleted(deps, companyId, id);
}

/** EM_ANDAMENTO → CANCELADA: the dispatcher stops before its next batch. */
export async function cancelCampaign(deps: Deps, actor: AuthSession, id: number): Promise<CampaignRecord> {
  const { companyId } = actor;
  if (!(await findCampaign(deps.db, companyId, id))) throw notFound();
  const moved = await moveCampaignStatus(deps.db, companyId, id, "EM_ANDAMENTO", { status: "CANCELADA" });
  if (!moved) throw new AppError("ERR_CAMPAIGN_INVALID_STATUS");
  const cancelled = await record(deps, companyId, id);
  await emitCampaign(deps, companyId, id, "update");
  return cancelled;
}

/**
 * CANCELADA → EM_ANDAMENTO: recipients the audience gained are added, everyone not yet
 * reached is spaced again from now, and dispatch resumes; nobody already reached is sent again.
 */
export async function restartCampaign(deps: Deps, actor: AuthSession, id: number): Promise<CampaignRecord> {
  const { companyId } = actor;
  await deps.db.transaction(async (tx) => {
    const current = await findCampaign(tx, companyId, id, { lock: true });
    if (!current) throw notFound();
    if (current.status !== "CANCELADA") throw new AppError("ERR_CAMPAIGN_INVALID_STATUS");
    assertSendable(current);
    const now = new Date();
    await planCampaign(deps, tx, current, now);
    await moveCampaignStatus(tx, companyId, id, "CANCELADA", { status: "EM_ANDAMENTO", completedAt: null });
    await scheduleDispatch(deps, { companyId, campaignId: id }, now, tx);
  });
  deps.jobs.wake(dispatchCampaignJob);
  const restarted = await record(deps, companyId, id);
  await emitCampaign(deps, companyId, id, "update");
  return restarted;
}

async function removeFile(deps: Deps, path: string | null) {
  if (!path) return;
  await deps.media.remove(path).catch((error: unknown) => deps.log.warn({ err: error, path }, "media remove failed"));
}

/** The campaign's media (the form's `file` part), typed by its bytes and held to its type's limit; only while the form may be saved. */
export async function attachCampaignMedia(
  deps: Deps,
  actor: AuthSession,
  id: number,
  upload: () => Promise<UploadedFile | undefined>,
): Promise<CampaignRecord> {
  const { companyId } = actor;
  const current = await findCampaign(deps.db, companyId, id);
  if (!current) throw notFound();
  if (!campaignSavable(asSavable(current), Date.now())) throw new AppError("ERR_CAMPAIGN_NOT_EDITABLE");
  // Read only once the campaign is found: another company's id answers 404 before any byte is taken.
  const file = await upload();
  if (!file || file.data.length === 0) throw invalid("body.file", "required");
  const type = await detectUpload(file.data, file.fileName);
  if (!type) throw invalid("body.file", "unsupportedType");
  const limit = UPLOAD_LIMIT_BY_KIND[type.kind];
  if (file.data.length > limit)
    throw new AppError("ERR_PAYLOAD_TOO_LARGE", { data: { kind: type.kind, maxBytes: limit } });
  const stored = await deps.media.save(companyId, { data: file.data, originalName: file.fileName });
  let previous: string | null = null;
  try {
    await deps.db.transaction(async (tx) => {
      const locked = await findCampaign(tx, companyId, id, { lock: true });
      if (!locked) throw notFound();
      if (!campaignSavable(asSavable(locked), Date.now())) throw new AppError("ERR_CAMPAIGN_NOT_EDITABLE");
      previous = locked.mediaPath;
      await updateCampaign(tx, companyId, id, { mediaPath: stored.path, mediaName: stored.name });
    });
  } catch (error) {
    await removeFile(deps, stored.path);
    throw error;
  }
  await removeFile(deps, previous);
  const updated = await record(deps, companyId, id);
  await emitCampaign(deps, companyId, id, "update");
  return updated;
}

export async function detachCampaignMedia(deps: Deps, actor: AuthSession, id: number): Promise<CampaignRecord> {
  const { companyId } = actor;
  let previous: string | null = null;
  await deps.db.transaction(async (tx) => {
    const locked = await findCampaign(tx, companyId, id, { lock: true });
    if (!locked) throw notFound();
    if (!campaignSavable(asSavable(locked), Date.now())) throw new AppError("ERR_CAMPAIGN_NOT_EDITABLE");
    previous = locked.mediaPath;
    await updateCampaign(tx, companyId, id, { mediaPath: null, mediaName: null });
  });
  await removeFile(deps, previous);
  const updated = await record(deps, companyId, id);
  await emitCampaign(deps, companyId, id, "update");
  return updated;
}
