import { CAMPAIGN_REPORT_RELOAD_MS, type CampaignStatus } from "@atendo/shared";

/**
 * Ours: while a campaign runs its events come every second, and at 100k recipients the
 * report's GET is several MB, so its recipients are fetched again at most this often.
 * The counts follow every event meanwhile (the event carries them).
 */
export const REPORT_REFETCH_MS = 3000;

/**
 * How long after a live update the report fetches its recipients again: 5 s once the
 * campaign is FINALIZADA (document 2 section 4), else as soon as the throttle allows.
 */
export function refetchDelay(status: CampaignStatus, lastFetchAt: number, now: number): number {
  if (status === "FINALIZADA") return CAMPAIGN_REPORT_RELOAD_MS;
  return Math.max(0, lastFetchAt + REPORT_REFETCH_MS - now);
}
