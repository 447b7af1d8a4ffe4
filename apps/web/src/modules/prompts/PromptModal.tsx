import { PROMPT_MODELS, PROMPT_TEXT_MIN, PROMPT_VOICES, type Prompt, type PromptBody } from "@atendo/shared";
import { zodResolver } from "@hookform/resolvers/zod";
import { MenuItem, Stack, TextField } from "@mui/material";
import { useQuery } from "@tanstack/react-query";
import { useEffect } from "react";
import { Controller, type FieldError, type FieldErrors, useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { toast } from "react-toastify";
import { PasswordTextField, RecordDialog, type RecordFormProps, RecordFormShell } from "../../components";
import { fetchQueues, queuesKeys } from "../queues/queuesApi";
import { emptyPromptForm, PromptFormSchema, type PromptFormValues, toPromptForm, voiceName } from "./promptForm";
import { createPrompt, fetchPrompt, promptsKeys, updatePrompt } from "./promptsApi";

export interface PromptModalProps {
  open: boolean;
  /** The prompt to edit; null to add one. */
  promptId: number | null;
  onClose: () => void;
  onSaved: (prompt: Prompt) => void;
}

/** Add/edit dialog of a prompt (document 2, /prompts): every field of the form, the keys shown on demand. */
export function PromptModal({ open, promptId, onClose, onSaved }: PromptModalProps) {
  const { t } = useTranslation();
  return (
    <RecordDialog
      open={open}
      onClose={onClose}
      recordId={promptId}
      detailKey={promptsKeys.detail(promptId ?? 0)}
      fetchRecord={fetchPrompt}
      titleId="prompt-modal-title"
      titles={{ add: t("promptModal.title.add"), edit: t("promptModal.title.edit") }}
      successMessage={t("promptModal.success")}
      maxWidth="md"
      onSaved={onSaved}
    >
      {(form) => <PromptFormBody {...form} />}
    </RecordDialog>
  );
}

type Field = keyof PromptFormValues;

function PromptFormBody({ titleId, initial, onCancel, onBusyChange, submit }: RecordFormProps<Prompt>) {
  const { t, i18n } = useTranslation();
  const queues = useQuery({ queryKey: queuesKeys.list, queryFn: ({ signal }) => fetchQueues(signal) });
  const {
    register,
    control,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<PromptFormValues, unknown, PromptBody>({
    resolver: zodResolver(PromptFormSchema),
    defaultValues: initial ? toPromptForm(initial) : emptyPromptForm(),
  });
  useEffect(() => onBusyChange(isSubmitting), [isSubmitting, onBusyChange]);

  /** The field's own wording of a rule (the original's texts), else the dialog's, else the app's. */
  const message = (field: Field, error: FieldError | undefined): string | undefined => {
    if (!error?.message) return undefined;
    for (const key of [
      `promptModal.validation.${field}.${error.message}`,
      `promptModal.validation.${error.message}`,
      `validation.${error.message}`,
    ]) {
      if (i18n.exists(key)) return t(key);
    }
    return error.message;
  };

  // Submitting without a queue shows the spec's 'set queue' error as a toast too: the select may be out of view.
  const onInvalid = (fieldErrors: FieldErrors<PromptFormValues>) => {
    if (fieldErrors.queueId) toast.error(message("queueId", fieldErrors.queueId), { toastId: "prompt-set-queue" });
  };
  const onSubmit = handleSubmit(
    (body) => submit(() => (initial ? updatePrompt(initial.id, body) : createPrompt(body))),
    onInvalid,
  );

  const text = (field: Field, label: string, helper?: string) => ({
    ...register(field),
    id: `prompt-${field}`,
    label,
    fullWidth: true,
    autoComplete: "off",
    error: Boolean(errors[field]),
    helperText: message(field, errors[field]) ?? helper,
  });

  const select = (field: "queueId" | "model" | "voice", label: string, options: { value: string; label: string }[]) => (
    <Controller
      name={field}
      control={control}
      render={({ field: input }) => (
        <TextField
          select
          id={`prompt-${field}`}
          label={label}
          required
          fullWidth
          name={input.name}
          value={input.value}
          onChange={(event) => input.onChange(event.target.value)}
          onBlur={input.onBlur}
          inputRef={input.ref}
          error={Boolean(errors[field])}
          helperText={message(field, errors[field])}
          slotProps={{ select: { displayEmpty: field === "queueId" }, inputLabel: { shrink: true } }}
        >
          {options.map((option) => (
            <MenuItem key={option.value} value={option.value}>
              {option.label}
            </MenuItem>
          ))}
        </TextField>
      )}
    />
  );

  // A prompt's queue stays a choice even while the queue list loads or cannot be read.
  const queueOptions = (queues.data ?? []).map((queue) => ({ value: String(queue.id), label: queue.name }));
  if (initial?.queue && !queueOptions.some((option) => option.value === String(initial.queue?.id))) {
    queueOptions.push({ value: String(initial.queue.id), label: initial.queue.name });
  }
  const keyToggle = { show: t("promptModal.form.showKey"), hide: t("promptModal.form.hideKey") };
  const numberInput = (step: number, min: number, max?: number) => ({
    htmlInput: { type: "number", step, min, max, inputMode: step < 1 ? ("decimal" as const) : ("numeric" as const) },
  });

  return (
    <RecordFormShell
      titleId={titleId}
      onSubmit={onSubmit}
      onCancel={onCancel}
      submitting={isSubmitting}
      cancelLabel={t("promptModal.buttons.cancel")}
      submitLabel={initial ? t("promptModal.buttons.save") : t("promptModal.buttons.add")}
    >
      <Stack spacing={2}>
        <TextField {...text("name", t("promptModal.form.name"))} autoFocus required />
        <PasswordTextField
          {...text("apiKey", t("promptModal.form.apiKey"), initial ? t("promptModal.form.apiKeyHelp") : undefined)}
          required
          toggleLabels={keyToggle}
        />
        <TextField
          {...text("prompt", t("promptModal.form.prompt"), t("promptModal.form.promptHelp", { min: PROMPT_TEXT_MIN }))}
          required
          multiline
          rows={10}
        />
        <Stack direction={{ xs: "column", sm: "row" }} spacing={2}>
          {select("queueId", t("promptModal.form.queue"), [{ value: "", label: "" }, ...queueOptions])}
          {select(
            "model",
            t("promptModal.form.model"),
            PROMPT_MODELS.map((model) => ({ value: model, label: t(`promptModal.models.${model}`) })),
          )}
        </Stack>
        <Stack direction={{ xs: "column", sm: "row" }} spacing={2}>
          <TextField
            {...text("temperature", t("promptModal.form.temperature"), t("promptModal.form.temperatureHelp"))}
            required
            slotProps={numberInput(0.1, 0, 1)}
          />
          <TextField {...text("maxTokens", t("promptModal.form.maxTokens"))} required slotProps={numberInput(1, 1)} />
          <TextField
            {...text("maxMessages", t("promptModal.form.maxMessages"))}
            required
            slotProps={numberInput(1, 1)}
          />
        </Stack>
        <Stack direction={{ xs: "column", sm: "row" }} spacing={2}>
          {select(
            "voice",
            t("promptModal.form.voice"),
            PROMPT_VOICES.map((voice) => ({
              value: voice,
              label: voice === "texto" ? t("promptModal.form.voiceText") : voiceName(voice),
            })),
          )}
          <PasswordTextField {...text("voiceKey", t("promptModal.form.voiceKey"))} toggleLabels={keyToggle} />
          <TextField {...text("voiceRegion", t("promptModal.form.voiceRegion"))} />
        </Stack>
      </Stack>
    </RecordFormShell>
  );
}
