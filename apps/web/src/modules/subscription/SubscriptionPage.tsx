import { can, type Invoice } from "@atendo/shared";
import CardMembershipIcon from "@mui/icons-material/CardMembership";
import { Box, Button, CircularProgress, Paper, Stack, Typography } from "@mui/material";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { toast } from "react-toastify";
import { toastError } from "../../api/client";
import { useSession } from "../../app/session";
import { MainContainer, MainHeader, Title } from "../../components";
import { daysUntil, formatDate } from "../../utils/date";
import { CheckoutDialog } from "../financeiro/checkout/CheckoutDialog";
import { firstUnpaidInvoice } from "../financeiro/invoicesApi";

/**
 * /subscription: the days left (from the company's due date, which the trial
 * sets), the billing email, and sign now, which pays the oldest unpaid invoice
 * through the same checkout as /financeiro.
 */
export default function SubscriptionPage() {
  const { t } = useTranslation();
  const { user } = useSession();
  const [invoice, setInvoice] = useState<Invoice | null>(null);
  const [open, setOpen] = useState(false);
  const [finding, setFinding] = useState(false);

  const dueDate = user?.company.dueDate ?? null;
  const days = daysUntil(dueDate);

  const signNow = async () => {
    setFinding(true);
    try {
      const unpaid = await firstUnpaidInvoice();
      if (!unpaid) {
        toast.info(t("financeiro.toasts.noOpenInvoice"), { toastId: "no-open-invoice" });
        return;
      }
      setInvoice(unpaid);
      setOpen(true);
    } catch (err) {
      toastError(err);
    } finally {
      setFinding(false);
    }
  };

  let remaining: string;
  if (days === null) remaining = t("subscription.trial.none");
  else if (days < 0) remaining = t("subscription.trial.ended", { date: formatDate(dueDate) });
  else if (days === 0) remaining = t("subscription.trial.today");
  else remaining = t("subscription.trial.remaining", { count: days });

  return (
    <MainContainer>
      <MainHeader>
        <Title>{t("subscription.title")}</Title>
      </MainHeader>
      <Box sx={{ display: "grid", gap: 2, gridTemplateColumns: { xs: "1fr", md: "minmax(0, 560px)" } }}>
        <Paper variant="outlined" sx={{ p: 3 }}>
          <Stack spacing={2}>
            <Stack direction="row" spacing={1.5} sx={{ alignItems: "center" }}>
              <CardMembershipIcon color="primary" />
              <Typography variant="h6" component="h2">
                {t("subscription.trial.title")}
              </Typography>
            </Stack>
            <Typography
              data-testid="trial-remaining"
              sx={{ fontSize: "1.1rem", color: days !== null && days < 0 ? "error.main" : "text.primary" }}
            >
              {remaining}
            </Typography>
            {dueDate && days !== null && days >= 0 ? (
              <Typography variant="body2" color="text.secondary">
                {t("subscription.trial.until", { date: formatDate(dueDate) })}
              </Typography>
            ) : null}
            <Box>
              <Typography variant="subtitle2" color="text.secondary">
                {t("subscription.chargeEmail")}
              </Typography>
              <Typography>{user?.email}</Typography>
            </Box>
            {can(user?.profile, "drawer-admin-items:view") ? (
              <Box>
                <Button
                  variant="contained"
                  onClick={signNow}
                  disabled={finding}
                  startIcon={finding ? <CircularProgress size={16} color="inherit" /> : undefined}
                >
                  {finding ? t("subscription.loading") : t("subscription.signNow")}
                </Button>
              </Box>
            ) : null}
          </Stack>
        </Paper>
      </Box>
      <CheckoutDialog open={open} invoice={invoice} onClose={() => setOpen(false)} />
    </MainContainer>
  );
}
