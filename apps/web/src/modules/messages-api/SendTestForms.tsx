import { MESSAGE_MEDIAS_MAX, TOAST_DURATION_MS } from "@atendo/shared";
import { zodResolver } from "@hookform/resolvers/zod";
import AttachFileIcon from "@mui/icons-material/AttachFile";
import { Button, Chip, Paper, Stack, TextField, Typography } from "@mui/material";
import { type ReactNode, useState } from "react";
import { Controller, type FieldError, useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { toast } from "react-toastify";
import { SubmitButton, useFieldMessage } from "../../components";
import { megabytes } from "../../utils/uploadLimits";
import { type ExternalSend, sendExternalMessage } from "./messagesApi";
import { SendAnswer, type SendOutcome } from "./SendAnswer";
import {
  JsonSendForm,
  type JsonSendValues,
  MultipartSendForm,
  type MultipartSendValues,
  oversizedMedia,
} from "./sendForms";

interface SendFormProps {
  /** The token both forms send with, from the page's token panel. */
  token: string;
  /** Called on a submit without a token, so the panel shows its error. */
  onTokenMissing: () => void;
}

/** Sends for real and keeps the latest outcome to show under the form. */
function useTestSend({ token, onTokenMissing }: SendFormProps) {
  const { t } = useTranslation();
  const [outcome, setOutcome] = useState<SendOutcome | null>(null);

  const send = async (request: ExternalSend) => {
    if (!token.trim()) {
      onTokenMissing();
      return;
    }
    try {
      const result = await sendExternalMessage(token, request);
      setOutcome({ kind: "answer", result });
      if (result.status === 200) {
        toast.success(t("messagesAPI.toasts.success"), { toastId: "messages-api-sent", autoClose: TOAST_DURATION_MS });
      }
    } catch {
      setOutcome({ kind: "network" });
    }
  };
  const checkToken = () => {
    if (!token.trim()) onTokenMissing();
  };
  return { outcome, send, checkToken };
}

function FormCard({
  title,
  onSubmit,
  children,
  outcome,
}: {
  title: string;
  onSubmit: () => void;
  children: ReactNode;
  outcome: SendOutcome | null;
}) {
  return (
    <Paper variant="outlined" sx={{ p: 2, flex: 1, minWidth: 0 }}>
      <Stack component="form" noValidate aria-label={title} onSubmit={onSubmit} spacing={2}>
        <Typography variant="h6" component="h2">
          {title}
        </Typography>
        {children}
      </Stack>
      {outcome ? (
        <Stack sx={{ mt: 2 }}>
          <SendAnswer outcome={outcome} />
        </Stack>
      ) : null}
    </Paper>
  );
}

/** The JSON form: number and text, as `{ number, body }`. */
export function JsonSendTest(props: SendFormProps) {
  const { t } = useTranslation();
  const fieldMessage = useFieldMessage("messagesAPI.form.validation");
  const { outcome, send, checkToken } = useTestSend(props);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<JsonSendValues>({ resolver: zodResolver(JsonSendForm), defaultValues: { number: "", body: "" } });

  const onSubmit = handleSubmit((values) => send({ kind: "json", ...values }), checkToken);

  return (
    <FormCard title={t("messagesAPI.form.jsonTitle")} onSubmit={onSubmit} outcome={outcome}>
      <TextField
        {...register("number")}
        label={t("messagesAPI.form.number")}
        required
        error={Boolean(errors.number)}
        helperText={fieldMessage(errors.number) ?? t("messagesAPI.form.numberHelper")}
        slotProps={{ htmlInput: { inputMode: "numeric", autoComplete: "off" } }}
      />
      <TextField
        {...register("body")}
        label={t("messagesAPI.form.body")}
        required
        multiline
        minRows={3}
        error={Boolean(errors.body)}
        helperText={fieldMessage(errors.body)}
      />
      <SubmitButton submitting={isSubmitting} sx={{ alignSelf: "flex-start" }}>
        {t("messagesAPI.form.send")}
      </SubmitButton>
    </FormCard>
  );
}

/** The multipart form: number, caption and files, as `number`, `body` and `medias` parts. */
export function MultipartSendTest(props: SendFormProps) {
  const { t } = useTranslation();
  const fieldMessage = useFieldMessage("messagesAPI.form.validation");
  const { outcome, send, checkToken } = useTestSend(props);
  const {
    register,
    control,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<MultipartSendValues>({
    resolver: zodResolver(MultipartSendForm),
    defaultValues: { number: "", body: "", medias: [] },
  });

  const onSubmit = handleSubmit((values) => send({ kind: "multipart", ...values }), checkToken);

  /** The files' error, with the file and limit or the count it is about. */
  const mediasMessage = (error: FieldError | undefined, files: File[]) => {
    if (error?.message === "tooLarge") {
      const over = oversizedMedia(files);
      if (over) {
        return t("messagesAPI.form.validation.tooLarge", { name: over.file.name, size: megabytes(over.limit) });
      }
    }
    if (error?.message === "tooMany") return t("messagesAPI.form.validation.tooMany", { max: MESSAGE_MEDIAS_MAX });
    return fieldMessage(error);
  };

  return (
    <FormCard title={t("messagesAPI.form.multipartTitle")} onSubmit={onSubmit} outcome={outcome}>
      <TextField
        {...register("number")}
        label={t("messagesAPI.form.number")}
        required
        error={Boolean(errors.number)}
        helperText={fieldMessage(errors.number) ?? t("messagesAPI.form.numberHelper")}
        slotProps={{ htmlInput: { inputMode: "numeric", autoComplete: "off" } }}
      />
      <TextField
        {...register("body")}
        label={t("messagesAPI.form.caption")}
        multiline
        minRows={2}
        error={Boolean(errors.body)}
        helperText={fieldMessage(errors.body)}
      />
      <Controller
        control={control}
        name="medias"
        render={({ field, fieldState }) => (
          <Stack spacing={1}>
            <Stack direction="row" spacing={1} sx={{ alignItems: "center", flexWrap: "wrap", rowGap: 1 }}>
              <Button component="label" variant="outlined" startIcon={<AttachFileIcon />}>
                {t("messagesAPI.form.chooseFiles")}
                <input
                  hidden
                  type="file"
                  multiple
                  aria-label={t("messagesAPI.form.medias")}
                  data-testid="messages-api-medias"
                  onChange={(event) => {
                    field.onChange([...(event.target.files ?? [])]);
                    // The same file picked again after a removal must fire a change.
                    event.target.value = "";
                  }}
                />
              </Button>
              {field.value.length === 0 ? (
                <Typography variant="body2" color="text.secondary">
                  {t("messagesAPI.form.noFiles")}
                </Typography>
              ) : (
                field.value.map((file, index) => (
                  <Chip
                    key={`${file.name}-${file.size}-${file.lastModified}`}
                    label={file.name}
                    onDelete={() => field.onChange(field.value.filter((_, other) => other !== index))}
                  />
                ))
              )}
            </Stack>
            {fieldState.error ? (
              <Typography variant="caption" color="error" role="alert">
                {mediasMessage(fieldState.error, field.value)}
              </Typography>
            ) : null}
          </Stack>
        )}
      />
      <SubmitButton submitting={isSubmitting} sx={{ alignSelf: "flex-start" }}>
        {t("messagesAPI.form.send")}
      </SubmitButton>
    </FormCard>
  );
}
