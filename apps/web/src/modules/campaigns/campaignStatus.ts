import { type CampaignStatus, campaignSavable } from "@atendo/shared";

/** The status chip's colour. */
export const STATUS_COLORS = {
  INATIVA: "default",
  PROGRAMADA: "info",
  EM_ANDAMENTO: "warning",
  CANCELADA: "error",
  FINALIZADA: "success",
} as const satisfies Record<CampaignStatus, string>;

export type CampaignAction = "edit" | "view" | "cancel" | "restart" | "report" | "delete";

/**
 * A row's actions (document 2 section 4): edit while the form may be saved, else view it
 * read-only; cancel while running; restart once cancelled; the report and delete always.
 */
export function campaignActions(campaign: { status: CampaignStatus; scheduledAt: string | null }, now: number) {
  const actions: CampaignAction[] = [campaignSavable(campaign, now) ? "edit" : "view"];
  if (campaign.status === "EM_ANDAMENTO") actions.push("cancel");
  if (campaign.status === "CANCELADA") actions.push("restart");
  actions.push("report", "delete");
  return actions;
}
