import type { FlowCampaign } from "@atendo/shared";
import { zodResolver } from "@hookform/resolvers/zod";
import { FormControlLabel, MenuItem, Stack, Switch, TextField } from "@mui/material";
import { useQuery } from "@tanstack/react-query";
import { useEffect } from "react";
import { Controller, useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { RecordDialog, type RecordFormProps, RecordFormShell, useFieldMessage } from "../../components";
import { FlowCampaignForm, type FlowCampaignFormValues, formValues, requestBody } from "./flowCampaignForm";
import {
  createFlowCampaign,
  fetchFlowCampaign,
  fetchFlowCampaignOptions,
  flowCampaignsKeys,
  updateFlowCampaign,
} from "./flowCampaignsApi";

export interface FlowCampaignModalProps {
  open: boolean;
  campaignId: number | null;
  onClose: () => void;
  onSaved: (campaign: FlowCampaign) => void;
}

/** Add/edit dialog of a phrase campaign: name, flow, connection and phrase; the status switch when editing. */
export function FlowCampaignModal({ open, campaignId, onClose, onSaved }: FlowCampaignModalProps) {
  const { t } = useTranslation();
  return (
    <RecordDialog<FlowCampaign>
      open={open}
      onClose={onClose}
      recordId={campaignId}
      detailKey={flowCampaignsKeys.detail(campaignId ?? 0)}
      fetchRecord={fetchFlowCampaign}
      titleId="flow-campaign-title"
      titles={{ add: t("flowCampaignModal.title.add"), edit: t("flowCampaignModal.title.edit") }}
      successMessage={campaignId === null ? t("phraseLists.toasts.created") : t("phraseLists.toasts.updated")}
      maxWidth="sm"
      onSaved={onSaved}
    >
      {(form) => <FlowCampaignFormBody {...form} />}
    </RecordDialog>
  );
}

type SelectName = "flowId" | "whatsappId";

function FlowCampaignFormBody({ titleId, initial, onCancel, onBusyChange, submit }: RecordFormProps<FlowCampaign>) {
  const { t } = useTranslation();
  const options = useQuery({
    queryKey: flowCampaignsKeys.options,
    queryFn: ({ signal }) => fetchFlowCampaignOptions(signal),
  });
  const {
    register,
    control,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<FlowCampaignFormValues>({ resolver: zodResolver(FlowCampaignForm), defaultValues: formValues(initial) });

  useEffect(() => {
    onBusyChange(isSubmitting);
  }, [isSubmitting, onBusyChange]);

  const message = useFieldMessage("flowCampaignModal.validation", "validation");

  const onSubmit = handleSubmit((values) =>
    submit(() => {
      const body = requestBody(values);
      return initial ? updateFlowCampaign({ ...body, id: initial.id }) : createFlowCampaign(body);
    }),
  );

  const select = (name: SelectName, items: { id: number; name: string }[], emptyKey: string) => (
    <Controller
      control={control}
      name={name}
      render={({ field }) => (
        <TextField
          {...field}
          select
          required
          fullWidth
          id={`flow-campaign-${name}`}
          label={t(`flowCampaignModal.form.${name}`)}
          disabled={isSubmitting || options.isPending}
          error={Boolean(errors[name])}
          helperText={message(errors[name])}
        >
          {items.length === 0 ? (
            <MenuItem value="" disabled>
              {t(`flowCampaignModal.form.${emptyKey}`)}
            </MenuItem>
          ) : null}
          {items.map((item) => (
            <MenuItem key={item.id} value={String(item.id)}>
              {item.name}
            </MenuItem>
          ))}
        </TextField>
      )}
    />
  );

  return (
    <RecordFormShell
      titleId={titleId}
      onSubmit={onSubmit}
      onCancel={onCancel}
      submitting={isSubmitting}
      cancelLabel={t("flowCampaignModal.buttons.cancel")}
      submitLabel={initial ? t("flowCampaignModal.buttons.save") : t("flowCampaignModal.buttons.add")}
    >
      <Stack spacing={2}>
        <TextField
          {...register("name")}
          id="flow-campaign-name"
          label={t("flowCampaignModal.form.name")}
          autoFocus
          required
          fullWidth
          autoComplete="off"
          disabled={isSubmitting}
          error={Boolean(errors.name)}
          helperText={message(errors.name)}
        />
        {select("flowId", options.data?.flows ?? [], "noFlows")}
        {select("whatsappId", options.data?.connections ?? [], "noConnections")}
        <TextField
          {...register("phrase")}
          id="flow-campaign-phrase"
          label={t("flowCampaignModal.form.phrase")}
          required
          fullWidth
          autoComplete="off"
          disabled={isSubmitting}
          error={Boolean(errors.phrase)}
          helperText={message(errors.phrase) ?? t("flowCampaignModal.form.phraseHint")}
        />
        {initial ? (
          <Controller
            control={control}
            name="status"
            render={({ field }) => (
              <FormControlLabel
                label={t(field.value ? "phraseLists.status.active" : "phraseLists.status.inactive")}
                control={
                  <Switch
                    slotProps={{ input: { "aria-label": t("flowCampaignModal.form.status") } }}
                    checked={field.value}
                    onChange={(event) => field.onChange(event.target.checked)}
                    onBlur={field.onBlur}
                    disabled={isSubmitting}
                  />
                }
              />
            )}
          />
        ) : null}
      </Stack>
    </RecordFormShell>
  );
}
