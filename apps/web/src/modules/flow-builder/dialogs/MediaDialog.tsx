import { FLOW_TOAST_DURATION_MS } from "@atendo/shared";
import { FormControlLabel, Stack, Switch, Typography } from "@mui/material";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { toast } from "react-toastify";
import { toastError } from "../../../api/client";
import { compressImage } from "../compressImage";
import { uploadFlowMedia } from "../flowBuilderApi";
import { useFlowActions } from "../nodes/flowActions";
import { FlowDialog } from "./FlowDialog";
import { MediaPicker } from "./MediaPicker";
import { type MediaKind, mediaFileError } from "./rules";
import type { NodeDialogProps } from "./types";
import { uploadRefusal } from "./uploadFailure";

type MediaData = { url: string; record?: boolean };

export type MediaDialogProps = Omit<NodeDialogProps<"img">, "onSave" | "initial"> & {
  kind: MediaKind;
  initial: MediaData | null;
  onSave: (data: MediaData) => void;
};

/**
 * An image, audio or video node: one file within its kind's type and size, uploaded
 * on submit (images compressed first; video goes through the audio route, as the
 * original client does). A node cannot be left without a file.
 */
export function MediaDialog({ kind, mode, initial, onClose, onSave }: MediaDialogProps) {
  const { t } = useTranslation();
  const { mediaUrl } = useFlowActions();
  const [file, setFile] = useState<File>();
  const [record, setRecord] = useState(initial?.record ?? false);
  const [error, setError] = useState<string | null>(null);
  const message = (key: string) => t(`flowBuilder.validation.${key}`);

  const pick = (picked: File) => {
    const problem = mediaFileError(kind, picked);
    setError(problem ? message(problem) : null);
    if (!problem) setFile(picked);
  };

  const submit = async () => {
    if (!file) {
      if (initial?.url) {
        return () => onSave(kind === "audio" ? { url: initial.url, record } : { url: initial.url });
      }
      setError(message("fileRequired"));
      return false;
    }
    try {
      const upload = kind === "img" ? await compressImage(file) : file;
      const stored = await uploadFlowMedia(kind === "img" ? "/flowbuilder/img" : "/flowbuilder/audio", [upload]);
      toast.success(t(`flowBuilder.toasts.${kind}`), { autoClose: FLOW_TOAST_DURATION_MS });
      return () => onSave(kind === "audio" ? { url: stored.name, record } : { url: stored.name });
    } catch (failure) {
      const refusal = uploadRefusal(failure, kind);
      if (refusal) setError(message(refusal));
      else toastError(failure);
      return false;
    }
  };

  return (
    <FlowDialog
      open
      mode={mode}
      titleId={`flow-${kind}-title`}
      titles={{ create: t(`flowBuilder.media.${kind}.titleCreate`), edit: t(`flowBuilder.media.${kind}.titleEdit`) }}
      onClose={onClose}
      onSubmit={submit}
    >
      <Stack spacing={2}>
        <Typography variant="body2" color="text.secondary">
          {t(`flowBuilder.media.${kind}.rules`)}
        </Typography>
        <MediaPicker
          kind={kind}
          file={file}
          storedUrl={initial?.url ? mediaUrl(initial.url) : undefined}
          storedName={initial?.url}
          error={error}
          onPick={pick}
          label={t(`flowBuilder.media.${kind}.file`)}
          autoFocus
        />
        {kind === "audio" ? (
          <FormControlLabel
            control={<Switch checked={record} onChange={(event) => setRecord(event.target.checked)} />}
            label={t("flowBuilder.media.record")}
          />
        ) : null}
      </Stack>
    </FlowDialog>
  );
}
