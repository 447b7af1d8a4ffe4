import { TOAST_DURATION_MS } from "@atendo/shared";
import ContentCopyIcon from "@mui/icons-material/ContentCopy";
import {
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  IconButton,
  InputAdornment,
  Stack,
  TextField,
  Tooltip,
  Typography,
} from "@mui/material";
import { useTranslation } from "react-i18next";
import { toast } from "react-toastify";

/**
 * An n8n or webhook integration's signing key, the one time it is shown (on create, or made
 * anew): the admin copies it to where the calls arrive, which checks X-Atendo-Signature with it.
 */
export function SigningSecretDialog({ secret, onClose }: { secret: string | null; onClose: () => void }) {
  const { t } = useTranslation();
  const copy = async () => {
    if (!secret) return;
    try {
      await navigator.clipboard.writeText(secret);
      toast.success(t("signingSecretDialog.copied"), { autoClose: TOAST_DURATION_MS });
    } catch {
      // Without clipboard access the key stays selectable in the field.
    }
  };
  return (
    <Dialog open={secret !== null} onClose={onClose} maxWidth="sm" fullWidth aria-labelledby="signing-secret-title">
      <DialogTitle id="signing-secret-title">{t("signingSecretDialog.title")}</DialogTitle>
      <DialogContent dividers>
        <Stack spacing={2}>
          <Typography variant="body2">{t("signingSecretDialog.message")}</Typography>
          <TextField
            label={t("signingSecretDialog.label")}
            value={secret ?? ""}
            fullWidth
            slotProps={{
              htmlInput: { readOnly: true, "data-testid": "signing-secret", spellCheck: false },
              input: {
                sx: { fontFamily: "monospace" },
                endAdornment: (
                  <InputAdornment position="end">
                    <Tooltip title={t("signingSecretDialog.copy")}>
                      <IconButton aria-label={t("signingSecretDialog.copy")} onClick={copy} edge="end">
                        <ContentCopyIcon fontSize="small" />
                      </IconButton>
                    </Tooltip>
                  </InputAdornment>
                ),
              },
            }}
            onFocus={(event) => event.target.select()}
          />
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button variant="contained" onClick={onClose}>
          {t("signingSecretDialog.close")}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
