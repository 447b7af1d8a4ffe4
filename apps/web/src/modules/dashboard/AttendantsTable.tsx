import { type DashboardAttendant, RATING_MAX } from "@atendo/shared";
import PeopleAltOutlinedIcon from "@mui/icons-material/PeopleAltOutlined";
import { Box, Paper, Rating, TableContainer, Tooltip, Typography } from "@mui/material";
import { useTranslation } from "react-i18next";
import { EmptyState, Loading, ResponsiveTable } from "../../components";
import { formatMinutes } from "./dashboardApi";

/** Name, rating (0–3 stars), average support time and the online dot of every attendant. */
export function AttendantsTable({ attendants, loading }: { attendants?: DashboardAttendant[]; loading: boolean }) {
  const { t } = useTranslation();
  const title = t("dashboard.attendants.title");
  return (
    <Paper variant="outlined" sx={{ p: 2 }}>
      <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600, mb: 1 }}>
        {title}
      </Typography>
      {loading || !attendants ? (
        <Loading />
      ) : attendants.length === 0 ? (
        <EmptyState icon={<PeopleAltOutlinedIcon sx={{ fontSize: 48 }} />} title={t("dashboard.attendants.empty")} />
      ) : (
        <TableContainer>
          <ResponsiveTable
            label={title}
            stickyHeader={false}
            rows={attendants}
            rowKey={(attendant) => attendant.id}
            columns={[
              { label: t("dashboard.attendants.name"), card: "title", render: (attendant) => attendant.name },
              {
                label: t("dashboard.attendants.rating"),
                align: "center",
                render: (attendant) => <AttendantRating rating={attendant.rating} />,
              },
              {
                label: t("dashboard.attendants.avgSupportTime"),
                align: "center",
                render: (attendant) => formatMinutes(attendant.avgSupportTime),
              },
              {
                label: t("dashboard.attendants.status"),
                align: "center",
                render: (attendant) => <OnlineDot online={attendant.online} />,
              },
            ]}
          />
        </TableContainer>
      )}
    </Paper>
  );
}

/** 0–3 stars, their value on hover and for screen readers. */
function AttendantRating({ rating }: { rating: number }) {
  const { t } = useTranslation();
  const label = t("dashboard.attendants.ratingValue", { value: rating.toFixed(1) });
  return (
    <Tooltip title={label}>
      <Box component="span" sx={{ display: "inline-flex" }}>
        <Rating value={rating} max={RATING_MAX} precision={0.1} readOnly size="small" aria-label={label} />
      </Box>
    </Tooltip>
  );
}

/** Green when online, grey when not, named for screen readers. */
function OnlineDot({ online }: { online: boolean }) {
  const { t } = useTranslation();
  const status = online ? t("dashboard.attendants.online") : t("dashboard.attendants.offline");
  return (
    <Box
      component="span"
      role="img"
      aria-label={status}
      title={status}
      data-online={online}
      sx={{
        display: "inline-block",
        width: 12,
        height: 12,
        borderRadius: "50%",
        bgcolor: online ? "success.main" : "action.disabled",
      }}
    />
  );
}
