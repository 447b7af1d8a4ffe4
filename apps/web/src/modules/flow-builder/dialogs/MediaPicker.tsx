import AttachFileIcon from "@mui/icons-material/AttachFile";
import { Box, Button, FormHelperText, Stack, Typography } from "@mui/material";
import { useEffect, useMemo, useRef } from "react";
import { useTranslation } from "react-i18next";
import { acceptAttribute, type MediaKind } from "./rules";

export interface MediaPickerProps {
  kind: MediaKind;
  /** The file picked and not yet uploaded. */
  file: File | undefined;
  /** The stored file's URL, when the card already has one. */
  storedUrl: string | undefined;
  /** The name shown for the stored file. */
  storedName?: string;
  /** The content composer accepts opus audio too. */
  composer?: boolean;
  error?: string | null;
  disabled?: boolean;
  onPick: (file: File) => void;
  /** Names the picker for tests and assistive technology. */
  label: string;
  /** The file button takes the focus when the dialog opens. */
  autoFocus?: boolean;
}

/** A file button with a preview of the picked file, or of the stored one. */
export function MediaPicker({
  kind,
  file,
  storedUrl,
  storedName,
  composer = false,
  error,
  disabled,
  onPick,
  label,
  autoFocus = false,
}: MediaPickerProps) {
  const { t } = useTranslation();
  const input = useRef<HTMLInputElement>(null);
  const localUrl = useMemo(() => (file ? URL.createObjectURL(file) : undefined), [file]);
  useEffect(() => () => (localUrl ? URL.revokeObjectURL(localUrl) : undefined), [localUrl]);
  const url = localUrl ?? storedUrl;
  const name = file?.name ?? storedName;

  return (
    <Stack spacing={1}>
      <Stack direction="row" spacing={1.5} sx={{ alignItems: "center", minWidth: 0 }}>
        <Button
          variant="outlined"
          size="small"
          startIcon={<AttachFileIcon />}
          onClick={() => input.current?.click()}
          disabled={disabled}
          autoFocus={autoFocus}
          sx={{ flexShrink: 0 }}
        >
          {url ? t("flowBuilder.media.replace") : t("flowBuilder.media.choose")}
        </Button>
        <Typography variant="body2" color="text.secondary" noWrap>
          {name ?? t("flowBuilder.media.none")}
        </Typography>
      </Stack>
      <input
        ref={input}
        type="file"
        hidden
        accept={acceptAttribute(kind, composer)}
        aria-label={label}
        data-testid={`media-input-${kind}`}
        onChange={(event) => {
          const picked = event.target.files?.[0];
          event.target.value = "";
          if (picked) onPick(picked);
        }}
      />
      {url ? (
        <Box sx={{ maxWidth: 360 }}>
          {kind === "img" ? (
            <Box
              component="img"
              src={url}
              alt={name ?? ""}
              sx={{ display: "block", maxWidth: "100%", maxHeight: 200 }}
            />
          ) : kind === "audio" ? (
            // biome-ignore lint/a11y/useMediaCaption: a customer's audio message has no captions to offer
            <audio controls src={url} style={{ width: "100%" }} />
          ) : (
            // biome-ignore lint/a11y/useMediaCaption: a customer's video message has no captions to offer
            <video controls src={url} style={{ width: "100%", maxHeight: 220 }} />
          )}
        </Box>
      ) : null}
      {error ? (
        <FormHelperText error role="alert">
          {error}
        </FormHelperText>
      ) : null}
    </Stack>
  );
}
