import { z } from "zod";
import type { AppContext } from "../../context.js";
import type { Executor } from "../../db/client.js";
import { defineJob } from "../../jobs/define.js";
import { type DispatchDeps, dispatchRun, planCampaign } from "./campaigns.dispatch.js";
import { emitCampaign } from "./campaigns.events.js";
import { findCampaign, moveCampaignStatus } from "./campaigns.repository.js";

const CampaignIds = z.object({ companyId: z.number().int().positive(), campaignId: z.number().int().positive() });
type CampaignIds = z.infer<typeof CampaignIds>;

/** Progress events of a running campaign: at most one a second (the report refetches on each). */
const PROGRESS_EVENT_MS = 1000;
/** A start job may arrive a little before its instant (clocks, polling): it still starts. */
const START_EARLY_MS = 1000;

/**
 * A campaign's dispatch runs, one at a time per campaign ("stately": one running and one
 * waiting per key, so a second wake-up while one waits is dropped). A run whose process died
 * is retried once its heartbeat is missed; it takes back the rows the dead run had claimed.
 */
export const dispatchCampaignJob = defineJob<CampaignIds>({
  name: "campaigns.dispatch",
  payload: CampaignIds,
  policy: "stately",
  concurrency: 2,
  heartbeatSeconds: 10,
  retryLimit: 10,
  handler: (ctx, ids) => runDispatch(ctx, ids),
});

/**
 * Starts a PROGRAMADA campaign at its scheduledAt: one job per instant the campaign was given;
 * a job whose instant is no longer the campaign's (moved, cancelled, already started) does nothing.
 */
export const startCampaignJob = defineJob<CampaignIds>({
  name: "campaigns.start",
  payload: CampaignIds,
  retryLimit: 5,
  handler: (ctx, ids) => startCampaign(ctx, ids),
});

/**
 * The next run at `at`: a delayed job (written in `tx` when given), and, because workers find
 * delayed jobs only when they poll, a wake-up of this process's workers at that instant so the
 * pacing holds to the second. The timer is only a nudge: lost in a restart, the poll still finds the job.
 */
export async function scheduleDispatch(
  deps: Pick<AppContext, "jobs">,
  ids: CampaignIds,
  at: Date,
  tx?: Executor,
): Promise<void> {
  await deps.jobs.enqueue(dispatchCampaignJob, ids, {
    runAt: at,
    singletonKey: `campaign:${ids.campaignId}`,
    ...(tx ? { tx } : {}),
  });
}

/**
 * A run's successor cannot start until the run itself is marked complete, which happens
 * just after its handler returns: a wake-up sooner than this would find it still held back.
 */
const AFTER_COMPLETE_MS = 100;

/** Wakes this process's dispatch workers at `at`, or just after the current run completes. */
function wakeDispatchAt(deps: Pick<AppContext, "jobs">, at: Date): void {
  const delay = Math.max(AFTER_COMPLETE_MS, at.getTime() - Date.now());
  setTimeout(() => deps.jobs.wake(dispatchCampaignJob), delay).unref();
}

export async function scheduleStart(
  deps: Pick<AppContext, "jobs">,
  ids: CampaignIds,
  at: Date,
  tx: Executor,
): Promise<void> {
  await deps.jobs.enqueue(startCampaignJob, ids, { runAt: at, tx });
}

async function startCampaign(ctx: AppContext, ids: CampaignIds): Promise<void> {
  const { companyId, campaignId } = ids;
  const started = await ctx.db.transaction(async (tx) => {
    const campaign = await findCampaign(tx, companyId, campaignId, { lock: true });
    if (campaign?.status !== "PROGRAMADA" || !campaign.scheduledAt) return false;
    if (campaign.scheduledAt.getTime() > Date.now() + START_EARLY_MS) return false;
    const now = new Date();
    await planCampaign(ctx, tx, campaign, now);
    await moveCampaignStatus(tx, companyId, campaignId, "PROGRAMADA", { status: "EM_ANDAMENTO" });
    await scheduleDispatch(ctx, ids, now, tx);
    return true;
  });
  if (!started) return;
  ctx.jobs.wake(dispatchCampaignJob);
  await emitCampaign(ctx, companyId, campaignId, "update");
}

async function runDispatch(ctx: AppContext, ids: CampaignIds): Promise<void> {
  const deps: DispatchDeps = ctx;
  let lastEvent = 0;
  const outcome = await dispatchRun(deps, ids, async () => {
    if (Date.now() - lastEvent < PROGRESS_EVENT_MS) return;
    lastEvent = Date.now();
    await emitCampaign(ctx, ids.companyId, ids.campaignId, "update");
  });
  if (outcome.kind === "again") {
    await scheduleDispatch(ctx, ids, outcome.at);
    wakeDispatchAt(ctx, outcome.at);
    return;
  }
  await emitCampaign(ctx, ids.companyId, ids.campaignId, "update");
}
