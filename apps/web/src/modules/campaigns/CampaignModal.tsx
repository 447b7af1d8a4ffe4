import {
  CAMPAIGN_MESSAGE_KEYS,
  type CampaignRecord,
  campaignEditable,
  campaignSavable,
  UPLOAD_LIMITS_BYTES,
} from "@atendo/shared";
import { zodResolver } from "@hookform/resolvers/zod";
import AttachFileIcon from "@mui/icons-material/AttachFile";
import DeleteOutlineIcon from "@mui/icons-material/DeleteOutlined";
import {
  Alert,
  Box,
  Button,
  Chip,
  DialogActions,
  DialogContent,
  FormControlLabel,
  FormHelperText,
  Link,
  MenuItem,
  Radio,
  RadioGroup,
  Stack,
  Tab,
  Tabs,
  TextField,
  Typography,
} from "@mui/material";
import { useQuery } from "@tanstack/react-query";
import { type ChangeEvent, useEffect, useRef, useState } from "react";
import { Controller, type FieldError, useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { ApiError } from "../../api/client";
import { RecordDialog, type RecordFormProps, SubmitButton, useFieldMessage } from "../../components";
import { FormDateTimeField } from "../../components/FormDateTimeField";
import { mediaTooLarge, megabytes } from "../../utils/uploadLimits";
import { useCampaignSettings } from "../campaign-settings/campaignSettingsApi";
import { TemplatePicker } from "../cloud/TemplatePicker";
import {
  CampaignForm,
  type CampaignFormValues,
  formValues,
  messageVariables,
  requestBody,
  scheduleBody,
} from "./campaignForm";
import {
  campaignsKeys,
  createCampaign,
  fetchCampaign,
  fetchCampaignOptions,
  removeCampaignMedia,
  updateCampaign,
  uploadCampaignMedia,
} from "./campaignsApi";

export interface CampaignModalProps {
  open: boolean;
  campaignId: number | null;
  onClose: () => void;
  onSaved: (campaign: CampaignRecord) => void;
}

/** Add/edit dialog of a campaign; read-only once the edit rules say so (document 2 section 4). */
export function CampaignModal({ open, campaignId, onClose, onSaved }: CampaignModalProps) {
  const { t } = useTranslation();
  return (
    <RecordDialog<CampaignRecord>
      open={open}
      onClose={onClose}
      recordId={campaignId}
      detailKey={campaignsKeys.detail(campaignId ?? 0)}
      fetchRecord={fetchCampaign}
      titleId="campaign-title"
      titles={{ add: t("campaignModal.title.add"), edit: t("campaignModal.title.edit") }}
      successMessage={t("campaignModal.success")}
      maxWidth="md"
      onSaved={onSaved}
    >
      {(form) => <CampaignFormBody {...form} />}
    </RecordDialog>
  );
}

function CampaignFormBody({ titleId, initial, onCancel, onBusyChange, submit }: RecordFormProps<CampaignRecord>) {
  const { t } = useTranslation();
  const picker = useRef<HTMLInputElement>(null);
  // Once created, a retry after a failed upload updates that campaign instead of creating another.
  const saved = useRef<CampaignRecord | null>(initial);
  const [tab, setTab] = useState(0);
  const [mediaError, setMediaError] = useState<string | null>(null);
  const [now] = useState(() => Date.now());
  const editable = !initial || campaignEditable(initial, now);
  const savable = !initial || campaignSavable(initial, now);

  const options = useQuery({ queryKey: campaignsKeys.options, queryFn: ({ signal }) => fetchCampaignOptions(signal) });
  const settings = useCampaignSettings();
  const variables = messageVariables(settings.data?.variables ?? []);

  const {
    register,
    control,
    handleSubmit,
    getValues,
    setValue,
    watch,
    formState: { errors, isSubmitting },
  } = useForm<CampaignFormValues>({ resolver: zodResolver(CampaignForm), defaultValues: formValues(initial) });

  useEffect(() => {
    onBusyChange(isSubmitting);
  }, [isSubmitting, onBusyChange]);

  const message = useFieldMessage("campaignModal.validation", "validation");
  const audience = watch("audience");
  const file = watch("file");
  const mediaName = watch("mediaName");
  const disabled = !editable || isSubmitting;
  const messageKey = CAMPAIGN_MESSAGE_KEYS[tab] ?? "message1";

  const insertVariable = (variable: string) => {
    const text = getValues(messageKey);
    setValue(messageKey, text && !text.endsWith(" ") ? `${text} ${variable}` : `${text}${variable}`, {
      shouldDirty: true,
    });
  };

  const onPick = (event: ChangeEvent<HTMLInputElement>) => {
    const picked = event.target.files?.[0];
    event.target.value = "";
    if (!picked) return;
    const limit = mediaTooLarge(picked);
    if (limit !== null) {
      setValue("file", undefined);
      return void setMediaError(t("campaignModal.tooLarge", { size: megabytes(limit) }));
    }
    setMediaError(null);
    setValue("file", picked, { shouldDirty: true });
  };
  /** The server's refusal of the media, in the words of the spec's upload messages. */
  const uploadFailure = (error: unknown): unknown => {
    if (!(error instanceof ApiError)) return error;
    if (error.code === "ERR_PAYLOAD_TOO_LARGE") {
      const max = Number(error.data?.maxBytes) || UPLOAD_LIMITS_BYTES.video;
      return new Error(t("campaignModal.tooLarge", { size: megabytes(max) }));
    }
    const fields = (error.body as { fields?: { message: string }[] } | undefined)?.fields ?? [];
    if (fields.some((field) => field.message === "unsupportedType")) return new Error(t("campaignModal.unsupported"));
    return error;
  };

  // Saved in three steps so the start is written last: a campaign scheduled before its
  // media is uploaded could start without it.
  const onSubmit = handleSubmit((values) =>
    submit(async () => {
      const body = requestBody(values, connectionIsCloud);
      const target = saved.current;
      let campaign = target ? await updateCampaign(target.id, body) : await createCampaign(body);
      saved.current = campaign;
      if (values.file) {
        campaign = await uploadCampaignMedia(campaign.id, values.file).catch((error: unknown) => {
          throw uploadFailure(error);
        });
        setValue("file", undefined);
        setValue("mediaName", campaign.mediaName ?? "");
      } else if (!values.mediaName && campaign.mediaPath) {
        campaign = await removeCampaignMedia(campaign.id);
      }
      const schedule = scheduleBody(values);
      if (target || schedule.scheduledAt) campaign = await updateCampaign(campaign.id, schedule);
      return campaign;
    }),
  );

  const select = (
    name: "whatsappId" | "contactListId" | "tagListId" | "fileListId",
    items: { id: number; name: string }[],
  ) => (
    <Controller
      control={control}
      name={name}
      render={({ field }) => (
        <TextField
          {...field}
          select
          fullWidth
          id={`campaign-${name}`}
          label={t(`campaignModal.form.${name}`)}
          disabled={disabled}
          error={Boolean(errors[name])}
          helperText={message(errors[name])}
        >
          <MenuItem value="">{t("campaignModal.form.none")}</MenuItem>
          {items.map((item) => (
            <MenuItem key={item.id} value={String(item.id)}>
              {item.name}
            </MenuItem>
          ))}
        </TextField>
      )}
    />
  );

  const choices = options.data;
  const whatsappId = watch("whatsappId");
  // Only the WhatsApp Cloud API has templates (and the 24-hour window they are for).
  const connectionIsCloud =
    choices?.connections.find((connection) => String(connection.id) === whatsappId)?.provider === "cloud";

  return (
    <Box
      component="form"
      onSubmit={onSubmit}
      noValidate
      aria-labelledby={titleId}
      sx={{ display: "flex", flexDirection: "column", flex: "1 1 auto", minHeight: 0 }}
    >
      <DialogContent dividers>
        <Stack spacing={2}>
          {editable ? null : (
            <Alert severity="info">{savable ? t("campaignModal.readOnlySavable") : t("campaignModal.readOnly")}</Alert>
          )}
          <TextField
            {...register("name")}
            id="campaign-name"
            label={t("campaignModal.form.name")}
            autoFocus
            required
            fullWidth
            autoComplete="off"
            disabled={disabled}
            error={Boolean(errors.name)}
            helperText={message(errors.name)}
          />

          <Box>
            <Tabs
              value={tab}
              onChange={(_, value: number) => setTab(value)}
              variant="scrollable"
              aria-label={t("campaignModal.form.messages")}
            >
              {CAMPAIGN_MESSAGE_KEYS.map((key, index) => (
                <Tab
                  key={key}
                  label={t("campaignModal.form.messageTab", { number: index + 1 })}
                  sx={errors[key] ? { color: "error.main" } : undefined}
                />
              ))}
            </Tabs>
            <TextField
              key={messageKey}
              {...register(messageKey)}
              id={`campaign-${messageKey}`}
              label={t("campaignModal.form.message", { number: tab + 1 })}
              fullWidth
              multiline
              minRows={4}
              maxRows={10}
              disabled={disabled}
              error={Boolean(errors[messageKey])}
              helperText={message(errors[messageKey])}
              sx={{ mt: 1.5 }}
            />
            <Stack direction="row" sx={{ flexWrap: "wrap", gap: 0.75, mt: 1, alignItems: "center" }}>
              <Typography variant="caption" color="text.secondary">
                {t("campaignModal.form.variables")}
              </Typography>
              {variables.map((variable) => (
                <Chip
                  key={variable}
                  size="small"
                  variant="outlined"
                  label={variable}
                  disabled={disabled}
                  onClick={() => insertVariable(variable)}
                />
              ))}
            </Stack>
          </Box>

          {choices ? (
            <>
              {select("whatsappId", choices.connections)}
              {connectionIsCloud && (
                <Box data-testid="campaign-template">
                  <Controller
                    control={control}
                    name="template"
                    render={({ field }) => (
                      <TemplatePicker
                        whatsappId={Number(whatsappId)}
                        value={field.value}
                        onChange={field.onChange}
                        optional
                        disabled={disabled}
                        helperText={t("conversation.templates.outsideWindowHelp")}
                        variableHint={t("conversation.templates.variableHint")}
                      />
                    )}
                  />
                  {errors.template && <FormHelperText error>{message(errors.template as FieldError)}</FormHelperText>}
                </Box>
              )}
              <Box>
                <Controller
                  control={control}
                  name="audience"
                  render={({ field }) => (
                    <RadioGroup row {...field} aria-label={t("campaignModal.form.audience")}>
                      <FormControlLabel
                        value="contactList"
                        control={<Radio size="small" />}
                        label={t("campaignModal.form.audienceList")}
                        disabled={disabled}
                      />
                      <FormControlLabel
                        value="tag"
                        control={<Radio size="small" />}
                        label={t("campaignModal.form.audienceTag")}
                        disabled={disabled}
                      />
                    </RadioGroup>
                  )}
                />
                {audience === "tag" ? select("tagListId", choices.tags) : select("contactListId", choices.contactLists)}
              </Box>
              {select("fileListId", choices.fileLists)}
            </>
          ) : null}

          <FormDateTimeField
            name="scheduledAt"
            control={control}
            kind="dateTime"
            id="campaign-scheduledAt"
            label={t("campaignModal.form.scheduledAt")}
            fullWidth
            disabled={disabled}
            error={Boolean(errors.scheduledAt)}
            helperText={message(errors.scheduledAt) ?? t("campaignModal.form.scheduledAtHint")}
          />

          <Box>
            <Typography variant="subtitle2" component="h2" sx={{ mb: 1 }}>
              {t("campaignModal.form.media")}
            </Typography>
            <Stack direction="row" spacing={1.5} sx={{ alignItems: "center", flexWrap: "wrap" }}>
              <Button
                variant="outlined"
                startIcon={<AttachFileIcon />}
                onClick={() => picker.current?.click()}
                disabled={disabled}
              >
                {file || mediaName ? t("campaignModal.form.replaceMedia") : t("campaignModal.form.chooseMedia")}
              </Button>
              <Typography variant="body2" data-testid="campaign-media-name" sx={{ wordBreak: "break-all" }}>
                {file ? (
                  t("campaignModal.form.toUpload", { name: file.name })
                ) : mediaName && initial?.mediaPath ? (
                  <Link href={initial.mediaPath} target="_blank" rel="noopener">
                    {mediaName}
                  </Link>
                ) : (
                  <Typography component="span" variant="body2" color="text.secondary">
                    {t("campaignModal.form.noMedia")}
                  </Typography>
                )}
              </Typography>
              {file || mediaName ? (
                <Button
                  color="inherit"
                  size="small"
                  startIcon={<DeleteOutlineIcon />}
                  disabled={disabled}
                  onClick={() => {
                    setValue("file", undefined);
                    setValue("mediaName", "");
                  }}
                >
                  {t("campaignModal.form.removeMedia")}
                </Button>
              ) : null}
            </Stack>
            {mediaError ? (
              <Typography variant="caption" color="error" role="alert">
                {mediaError}
              </Typography>
            ) : null}
            <input ref={picker} type="file" hidden onChange={onPick} data-testid="campaign-media-input" />
          </Box>
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onCancel} color="inherit" disabled={isSubmitting}>
          {savable ? t("campaignModal.buttons.cancel") : t("campaignModal.buttons.close")}
        </Button>
        {savable ? (
          <SubmitButton submitting={isSubmitting}>
            {initial ? t("campaignModal.buttons.save") : t("campaignModal.buttons.add")}
          </SubmitButton>
        ) : null}
      </DialogActions>
    </Box>
  );
}
