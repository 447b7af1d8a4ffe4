import { companyEvent } from "@atendo/shared";
import type { AppContext } from "../../context.js";
import { findListedCampaign } from "./campaigns.repository.js";
import { campaignRecord } from "./campaigns.serializers.js";

type Deps = Pick<AppContext, "db" | "media" | "realtime" | "log">;

/** After the commit: the campaign as it now is, to the company's sockets (a failure is only logged). */
export async function emitCampaign(deps: Deps, companyId: number, id: number, action: "create" | "update") {
  try {
    const listed = await findListedCampaign(deps.db, companyId, id);
    if (!listed) return;
    deps.realtime.toCompany(companyId, companyEvent.campaign(companyId), {
      action,
      campaign: campaignRecord(deps.media, listed),
    });
  } catch (error) {
    deps.log.error({ err: error, campaignId: id }, "campaign event failed");
  }
}

export function emitCampaignDeleted(deps: Pick<AppContext, "realtime">, companyId: number, id: number) {
  deps.realtime.toCompany(companyId, companyEvent.campaign(companyId), { action: "delete", campaignId: id });
}
