import { canSetKanbanTag, TAG_COLORS, TAG_DEFAULT_COLOR, type Tag, TagForm } from "@atendo/shared";
import { zodResolver } from "@hookform/resolvers/zod";
import CheckIcon from "@mui/icons-material/Check";
import { Box, FormControlLabel, InputAdornment, Stack, Switch, TextField, Typography, useTheme } from "@mui/material";
import { useEffect } from "react";
import { Controller, useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { useSession } from "../../app/session";
import { RecordDialog, type RecordFormProps, RecordFormShell, useFieldMessage } from "../../components";
import { createTag, fetchTag, tagsKeys, updateTag } from "./tagsApi";

export interface TagModalProps {
  open: boolean;
  tagId: number | null;
  onClose: () => void;
  onSaved?: (tag: Tag) => void;
}

/** Add/edit dialog for a tag: name, one of the 50 palette colours (or any hex), and the kanban flag. */
export function TagModal({ open, tagId, onClose, onSaved }: TagModalProps) {
  const { t } = useTranslation();
  return (
    <RecordDialog
      open={open}
      onClose={onClose}
      recordId={tagId}
      detailKey={tagsKeys.detail(tagId ?? 0)}
      fetchRecord={fetchTag}
      titleId="tag-modal-title"
      titles={{ add: t("tagModal.title.add"), edit: t("tagModal.title.edit") }}
      successMessage={t("tagModal.success")}
      maxWidth="xs"
      onSaved={onSaved}
    >
      {(form) => <TagFormBody {...form} />}
    </RecordDialog>
  );
}

function TagFormBody({ titleId, initial, onCancel, onBusyChange, submit }: RecordFormProps<Tag>) {
  const { t } = useTranslation();
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

  const message = useFieldMessage("tagModal.validation", "validation");

  const onSubmit = handleSubmit((values) =>
    submit(() => {
      // Only admin and supervisor send the kanban flag; the server ignores it from others anyway.
      const body = mayToggleKanban ? values : { name: values.name, color: values.color };
      return initial ? updateTag(initial.id, body) : createTag({ kanban: 0, ...body });
    }),
  );

  const swatchText = (value: string) => {
    try {
      return theme.palette.getContrastText(value);
    } catch {
      return theme.palette.text.primary;
    }
  };

  return (
    <RecordFormShell
      titleId={titleId}
      onSubmit={onSubmit}
      onCancel={onCancel}
      submitting={isSubmitting}
      cancelLabel={t("tagModal.buttons.cancel")}
      submitLabel={initial ? t("tagModal.buttons.save") : t("tagModal.buttons.add")}
    >
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
    </RecordFormShell>
  );
}
