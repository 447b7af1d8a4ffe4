import { and, asc, count, desc, eq, ilike, isNull, or, type SQL, sql } from "drizzle-orm";
import type { Executor } from "../../db/client.js";
import { likePattern } from "../../db/errors.js";
import { campaignShippings, campaigns, contactLists, fileLists, tags, whatsapps } from "../../db/schema/index.js";
import { selectRows } from "../presence/presence.repository.js";

export type CampaignRow = typeof campaigns.$inferSelect;
export type CampaignChanges = Partial<Omit<typeof campaigns.$inferInsert, "id" | "companyId" | "createdAt">>;
export type ShippingRow = typeof campaignShippings.$inferSelect;

/** What lists and the live channel show beside the row: names of its list and connection, and its progress. */
export interface CampaignListed {
  campaign: CampaignRow;
  contactList: { id: number; name: string } | null;
  whatsapp: { id: number; name: string } | null;
  progress: { valid: number; delivered: number; failed: number };
}

const progressSql = {
  valid: sql<number>`(SELECT count(*)::int FROM ${campaignShippings} s WHERE s.company_id = ${campaigns.companyId} AND s.campaign_id = ${campaigns.id})`,
  delivered: sql<number>`(SELECT count(*)::int FROM ${campaignShippings} s WHERE s.company_id = ${campaigns.companyId} AND s.campaign_id = ${campaigns.id} AND s.delivered_at IS NOT NULL)`,
  failed: sql<number>`(SELECT count(*)::int FROM ${campaignShippings} s WHERE s.company_id = ${campaigns.companyId} AND s.campaign_id = ${campaigns.id} AND s.failed_at IS NOT NULL)`,
};

function listedSelect(db: Executor) {
  return db
    .select({
      campaign: campaigns,
      contactListName: contactLists.name,
      whatsappName: whatsapps.name,
      ...progressSql,
    })
    .from(campaigns)
    .leftJoin(contactLists, eq(contactLists.id, campaigns.contactListId))
    .leftJoin(whatsapps, eq(whatsapps.id, campaigns.whatsappId));
}

type ListedRaw = Awaited<ReturnType<ReturnType<typeof listedSelect>["where"]>>[number];

function toListed(row: ListedRaw): CampaignListed {
  const { campaign } = row;
  return {
    campaign,
    contactList:
      campaign.contactListId !== null && row.contactListName !== null
        ? { id: campaign.contactListId, name: row.contactListName }
        : null,
    whatsapp:
      campaign.whatsappId !== null && row.whatsappName !== null
        ? { id: campaign.whatsappId, name: row.whatsappName }
        : null,
    progress: { valid: row.valid, delivered: row.delivered, failed: row.failed },
  };
}

export async function pageCampaigns(
  db: Executor,
  companyId: number,
  query: { search: string; limit: number; offset: number },
): Promise<{ rows: CampaignListed[]; count: number }> {
  const where: SQL[] = [eq(campaigns.companyId, companyId)];
  if (query.search) where.push(ilike(campaigns.name, likePattern(query.search)));
  const rows = await listedSelect(db)
    .where(and(...where))
    .orderBy(desc(campaigns.id))
    .limit(query.limit)
    .offset(query.offset);
  const [total] = await db
    .select({ value: count() })
    .from(campaigns)
    .where(and(...where));
  return { rows: rows.map(toListed), count: total?.value ?? 0 };
}

export async function findListedCampaign(
  db: Executor,
  companyId: number,
  id: number,
): Promise<CampaignListed | undefined> {
  const [row] = await listedSelect(db)
    .where(and(eq(campaigns.companyId, companyId), eq(campaigns.id, id)))
    .limit(1);
  return row && toListed(row);
}

/** With `lock`, the row stays locked until the transaction ends: status changes are decided under it. */
export async function findCampaign(
  db: Executor,
  companyId: number,
  id: number,
  options: { lock?: boolean } = {},
): Promise<CampaignRow | undefined> {
  const query = db
    .select()
    .from(campaigns)
    .where(and(eq(campaigns.companyId, companyId), eq(campaigns.id, id)))
    .limit(1);
  const [row] = options.lock ? await query.for("update") : await query;
  return row;
}

export async function insertCampaign(
  db: Executor,
  companyId: number,
  values: Omit<typeof campaigns.$inferInsert, "companyId">,
): Promise<CampaignRow> {
  const [row] = await db
    .insert(campaigns)
    .values({ ...values, companyId })
    .returning();
  return row!;
}

export async function updateCampaign(
  db: Executor,
  companyId: number,
  id: number,
  changes: CampaignChanges,
): Promise<CampaignRow | undefined> {
  const [row] = await db
    .update(campaigns)
    .set({ ...changes, updatedAt: new Date() })
    .where(and(eq(campaigns.companyId, companyId), eq(campaigns.id, id)))
    .returning();
  return row;
}

/** Moves a campaign from one status to another; undefined when it was not in `from`. */
export async function moveCampaignStatus(
  db: Executor,
  companyId: number,
  id: number,
  from: CampaignRow["status"],
  changes: CampaignChanges & { status: CampaignRow["status"] },
): Promise<CampaignRow | undefined> {
  const [row] = await db
    .update(campaigns)
    .set({ ...changes, updatedAt: new Date() })
    .where(and(eq(campaigns.companyId, companyId), eq(campaigns.id, id), eq(campaigns.status, from)))
    .returning();
  return row;
}

export async function deleteCampaign(db: Executor, companyId: number, id: number): Promise<boolean> {
  const rows = await db
    .delete(campaigns)
    .where(and(eq(campaigns.companyId, companyId), eq(campaigns.id, id)))
    .returning({ id: campaigns.id });
  return rows.length > 0;
}

export async function campaignShippingRows(
  db: Executor,
  companyId: number,
  campaignId: number,
): Promise<ShippingRow[]> {
  return db
    .select()
    .from(campaignShippings)
    .where(and(eq(campaignShippings.companyId, companyId), eq(campaignShippings.campaignId, campaignId)))
    .orderBy(asc(campaignShippings.id));
}

/**
 * Writes the recipients a campaign does not have yet, due now until schedulePending spaces
 * them, in one statement from `audience` (a query of item, number, name and position from 1:
 * contact-lists' and tags' audience queries). The recipient at position k gets the filled
 * variants in turn, `filled[(k - 1) % n]`, so each is used as evenly as the audience allows
 * (with none filled, the media goes alone under variant 0). One row per number: the unique
 * index drops a number already planned or repeated in the audience.
 */
export async function insertAudience(
  db: Executor,
  companyId: number,
  campaignId: number,
  audience: SQL,
  filled: readonly number[],
): Promise<void> {
  const variants = filled.length > 0 ? filled : [0];
  await db.execute(sql`
    INSERT INTO campaign_shippings (company_id, campaign_id, contact_list_item_id, number, name, variant, send_at)
    SELECT ${companyId}, ${campaignId}, a.item, a.number, left(a.name, 100),
      (${sql.param([...variants])}::int[])[((a.position - 1) % ${variants.length}) + 1], now()
    FROM (${audience}) a
    ORDER BY a.position
    ON CONFLICT (company_id, campaign_id, number) DO NOTHING`);
}

/**
 * Gives every row still to send its due time, in row order from `start`: the k-th (from 0)
 * goes `offsetSeconds(k)` later (pacing.ts's rule, written again here as SQL so that 100,000
 * rows are spaced by one statement; pacing.test.ts holds the two equal).
 */
export async function schedulePending(
  db: Executor,
  companyId: number,
  campaignId: number,
  start: Date,
  pacing: { messageInterval: number; longerIntervalAfter: number; greaterInterval: number },
): Promise<void> {
  const m = pacing.messageInterval;
  const n = pacing.longerIntervalAfter;
  const g = pacing.greaterInterval;
  await db.execute(sql`
    UPDATE campaign_shippings s
    SET send_at = ${start.toISOString()}::timestamptz + make_interval(secs => (
      CASE WHEN ${n}::int > 0 AND o.k >= ${n}::int
        THEN (${n}::int - 1) * ${m}::int + (o.k - ${n}::int + 1) * ${g}::int
        ELSE o.k * ${m}::int END)), claimed_at = NULL, updated_at = now()
    FROM (
      SELECT id, (row_number() OVER (ORDER BY id) - 1)::int AS k
      FROM campaign_shippings
      WHERE company_id = ${companyId} AND campaign_id = ${campaignId} AND delivered_at IS NULL AND failed_at IS NULL
    ) o
    WHERE s.id = o.id`);
}

/**
 * Claims up to `limit` due rows of one campaign. The row locks (SKIP LOCKED) keep two
 * claimers off the same rows; the campaign's dispatch queue runs one run at a time, so a
 * row claimed before but never delivered belongs to a run that died, and is taken again.
 */
export async function claimDue(
  db: Executor,
  companyId: number,
  campaignId: number,
  limit: number,
): Promise<Pick<ShippingRow, "id" | "number" | "name" | "variant">[]> {
  const rows = await selectRows<{ id: number; number: string; name: string; variant: number }>(
    db,
    sql`
    UPDATE campaign_shippings SET claimed_at = now()
    WHERE id IN (
      SELECT id FROM campaign_shippings
      WHERE company_id = ${companyId} AND campaign_id = ${campaignId}
        AND delivered_at IS NULL AND failed_at IS NULL AND send_at <= now()
      ORDER BY send_at, id
      LIMIT ${limit}
      FOR UPDATE SKIP LOCKED
    )
    RETURNING id, number, name, variant`,
  );
  return rows.sort((a, b) => a.id - b.id);
}

/** When the next row still to send is due; undefined when none is left. */
export async function nextDue(db: Executor, companyId: number, campaignId: number): Promise<Date | undefined> {
  const [row] = await selectRows<{ at: string | Date | null }>(
    db,
    sql`SELECT min(send_at) AS at FROM campaign_shippings
    WHERE company_id = ${companyId} AND campaign_id = ${campaignId} AND delivered_at IS NULL AND failed_at IS NULL`,
  );
  const at = row?.at;
  return at ? new Date(at) : undefined;
}

export async function markDelivered(
  db: Executor,
  companyId: number,
  rows: readonly { id: number; message: string }[],
): Promise<void> {
  if (rows.length === 0) return;
  await db.execute(sql`
    UPDATE campaign_shippings s SET delivered_at = now(), message = v.message, updated_at = now()
    FROM unnest(${sql.param(rows.map((r) => r.id))}::int[], ${sql.param(rows.map((r) => r.message))}::text[]) AS v(id, message)
    WHERE s.company_id = ${companyId} AND s.id = v.id`);
}

/** Refused recipients, each with the sending path's ERR_* code saying why. */
export async function markFailed(
  db: Executor,
  companyId: number,
  rows: readonly { id: number; error: string }[],
): Promise<void> {
  if (rows.length === 0) return;
  await db.execute(sql`
    UPDATE campaign_shippings s SET failed_at = now(), error = v.error, updated_at = now()
    FROM unnest(${sql.param(rows.map((r) => r.id))}::int[], ${sql.param(rows.map((r) => r.error))}::text[]) AS v(id, error)
    WHERE s.company_id = ${companyId} AND s.id = v.id`);
}

/** The body path of the first id the row names that is not the company's own, if any. */
export async function foreignReferenceMissing(
  db: Executor,
  companyId: number,
  row: Pick<CampaignRow, "whatsappId" | "contactListId" | "tagId" | "fileListId">,
): Promise<string | undefined> {
  const checks = [
    { path: "body.whatsappId", table: whatsapps, id: row.whatsappId },
    { path: "body.contactListId", table: contactLists, id: row.contactListId },
    { path: "body.tagListId", table: tags, id: row.tagId },
    { path: "body.fileListId", table: fileLists, id: row.fileListId },
  ];
  for (const check of checks) {
    if (check.id === null) continue;
    const [found] = await db
      .select({ id: check.table.id })
      .from(check.table)
      .where(and(eq(check.table.id, check.id), eq(check.table.companyId, companyId)))
      .limit(1);
    if (!found) return check.path;
  }
  return undefined;
}

/**
 * Gives the campaign's dispatch to the run of pg-boss job `jobId`: when no run holds it, when
 * this job already does (its retry after a crash), or when `over` (a holder pg-boss no longer
 * runs) still does. False when another run holds it.
 */
export async function takeDispatch(
  db: Executor,
  companyId: number,
  campaignId: number,
  jobId: string,
  over?: string,
): Promise<boolean> {
  const rows = await db
    .update(campaigns)
    .set({ dispatchJob: jobId })
    .where(
      and(
        eq(campaigns.companyId, companyId),
        eq(campaigns.id, campaignId),
        or(
          isNull(campaigns.dispatchJob),
          eq(campaigns.dispatchJob, jobId),
          ...(over ? [eq(campaigns.dispatchJob, over)] : []),
        ),
      ),
    )
    .returning({ id: campaigns.id });
  return rows.length > 0;
}

/** The pg-boss job holding the campaign's dispatch, if any. */
export async function dispatchHolder(db: Executor, companyId: number, campaignId: number): Promise<string | null> {
  const [row] = await db
    .select({ job: campaigns.dispatchJob })
    .from(campaigns)
    .where(and(eq(campaigns.companyId, companyId), eq(campaigns.id, campaignId)));
  return row?.job ?? null;
}

export async function releaseDispatch(db: Executor, companyId: number, campaignId: number, jobId: string) {
  await db
    .update(campaigns)
    .set({ dispatchJob: null })
    .where(and(eq(campaigns.companyId, companyId), eq(campaigns.id, campaignId), eq(campaigns.dispatchJob, jobId)));
}

/** Every running campaign of every company: what the resume sweep looks at. */
export async function runningCampaigns(db: Executor): Promise<{ companyId: number; campaignId: number }[]> {
  return db
    .select({ companyId: campaigns.companyId, campaignId: campaigns.id })
    .from(campaigns)
    .where(eq(campaigns.status, "EM_ANDAMENTO"));
}
