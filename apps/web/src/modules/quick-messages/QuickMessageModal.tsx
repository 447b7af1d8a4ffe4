import {
  FORM_SUBMIT_DELAY_MS,
  type QuickMessage,
  QuickMessageForm,
  TOAST_DURATION_MS,
  UPLOAD_LIMITS_BYTES,
} from "@atendo/shared";
import { zodResolver } from "@hookform/resolvers/zod";
import AttachFileIcon from "@mui/icons-material/AttachFile";
import CloseIcon from "@mui/icons-material/Close";
import {
  Box,
  Button,
  Chip,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControlLabel,
  Stack,
  Switch,
  TextField,
} from "@mui/material";
import { useQuery } from "@tanstack/react-query";
import { type ChangeEvent, useEffect, useRef, useState } from "react";
import { Controller, type FieldError, useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { toast } from "react-toastify";
import { toastError } from "../../api/client";
import { Loading } from "../../components/Loading";
import { SubmitButton } from "../../components/SubmitButton";
import {
  createQuickMessage,
  fetchQuickMessage,
  mediaTooLarge,
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

function delay(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/** Add/edit dialog for a quick message: shortcode, text, company-wide flag and an optional attached file. */
export function QuickMessageModal({ open, quickMessageId, onClose, onSaved }: QuickMessageModalProps) {
  const { t } = useTranslation();
  const editing = quickMessageId !== null;
  const busy = useRef(false);
  const query = useQuery({
    queryKey: quickMessagesKeys.detail(quickMessageId ?? 0),
    queryFn: ({ signal }) => fetchQuickMessage(quickMessageId!, signal),
    enabled: open && editing,
    staleTime: 0,
    gcTime: 0,
  });
  const failed = open && editing && query.isError;
  useEffect(() => {
    if (failed) onClose();
  }, [failed, onClose]);
  const close = () => {
    if (!busy.current) onClose();
  };
  const ready = !editing || (query.isSuccess && !query.isFetching);

  return (
    <Dialog open={open} onClose={close} maxWidth="sm" fullWidth scroll="paper" aria-labelledby="quick-message-title">
      <DialogTitle id="quick-message-title">
        {editing ? t("quickMessageModal.title.edit") : t("quickMessageModal.title.add")}
      </DialogTitle>
      {open && ready ? (
        <QuickMessageFormBody
          key={editing ? `edit-${quickMessageId}` : "new"}
          initial={editing ? (query.data ?? null) : null}
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

interface FormBodyProps {
  initial: QuickMessage | null;
  onCancel: () => void;
  onDone: () => void;
  onSaved: (quickMessage: QuickMessage) => void;
  onBusyChange: (busy: boolean) => void;
}

function QuickMessageFormBody({ initial, onCancel, onDone, onSaved, onBusyChange }: FormBodyProps) {
  const { t, i18n } = useTranslation();
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

  const message = (error: FieldError | undefined) => {
    if (!error?.message) return undefined;
    const key = `validation.${error.message}`;
    return i18n.exists(key) ? t(key) : error.message;
  };

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

  const onSubmit = handleSubmit(async (values) => {
    try {
      const save = async () => {
        let saved = initial ? await updateQuickMessage(initial.id, values) : await createQuickMessage(values);
        if (file) saved = await uploadQuickMessageMedia(saved.id, file);
        else if (initial?.mediaPath && !keepStored) saved = await removeQuickMessageMedia(saved.id);
        return saved;
      };
      const [saved] = await Promise.all([save(), delay(FORM_SUBMIT_DELAY_MS)]);
      toast.success(t("quickMessageModal.success"), { autoClose: TOAST_DURATION_MS });
      onBusyChange(false);
      onSaved(saved);
      onDone();
    } catch (err) {
      toastError(err);
    }
  });

  const attachmentName = file?.name ?? (keepStored ? initial?.mediaName : null);

  return (
    <Box
      component="form"
      onSubmit={onSubmit}
      noValidate
      aria-labelledby="quick-message-title"
      sx={{ display: "flex", flexDirection: "column", flex: "1 1 auto", minHeight: 0 }}
    >
      <DialogContent dividers>
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
      </DialogContent>
      <DialogActions>
        <Button onClick={onCancel} color="inherit" disabled={isSubmitting}>
          {t("quickMessageModal.buttons.cancel")}
        </Button>
        <SubmitButton submitting={isSubmitting}>
          {initial ? t("quickMessageModal.buttons.save") : t("quickMessageModal.buttons.add")}
        </SubmitButton>
      </DialogActions>
    </Box>
  );
}
