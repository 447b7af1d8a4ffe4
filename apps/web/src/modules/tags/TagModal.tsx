import {
  canSetKanbanTag,
  FORM_SUBMIT_DELAY_MS,
  TAG_COLORS,
  TAG_DEFAULT_COLOR,
  type Tag,
  TagForm,
  TOAST_DURATION_MS,
} from "@atendo/shared";
import { zodResolver } from "@hookform/resolvers/zod";
import CheckIcon from "@mui/icons-material/Check";
import {
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControlLabel,
  InputAdornment,
  Stack,
  Switch,
  TextField,
  Typography,
  useTheme,
} from "@mui/material";
import { useQuery } from "@tanstack/react-query";
import { useEffect, useRef } from "react";
import { Controller, type FieldError, useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { toast } from "react-toastify";
import { toastError } from "../../api/client";
import { useSession } from "../../app/session";
import { Loading } from "../../components/Loading";
import { SubmitButton } from "../../components/SubmitButton";
import { createTag, fetchTag, tagsKeys, updateTag } from "./tagsApi";

export interface TagModalProps {
  open: boolean;
  tagId: number | null;
  onClose: () => void;
  onSaved?: (tag: Tag) => void;
}

function delay(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/** Add/edit dialog for a tag: name, one of the 50 palette colours (or any hex), and the kanban flag. */
export function TagModal({ open, tagId, onClose, onSaved }: TagModalProps) {
  const { t } = useTranslation();
  const editing = tagId !== null;
  const busy = useRef(false);
  const tagQuery = useQuery({
    queryKey: tagsKeys.detail(tagId ?? 0),
    queryFn: ({ signal }) => fetchTag(tagId!, signal),
    enabled: open && editing,
    staleTime: 0,
    gcTime: 0,
  });
  const failed = open && editing && tagQuery.isError;
  useEffect(() => {
    if (failed) onClose();
  }, [failed, onClose]);
  const close = () => {
    if (!busy.current) onClose();
  };
  const ready = !editing || (tagQuery.isSuccess && !tagQuery.isFetching);

  return (
    <Dialog open={open} onClose={close} maxWidth="xs" fullWidth scroll="paper" aria-labelledby="tag-modal-title">
      <DialogTitle id="tag-modal-title">{editing ? t("tagModal.title.edit") : t("tagModal.title.add")}</DialogTitle>
      {open && ready ? (
        <TagFormBody
          key={editing ? `edit-${tagId}` : "new"}
          tagId={tagId}
          initial={editing ? (tagQuery.data ?? null) : null}
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

interface TagFormBodyProps {
  tagId: number | null;
  initial: Tag | null;
  onCancel: () => void;
  onDone: () => void;
  onSaved?: (tag: Tag) => void;
  onBusyChange: (busy: boolean) => void;
}

function TagFormBody({ tagId, initial, onCancel, onDone, onSaved, onBusyChange }: TagFormBodyProps) {
  const { t, i18n } = useTranslation();
  const theme = useTheme();
  const { user } = useSession();
  const mayToggleKanban = canSetKanbanTag(user?.profile);
  const {
    register,
    control,
    handleSubmit,
    watch,
    formState: { errors, isSubmitting },
  } = useForm<TagForm>({
    resolver: zodResolver(TagForm),
    defaultValues: initial
      ? { name: initial.name, color: initial.color, kanban: initial.kanban === 1 ? 1 : 0 }
      : { name: "", color: TAG_DEFAULT_COLOR, kanban: 0 },
  });
  const color = watch("color");

  useEffect(() => {
    onBusyChange(isSubmitting);
  }, [isSubmitting, onBusyChange]);

  const message = (error: FieldError | undefined) => {
    if (!error?.message) return undefined;
    const key = `tagModal.validation.${error.message}`;
    return i18n.exists(key) ? t(key) : t(`validation.${error.message}`, { defaultValue: error.message });
  };

  const onSubmit = handleSubmit(async (values) => {
    try {
      // Only admin and supervisor send the kanban flag; the server ignores it from others anyway.
      const body = mayToggleKanban ? values : { name: values.name, color: values.color };
      const request = tagId !== null ? updateTag(tagId, body) : createTag({ kanban: 0, ...body });
      const [saved] = await Promise.all([request, delay(FORM_SUBMIT_DELAY_MS)]);
      toast.success(t("tagModal.success"), { autoClose: TOAST_DURATION_MS });
      onBusyChange(false);
      onSaved?.(saved);
      onDone();
    } catch (err) {
      toastError(err);
    }
  });

  const swatchText = (value: string) => {
    try {
      return theme.palette.getContrastText(value);
    } catch {
      return theme.palette.text.primary;
    }
  };

  return (
    <Box
      component="form"
      onSubmit={onSubmit}
      noValidate
      aria-labelledby="tag-modal-title"
      sx={{ display: "flex", flexDirection: "column", flex: "1 1 auto", minHeight: 0 }}
    >
      <DialogContent dividers>
        <Stack spacing={2}>
          <TextField
            {...register("name")}
            id="tag-name"
            label={t("tagModal.form.name")}
            autoFocus
            required
            fullWidth
            autoComplete="off"
            error={Boolean(errors.name)}
            helperText={message(errors.name)}
          />
          <Controller
            name="color"
            control={control}
            render={({ field }) => (
              <Box>
                <TextField
                  id="tag-color"
                  label={t("tagModal.form.color")}
                  fullWidth
                  name={field.name}
                  value={field.value}
                  onChange={field.onChange}
                  onBlur={field.onBlur}
                  inputRef={field.ref}
                  error={Boolean(errors.color)}
                  helperText={message(errors.color)}
                  slotProps={{
                    input: {
                      startAdornment: (
                        <InputAdornment position="start">
                          <Box
                            aria-hidden
                            sx={{
                              width: 20,
                              height: 20,
                              borderRadius: 1,
                              bgcolor: color,
                              border: 1,
                              borderColor: "divider",
                            }}
                          />
                        </InputAdornment>
                      ),
                    },
                  }}
                />
                <Typography variant="caption" color="text.secondary" component="p" sx={{ mt: 1, mb: 0.5 }}>
                  {t("tagModal.form.palette")}
                </Typography>
                <Box
                  role="radiogroup"
                  aria-label={t("tagModal.form.palette")}
                  sx={{ display: "grid", gridTemplateColumns: "repeat(10, 1fr)", gap: 0.5 }}
                >
                  {TAG_COLORS.map((swatch) => {
                    const selected = field.value.toUpperCase() === swatch;
                    return (
                      <Box
                        key={swatch}
                        component="button"
                        type="button"
                        role="radio"
                        aria-checked={selected}
                        aria-label={swatch}
                        title={swatch}
                        onClick={() => field.onChange(swatch)}
                        sx={{
                          aspectRatio: "1",
                          bgcolor: swatch,
                          border: 2,
                          borderColor: selected ? "text.primary" : "transparent",
                          borderRadius: 1,
                          cursor: "pointer",
                          p: 0,
                          display: "flex",
                          alignItems: "center",
                          justifyContent: "center",
                          color: swatchText(swatch),
                          "&:focus-visible": { outline: 2, outlineColor: "primary.main", outlineOffset: 1 },
                        }}
                      >
                        {selected ? <CheckIcon sx={{ fontSize: 14 }} /> : null}
                      </Box>
                    );
                  })}
                </Box>
              </Box>
            )}
          />
          {mayToggleKanban ? (
            <Controller
              name="kanban"
              control={control}
              render={({ field }) => (
                <FormControlLabel
                  control={
                    <Switch
                      checked={field.value === 1}
                      onChange={(event) => field.onChange(event.target.checked ? 1 : 0)}
                    />
                  }
                  label={t("tagModal.form.kanban")}
                />
              )}
            />
          ) : null}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onCancel} color="inherit" disabled={isSubmitting}>
          {t("tagModal.buttons.cancel")}
        </Button>
        <SubmitButton submitting={isSubmitting}>
          {tagId !== null ? t("tagModal.buttons.save") : t("tagModal.buttons.add")}
        </SubmitButton>
      </DialogActions>
    </Box>
  );
}
