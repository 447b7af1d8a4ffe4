import { type Campaign, campaignProgressPercent, companyEvent } from "@atendo/shared";
import ArrowBackIcon from "@mui/icons-material/ArrowBack";
import { Box, Button, Chip, LinearProgress, Paper, Stack, TablePagination, Typography } from "@mui/material";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link as RouterLink, useNavigate, useParams } from "react-router-dom";
import { errorCodeText } from "../../api/client";
import { useSession } from "../../app/session";
import {
  EmptyState,
  Loading,
  MainContainer,
  MainHeader,
  MainHeaderButtonsWrapper,
  MainPaper,
  ResponsiveTable,
  Title,
} from "../../components";
import { useSocketEvent } from "../../realtime/socket";
import { formatDateTime } from "../../utils/date";
import { STATUS_COLORS } from "./campaignStatus";
import { campaignsKeys, fetchCampaign, withLiveRecord } from "./campaignsApi";
import { refetchDelay } from "./reportRefresh";

const ROWS_PER_PAGE = 50;

/**
 * /campaign/{id}/report: progress (delivered over valid numbers), the counts, and every
 * recipient with its delivery time, kept live.
 */
export default function CampaignReportPage() {
  const { t } = useTranslation();
  const { user } = useSession();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const campaignId = Number(useParams().campaignId);
  const key = campaignsKeys.report(campaignId);
  const lastFetchAt = useRef(0);
  const pendingRefetch = useRef<ReturnType<typeof setTimeout> | null>(null);

  const report = useQuery({
    queryKey: key,
    queryFn: ({ signal }) => {
      lastFetchAt.current = Date.now();
      return fetchCampaign(campaignId, signal);
    },
    enabled: Number.isInteger(campaignId) && campaignId > 0,
  });

  useEffect(
    () => () => {
      if (pendingRefetch.current) clearTimeout(pendingRefetch.current);
    },
    [],
  );

  // The counts follow every event at once; the recipients are fetched again on the throttle.
  useSocketEvent(user ? companyEvent.campaign(user.companyId) : null, (payload) => {
    if (payload.action === "delete") {
      if (payload.campaignId === campaignId) navigate("/campaigns", { replace: true });
      return;
    }
    if (payload.campaign.id !== campaignId) return;
    queryClient.setQueryData<Campaign>(key, (detail) => withLiveRecord(detail, payload.campaign));
    if (pendingRefetch.current) return;
    pendingRefetch.current = setTimeout(
      () => {
        pendingRefetch.current = null;
        void queryClient.refetchQueries({ queryKey: key, exact: true });
      },
      refetchDelay(payload.campaign.status, lastFetchAt.current, Date.now()),
    );
  });

  return (
    <MainContainer>
      <MainHeader>
        <Title subtitle={t("campaignReport.subtitle")}>
          {report.data ? t("campaignReport.title", { name: report.data.name }) : t("campaignReport.titleLoading")}
        </Title>
        <MainHeaderButtonsWrapper>
          <Button component={RouterLink} to="/campaigns" startIcon={<ArrowBackIcon />} color="inherit">
            {t("campaignReport.back")}
          </Button>
        </MainHeaderButtonsWrapper>
      </MainHeader>
      {report.data ? (
        <ReportBody campaign={report.data} />
      ) : report.isError ? (
        <MainPaper>
          <EmptyState title={t("campaignReport.notFound")}>{t("campaignReport.notFoundHint")}</EmptyState>
        </MainPaper>
      ) : (
        <Loading />
      )}
    </MainContainer>
  );
}

function Count({ label, value, testId }: { label: string; value: number; testId: string }) {
  return (
    <Paper variant="outlined" sx={{ p: 2, flex: "1 1 140px" }}>
      <Typography variant="caption" color="text.secondary">
        {label}
      </Typography>
      <Typography variant="h5" component="p" sx={{ fontWeight: 700 }} data-testid={testId}>
        {value}
      </Typography>
    </Paper>
  );
}

function ReportBody({ campaign }: { campaign: Campaign }) {
  const { t } = useTranslation();
  const [page, setPage] = useState(0);
  const { valid, delivered, failed } = campaign.progress;
  const percent = campaignProgressPercent(campaign.progress);
  const rows = campaign.shipping.slice(page * ROWS_PER_PAGE, (page + 1) * ROWS_PER_PAGE);
  const audience = campaign.contactList?.name ?? (campaign.tagId ? t("campaignReport.byTag") : "—");

  return (
    <>
      <Paper variant="outlined" sx={{ p: 2 }}>
        <Stack direction="row" sx={{ alignItems: "center", gap: 1.5, flexWrap: "wrap", mb: 1.5 }}>
          <Chip
            size="small"
            color={STATUS_COLORS[campaign.status]}
            label={t(`campaigns.status.${campaign.status}`)}
            data-testid="campaign-report-status"
            data-status={campaign.status}
          />
          <Typography variant="body2" color="text.secondary">
            {t("campaignReport.details", {
              whatsapp: campaign.whatsapp?.name ?? "—",
              audience,
              scheduledAt: formatDateTime(campaign.scheduledAt) || "—",
            })}
          </Typography>
          {campaign.completedAt ? (
            <Typography variant="body2" color="text.secondary">
              {t("campaignReport.completedAt", { date: formatDateTime(campaign.completedAt) })}
            </Typography>
          ) : null}
        </Stack>
        <Stack direction="row" sx={{ alignItems: "center", gap: 2 }}>
          <LinearProgress
            variant="determinate"
            value={percent}
            aria-label={t("campaignReport.progress")}
            sx={{ flex: 1, height: 10, borderRadius: 5 }}
          />
          <Typography
            variant="h6"
            component="p"
            data-testid="campaign-progress"
            sx={{ minWidth: 64, textAlign: "right" }}
          >
            {percent}%
          </Typography>
        </Stack>
      </Paper>

      <Stack direction="row" sx={{ gap: 2, flexWrap: "wrap" }}>
        <Count label={t("campaignReport.counts.valid")} value={valid} testId="campaign-count-valid" />
        <Count label={t("campaignReport.counts.delivered")} value={delivered} testId="campaign-count-delivered" />
        <Count label={t("campaignReport.counts.failed")} value={failed} testId="campaign-count-failed" />
        <Count
          label={t("campaignReport.counts.pending")}
          value={Math.max(0, valid - delivered - failed)}
          testId="campaign-count-pending"
        />
      </Stack>

      <MainPaper sx={{ p: 0, display: "flex", flexDirection: "column" }}>
        {campaign.shipping.length === 0 ? (
          <EmptyState title={t("campaignReport.empty.title")}>{t("campaignReport.empty.hint")}</EmptyState>
        ) : (
          <>
            <Box sx={{ flex: 1, overflow: "auto" }}>
              <ResponsiveTable
                label={t("campaignReport.table.label")}
                rows={rows}
                rowKey={(shipping) => shipping.id}
                rowProps={() => ({ "data-testid": "campaign-shipping" })}
                columns={[
                  { label: t("campaignReport.table.name"), card: "title", render: (shipping) => shipping.name },
                  { label: t("campaignReport.table.number"), render: (shipping) => shipping.number },
                  { label: t("campaignReport.table.variant"), align: "center", render: (shipping) => shipping.variant },
                  {
                    label: t("campaignReport.table.sendAt"),
                    tableFrom: "md",
                    cellSx: { color: "text.secondary" },
                    render: (shipping) => formatDateTime(shipping.sendAt),
                  },
                  {
                    label: t("campaignReport.table.deliveredAt"),
                    cellProps: () => ({ "data-testid": "campaign-shipping-delivered" }),
                    render: (shipping) =>
                      shipping.deliveredAt ? (
                        formatDateTime(shipping.deliveredAt)
                      ) : shipping.failedAt ? (
                        <FailedShipping reason={errorCodeText(shipping.error) ?? shipping.error ?? undefined} />
                      ) : (
                        <Typography component="span" variant="body2" color="text.secondary">
                          {t("campaignReport.table.waiting")}
                        </Typography>
                      ),
                  },
                ]}
              />
            </Box>
            <TablePagination
              component="div"
              count={campaign.shipping.length}
              page={Math.min(page, Math.max(0, Math.ceil(campaign.shipping.length / ROWS_PER_PAGE) - 1))}
              onPageChange={(_, next: number) => setPage(next)}
              rowsPerPage={ROWS_PER_PAGE}
              rowsPerPageOptions={[ROWS_PER_PAGE]}
              labelDisplayedRows={({ from, to, count }) => t("campaignReport.table.rows", { from, to, count })}
            />
          </>
        )}
      </MainPaper>
    </>
  );
}

/** A refused recipient: the chip, and why WhatsApp or the product refused it when that is known. */
function FailedShipping({ reason }: { reason?: string }) {
  const { t } = useTranslation();
  return (
    <Stack spacing={0.5} sx={{ alignItems: "flex-start" }}>
      <Chip size="small" color="error" variant="outlined" label={t("campaignReport.table.failed")} />
      {reason && (
        <Typography variant="caption" color="text.secondary" data-testid="campaign-shipping-error">
          {reason}
        </Typography>
      )}
    </Stack>
  );
}
