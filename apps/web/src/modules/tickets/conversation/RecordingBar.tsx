import CancelIcon from "@mui/icons-material/Cancel";
import CheckCircleIcon from "@mui/icons-material/CheckCircle";
import { Box, CircularProgress, IconButton, Typography } from "@mui/material";
import { useTranslation } from "react-i18next";
import { formatDuration } from "./useAudioRecorder";

interface RecordingBarProps {
  /** The recording is being encoded and sent: both buttons wait for it. */
  encoding: boolean;
  seconds: number;
  onCancel: () => void;
  onSend: () => void;
}

/** Takes the text field's place while recording: cancel, the running time, send. */
export function RecordingBar({ encoding, seconds, onCancel, onSend }: RecordingBarProps) {
  const { t } = useTranslation();
  return (
    <Box sx={{ flex: 1, display: "flex", alignItems: "center", justifyContent: "flex-end", gap: 1, minHeight: 40 }}>
      <IconButton aria-label={t("conversation.composer.cancelRecording")} onClick={onCancel} disabled={encoding}>
        <CancelIcon color="error" />
      </IconButton>
      {encoding ? (
        <CircularProgress size={20} />
      ) : (
        <Typography
          variant="body2"
          aria-live="polite"
          sx={{ fontVariantNumeric: "tabular-nums", display: "flex", alignItems: "center", gap: 0.75 }}
        >
          <Box component="span" sx={{ width: 8, height: 8, borderRadius: "50%", bgcolor: "error.main" }} />
          {formatDuration(seconds)}
        </Typography>
      )}
      <IconButton aria-label={t("conversation.composer.sendRecording")} onClick={onSend} disabled={encoding}>
        <CheckCircleIcon color="success" />
      </IconButton>
    </Box>
  );
}
