import { type QuickMessage, QuickMessageForm, TOAST_DURATION_MS, UPLOAD_LIMITS_BYTES } from "@atendo/shared";
import { zodResolver } from "@hookform/resolvers/zod";
import AttachFileIcon from "@mui/icons-material/AttachFile";
import CloseIcon from "@mui/icons-material/Close";
import { Button, Chip, FormControlLabel, Stack, Switch, TextField } from "@mui/material";
import { type ChangeEvent, useEffect, useRef, useState } from "react";
import { Controller, useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { toast } from "react-toastify";
import { RecordDialog, type RecordFormProps, RecordFormShell, useFieldMessage } from "../../components";
import { mediaTooLarge } from "../../utils/uploadLimits";
import {
  createQuickMessage,
  fetchQuickMessage,
  quickMessagesKeys,
  removeQuickMessageMedia,
  updateQuickMessage,
  uploadQuickMessageMedia,
} from "./quickMessagesApi";

export interface QuickMessageModalProps {
  open: boolean;
  quickMessageId: number | null;
  onClose: () => void;
  onSaved: (quickMessage: QuickMessage) => void;
}

/** Add/edit dialog for a quick message: shortcode, text, company-wide flag and an optional attached file. */
export function QuickMessageModal({ open, quickMessageId, onClose, onSaved }: QuickMessageModalProps) {
  const { t } = useTranslation();
  return (
    <RecordDialog
      open={open}
      onClose={onClose}
      recordId={quickMessageId}
      detailKey={quickMessagesKeys.detail(quickMessageId ?? 0)}
      fetchRecord={fetchQuickMessage}
      titleId="quick-message-title"
      titles={{ add: t("quickMessageModal.title.add"), edit: t("quickMessageModal.title.edit") }}
      successMessage={t("quickMessageModal.success")}
      maxWidth="sm"
      onSaved={onSaved}
    >
      {(form) => <QuickMessageFormBody {...form} />}
    </RecordDialog>
  );
}

function QuickMessageFormBody({ titleId, initial, onCancel, onBusyChange, submit }: RecordFormProps<QuickMessage>) {
  const { t } = useTranslation();
  const fileRef = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  // The stored attachment is removed on save when the user takes it off.
  const [keepStored, setKeepStored] = useState(Boolean(initial?.mediaPath));

  const {
    register,
    control,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<QuickMessageForm>({
    resolver: zodResolver(QuickMessageForm),
    defaultValues: {
      shortcode: initial?.shortcode ?? "",
      message: initial?.message ?? "",
      geral: initial?.geral ?? false,
      status: initial?.status ?? true,
    },
  });

  useEffect(() => {
    onBusyChange(isSubmitting);
  }, [isSubmitting, onBusyChange]);

  const message = useFieldMessage("validation");

  const onFile = (event: ChangeEvent<HTMLInputElement>) => {
    const chosen = event.target.files?.[0] ?? null;
    event.target.value = "";
    if (!chosen) return;
    const limit = mediaTooLarge(chosen, UPLOAD_LIMITS_BYTES);
    if (limit !== null) {
      toast.error(t("quickMessageModal.tooLarge", { size: Math.round(limit / 1024 / 1024) }), {
        autoClose: TOAST_DURATION_MS,
      });
      return;
    }
    setFile(chosen);
  };

  const onSubmit = handleSubmit((values) =>
    submit(async () => {
      let saved = initial ? await updateQuickMessage(initial.id, values) : await createQuickMessage(values);
      if (file) saved = await uploadQuickMessageMedia(saved.id, file);
      else if (initial?.mediaPath && !keepStored) saved = await removeQuickMessageMedia(saved.id);
      return saved;
    }),
  );

  const attachmentName = file?.name ?? (keepStored ? initial?.mediaName : null);

  return (
    <RecordFormShell
      titleId={titleId}
      onSubmit={onSubmit}
      onCancel={onCancel}
      submitting={isSubmitting}
      cancelLabel={t("quickMessageModal.buttons.cancel")}
      submitLabel={initial ? t("quickMessageModal.buttons.save") : t("quickMessageModal.buttons.add")}
    >
      <Stack spacing={2}>
        <TextField
          {...register("shortcode")}
          id="quick-message-shortcode"
          label={t("quickMessageModal.form.shortcode")}
          autoFocus
          required
          fullWidth
          autoComplete="off"
          error={Boolean(errors.shortcode)}
          helperText={message(errors.shortcode) ?? t("quickMessageModal.form.shortcodeHelp")}
        />
        <TextField
          {...register("message")}
          id="quick-message-message"
          label={t("quickMessageModal.form.message")}
          multiline
          minRows={4}
          fullWidth
          error={Boolean(errors.message)}
          helperText={message(errors.message)}
        />
        <Controller
          name="geral"
          control={control}
          render={({ field }) => (
            <FormControlLabel
              control={<Switch checked={field.value} onChange={(event) => field.onChange(event.target.checked)} />}
              label={t("quickMessageModal.form.geral")}
            />
          )}
        />
        <Stack direction="row" spacing={1} sx={{ alignItems: "center", flexWrap: "wrap" }}>
          <input ref={fileRef} type="file" hidden onChange={onFile} data-testid="quick-message-file" />
          <Button startIcon={<AttachFileIcon />} variant="outlined" onClick={() => fileRef.current?.click()}>
            {attachmentName ? t("quickMessageModal.form.replaceMedia") : t("quickMessageModal.form.attachMedia")}
          </Button>
          {attachmentName ? (
            <Chip
              label={attachmentName}
              onDelete={() => {
                setFile(null);
                setKeepStored(false);
              }}
              deleteIcon={<CloseIcon aria-label={t("quickMessageModal.form.removeMedia")} />}
            />
          ) : null}
        </Stack>
      </Stack>
    </RecordFormShell>
  );
}
