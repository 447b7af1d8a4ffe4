import { FILE_LIST_MAX_OPTIONS, type FileList, TOAST_DURATION_MS, UPLOAD_LIMITS_BYTES } from "@atendo/shared";
import { zodResolver } from "@hookform/resolvers/zod";
import AttachFileIcon from "@mui/icons-material/AttachFile";
import { Box, Button, LinearProgress, Stack, TextField, Typography } from "@mui/material";
import { type ChangeEvent, type DragEvent, useEffect, useRef, useState } from "react";
import { useFieldArray, useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { toast } from "react-toastify";
import { ApiError } from "../../api/client";
import { RecordDialog, type RecordFormProps, RecordFormShell, useFieldMessage } from "../../components";
import { mediaTooLarge, megabytes } from "../../utils/uploadLimits";
import { FileEntryCard } from "./FileEntryCard";
import {
  FileListDialogForm,
  type FileListDialogValues,
  formValues,
  newEntry,
  overallProgress,
  requestBody,
  withSavedEntries,
} from "./fileListForm";
import { createFileList, fetchFileList, fileListsKeys, updateFileList, uploadFileListFile } from "./fileListsApi";

export interface FileListModalProps {
  open: boolean;
  fileListId: number | null;
  onClose: () => void;
  onSaved: (fileList: FileList) => void;
}

/** Add/edit dialog of a file list: name, details, and its files, each with the message sent with it. */
export function FileListModal({ open, fileListId, onClose, onSaved }: FileListModalProps) {
  const { t } = useTranslation();
  return (
    <RecordDialog
      open={open}
      onClose={onClose}
      recordId={fileListId}
      detailKey={fileListsKeys.detail(fileListId ?? 0)}
      fetchRecord={fetchFileList}
      titleId="file-list-title"
      titles={{ add: t("fileModal.title.add"), edit: t("fileModal.title.edit") }}
      successMessage={t("fileModal.success")}
      maxWidth="md"
      onSaved={onSaved}
    >
      {(form) => <FileListFormBody {...form} />}
    </RecordDialog>
  );
}

function FileListFormBody({ titleId, initial, onCancel, onBusyChange, submit }: RecordFormProps<FileList>) {
  const { t } = useTranslation();
  const picker = useRef<HTMLInputElement>(null);
  // Once saved, a retry after a failed upload updates that list instead of creating another.
  const saved = useRef<FileList | null>(initial);
  const [progress, setProgress] = useState<number | null>(null);
  const [dragging, setDragging] = useState(false);

  const {
    register,
    control,
    handleSubmit,
    getValues,
    formState: { errors, isSubmitting },
  } = useForm<FileListDialogValues>({
    resolver: zodResolver(FileListDialogForm),
    defaultValues: formValues(initial),
  });
  const entries = useFieldArray({ control, name: "options" });

  useEffect(() => {
    onBusyChange(isSubmitting);
  }, [isSubmitting, onBusyChange]);

  const message = useFieldMessage("fileModal.validation", "validation");

  /** Files become new entries, as far as the list has room and each is within its type's limit. */
  const addFiles = (files: readonly File[]) => {
    const room = FILE_LIST_MAX_OPTIONS - getValues("options").length;
    if (files.length > room) {
      toast.error(t("fileModal.tooMany", { max: FILE_LIST_MAX_OPTIONS }), { autoClose: TOAST_DURATION_MS });
    }
    const accepted = files.slice(0, Math.max(0, room)).filter((file) => {
      const limit = mediaTooLarge(file, UPLOAD_LIMITS_BYTES);
      if (limit === null) return true;
      toast.error(t("fileModal.tooLarge", { name: file.name, size: megabytes(limit) }), {
        autoClose: TOAST_DURATION_MS,
      });
      return false;
    });
    if (accepted.length > 0) entries.append(accepted.map(newEntry));
  };

  const replaceFile = (index: number, file: File) => {
    const limit = mediaTooLarge(file, UPLOAD_LIMITS_BYTES);
    if (limit !== null) {
      toast.error(t("fileModal.tooLarge", { name: file.name, size: megabytes(limit) }), {
        autoClose: TOAST_DURATION_MS,
      });
      return;
    }
    entries.update(index, { ...getValues(`options.${index}`), file });
  };

  const onPick = (event: ChangeEvent<HTMLInputElement>) => {
    const files = Array.from(event.target.files ?? []);
    event.target.value = "";
    addFiles(files);
  };

  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setDragging(false);
    if (!isSubmitting) addFiles(Array.from(event.dataTransfer.files));
  };

  /** The server's refusal of one file, in the words of the spec's upload messages. */
  const uploadFailure = (error: unknown, file: File): unknown => {
    if (!(error instanceof ApiError)) return error;
    if (error.code === "ERR_PAYLOAD_TOO_LARGE") {
      const max = Number(error.data?.maxBytes) || UPLOAD_LIMITS_BYTES.video;
      return new Error(t("fileModal.tooLarge", { name: file.name, size: megabytes(max) }));
    }
    const fields = (error.body as { fields?: { message: string }[] } | undefined)?.fields ?? [];
    if (fields.some((field) => field.message === "unsupportedType")) {
      return new Error(t("fileModal.unsupported", { name: file.name }));
    }
    return error;
  };

  const onSubmit = handleSubmit((values) =>
    submit(async () => {
      const body = requestBody(values);
      const target = saved.current;
      let list = target ? await updateFileList(target.id, body) : await createFileList(body);
      saved.current = list;
      let current = withSavedEntries(values.options, list);
      entries.replace(current);

      const uploads = current.flatMap((entry) => (entry.file ? [{ optionId: entry.optionId!, file: entry.file }] : []));
      const sizes = uploads.map((upload) => upload.file.size);
      for (const [index, upload] of uploads.entries()) {
        setProgress(overallProgress(sizes, index, 0));
        try {
          list = await uploadFileListFile(list.id, upload, (sent, total) =>
            setProgress(overallProgress(sizes, index, total ? sent / total : 0)),
          );
        } catch (error) {
          setProgress(null);
          throw uploadFailure(error, upload.file);
        }
        // What is uploaded is stored now; what is left keeps its chosen file for a retry.
        current = withSavedEntries(current, list).map((entry) =>
          entry.optionId === upload.optionId ? { ...entry, file: undefined } : entry,
        );
        entries.replace(current);
      }
      setProgress(null);
      return list;
    }),
  );

  const count = entries.fields.length;

  return (
    <RecordFormShell
      titleId={titleId}
      onSubmit={onSubmit}
      onCancel={onCancel}
      submitting={isSubmitting}
      cancelLabel={t("fileModal.buttons.cancel")}
      submitLabel={initial ? t("fileModal.buttons.save") : t("fileModal.buttons.add")}
      header={
        progress === null ? undefined : (
          <Box sx={{ px: 3, pb: 1.5 }} role="status">
            <Typography variant="caption" color="text.secondary">
              {t("fileModal.uploading", { percent: progress })}
            </Typography>
            <LinearProgress
              variant="determinate"
              value={progress}
              aria-label={t("fileModal.uploading", { percent: progress })}
            />
          </Box>
        )
      }
    >
      <Stack spacing={2}>
        <TextField
          {...register("name")}
          id="file-list-name"
          label={t("fileModal.form.name")}
          autoFocus
          required
          fullWidth
          autoComplete="off"
          disabled={isSubmitting}
          error={Boolean(errors.name)}
          helperText={message(errors.name)}
        />
        <TextField
          {...register("message")}
          id="file-list-message"
          label={t("fileModal.form.message")}
          required
          fullWidth
          multiline
          minRows={2}
          maxRows={6}
          disabled={isSubmitting}
          error={Boolean(errors.message)}
          helperText={message(errors.message)}
        />

        <Box
          onDragOver={(event) => {
            event.preventDefault();
            setDragging(true);
          }}
          onDragLeave={() => setDragging(false)}
          onDrop={onDrop}
          sx={{
            borderRadius: 1,
            outline: dragging ? "2px dashed" : "none",
            outlineColor: "primary.main",
            outlineOffset: 4,
          }}
        >
          <Stack direction="row" sx={{ alignItems: "baseline", justifyContent: "space-between", mb: 1 }}>
            <Typography variant="subtitle2" component="h2">
              {t("fileModal.form.files")}
            </Typography>
            <Typography variant="caption" color="text.secondary">
              {t("fileModal.form.filesCount", { count, max: FILE_LIST_MAX_OPTIONS })}
            </Typography>
          </Stack>
          <Stack spacing={1.5}>
            {entries.fields.length === 0 ? (
              <Box
                sx={{
                  border: 1,
                  borderStyle: "dashed",
                  borderColor: "divider",
                  borderRadius: 1,
                  py: 3,
                  px: 2,
                  textAlign: "center",
                  color: "text.secondary",
                }}
              >
                <Typography variant="body2">
                  {dragging ? t("fileModal.form.drop") : t("fileModal.form.empty")}
                </Typography>
              </Box>
            ) : (
              entries.fields.map((field, index) => (
                <FileEntryCard
                  key={field.id}
                  index={index}
                  entry={field}
                  caption={register(`options.${index}.name`)}
                  captionError={message(errors.options?.[index]?.name)}
                  fileError={message(errors.options?.[index]?.file)}
                  disabled={isSubmitting}
                  onFile={(file) => replaceFile(index, file)}
                  onRemove={() => {
                    if (!isSubmitting) entries.remove(index);
                  }}
                />
              ))
            )}
          </Stack>
          <input ref={picker} type="file" multiple hidden onChange={onPick} data-testid="file-list-picker" />
          <Stack direction={{ xs: "column", sm: "row" }} spacing={1.5} sx={{ mt: 1.5, alignItems: { sm: "center" } }}>
            <Button
              variant="outlined"
              startIcon={<AttachFileIcon />}
              onClick={() => picker.current?.click()}
              disabled={isSubmitting || count >= FILE_LIST_MAX_OPTIONS}
              sx={{ flexShrink: 0 }}
            >
              {t("fileModal.form.addFiles")}
            </Button>
            <Typography variant="caption" color="text.secondary">
              {t("fileModal.form.limits", {
                image: megabytes(UPLOAD_LIMITS_BYTES.image),
                audio: megabytes(UPLOAD_LIMITS_BYTES.audio),
                video: megabytes(UPLOAD_LIMITS_BYTES.video),
              })}
            </Typography>
          </Stack>
        </Box>
      </Stack>
    </RecordFormShell>
  );
}
