import {
  FLOW_OPENAI_DEFAULT_VOICE,
  FLOW_OPENAI_VOICES,
  OpenAiNodeData,
  PROMPT_DEFAULTS,
  PROMPT_MODELS,
} from "@atendo/shared";
import { Grid, MenuItem, Stack, TextField } from "@mui/material";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { PasswordTextField } from "../../../components/PasswordTextField";
import { voiceLabel } from "../voices";
import { FlowDialog } from "./FlowDialog";
import { checkWith, type FieldErrors, numberOrUnset } from "./fieldErrors";
import type { NodeDialogProps } from "./types";

type Integration = NonNullable<NodeDialogProps<"openai">["initial"]>["typebotIntegration"];

/** The form's text of each field; numbers stay text until the schema reads them. */
interface OpenAiForm {
  name: string;
  apiKey: string;
  prompt: string;
  model: Integration["model"];
  voice: Integration["voice"];
  voiceKey: string;
  voiceRegion: string;
  temperature: string;
  maxTokens: string;
  maxMessages: string;
}

/** A new node's defaults (document 2 section 3): voice texto, temperature 1, 100 tokens, 10 messages; the prompts' default model. */
function formOf(initial: Integration | undefined): OpenAiForm {
  return {
    name: initial?.name ?? "",
    apiKey: initial?.apiKey ?? "",
    prompt: initial?.prompt ?? "",
    model: initial?.model ?? PROMPT_DEFAULTS.model,
    voice: initial?.voice ?? FLOW_OPENAI_DEFAULT_VOICE,
    voiceKey: initial?.voiceKey ?? "",
    voiceRegion: initial?.voiceRegion ?? "",
    temperature: String(initial?.temperature ?? PROMPT_DEFAULTS.temperature),
    maxTokens: String(initial?.maxTokens ?? PROMPT_DEFAULTS.maxTokens),
    maxMessages: String(initial?.maxMessages ?? PROMPT_DEFAULTS.maxMessages),
  };
}

/** An OpenAI node: name, API key (shown on demand), prompt, voice and the model's limits. */
export function OpenAiDialog({ mode, initial, onClose, onSave }: NodeDialogProps<"openai">) {
  const { t, i18n } = useTranslation();
  const [form, setForm] = useState(() => formOf(initial?.typebotIntegration));
  const [errors, setErrors] = useState<FieldErrors>({});

  const field = (name: keyof OpenAiForm) => ({
    value: form[name],
    onChange: (event: { target: { value: string } }) => {
      setForm((current) => ({ ...current, [name]: event.target.value }));
      setErrors((current) => ({ ...current, [name]: undefined }));
    },
    error: Boolean(errors[name]),
    helperText: errors[name],
    fullWidth: true,
  });

  const submit = () => {
    const integration = {
      name: form.name,
      // The original stores the name as the project's too when creating.
      projectName: initial?.typebotIntegration.projectName || form.name.trim(),
      apiKey: form.apiKey,
      prompt: form.prompt,
      model: form.model,
      voice: form.voice,
      voiceKey: form.voiceKey,
      voiceRegion: form.voiceRegion,
      temperature: numberOrUnset(form.temperature),
      maxTokens: numberOrUnset(form.maxTokens),
      maxMessages: numberOrUnset(form.maxMessages),
      queueId: initial?.typebotIntegration.queueId ?? null,
    };
    const checked = checkWith(OpenAiNodeData.shape.typebotIntegration, integration, t, (key) => i18n.exists(key));
    if (checked.errors) {
      setErrors(checked.errors);
      return false;
    }
    return () => onSave({ typebotIntegration: checked.data });
  };

  return (
    <FlowDialog
      open
      mode={mode}
      titleId="flow-openai-title"
      titles={{ create: t("flowBuilder.openai.titleCreate"), edit: t("flowBuilder.openai.titleEdit") }}
      submitLabels={{ create: t("flowBuilder.dialog.add"), edit: t("flowBuilder.dialog.edit") }}
      onClose={onClose}
      onSubmit={submit}
      maxWidth="md"
    >
      <Stack spacing={2}>
        <TextField {...field("name")} label={t("flowBuilder.openai.name")} autoFocus required />
        <PasswordTextField
          {...field("apiKey")}
          label={t("flowBuilder.openai.apiKey")}
          required
          autoComplete="off"
          toggleLabels={{ show: t("flowBuilder.openai.showKey"), hide: t("flowBuilder.openai.hideKey") }}
        />
        <TextField {...field("prompt")} label={t("flowBuilder.openai.prompt")} multiline rows={10} required />
        <Grid container spacing={2}>
          <Grid size={{ xs: 12, sm: 4 }}>
            <TextField {...field("model")} select id="flow-openai-model" label={t("flowBuilder.openai.model")}>
              {PROMPT_MODELS.map((model) => (
                <MenuItem key={model} value={model}>
                  {t(`flowBuilder.openai.models.${model}`)}
                </MenuItem>
              ))}
            </TextField>
          </Grid>
          <Grid size={{ xs: 12, sm: 4 }}>
            <TextField {...field("voice")} select id="flow-openai-voice" label={t("flowBuilder.openai.voice")}>
              {FLOW_OPENAI_VOICES.map((voice) => (
                <MenuItem key={voice} value={voice}>
                  {voiceLabel(voice, t)}
                </MenuItem>
              ))}
            </TextField>
          </Grid>
          <Grid size={{ xs: 12, sm: 4 }}>
            <TextField {...field("voiceKey")} label={t("flowBuilder.openai.voiceKey")} autoComplete="off" />
          </Grid>
          <Grid size={{ xs: 12, sm: 4 }}>
            <TextField {...field("voiceRegion")} label={t("flowBuilder.openai.voiceRegion")} />
          </Grid>
          <Grid size={{ xs: 12, sm: 4 }}>
            <TextField
              {...field("temperature")}
              label={t("flowBuilder.openai.temperature")}
              type="number"
              slotProps={{ htmlInput: { step: 0.1, min: 0 } }}
            />
          </Grid>
          <Grid size={{ xs: 12, sm: 4 }}>
            <TextField
              {...field("maxTokens")}
              label={t("flowBuilder.openai.maxTokens")}
              type="number"
              slotProps={{ htmlInput: { step: 1, min: 1 } }}
            />
          </Grid>
          <Grid size={{ xs: 12, sm: 4 }}>
            <TextField
              {...field("maxMessages")}
              label={t("flowBuilder.openai.maxMessages")}
              type="number"
              slotProps={{ htmlInput: { step: 1, min: 1 } }}
            />
          </Grid>
        </Grid>
      </Stack>
    </FlowDialog>
  );
}
