import type { ConnectionProvider, Whatsapp } from "@atendo/shared";
import { zodResolver } from "@hookform/resolvers/zod";
import AutorenewIcon from "@mui/icons-material/Autorenew";
import ContentCopyIcon from "@mui/icons-material/ContentCopy";
import {
  Alert,
  Box,
  FormControlLabel,
  FormHelperText,
  IconButton,
  InputAdornment,
  MenuItem,
  Stack,
  Switch,
  TextField,
  Tooltip,
  Typography,
} from "@mui/material";
import { useQuery } from "@tanstack/react-query";
import { type ReactNode, useEffect, useState } from "react";
import { Controller, useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import {
  QueueSelectField,
  RecordDialog,
  type RecordFormProps,
  RecordFormShell,
  useFieldMessage,
  withStoredQueues,
} from "../../components";
import { usePromptOptions } from "../prompts/promptsApi";
import { useQueueIntegrationOptions } from "../queue-integrations/useQueueIntegrationOptions";
import { ConnectionForm, emptyConnectionForm, generateToken, toConnectionForm, toWhatsappBody } from "./connectionForm";
import {
  connectionQueuesKey,
  createConnection,
  fetchConnection,
  fetchQueueOptions,
  updateConnection,
  whatsappDetailKey,
} from "./connectionsApi";

export interface WhatsappModalProps {
  open: boolean;
  onClose: () => void;
  /** The connection to edit; null to add one. */
  whatsappId: number | null;
  /** Providers this server runs; the simulator only when it is on. */
  providers: readonly ConnectionProvider[];
  onSaved?: (whatsapp: Whatsapp, created: boolean) => void;
}

/** Add/edit dialog with every connection field of document 1 section 3. */
export function WhatsappModal({ open, onClose, whatsappId, providers, onSaved }: WhatsappModalProps) {
  const { t } = useTranslation();
  return (
    <RecordDialog
      open={open}
      onClose={onClose}
      recordId={whatsappId}
      detailKey={whatsappDetailKey(whatsappId ?? 0)}
      fetchRecord={fetchConnection}
      titleId="whatsapp-modal-title"
      titles={{ add: t("whatsappModal.title.add"), edit: t("whatsappModal.title.edit") }}
      successMessage={t("whatsappModal.success")}
      maxWidth="md"
      onSaved={onSaved && ((saved) => onSaved(saved, whatsappId === null))}
    >
      {(form) => <ConnectionFormBody {...form} providers={providers} />}
    </RecordDialog>
  );
}

/** A read-only value with a copy button (the webhook URL and verify token Meta's app asks for). */
function CopyField({
  id,
  label,
  value,
  helperText,
}: {
  id: string;
  label: string;
  value: string;
  helperText?: string;
}) {
  const { t } = useTranslation();
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    await navigator.clipboard?.writeText(value).catch(() => undefined);
    setCopied(true);
    setTimeout(() => setCopied(false), 1500);
  };
  return (
    <TextField
      id={id}
      label={label}
      value={value}
      fullWidth
      helperText={helperText}
      slotProps={{
        htmlInput: { readOnly: true },
        input: {
          sx: { fontFamily: "monospace" },
          endAdornment: (
            <InputAdornment position="end">
              <Tooltip title={copied ? t("whatsappModal.cloud.copied") : t("whatsappModal.cloud.copy")}>
                <IconButton aria-label={`${t("whatsappModal.cloud.copy")}: ${label}`} onClick={copy} edge="end">
                  <ContentCopyIcon />
                </IconButton>
              </Tooltip>
            </InputAdornment>
          ),
        },
      }}
    />
  );
}

/** Without PUBLIC_URL the server answers the webhook's path: this page's origin completes it. */
const absoluteUrl = (url: string) => (url.startsWith("/") ? `${window.location.origin}${url}` : url);

/** Chosen queues show their colour with white text. */
const whiteOnQueueColor = (color: string) => ({ bgcolor: color, color: "#fff" });

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Box component="fieldset" sx={{ border: 0, p: 0, m: 0, minWidth: 0 }}>
      <Typography component="legend" variant="overline" color="text.secondary" sx={{ fontWeight: 700, mb: 1 }}>
        {title}
      </Typography>
      <Stack spacing={2}>{children}</Stack>
    </Box>
  );
}

interface FormBodyProps extends RecordFormProps<Whatsapp> {
  providers: readonly ConnectionProvider[];
}

function ConnectionFormBody({ titleId, initial, providers, onCancel, onBusyChange, submit }: FormBodyProps) {
  const { t } = useTranslation();
  const queues = useQuery({
    queryKey: connectionQueuesKey,
    queryFn: ({ signal }) => fetchQueueOptions(signal),
  });

  const {
    register,
    control,
    handleSubmit,
    setValue,
    watch,
    formState: { errors, isSubmitting },
  } = useForm<ConnectionForm>({
    resolver: zodResolver(ConnectionForm),
    defaultValues: initial ? toConnectionForm(initial) : emptyConnectionForm(),
  });
  useEffect(() => onBusyChange(isSubmitting), [isSubmitting, onBusyChange]);

  const fieldError = useFieldMessage("whatsappModal.validation", "validation");

  // A stored queue stays visible even when the queue list cannot be read.
  const queueOptions = withStoredQueues(queues.data, initial?.queues);
  const promptOptions = usePromptOptions(initial?.promptId);
  const integrationOptions = useQueueIntegrationOptions(initial?.integrationId);
  const providerOptions = [...providers];
  if (initial && !providerOptions.includes(initial.provider)) providerOptions.push(initial.provider);
  const provider = watch("provider");

  const onSubmit = handleSubmit((values) =>
    submit(() => {
      const body = toWhatsappBody(values);
      return initial ? updateConnection(initial.id, body) : createConnection(body);
    }),
  );

  const idSelect = (
    field: "transferQueueId" | "promptId" | "integrationId",
    label: string,
    options: { id: number; name: string }[],
  ) => (
    <Controller
      name={field}
      control={control}
      render={({ field: input }) => (
        <TextField
          select
          id={`whatsapp-${field}`}
          label={label}
          fullWidth
          name={input.name}
          value={input.value}
          onChange={(event) => input.onChange(event.target.value)}
          onBlur={input.onBlur}
          inputRef={input.ref}
          slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
        >
          <MenuItem value="">
            <em>{t("whatsappModal.form.none")}</em>
          </MenuItem>
          {options.map((option) => (
            <MenuItem key={option.id} value={String(option.id)}>
              {option.name}
            </MenuItem>
          ))}
        </TextField>
      )}
    />
  );

  const messageField = (
    field: "greetingMessage" | "complationMessage" | "outOfHoursMessage" | "ratingMessage" | "expiresInactiveMessage",
    helper?: string,
  ) => (
    <TextField
      {...register(field)}
      id={`whatsapp-${field}`}
      label={t(`whatsappModal.form.${field}`)}
      fullWidth
      multiline
      minRows={2}
      maxRows={6}
      error={Boolean(errors[field])}
      helperText={fieldError(errors[field]) ?? helper}
    />
  );

  const cloudField = (
    field: "cloudPhoneNumberId" | "cloudBusinessAccountId" | "cloudAccessToken" | "cloudAppSecret",
    label: string,
    secret = false,
  ) => (
    <TextField
      {...register(field)}
      id={`whatsapp-${field}`}
      label={label}
      fullWidth
      required={!secret || !initial?.cloud?.hasAccessToken}
      autoComplete="off"
      type={secret ? "password" : "text"}
      error={Boolean(errors[field])}
      helperText={fieldError(errors[field]) ?? (secret && initial?.cloud ? t("whatsappModal.cloud.kept") : undefined)}
      slotProps={secret ? undefined : { htmlInput: { inputMode: "numeric" } }}
    />
  );

  const minutesField = (
    field: "timeToTransfer" | "timeUseBotQueues" | "maxUseBotQueues" | "expiresTicket",
    helper?: string,
  ) => (
    <TextField
      {...register(field)}
      id={`whatsapp-${field}`}
      label={t(`whatsappModal.form.${field}`)}
      fullWidth
      inputMode="numeric"
      error={Boolean(errors[field])}
      helperText={fieldError(errors[field]) ?? helper}
      slotProps={{ htmlInput: { inputMode: "numeric", pattern: "[0-9]*" } }}
    />
  );

  return (
    <RecordFormShell
      titleId={titleId}
      onSubmit={onSubmit}
      onCancel={onCancel}
      submitting={isSubmitting}
      cancelLabel={t("whatsappModal.buttons.cancel")}
      submitLabel={initial ? t("whatsappModal.buttons.save") : t("whatsappModal.buttons.add")}
    >
      <Stack spacing={3}>
        <Section title={t("whatsappModal.sections.general")}>
          <Stack direction={{ xs: "column", sm: "row" }} spacing={2} sx={{ alignItems: { sm: "flex-start" } }}>
            <TextField
              {...register("name")}
              id="whatsapp-name"
              label={t("whatsappModal.form.name")}
              autoFocus
              required
              fullWidth
              autoComplete="off"
              error={Boolean(errors.name)}
              helperText={fieldError(errors.name)}
            />
            <Controller
              name="provider"
              control={control}
              render={({ field }) => (
                <TextField
                  select
                  id="whatsapp-provider"
                  label={t("whatsappModal.form.provider")}
                  fullWidth
                  name={field.name}
                  value={field.value}
                  onChange={(event) => field.onChange(event.target.value)}
                  onBlur={field.onBlur}
                  inputRef={field.ref}
                  helperText={provider === "simulator" ? t("whatsappModal.form.providerSimulatorHelp") : undefined}
                >
                  {providerOptions.map((option) => (
                    <MenuItem key={option} value={option}>
                      {t(`connections.providers.${option}`)}
                    </MenuItem>
                  ))}
                </TextField>
              )}
            />
          </Stack>
          <Controller
            name="isDefault"
            control={control}
            render={({ field }) => (
              <Box>
                <FormControlLabel
                  control={
                    <Switch
                      checked={field.value}
                      onChange={(event) => field.onChange(event.target.checked)}
                      name={field.name}
                      slotProps={{ input: { ref: field.ref } }}
                    />
                  }
                  label={t("whatsappModal.form.default")}
                />
                <FormHelperText sx={{ mt: 0 }}>{t("whatsappModal.form.defaultHelp")}</FormHelperText>
              </Box>
            )}
          />
        </Section>

        {provider === "cloud" && (
          <Section title={t("whatsappModal.cloud.section")}>
            <Typography variant="body2" color="text.secondary">
              {t("whatsappModal.cloud.help")}
            </Typography>
            {initial?.cloud?.statusReason && initial.status === "DISCONNECTED" && (
              <Alert severity="warning">
                {t("whatsappModal.cloud.reason", { reason: initial.cloud.statusReason })}
              </Alert>
            )}
            <Stack direction={{ xs: "column", sm: "row" }} spacing={2}>
              {cloudField("cloudPhoneNumberId", t("whatsappModal.cloud.phoneNumberId"))}
              {cloudField("cloudBusinessAccountId", t("whatsappModal.cloud.businessAccountId"))}
            </Stack>
            <Stack direction={{ xs: "column", sm: "row" }} spacing={2}>
              {cloudField("cloudAccessToken", t("whatsappModal.cloud.accessToken"), true)}
              {cloudField("cloudAppSecret", t("whatsappModal.cloud.appSecret"), true)}
            </Stack>
            {initial?.cloud ? (
              <Stack direction={{ xs: "column", sm: "row" }} spacing={2}>
                <CopyField
                  id="whatsapp-cloud-webhook-url"
                  label={t("whatsappModal.cloud.webhookUrl")}
                  value={absoluteUrl(initial.cloud.webhookUrl)}
                  helperText={t("whatsappModal.cloud.webhookHelp")}
                />
                <CopyField
                  id="whatsapp-cloud-verify-token"
                  label={t("whatsappModal.cloud.verifyToken")}
                  value={initial.cloud.verifyToken}
                />
              </Stack>
            ) : (
              <Alert severity="info">{t("whatsappModal.cloud.afterSave")}</Alert>
            )}
          </Section>
        )}

        <Section title={t("whatsappModal.sections.messages")}>
          {messageField("greetingMessage", t("whatsappModal.form.greetingHelp"))}
          {messageField("complationMessage")}
          {messageField("outOfHoursMessage")}
          {messageField("ratingMessage")}
        </Section>

        <Section title={t("whatsappModal.sections.routing")}>
          <Controller
            name="queueIds"
            control={control}
            render={({ field }) => (
              <QueueSelectField
                id="whatsapp-queues"
                label={t("whatsappModal.form.queues")}
                field={field}
                options={queueOptions}
                helperText={
                  queues.isSuccess && queueOptions.length === 0 ? t("whatsappModal.form.noQueues") : undefined
                }
                chipColors={whiteOnQueueColor}
              />
            )}
          />
          <Stack direction={{ xs: "column", sm: "row" }} spacing={2}>
            {idSelect("transferQueueId", t("whatsappModal.form.transferQueue"), queueOptions)}
            {minutesField("timeToTransfer", t("whatsappModal.form.transferHelp"))}
          </Stack>
        </Section>

        <Section title={t("whatsappModal.sections.automation")}>
          <Stack direction={{ xs: "column", sm: "row" }} spacing={2}>
            {minutesField("timeUseBotQueues")}
            {minutesField("maxUseBotQueues")}
          </Stack>
          <Stack direction={{ xs: "column", sm: "row" }} spacing={2}>
            {idSelect("promptId", t("whatsappModal.form.prompt"), promptOptions)}
            {idSelect("integrationId", t("whatsappModal.form.integration"), integrationOptions)}
          </Stack>
        </Section>

        <Section title={t("whatsappModal.sections.expiry")}>
          {minutesField("expiresTicket", t("whatsappModal.form.expiresTicketHelp"))}
          {messageField("expiresInactiveMessage")}
        </Section>

        <Section title={t("whatsappModal.sections.api")}>
          <TextField
            {...register("token")}
            id="whatsapp-token"
            label={t("whatsappModal.form.token")}
            fullWidth
            autoComplete="off"
            error={Boolean(errors.token)}
            helperText={fieldError(errors.token) ?? t("whatsappModal.form.tokenHelp")}
            slotProps={{
              input: {
                sx: { fontFamily: "monospace" },
                endAdornment: (
                  <InputAdornment position="end">
                    <Tooltip title={t("whatsappModal.form.generateToken")}>
                      <IconButton
                        aria-label={t("whatsappModal.form.generateToken")}
                        onClick={() => setValue("token", generateToken(), { shouldDirty: true, shouldValidate: true })}
                        edge="end"
                      >
                        <AutorenewIcon />
                      </IconButton>
                    </Tooltip>
                  </InputAdornment>
                ),
              },
            }}
          />
        </Section>
      </Stack>
    </RecordFormShell>
  );
}
