import type { SubscriptionAnswer } from "@atendo/shared";
import CheckCircleOutlineIcon from "@mui/icons-material/CheckCircleOutlined";
import ContentCopyIcon from "@mui/icons-material/ContentCopy";
import { Box, Button, CircularProgress, Stack, TextField, Typography } from "@mui/material";
import type { FocusEvent } from "react";
import { useTranslation } from "react-i18next";
import { toast } from "react-toastify";
import { toastError } from "../../../api/client";
import { formatMoney } from "../invoicesApi";

interface PixStepProps {
  charge: SubscriptionAnswer;
  /** The payment was confirmed: the new due date is shown elsewhere, this step says so. */
  confirmed: boolean;
}

/** The QR code and the copy-paste code of the Pix charge, waiting for the payment event. */
export function PixStep({ charge, confirmed }: PixStepProps) {
  const { t } = useTranslation();
  const code = charge.qrcode.qrcode;

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(code);
      toast.success(t("checkout.pix.copied"), { toastId: "pix-copied" });
    } catch (err) {
      toastError(err);
    }
  };

  return (
    <Stack spacing={2} sx={{ alignItems: "center", textAlign: "center" }}>
      <Typography variant="body2" color="text.secondary">
        {t("checkout.pix.instructions")}
      </Typography>
      <Box
        component="img"
        src={charge.qrcode.imagemQrcode}
        alt={t("checkout.pix.qrAlt")}
        sx={{
          width: 220,
          height: 220,
          imageRendering: "pixelated",
          border: 1,
          borderColor: "divider",
          borderRadius: 1,
        }}
      />
      <Typography variant="subtitle1" sx={{ fontWeight: 600 }}>
        {t("checkout.pix.amount", { value: formatMoney(Number(charge.valor.original)) })}
      </Typography>
      <Stack direction={{ xs: "column", sm: "row" }} spacing={1} sx={{ width: "100%" }}>
        <TextField
          label={t("checkout.pix.code")}
          value={code}
          size="small"
          fullWidth
          slotProps={{
            htmlInput: {
              readOnly: true,
              onFocus: (event: FocusEvent<HTMLInputElement>) => event.currentTarget.select(),
            },
          }}
        />
        <Button variant="outlined" startIcon={<ContentCopyIcon />} onClick={copy} sx={{ whiteSpace: "nowrap" }}>
          {t("checkout.buttons.copy")}
        </Button>
      </Stack>
      {confirmed ? (
        <Stack direction="row" spacing={1} sx={{ alignItems: "center", color: "success.main" }} role="status">
          <CheckCircleOutlineIcon />
          <Typography>{t("checkout.pix.confirmed")}</Typography>
        </Stack>
      ) : (
        <Stack direction="row" spacing={1} sx={{ alignItems: "center" }} role="status">
          <CircularProgress size={18} />
          <Typography color="text.secondary">{t("checkout.pix.waiting")}</Typography>
        </Stack>
      )}
    </Stack>
  );
}
