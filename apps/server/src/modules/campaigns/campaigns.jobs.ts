import { z } from "zod";
import type { AppContext } from "../../context.js";
import type { Executor } from "../../db/client.js";
import { defineJob } from "../../jobs/define.js";
import { dispatchRun, planCampaign, type RunOutcome } from "./campaigns.dispatch.js";
import { emitCampaign } from "./campaigns.events.js";
import {
  dispatchHolder,
  findCampaign,
  moveCampaignStatus,
  releaseDispatch,
  runningCampaigns,
  takeDispatch,
} from "./campaigns.repository.js";

const CampaignIds = z.object({ companyId: z.number().int().positive(), campaignId: z.number().int().positive() });
type CampaignIds = z.infer<typeof CampaignIds>;

/** Progress events of a running campaign: at most one a second (the report refetches on each). */
const PROGRESS_EVENT_MS = 1000;
/** A start job may arrive a little before its instant (clocks, polling): it still starts. */
const START_EARLY_MS = 1000;

/**
 * A campaign's dispatch runs. Each run schedules its successor as a delayed job ("short": a
 * second job written while one waits is dropped, so wake-ups never pile up). Runs of one
 * campaign take turns through campaigns.dispatch_job (takeDispatch), not through a pg-boss
 * policy: pg-boss's "stately" fetch skips keys by statistics cached for up to a minute, and a
 * 100,000-recipient campaign stood still 54 s at one hand-over. A run whose process died is
 * retried (same job id) once its heartbeat is missed, and takes back the rows it had claimed.
 */
export const dispatchCampaignJob = defineJob<CampaignIds>({
  name: "campaigns.dispatch-run",
  payload: CampaignIds,
  policy: "short",
  concurrency: 2,
  heartbeatSeconds: 10,
  retryLimit: 10,
  handler: (ctx, ids, job) => runDispatch(ctx, ids, job.id),
});

/**
 * Once a minute, every running campaign is given a wake-up: a campaign whose chain of runs was
 * broken (its retries used up, a queue renamed by an upgrade) resumes; for the others the
 * wake-up is dropped (a run already waits) or finds the campaign held and steps aside.
 */
export const resumeCampaignsJob = defineJob({
  name: "campaigns.resume",
  payload: z.object({}),
  cron: "* * * * *",
  handler: async (ctx) => {
    for (const ids of await runningCampaigns(ctx.db)) await scheduleDispatch(ctx, ids, new Date());
  },
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
 * Wakes this process's dispatch workers at `at`: workers find delayed jobs only when they poll,
 * and pacing holds to the second. The timer is only a nudge: lost in a restart, the poll still finds the job.
 */
function wakeDispatchAt(deps: Pick<AppContext, "jobs">, at: Date): void {
  setTimeout(() => deps.jobs.wake(dispatchCampaignJob), Math.max(0, at.getTime() - Date.now())).unref();
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

/** How soon a run that found the campaign held by another looks again (that run may be ending). */
const HELD_RETRY_MS = 2000;

async function runDispatch(ctx: AppContext, ids: CampaignIds, jobId: string): Promise<void> {
  const { companyId, campaignId } = ids;
  if (!(await holdDispatch(ctx, ids, jobId))) {
    const at = new Date(Date.now() + HELD_RETRY_MS);
    await scheduleDispatch(ctx, ids, at);
    wakeDispatchAt(ctx, at);
    return;
  }
  let lastEvent = 0;
  let outcome: RunOutcome;
  try {
    outcome = await dispatchRun(ctx, ids, async () => {
      if (Date.now() - lastEvent < PROGRESS_EVENT_MS) return;
      lastEvent = Date.now();
      await emitCampaign(ctx, companyId, campaignId, "update");
    });
  } finally {
    // Released before the successor is written, so the successor never finds it held by this run.
    await releaseDispatch(ctx.db, companyId, campaignId, jobId);
  }
  if (outcome.kind === "again") {
    await scheduleDispatch(ctx, ids, outcome.at);
    wakeDispatchAt(ctx, outcome.at);
    return;
  }
  await emitCampaign(ctx, companyId, campaignId, "update");
}

/** Takes the campaign's dispatch for this run, from nobody or from a holder pg-boss no longer runs. */
async function holdDispatch(ctx: AppContext, ids: CampaignIds, jobId: string): Promise<boolean> {
  const { companyId, campaignId } = ids;
  if (await takeDispatch(ctx.db, companyId, campaignId, jobId)) return true;
  const holder = await dispatchHolder(ctx.db, companyId, campaignId);
  if (holder && (await ctx.jobs.isActive(dispatchCampaignJob, holder))) return false;
  return takeDispatch(ctx.db, companyId, campaignId, jobId, holder ?? undefined);
}
