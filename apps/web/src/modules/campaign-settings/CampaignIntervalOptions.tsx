import { type CampaignSettings, TOAST_DURATION_MS } from "@atendo/shared";
import { Divider, Stack, Typography } from "@mui/material";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { toast } from "react-toastify";
import { toastError } from "../../api/client";
import { usePlan } from "../../app/usePlan";
import { Loading } from "../../components";
import { CampaignIntervalFields, type IntervalKey, type Intervals } from "./CampaignIntervalFields";
import { campaignSettingsKey, saveCampaignSettings, useCampaignSettings } from "./campaignSettingsApi";

/**
 * The settings page's campaign intervals (document 1 section 2), for companies whose
 * plan has campaigns: each choice is saved at once, like the other options.
 */
export function CampaignIntervalOptions() {
  const plan = usePlan();
  return plan.data?.useCampaigns ? <IntervalOptions /> : null;
}

function IntervalOptions() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const settings = useCampaignSettings();

  const save = useMutation({
    mutationFn: (change: Partial<Intervals>) => saveCampaignSettings(change),
    // The select shows the choice at once; a failure puts the previous settings back.
    onMutate: async (change) => {
      await queryClient.cancelQueries({ queryKey: campaignSettingsKey });
      const previous = queryClient.getQueryData<CampaignSettings>(campaignSettingsKey);
      if (previous) queryClient.setQueryData<CampaignSettings>(campaignSettingsKey, { ...previous, ...change });
      return { previous };
    },
    onSuccess: (saved) => {
      queryClient.setQueryData(campaignSettingsKey, saved);
      toast.success(t("campaignSettings.toasts.updated"), { autoClose: TOAST_DURATION_MS });
    },
    onError: (error, _change, context) => {
      if (context?.previous) queryClient.setQueryData(campaignSettingsKey, context.previous);
      toastError(error);
    },
  });

  const onChange = <K extends IntervalKey>(key: K, value: Intervals[K]) => {
    if (settings.data?.[key] !== value) save.mutate({ [key]: value });
  };

  return (
    <Stack spacing={2}>
      <Divider />
      <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600 }}>
        {t("campaignSettings.intervals.settingsTitle")}
      </Typography>
      {settings.data ? <CampaignIntervalFields value={settings.data} onChange={onChange} size="small" /> : <Loading />}
    </Stack>
  );
}
