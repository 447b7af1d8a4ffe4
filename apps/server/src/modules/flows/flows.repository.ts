import { FLOW_CAMPAIGN_PHRASE_MAX, type FlowContent } from "@atendo/shared";
import { and, asc, count, eq, ilike, inArray, lt, notInArray, or, sql } from "drizzle-orm";
import type { Executor } from "../../db/client.js";
import { likePattern } from "../../db/errors.js";
import { flowCampaigns, flowMedia, flowMediaUses, flows, whatsapps } from "../../db/schema/index.js";

export type FlowRow = typeof flows.$inferSelect;
/** A flow without its document: what lists and events carry. */
export type FlowSummaryRow = Omit<FlowRow, "flow">;
export type FlowCampaignRow = typeof flowCampaigns.$inferSelect;
export type FlowCampaignValues = Pick<FlowCampaignRow, "name" | "flowId" | "whatsappId" | "phrase" | "status">;

const summary = {
  id: flows.id,
  companyId: flows.companyId,
  userId: flows.userId,
  name: flows.name,
  active: flows.active,
  createdAt: flows.createdAt,
  updatedAt: flows.updatedAt,
};

const ownFlow = (companyId: number, id: number) => and(eq(flows.companyId, companyId), eq(flows.id, id));
const ownCampaign = (companyId: number, id: number) =>
  and(eq(flowCampaigns.companyId, companyId), eq(flowCampaigns.id, id));

// ---- Flows ----

export async function pageFlows(
  db: Executor,
  companyId: number,
  page: { search: string; limit: number; offset: number },
): Promise<{ rows: FlowSummaryRow[]; count: number }> {
  const where = page.search
    ? and(eq(flows.companyId, companyId), ilike(flows.name, likePattern(page.search)))
    : eq(flows.companyId, companyId);
  const [rows, [total]] = await Promise.all([
    db
      .select(summary)
      .from(flows)
      .where(where)
      .orderBy(asc(flows.name), asc(flows.id))
      .limit(page.limit)
      .offset(page.offset),
    db.select({ value: count() }).from(flows).where(where),
  ]);
  return { rows, count: total?.value ?? 0 };
}

/** Tenant-scoped: another company's id is not found. `lock` holds the row until the transaction ends. */
export async function findFlow(
  db: Executor,
  companyId: number,
  id: number,
  options: { lock?: "update" | "key share" } = {},
): Promise<FlowRow | undefined> {
  const query = db.select().from(flows).where(ownFlow(companyId, id)).limit(1);
  const [row] = options.lock ? await query.for(options.lock) : await query;
  return row;
}

export async function insertFlow(
  db: Executor,
  companyId: number,
  values: { name: string; userId: number; flow: FlowContent | null },
): Promise<FlowSummaryRow> {
  const [row] = await db
    .insert(flows)
    .values({ companyId, ...values })
    .returning(summary);
  return row!;
}

export async function updateFlow(
  db: Executor,
  companyId: number,
  id: number,
  changes: { name?: string; flow?: FlowContent },
): Promise<FlowSummaryRow | undefined> {
  const [row] = await db
    .update(flows)
    .set({ ...changes, updatedAt: new Date() })
    .where(ownFlow(companyId, id))
    .returning(summary);
  return row;
}

/**
 * Deletes a flow; its phrase campaigns go with it and connections that start it
 * on other messages forget it (the foreign keys' cascade and set null).
 * Answers the ids of the campaigns removed, or undefined when there was no flow.
 */
export async function deleteFlow(db: Executor, companyId: number, id: number): Promise<number[] | undefined> {
  const campaigns = await db
    .select({ id: flowCampaigns.id })
    .from(flowCampaigns)
    .where(and(eq(flowCampaigns.companyId, companyId), eq(flowCampaigns.flowId, id)));
  const deleted = await db.delete(flows).where(ownFlow(companyId, id)).returning({ id: flows.id });
  return deleted.length > 0 ? campaigns.map((campaign) => campaign.id) : undefined;
}

// ---- Flow campaigns ----

export async function listFlowCampaigns(db: Executor, companyId: number): Promise<FlowCampaignRow[]> {
  return db.select().from(flowCampaigns).where(eq(flowCampaigns.companyId, companyId)).orderBy(asc(flowCampaigns.id));
}

export async function findFlowCampaign(
  db: Executor,
  companyId: number,
  id: number,
): Promise<FlowCampaignRow | undefined> {
  const [row] = await db.select().from(flowCampaigns).where(ownCampaign(companyId, id)).limit(1);
  return row;
}

/**
 * Whether the flow and the connection a campaign names are the company's. The rows
 * are held (key share) until the transaction ends, so neither can be deleted
 * between this check and the campaign's write.
 */
export async function campaignReferencesOwned(
  db: Executor,
  companyId: number,
  values: Pick<FlowCampaignValues, "flowId" | "whatsappId">,
): Promise<boolean> {
  const [flow] = await db
    .select({ id: flows.id })
    .from(flows)
    .where(ownFlow(companyId, values.flowId))
    .for("key share");
  const [whatsapp] = await db
    .select({ id: whatsapps.id })
    .from(whatsapps)
    .where(and(eq(whatsapps.companyId, companyId), eq(whatsapps.id, values.whatsappId)))
    .for("key share");
  return flow !== undefined && whatsapp !== undefined;
}

export async function insertFlowCampaign(
  db: Executor,
  companyId: number,
  userId: number,
  values: FlowCampaignValues,
): Promise<FlowCampaignRow> {
  const [row] = await db
    .insert(flowCampaigns)
    .values({ companyId, userId, ...values })
    .returning();
  return row!;
}

export async function updateFlowCampaign(
  db: Executor,
  companyId: number,
  id: number,
  values: FlowCampaignValues,
): Promise<FlowCampaignRow | undefined> {
  const [row] = await db
    .update(flowCampaigns)
    .set({ ...values, updatedAt: new Date() })
    .where(ownCampaign(companyId, id))
    .returning();
  return row;
}

export async function deleteFlowCampaign(db: Executor, companyId: number, id: number): Promise<boolean> {
  const rows = await db.delete(flowCampaigns).where(ownCampaign(companyId, id)).returning({ id: flowCampaigns.id });
  return rows.length > 0;
}

/**
 * The phrase campaign an inbound text starts on a connection: an active campaign
 * of an active flow whose phrase equals the text, trimmed and case-insensitively
 * (phrases are stored trimmed; the index is on lower(phrase)). When several
 * match, the oldest campaign wins.
 */
export async function findPhraseCampaign(
  db: Executor,
  companyId: number,
  whatsappId: number,
  text: string,
): Promise<FlowCampaignRow | undefined> {
  const phrase = text.trim();
  // No stored phrase is longer: a long message need not reach the database.
  if (!phrase || phrase.length > FLOW_CAMPAIGN_PHRASE_MAX) return undefined;
  const [row] = await db
    .select({ campaign: flowCampaigns })
    .from(flowCampaigns)
    .innerJoin(flows, and(eq(flows.id, flowCampaigns.flowId), eq(flows.companyId, companyId)))
    .where(
      and(
        eq(flowCampaigns.companyId, companyId),
        eq(flowCampaigns.whatsappId, whatsappId),
        sql`lower(${flowCampaigns.phrase}) = lower(${phrase})`,
        eq(flowCampaigns.status, true),
        eq(flows.active, true),
      ),
    )
    .orderBy(asc(flowCampaigns.id))
    .limit(1);
  return row?.campaign;
}

// ---- Flow media ----

/** Records files the builder's upload stored as the company's flow media. */
export async function insertFlowMedia(db: Executor, companyId: number, names: readonly string[]): Promise<void> {
  if (names.length === 0) return;
  await db
    .insert(flowMedia)
    .values(names.map((name) => ({ companyId, name })))
    .onConflictDoNothing();
}

/**
 * Which of these names are the company's flow media; the rows are held (key share) until the
 * transaction ends, so a file cannot be deleted between this check and the uses' write.
 */
export async function ownedFlowMedia(db: Executor, companyId: number, names: readonly string[]): Promise<Set<string>> {
  if (names.length === 0) return new Set();
  const rows = await db
    .select({ name: flowMedia.name })
    .from(flowMedia)
    .where(and(eq(flowMedia.companyId, companyId), inArray(flowMedia.name, [...names])))
    .for("key share");
  return new Set(rows.map((row) => row.name));
}

/** The flow media a flow's saved document names. */
export async function flowMediaUsedBy(db: Executor, companyId: number, flowId: number): Promise<string[]> {
  const rows = await db
    .select({ name: flowMediaUses.name })
    .from(flowMediaUses)
    .where(and(eq(flowMediaUses.companyId, companyId), eq(flowMediaUses.flowId, flowId)));
  return rows.map((row) => row.name);
}

/** The flow now names exactly these; answers the names it no longer uses. */
export async function replaceFlowMediaUses(
  db: Executor,
  companyId: number,
  flowId: number,
  names: readonly string[],
): Promise<string[]> {
  const ofFlow = and(eq(flowMediaUses.companyId, companyId), eq(flowMediaUses.flowId, flowId));
  const dropped = await db
    .delete(flowMediaUses)
    .where(names.length > 0 ? and(ofFlow, notInArray(flowMediaUses.name, [...names])) : ofFlow)
    .returning({ name: flowMediaUses.name });
  if (names.length > 0) {
    await db
      .insert(flowMediaUses)
      .values(names.map((name) => ({ companyId, flowId, name })))
      .onConflictDoNothing();
  }
  return dropped.map((row) => row.name);
}

/** A duplicate's document names the same files as its source. */
export async function copyFlowMediaUses(db: Executor, companyId: number, fromFlowId: number, toFlowId: number) {
  await db.execute(sql`
    insert into ${flowMediaUses} (company_id, flow_id, name)
    select company_id, ${toFlowId}, name from ${flowMediaUses}
    where company_id = ${companyId} and flow_id = ${fromFlowId}
    on conflict do nothing`);
}

/**
 * Deletes the company's flow media no flow uses any more among `names`, and those never used
 * that were uploaded before `unusedSince` (a builder closed without saving); answers the names
 * deleted, whose files the caller removes.
 */
export async function deleteUnusedFlowMedia(
  db: Executor,
  companyId: number,
  names: readonly string[],
  unusedSince: Date,
): Promise<string[]> {
  const unused = sql`not exists (select 1 from ${flowMediaUses} where ${flowMediaUses.companyId} = ${flowMedia.companyId} and ${flowMediaUses.name} = ${flowMedia.name})`;
  const candidates =
    names.length > 0
      ? or(inArray(flowMedia.name, [...names]), lt(flowMedia.createdAt, unusedSince))
      : lt(flowMedia.createdAt, unusedSince);
  const rows = await db
    .delete(flowMedia)
    .where(and(eq(flowMedia.companyId, companyId), candidates, unused))
    .returning({ name: flowMedia.name });
  return rows.map((row) => row.name);
}
