import { companyEvent, QR_CODE_SIZE } from "@atendo/shared";
import {
  Box,
  Button,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Stack,
  Typography,
} from "@mui/material";
import { useQuery } from "@tanstack/react-query";
import { QRCodeSVG } from "qrcode.react";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link as RouterLink } from "react-router-dom";
import { useSession } from "../../app/session";
import { useSocketEvent } from "../../realtime/socket";
import { fetchConnection, whatsappDetailKey } from "./connectionsApi";

export interface QrcodeModalProps {
  open: boolean;
  whatsappId: number | null;
  onClose: () => void;
}

/**
 * Shows a connection's QR code (size 256). Live session updates replace it, and
 * an update with no QR (the phone paired) closes the dialog (document 1 section 4).
 */
export function QrcodeModal({ open, whatsappId, onClose }: QrcodeModalProps) {
  const { t } = useTranslation();
  const { user } = useSession();
  const [qrcode, setQrcode] = useState("");

  const detail = useQuery({
    queryKey: whatsappDetailKey(whatsappId ?? 0),
    queryFn: ({ signal }) => fetchConnection(whatsappId!, signal),
    enabled: open && whatsappId !== null,
    staleTime: 0,
    gcTime: 0,
  });

  useEffect(() => {
    if (!open) setQrcode("");
  }, [open]);
  useEffect(() => {
    if (detail.data) setQrcode(detail.data.qrcode);
  }, [detail.data]);

  useSocketEvent(user && open ? companyEvent.whatsappSession(user.companyId) : null, (event) => {
    if (event.session.id !== whatsappId) return;
    // A status change with the QR still shown (OPENING right after a scan) keeps it on screen.
    if (event.session.qrcode) setQrcode(event.session.qrcode);
    else if (event.session.status === "CONNECTED" || event.session.status === "DISCONNECTED" || qrcode) onClose();
  });

  const name = detail.data?.name ?? "";
  const simulator = detail.data?.provider === "simulator";

  return (
    <Dialog open={open} onClose={onClose} maxWidth="xs" fullWidth aria-labelledby="qrcode-modal-title">
      <DialogTitle id="qrcode-modal-title">{t("qrCodeModal.title", { name })}</DialogTitle>
      <DialogContent dividers>
        <Stack spacing={2} sx={{ alignItems: "center", textAlign: "center" }}>
          <Typography variant="subtitle1" sx={{ fontWeight: 600 }}>
            {t("qrCodeModal.message")}
          </Typography>
          <Box
            sx={{
              width: QR_CODE_SIZE + 16,
              height: QR_CODE_SIZE + 16,
              display: "flex",
              alignItems: "center",
              justifyContent: "center",
              bgcolor: "#fff",
              borderRadius: 1,
              p: 1,
            }}
          >
            {qrcode ? (
              <QRCodeSVG
                value={qrcode}
                size={QR_CODE_SIZE}
                role="img"
                aria-label={t("qrCodeModal.message")}
                data-testid="qrcode-image"
              />
            ) : (
              <Stack spacing={1} sx={{ alignItems: "center", color: "text.secondary" }} role="status">
                <CircularProgress color="inherit" />
                <Typography variant="body2">{t("qrCodeModal.waiting")}</Typography>
              </Stack>
            )}
          </Box>
          <Typography variant="body2" color="text.secondary">
            {simulator ? t("qrCodeModal.simulatorHint") : t("qrCodeModal.steps")}
          </Typography>
        </Stack>
      </DialogContent>
      <DialogActions>
        {simulator && whatsappId !== null ? (
          <Button component={RouterLink} to={`/simulator?whatsappId=${whatsappId}`} target="_blank" rel="noopener">
            {t("qrCodeModal.openSimulator")}
          </Button>
        ) : null}
        <Button onClick={onClose} color="inherit">
          {t("qrCodeModal.close")}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
