import {
  ANNOUNCEMENT_DEFAULTS,
  ANNOUNCEMENT_PRIORITIES,
  type Announcement,
  AnnouncementForm,
  TOAST_DURATION_MS,
} from "@atendo/shared";
import { zodResolver } from "@hookform/resolvers/zod";
import AttachFileIcon from "@mui/icons-material/AttachFile";
import DeleteOutlineIcon from "@mui/icons-material/DeleteOutlined";
import {
  Box,
  Button,
  Chip,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  MenuItem,
  Stack,
  TextField,
} from "@mui/material";
import { useEffect, useRef, useState } from "react";
import { Controller, type FieldError, useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { toast } from "react-toastify";
import type { z } from "zod";
import { toastError } from "../../api/client";
import { SubmitButton } from "../../components";
import {
  createAnnouncement,
  IMAGE_ACCEPT,
  isAllowedImage,
  removeAnnouncementImage,
  updateAnnouncement,
  uploadAnnouncementImage,
} from "./announcementsApi";

type FormInput = z.input<typeof AnnouncementForm>;
type FormOutput = z.output<typeof AnnouncementForm>;

const EMPTY: FormInput = {
  title: "",
  text: "",
  priority: ANNOUNCEMENT_DEFAULTS.priority,
  status: ANNOUNCEMENT_DEFAULTS.status,
};

interface Props {
  open: boolean;
  /** The announcement being edited, or null for a new one. */
  announcement: Announcement | null;
  onClose: () => void;
  onSaved: () => void;
}

/** Create or edit an announcement: priority, title, text, optional png/jpg image and status (document 2). */
export function AnnouncementModal({ open, announcement, onClose, onSaved }: Props) {
  const { t, i18n } = useTranslation();
  const fileInput = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const [dropImage, setDropImage] = useState(false);
  const form = useForm<FormInput, unknown, FormOutput>({
    resolver: zodResolver(AnnouncementForm),
    defaultValues: EMPTY,
  });
  const { errors, isSubmitting } = form.formState;

  useEffect(() => {
    if (!open) return;
    setFile(null);
    setDropImage(false);
    form.reset(
      announcement
        ? {
            title: announcement.title,
            text: announcement.text,
            priority: announcement.priority,
            status: announcement.status,
          }
        : EMPTY,
    );
  }, [open, announcement, form]);

  const errorText = (error: FieldError | undefined) => {
    if (!error?.message) return undefined;
    const key = `validation.${error.message}`;
    return i18n.exists(key) ? t(key) : t("announcements.validation.invalid");
  };

  const chooseFile = (chosen: File | undefined) => {
    if (!chosen) return;
    if (!isAllowedImage(chosen)) {
      toast.error(t("announcements.toasts.imageType"), { autoClose: TOAST_DURATION_MS });
      return;
    }
    setFile(chosen);
    setDropImage(false);
  };

  const submit = form.handleSubmit(async (values) => {
    try {
      const saved = announcement ? await updateAnnouncement(announcement.id, values) : await createAnnouncement(values);
      if (file) await uploadAnnouncementImage(saved.id, file);
      else if (dropImage && saved.mediaPath) await removeAnnouncementImage(saved.id);
      toast.success(t("announcements.toasts.success"), { autoClose: TOAST_DURATION_MS });
      onSaved();
      onClose();
    } catch (err) {
      toastError(err);
    }
  });

  const currentImage = file?.name ?? (dropImage ? null : announcement?.mediaName);

  return (
    <Dialog
      open={open}
      onClose={isSubmitting ? undefined : onClose}
      fullWidth
      maxWidth="sm"
      aria-labelledby="announcement-dialog-title"
    >
      <form noValidate onSubmit={submit}>
        <DialogTitle id="announcement-dialog-title">
          {announcement ? t("announcements.dialog.editTitle") : t("announcements.dialog.addTitle")}
        </DialogTitle>
        <DialogContent dividers>
          <Stack spacing={2}>
            <TextField
              {...form.register("title")}
              label={t("announcements.fields.title")}
              required
              autoFocus
              size="small"
              error={Boolean(errors.title)}
              helperText={errorText(errors.title)}
              disabled={isSubmitting}
            />
            <TextField
              {...form.register("text")}
              label={t("announcements.fields.text")}
              required
              multiline
              minRows={3}
              maxRows={10}
              size="small"
              error={Boolean(errors.text)}
              helperText={errorText(errors.text)}
              disabled={isSubmitting}
            />
            <Box sx={{ display: "grid", gap: 2, gridTemplateColumns: { xs: "1fr", sm: "1fr 1fr" } }}>
              <Controller
                control={form.control}
                name="priority"
                render={({ field }) => (
                  <TextField
                    select
                    size="small"
                    label={t("announcements.fields.priority")}
                    value={field.value}
                    onChange={(event) => field.onChange(Number(event.target.value))}
                    disabled={isSubmitting}
                  >
                    {ANNOUNCEMENT_PRIORITIES.map((priority) => (
                      <MenuItem key={priority} value={priority}>
                        {t(`announcements.priorities.${priority}`)}
                      </MenuItem>
                    ))}
                  </TextField>
                )}
              />
              <Controller
                control={form.control}
                name="status"
                render={({ field }) => (
                  <TextField
                    select
                    size="small"
                    label={t("announcements.fields.status")}
                    value={field.value ? "active" : "inactive"}
                    onChange={(event) => field.onChange(event.target.value === "active")}
                    disabled={isSubmitting}
                  >
                    <MenuItem value="active">{t("announcements.status.active")}</MenuItem>
                    <MenuItem value="inactive">{t("announcements.status.inactive")}</MenuItem>
                  </TextField>
                )}
              />
            </Box>
            <Stack direction="row" sx={{ alignItems: "center", gap: 1, flexWrap: "wrap" }}>
              <input
                ref={fileInput}
                type="file"
                accept={IMAGE_ACCEPT}
                hidden
                data-testid="announcement-file"
                onChange={(event) => {
                  chooseFile(event.target.files?.[0]);
                  event.target.value = "";
                }}
              />
              <Button
                variant="outlined"
                startIcon={<AttachFileIcon />}
                onClick={() => fileInput.current?.click()}
                disabled={isSubmitting}
              >
                {t("announcements.buttons.attach")}
              </Button>
              {currentImage ? (
                <Chip
                  label={currentImage}
                  onDelete={isSubmitting ? undefined : () => (file ? setFile(null) : setDropImage(true))}
                  deleteIcon={<DeleteOutlineIcon aria-label={t("announcements.buttons.removeImage")} />}
                />
              ) : (
                <Box component="span" sx={{ color: "text.secondary", typography: "body2" }}>
                  {t("announcements.fields.imageHint")}
                </Box>
              )}
            </Stack>
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} color="inherit" disabled={isSubmitting}>
            {t("announcements.buttons.cancel")}
          </Button>
          <SubmitButton submitting={isSubmitting}>
            {announcement ? t("announcements.buttons.save") : t("announcements.buttons.add")}
          </SubmitButton>
        </DialogActions>
      </form>
    </Dialog>
  );
}
