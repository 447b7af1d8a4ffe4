import { Button, Dialog, DialogActions, DialogContent, DialogTitle, Typography } from "@mui/material";
import { type ReactNode, useState } from "react";
import { useTranslation } from "react-i18next";

export interface ConfirmationModalProps {
  title: ReactNode;
  open: boolean;
  onClose: () => void;
  /** May return a promise: the confirm button waits for it, then the modal closes. */
  onConfirm: () => void | Promise<void>;
  children?: ReactNode;
  confirmLabel?: ReactNode;
  /** Red confirm button for destructive actions (default true). */
  danger?: boolean;
}

export function ConfirmationModal({
  title,
  open,
  onClose,
  onConfirm,
  children,
  confirmLabel,
  danger = true,
}: ConfirmationModalProps) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);

  const confirm = async () => {
    setBusy(true);
    try {
      await onConfirm();
      onClose();
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog
      open={open}
      onClose={busy ? undefined : onClose}
      aria-labelledby="confirmation-dialog-title"
      maxWidth="xs"
      fullWidth
    >
      <DialogTitle id="confirmation-dialog-title">{title}</DialogTitle>
      {children ? (
        <DialogContent dividers>
          <Typography component="div" variant="body2">
            {children}
          </Typography>
        </DialogContent>
      ) : null}
      <DialogActions>
        <Button onClick={onClose} color="inherit" disabled={busy}>
          {t("confirmationModal.buttons.cancel")}
        </Button>
        <Button onClick={confirm} variant="contained" color={danger ? "error" : "primary"} disabled={busy} autoFocus>
          {confirmLabel ?? t("confirmationModal.buttons.confirm")}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
