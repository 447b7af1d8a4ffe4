import {
  DIALOGFLOW_LANGUAGES,
  INTEGRATION_TYPES,
  type QueueIntegrationSaved,
  type QueueIntegrationTestAnswer,
  TOAST_DURATION_MS,
} from "@atendo/shared";
import { zodResolver } from "@hookform/resolvers/zod";
import KeyOutlinedIcon from "@mui/icons-material/KeyOutlined";
import ScienceOutlinedIcon from "@mui/icons-material/ScienceOutlined";
import { Alert, AlertTitle, Box, Button, MenuItem, Stack, TextField, Typography } from "@mui/material";
import { useQuery } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { Controller, type FieldError, useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { toast } from "react-toastify";
import { ApiError, errorMessage, toastError } from "../../api/client";
import {
  ConfirmationModal,
  RecordDialog,
  type RecordFormProps,
  RecordFormShell,
  useFieldMessage,
} from "../../components";
import {
  formValues,
  type IntegrationField,
  type IntegrationFormInput,
  type IntegrationFormValues,
  integrationFormSchema,
  isTestable,
  TYPE_FIELDS,
  testBody,
} from "./integrationForm";
import {
  createQueueIntegration,
  fetchAllFlows,
  fetchQueueIntegration,
  queueIntegrationsKeys,
  rotateSigningSecret,
  testQueueIntegration,
  updateQueueIntegration,
} from "./queueIntegrationsApi";

export interface QueueIntegrationModalProps {
  open: boolean;
  integrationId: number | null;
  onClose: () => void;
  onSaved: (saved: QueueIntegrationSaved) => void;
  /** A signing key was made while the dialog was open (a new one asked for): show it once. */
  onSigningSecret: (secret: string) => void;
}

/** Add/edit dialog of a queue integration: the type, the name and the type's own fields, with a test for bots. */
export function QueueIntegrationModal({
  open,
  integrationId,
  onClose,
  onSaved,
  onSigningSecret,
}: QueueIntegrationModalProps) {
  const { t } = useTranslation();
  return (
    <RecordDialog<QueueIntegrationSaved>
      open={open}
      onClose={onClose}
      recordId={integrationId}
      detailKey={queueIntegrationsKeys.detail(integrationId ?? 0)}
      fetchRecord={fetchQueueIntegration}
      titleId="queue-integration-title"
      titles={{ add: t("queueIntegrationModal.title.add"), edit: t("queueIntegrationModal.title.edit") }}
      successMessage={
        integrationId === null
          ? t("queueIntegrationModal.messages.addSuccess")
          : t("queueIntegrationModal.messages.editSuccess")
      }
      maxWidth="md"
      onSaved={onSaved}
    >
      {(form) => <IntegrationFormBody {...form} onSigningSecret={onSigningSecret} />}
    </RecordDialog>
  );
}

/** The error of a failed test, with the service's own reason when it gave one. */
function testFailure(error: unknown): string | undefined {
  const text = errorMessage(error);
  const reason = error instanceof ApiError ? (error.body as { message?: unknown } | undefined)?.message : undefined;
  return typeof reason === "string" && reason && reason !== text ? `${text} (${reason})` : text;
}

interface FormBodyProps extends RecordFormProps<QueueIntegrationSaved> {
  onSigningSecret: (secret: string) => void;
}

function IntegrationFormBody({ titleId, initial, onCancel, onBusyChange, submit, onSigningSecret }: FormBodyProps) {
  const { t } = useTranslation();
  const {
    register,
    control,
    handleSubmit,
    watch,
    getValues,
    trigger,
    formState: { errors, isSubmitting },
  } = useForm<IntegrationFormInput, unknown, IntegrationFormValues>({
    resolver: zodResolver(integrationFormSchema(initial !== null)),
    defaultValues: formValues(initial),
  });
  const type = watch("type");
  const shows = (field: IntegrationField) => TYPE_FIELDS[type].includes(field);
  const [testing, setTesting] = useState(false);
  const [testResult, setTestResult] = useState<QueueIntegrationTestAnswer | null>(null);
  const [rotating, setRotating] = useState(false);
  const flows = useQuery({
    queryKey: queueIntegrationsKeys.flows,
    queryFn: ({ signal }) => fetchAllFlows(signal),
    enabled: type === "flowbuilder",
  });

  useEffect(() => {
    onBusyChange(isSubmitting);
  }, [isSubmitting, onBusyChange]);
  // A result belongs to the type it was got for.
  // biome-ignore lint/correctness/useExhaustiveDependencies: cleared whenever the type changes
  useEffect(() => setTestResult(null), [type]);

  const message = useFieldMessage("queueIntegrationModal.validation", "validation");
  const busy = isSubmitting || testing;

  const onSubmit = handleSubmit((values) =>
    submit(() => (initial ? updateQueueIntegration(initial.id, values) : createQueueIntegration(values))),
  );

  /** The bot's test from the fields as they stand: only the fields it sends are checked first. */
  const runTest = async () => {
    if (!isTestable(type)) return;
    const fields: IntegrationField[] = type === "typebot" ? ["urlN8N", "typebotSlug"] : TYPE_FIELDS.dialogflow.slice();
    if (!(await trigger(fields))) return;
    setTesting(true);
    setTestResult(null);
    try {
      const answer = await testQueueIntegration(testBody(type, getValues(), initial?.id));
      setTestResult(answer);
      toast.success(t("queueIntegrationModal.messages.testSuccess"), { autoClose: TOAST_DURATION_MS });
    } catch (error) {
      const text = testFailure(error);
      if (text) toast.error(text, { autoClose: TOAST_DURATION_MS });
      else toastError(error);
    } finally {
      setTesting(false);
    }
  };

  const rotate = async () => {
    if (!initial) return;
    try {
      const { signingSecret } = await rotateSigningSecret(initial.id);
      onSigningSecret(signingSecret);
    } catch (error) {
      toastError(error);
    }
  };

  const text = (
    field: IntegrationField,
    options: { label?: string; hint?: string; rows?: number; number?: boolean } = {},
  ) => (
    <TextField
      {...register(field)}
      id={`queue-integration-${field}`}
      label={options.label ?? t(`queueIntegrationModal.form.${field}`)}
      fullWidth
      autoComplete="off"
      disabled={busy}
      multiline={options.rows !== undefined}
      minRows={options.rows}
      maxRows={options.rows === undefined ? undefined : options.rows * 2}
      type={options.number ? "number" : undefined}
      error={Boolean(errors[field])}
      helperText={message(errors[field] as FieldError | undefined) ?? options.hint}
      slotProps={options.number ? { htmlInput: { min: 0, step: 1 } } : undefined}
    />
  );

  const flowItems = flows.data ?? [];
  const storedMask = initial?.type === "dialogflow" ? initial.jsonContent : "";

  return (
    <>
      <RecordFormShell
        titleId={titleId}
        onSubmit={onSubmit}
        onCancel={onCancel}
        submitting={isSubmitting}
        cancelLabel={t("queueIntegrationModal.buttons.cancel")}
        submitLabel={initial ? t("queueIntegrationModal.buttons.okEdit") : t("queueIntegrationModal.buttons.okAdd")}
      >
        <Stack spacing={2}>
          <Stack direction={{ xs: "column", sm: "row" }} spacing={2}>
            <Controller
              control={control}
              name="type"
              render={({ field }) => (
                <TextField
                  {...field}
                  select
                  required
                  id="queue-integration-type"
                  label={t("queueIntegrationModal.form.type")}
                  disabled={busy}
                  error={Boolean(errors.type)}
                  helperText={message(errors.type)}
                  sx={{ minWidth: 220 }}
                >
                  {INTEGRATION_TYPES.map((item) => (
                    <MenuItem key={item} value={item}>
                      {t(`queueIntegration.types.${item}`)}
                    </MenuItem>
                  ))}
                </TextField>
              )}
            />
            <TextField
              {...register("name")}
              id="queue-integration-name"
              label={t("queueIntegrationModal.form.name")}
              autoFocus
              required
              fullWidth
              autoComplete="off"
              disabled={busy}
              error={Boolean(errors.name)}
              helperText={message(errors.name)}
            />
          </Stack>

          {shows("projectName") ? (
            <Stack direction={{ xs: "column", sm: "row" }} spacing={2}>
              {text("projectName")}
              <Controller
                control={control}
                name="language"
                render={({ field }) => (
                  <TextField
                    {...field}
                    select
                    required
                    id="queue-integration-language"
                    label={t("queueIntegrationModal.form.language")}
                    disabled={busy}
                    error={Boolean(errors.language)}
                    helperText={message(errors.language)}
                    sx={{ minWidth: 220 }}
                  >
                    {DIALOGFLOW_LANGUAGES.map((language) => (
                      <MenuItem key={language} value={language}>
                        {t(`queueIntegrationModal.form.languages.${language}`)}
                      </MenuItem>
                    ))}
                  </TextField>
                )}
              />
            </Stack>
          ) : null}
          {shows("jsonContent")
            ? text("jsonContent", {
                rows: 4,
                hint: storedMask
                  ? t("queueIntegrationModal.form.jsonContentStored", { mask: storedMask })
                  : t("queueIntegrationModal.form.jsonContentHint"),
              })
            : null}

          {shows("urlN8N")
            ? type === "typebot"
              ? text("urlN8N", {
                  label: t("queueIntegrationModal.form.typebotUrl"),
                  hint: t("queueIntegrationModal.form.typebotUrlHint"),
                })
              : text("urlN8N", { hint: t("queueIntegrationModal.form.urlN8NHint") })
            : null}
          {shows("typebotSlug") ? text("typebotSlug", { hint: t("queueIntegrationModal.form.typebotSlugHint") }) : null}
          {shows("typebotExpires") ? (
            <Stack direction={{ xs: "column", sm: "row" }} spacing={2}>
              {text("typebotExpires", { number: true })}
              {text("typebotDelayMessage", { number: true })}
            </Stack>
          ) : null}
          {shows("typebotKeywordFinish") ? (
            <Stack direction={{ xs: "column", sm: "row" }} spacing={2}>
              {text("typebotKeywordFinish")}
              {text("typebotKeywordRestart")}
            </Stack>
          ) : null}
          {shows("typebotUnknownMessage") ? text("typebotUnknownMessage", { rows: 2 }) : null}
          {shows("typebotRestartMessage") ? text("typebotRestartMessage", { rows: 2 }) : null}

          {shows("flowId") ? (
            <Controller
              control={control}
              name="flowId"
              render={({ field }) => (
                <TextField
                  {...field}
                  value={field.value ?? ""}
                  select
                  required
                  fullWidth
                  id="queue-integration-flowId"
                  label={t("queueIntegrationModal.form.flowId")}
                  disabled={busy || flows.isPending}
                  error={Boolean(errors.flowId) || flows.isError}
                  helperText={
                    message(errors.flowId as FieldError | undefined) ??
                    (flows.isError ? t("queueIntegrationModal.form.flowsUnavailable") : undefined)
                  }
                >
                  {flowItems.length === 0 ? (
                    <MenuItem value="" disabled>
                      {t("queueIntegrationModal.form.noFlows")}
                    </MenuItem>
                  ) : null}
                  {flowItems.map((flow) => (
                    <MenuItem key={flow.id} value={String(flow.id)}>
                      {flow.name}
                    </MenuItem>
                  ))}
                </TextField>
              )}
            />
          ) : null}

          {(type === "n8n" || type === "webhook") && initial?.hasSigningSecret ? (
            <Box sx={{ display: "flex", gap: 2, alignItems: "center", flexWrap: "wrap" }}>
              <Typography variant="body2" color="text.secondary" sx={{ flex: "1 1 280px" }}>
                {t("queueIntegrationModal.form.signingSecretSet")}
              </Typography>
              <Button
                variant="outlined"
                startIcon={<KeyOutlinedIcon />}
                onClick={() => setRotating(true)}
                disabled={busy}
              >
                {t("queueIntegrationModal.buttons.rotate")}
              </Button>
            </Box>
          ) : null}

          {isTestable(type) ? (
            <Box>
              <Button
                variant="outlined"
                startIcon={<ScienceOutlinedIcon />}
                onClick={() => void runTest()}
                disabled={busy}
              >
                {t("queueIntegrationModal.buttons.test")}
              </Button>
            </Box>
          ) : null}
          {testResult ? (
            <Alert severity="success" role="status">
              <AlertTitle>{t("queueIntegrationModal.test.title")}</AlertTitle>
              {testResult.reply.length === 0 ? t("queueIntegrationModal.test.empty") : null}
              {/* The bot's messages, one per paragraph. */}
              <Typography variant="body2" sx={{ whiteSpace: "pre-wrap" }} data-testid="integration-test-reply">
                {testResult.reply.join("\n\n")}
              </Typography>
              {testResult.intent ? (
                <Typography variant="caption" color="text.secondary">
                  {t("queueIntegrationModal.test.intent", { intent: testResult.intent })}
                </Typography>
              ) : null}
            </Alert>
          ) : null}
        </Stack>
      </RecordFormShell>
      <ConfirmationModal
        open={rotating}
        onClose={() => setRotating(false)}
        onConfirm={rotate}
        title={t("queueIntegrationModal.rotateConfirm.title")}
        confirmLabel={t("queueIntegrationModal.rotateConfirm.confirm")}
      >
        {t("queueIntegrationModal.rotateConfirm.message")}
      </ConfirmationModal>
    </>
  );
}
