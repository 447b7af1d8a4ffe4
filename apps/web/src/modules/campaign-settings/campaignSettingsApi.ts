import {
  type CampaignSettings,
  type CampaignSettingsBody,
  campaignSettingsFromRecords,
  companyEvent,
} from "@atendo/shared";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "../../api/client";
import { useSession } from "../../app/session";
import { useSocketEvent } from "../../realtime/socket";

export const campaignSettingsKey = ["campaign-settings"] as const;

/** The answer's JSON text values, read by the same rule as the server's (shared). */
export async function fetchCampaignSettings(signal?: AbortSignal): Promise<CampaignSettings> {
  return campaignSettingsFromRecords(await api.get("/campaign-settings", { signal }));
}

/** Saves the keys given (the others keep their values) and answers the whole settings. */
export async function saveCampaignSettings(settings: CampaignSettingsBody["settings"]): Promise<CampaignSettings> {
  return campaignSettingsFromRecords(await api.post("/campaign-settings", { body: { settings } }));
}

/** The company's campaign settings, kept in step with saves made elsewhere (another tab, another admin). */
export function useCampaignSettings() {
  const { user } = useSession();
  const queryClient = useQueryClient();
  useSocketEvent(user ? companyEvent.campaignSettings(user.companyId) : null, (payload) => {
    queryClient.setQueryData<CampaignSettings>(campaignSettingsKey, payload.settings);
  });
  return useQuery({ queryKey: campaignSettingsKey, queryFn: ({ signal }) => fetchCampaignSettings(signal) });
}
