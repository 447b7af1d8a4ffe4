import AudioFileOutlinedIcon from "@mui/icons-material/AudioFileOutlined";
import DeleteOutlineIcon from "@mui/icons-material/DeleteOutlined";
import DescriptionOutlinedIcon from "@mui/icons-material/DescriptionOutlined";
import MovieOutlinedIcon from "@mui/icons-material/MovieOutlined";
import SwapHorizIcon from "@mui/icons-material/SwapHoriz";
import UploadFileOutlinedIcon from "@mui/icons-material/UploadFileOutlined";
import { Avatar, Box, Button, Link, Paper, Stack, TextField, Typography } from "@mui/material";
import { type ChangeEvent, useEffect, useRef, useState } from "react";
import type { UseFormRegisterReturn } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { RowAction } from "../../components";
import type { FileListEntry } from "./fileListForm";

/** A file's size as people read it: 850 KB, 1.4 MB. */
function readableSize(bytes: number): string {
  if (bytes < 1024 * 1024) return `${Math.max(1, Math.round(bytes / 1024))} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

/** The new file's preview address while it is shown; images only. */
function useObjectUrl(file: File | undefined): string | undefined {
  const [url, setUrl] = useState<string>();
  useEffect(() => {
    if (!file?.type.startsWith("image/")) {
      setUrl(undefined);
      return;
    }
    const created = URL.createObjectURL(file);
    setUrl(created);
    return () => URL.revokeObjectURL(created);
  }, [file]);
  return url;
}

function TypeIcon({ type }: { type: string }) {
  if (type.startsWith("audio/")) return <AudioFileOutlinedIcon />;
  if (type.startsWith("video/")) return <MovieOutlinedIcon />;
  if (type) return <DescriptionOutlinedIcon />;
  return <UploadFileOutlinedIcon />;
}

export interface FileEntryCardProps {
  index: number;
  entry: FileListEntry;
  caption: UseFormRegisterReturn;
  captionError?: string;
  fileError?: string;
  disabled: boolean;
  onFile: (file: File) => void;
  onRemove: () => void;
}

/** One entry of a file list: its file (stored, or chosen and still to upload) and the message sent with it. */
export function FileEntryCard({
  index,
  entry,
  caption,
  captionError,
  fileError,
  disabled,
  onFile,
  onRemove,
}: FileEntryCardProps) {
  const { t } = useTranslation();
  const input = useRef<HTMLInputElement>(null);
  const type = entry.file?.type ?? entry.mediaType;
  const preview = useObjectUrl(entry.file);
  const image = preview ?? (entry.path && type.startsWith("image/") ? entry.path : undefined);
  const hasFile = Boolean(entry.file || entry.path);

  const choose = (event: ChangeEvent<HTMLInputElement>) => {
    const chosen = event.target.files?.[0];
    event.target.value = "";
    if (chosen) onFile(chosen);
  };

  return (
    <Paper
      variant="outlined"
      sx={{ p: 1.5, borderColor: fileError ? "error.main" : undefined }}
      data-testid="file-entry"
    >
      <Stack direction="row" spacing={1.5} sx={{ alignItems: "center" }}>
        <Avatar
          variant="rounded"
          src={image}
          alt=""
          sx={{ width: 44, height: 44, bgcolor: "action.selected", color: "text.secondary" }}
        >
          <TypeIcon type={type} />
        </Avatar>
        <Box sx={{ flex: 1, minWidth: 0 }}>
          {entry.file ? (
            <>
              <Typography variant="body2" noWrap title={entry.file.name} sx={{ fontWeight: 600 }}>
                {entry.file.name}
              </Typography>
              <Typography variant="caption" color="text.secondary">
                {readableSize(entry.file.size)} · {t("fileModal.form.toUpload")}
              </Typography>
            </>
          ) : entry.path ? (
            <Link
              href={entry.path}
              target="_blank"
              rel="noopener noreferrer"
              variant="body2"
              noWrap
              title={t("fileModal.form.open")}
              sx={{ display: "block", fontWeight: 600 }}
            >
              {entry.mediaName || entry.path.split("/").pop()}
            </Link>
          ) : (
            <Typography variant="body2" color={fileError ? "error" : "text.secondary"}>
              {fileError ?? t("fileModal.form.noFile")}
            </Typography>
          )}
        </Box>
        <input ref={input} type="file" hidden onChange={choose} data-testid={`file-entry-input-${index}`} />
        <Button
          size="small"
          color="inherit"
          startIcon={<SwapHorizIcon />}
          onClick={() => input.current?.click()}
          disabled={disabled}
          sx={{ flexShrink: 0 }}
        >
          {hasFile ? t("fileModal.form.replaceFile") : t("fileModal.form.chooseFile")}
        </Button>
        <RowAction label={t("fileModal.form.removeEntry")} onClick={onRemove}>
          <DeleteOutlineIcon fontSize="small" />
        </RowAction>
      </Stack>
      <TextField
        {...caption}
        id={`file-entry-caption-${index}`}
        label={t("fileModal.form.caption")}
        size="small"
        fullWidth
        multiline
        maxRows={4}
        disabled={disabled}
        error={Boolean(captionError)}
        helperText={captionError}
        sx={{ mt: 1.5 }}
      />
    </Paper>
  );
}
