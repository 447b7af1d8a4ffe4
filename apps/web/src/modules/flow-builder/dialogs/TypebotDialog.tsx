import { TYPEBOT_DEFAULTS, TypebotNodeData } from "@atendo/shared";
import { Grid, Stack, TextField } from "@mui/material";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { FlowDialog } from "./FlowDialog";
import { checkWith, type FieldErrors, numberOrUnset } from "./fieldErrors";
import type { NodeDialogProps } from "./types";

type Integration = NonNullable<NodeDialogProps<"typebot">["initial"]>["typebotIntegration"];

const TEXT_FIELDS = [
  "name",
  "urlN8N",
  "typebotSlug",
  "typebotKeywordFinish",
  "typebotKeywordRestart",
  "typebotUnknownMessage",
  "typebotRestartMessage",
  "message",
] as const;
type TypebotForm = Record<(typeof TEXT_FIELDS)[number] | "typebotExpires" | "typebotDelayMessage", string>;

/** The integration's fields (document 2 section 3, queue integration of type typebot), defaults 1 and 1000. */
function formOf(initial: Integration | undefined): TypebotForm {
  const form = Object.fromEntries(TEXT_FIELDS.map((name) => [name, initial?.[name] ?? ""])) as TypebotForm;
  form.typebotExpires = String(initial?.typebotExpires ?? TYPEBOT_DEFAULTS.typebotExpires);
  form.typebotDelayMessage = String(initial?.typebotDelayMessage ?? TYPEBOT_DEFAULTS.typebotDelayMessage);
  return form;
}

/** A Typebot node: which bot (server URL and slug), its session rules and its messages. */
export function TypebotDialog({ mode, initial, onClose, onSave }: NodeDialogProps<"typebot">) {
  const { t, i18n } = useTranslation();
  const [form, setForm] = useState(() => formOf(initial?.typebotIntegration));
  const [errors, setErrors] = useState<FieldErrors>({});

  const field = (name: keyof TypebotForm) => ({
    value: form[name],
    onChange: (event: { target: { value: string } }) => {
      setForm((current) => ({ ...current, [name]: event.target.value }));
      setErrors((current) => ({ ...current, [name]: undefined }));
    },
    label: t(`flowBuilder.typebot.${name}`),
    error: Boolean(errors[name]),
    helperText: errors[name],
    fullWidth: true,
  });

  const submit = () => {
    const integration = {
      ...form,
      id: initial?.typebotIntegration.id,
      typebotExpires: numberOrUnset(form.typebotExpires),
      typebotDelayMessage: numberOrUnset(form.typebotDelayMessage),
    };
    const checked = checkWith(TypebotNodeData.shape.typebotIntegration, integration, t, (key) => i18n.exists(key));
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
      titleId="flow-typebot-title"
      titles={{ create: t("flowBuilder.typebot.titleCreate"), edit: t("flowBuilder.typebot.titleEdit") }}
      onClose={onClose}
      onSubmit={submit}
      maxWidth="md"
    >
      <Stack spacing={2}>
        <Grid container spacing={2}>
          <Grid size={{ xs: 12, sm: 6 }}>
            <TextField {...field("name")} autoFocus />
          </Grid>
          <Grid size={{ xs: 12, sm: 6 }}>
            <TextField {...field("urlN8N")} required type="url" placeholder="https://typebot.example.com" />
          </Grid>
          <Grid size={{ xs: 12, sm: 6 }}>
            <TextField {...field("typebotSlug")} required />
          </Grid>
          <Grid size={{ xs: 6, sm: 3 }}>
            <TextField {...field("typebotExpires")} type="number" slotProps={{ htmlInput: { min: 0, step: 1 } }} />
          </Grid>
          <Grid size={{ xs: 6, sm: 3 }}>
            <TextField
              {...field("typebotDelayMessage")}
              type="number"
              slotProps={{ htmlInput: { min: 0, step: 100 } }}
            />
          </Grid>
          <Grid size={{ xs: 12, sm: 6 }}>
            <TextField {...field("typebotKeywordFinish")} />
          </Grid>
          <Grid size={{ xs: 12, sm: 6 }}>
            <TextField {...field("typebotKeywordRestart")} />
          </Grid>
          <Grid size={{ xs: 12, sm: 6 }}>
            <TextField {...field("typebotUnknownMessage")} multiline minRows={2} />
          </Grid>
          <Grid size={{ xs: 12, sm: 6 }}>
            <TextField {...field("typebotRestartMessage")} multiline minRows={2} />
          </Grid>
        </Grid>
        <TextField {...field("message")} multiline minRows={2} />
      </Stack>
    </FlowDialog>
  );
}
