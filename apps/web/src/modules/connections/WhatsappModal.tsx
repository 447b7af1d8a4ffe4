import {
  type ConnectionProvider,
  FORM_SUBMIT_DELAY_MS,
  type QueueSummary,
  TOAST_DURATION_MS,
  type Whatsapp,
} from "@atendo/shared";
import { zodResolver } from "@hookform/resolvers/zod";
import AutorenewIcon from "@mui/icons-material/Autorenew";
import {
  Box,
  Button,
  Checkbox,
  Chip,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControlLabel,
  FormHelperText,
  IconButton,
  InputAdornment,
  ListItemText,
  MenuItem,
  Stack,
  Switch,
  TextField,
  Tooltip,
  Typography,
} from "@mui/material";
import { useQuery } from "@tanstack/react-query";
import { type ReactNode, useEffect, useRef } from "react";
import { Controller, type FieldError, useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { toast } from "react-toastify";
import { toastError } from "../../api/client";
import { Loading } from "../../components/Loading";
import { SubmitButton } from "../../components/SubmitButton";
import { ConnectionForm, emptyConnectionForm, generateToken, toConnectionForm, toWhatsappBody } from "./connectionForm";
import {
  connectionOptionKeys,
  createConnection,
  fetchConnection,
  fetchIntegrationOptions,
  fetchPromptOptions,
  fetchQueueOptions,
  type NamedOption,
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

const delay = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Add/edit dialog with every connection field of document 1 section 3. */
export function WhatsappModal({ open, onClose, whatsappId, providers, onSaved }: WhatsappModalProps) {
  const { t } = useTranslation();
  const editing = whatsappId !== null;
  const busy = useRef(false);
  const detail = useQuery({
    queryKey: whatsappDetailKey(whatsappId ?? 0),
    queryFn: ({ signal }) => fetchConnection(whatsappId!, signal),
    enabled: open && editing,
    // Always edit what the server has now.
    staleTime: 0,
    gcTime: 0,
  });
  const failed = open && editing && detail.isError;
  useEffect(() => {
    if (failed) onClose();
  }, [failed, onClose]);

  const close = () => {
    if (!busy.current) onClose();
  };
  const ready = !editing || (detail.isSuccess && !detail.isFetching);

  return (
    <Dialog open={open} onClose={close} maxWidth="md" fullWidth scroll="paper" aria-labelledby="whatsapp-modal-title">
      <DialogTitle id="whatsapp-modal-title">
        {editing ? t("whatsappModal.title.edit") : t("whatsappModal.title.add")}
      </DialogTitle>
      {ready ? (
        <ConnectionFormBody
          key={editing ? `edit-${whatsappId}` : "new"}
          initial={editing && detail.data ? detail.data : null}
          providers={providers}
          onCancel={close}
          onDone={onClose}
          onSaved={onSaved}
          onBusyChange={(value) => {
            busy.current = value;
          }}
        />
      ) : (
        <DialogContent dividers>
          <Loading />
        </DialogContent>
      )}
    </Dialog>
  );
}

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

interface FormBodyProps {
  initial: Whatsapp | null;
  providers: readonly ConnectionProvider[];
  onCancel: () => void;
  onDone: () => void;
  onSaved?: (whatsapp: Whatsapp, created: boolean) => void;
  onBusyChange: (busy: boolean) => void;
}

function ConnectionFormBody({ initial, providers, onCancel, onDone, onSaved, onBusyChange }: FormBodyProps) {
  const { t, i18n } = useTranslation();
  const queues = useQuery({
    queryKey: connectionOptionKeys.queues,
    queryFn: ({ signal }) => fetchQueueOptions(signal),
  });
  const prompts = useQuery({
    queryKey: connectionOptionKeys.prompts,
    queryFn: ({ signal }) => fetchPromptOptions(signal),
    meta: { silent: true },
  });
  const integrations = useQuery({
    queryKey: connectionOptionKeys.integrations,
    queryFn: ({ signal }) => fetchIntegrationOptions(signal),
    meta: { silent: true },
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

  const fieldError = (error: FieldError | undefined): string | undefined => {
    if (!error?.message) return undefined;
    for (const key of [`whatsappModal.validation.${error.message}`, `validation.${error.message}`]) {
      if (i18n.exists(key)) return t(key);
    }
    return error.message;
  };

  // A stored queue, prompt or integration stays visible even when its list cannot be read.
  const queueOptions: QueueSummary[] = [...(queues.data ?? [])];
  for (const queue of initial?.queues ?? []) {
    if (!queueOptions.some((option) => option.id === queue.id)) queueOptions.push(queue);
  }
  const withStored = (list: NamedOption[] | undefined, id: number | null | undefined): NamedOption[] => {
    const options = [...(list ?? [])];
    if (id && !options.some((option) => option.id === id)) options.push({ id, name: `#${id}` });
    return options;
  };
  const promptOptions = withStored(prompts.data, initial?.promptId);
  const integrationOptions = withStored(integrations.data, initial?.integrationId);
  const providerOptions = [...providers];
  if (initial && !providerOptions.includes(initial.provider)) providerOptions.push(initial.provider);
  const provider = watch("provider");

  const onSubmit = handleSubmit(async (values) => {
    try {
      const body = toWhatsappBody(values);
      const request = initial ? updateConnection(initial.id, body) : createConnection(body);
      // The button stays busy for at least the spec's submit delay, so a double click cannot resend.
      const [saved] = await Promise.all([request, delay(FORM_SUBMIT_DELAY_MS)]);
      toast.success(t("whatsappModal.success"), { autoClose: TOAST_DURATION_MS });
      onBusyChange(false);
      onSaved?.(saved, !initial);
      onDone();
    } catch (err) {
      toastError(err);
    }
  });

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
    <Box
      component="form"
      onSubmit={onSubmit}
      noValidate
      aria-labelledby="whatsapp-modal-title"
      sx={{ display: "flex", flexDirection: "column", flex: "1 1 auto", minHeight: 0 }}
    >
      <DialogContent dividers>
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
                <TextField
                  select
                  id="whatsapp-queues"
                  label={t("whatsappModal.form.queues")}
                  fullWidth
                  name={field.name}
                  value={field.value}
                  onChange={(event) => {
                    const value = event.target.value as unknown;
                    const ids = Array.isArray(value) ? value : String(value).split(",");
                    field.onChange(ids.map(Number).filter((id) => Number.isInteger(id) && id > 0));
                  }}
                  onBlur={field.onBlur}
                  inputRef={field.ref}
                  helperText={
                    queues.isSuccess && queueOptions.length === 0 ? t("whatsappModal.form.noQueues") : undefined
                  }
                  slotProps={{
                    select: {
                      multiple: true,
                      renderValue: (selected) => (
                        <Box sx={{ display: "flex", flexWrap: "wrap", gap: 0.5 }}>
                          {(selected as number[]).map((id) => {
                            const queue = queueOptions.find((option) => option.id === id);
                            return (
                              <Chip
                                key={id}
                                size="small"
                                label={queue?.name ?? `#${id}`}
                                sx={queue ? { bgcolor: queue.color, color: "#fff" } : undefined}
                              />
                            );
                          })}
                        </Box>
                      ),
                    },
                  }}
                >
                  {queueOptions.map((queue) => (
                    <MenuItem key={queue.id} value={queue.id}>
                      <Checkbox size="small" checked={field.value.includes(queue.id)} sx={{ mr: 1, p: 0.5 }} />
                      <Box
                        aria-hidden
                        sx={{ width: 12, height: 12, borderRadius: "50%", bgcolor: queue.color, mr: 1, flexShrink: 0 }}
                      />
                      <ListItemText primary={queue.name} />
                    </MenuItem>
                  ))}
                </TextField>
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
                          onClick={() =>
                            setValue("token", generateToken(), { shouldDirty: true, shouldValidate: true })
                          }
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
      </DialogContent>
      <DialogActions>
        <Button onClick={onCancel} color="inherit" disabled={isSubmitting}>
          {t("whatsappModal.buttons.cancel")}
        </Button>
        <SubmitButton submitting={isSubmitting}>
          {initial ? t("whatsappModal.buttons.save") : t("whatsappModal.buttons.add")}
        </SubmitButton>
      </DialogActions>
    </Box>
  );
}
