import { type DashboardAttendant, RATING_MAX } from "@atendo/shared";
import PeopleAltOutlinedIcon from "@mui/icons-material/PeopleAltOutlined";
import {
  Box,
  Paper,
  Rating,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Tooltip,
  Typography,
} from "@mui/material";
import { useTranslation } from "react-i18next";
import { EmptyState, Loading } from "../../components";
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
          <Table size="small" aria-label={title}>
            <TableHead>
              <TableRow>
                <TableCell>{t("dashboard.attendants.name")}</TableCell>
                <TableCell align="center">{t("dashboard.attendants.rating")}</TableCell>
                <TableCell align="center">{t("dashboard.attendants.avgSupportTime")}</TableCell>
                <TableCell align="center">{t("dashboard.attendants.status")}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {attendants.map((attendant) => {
                const status = attendant.online ? t("dashboard.attendants.online") : t("dashboard.attendants.offline");
                return (
                  <TableRow key={attendant.id} hover>
                    <TableCell>{attendant.name}</TableCell>
                    <TableCell align="center">
                      <Tooltip title={t("dashboard.attendants.ratingValue", { value: attendant.rating.toFixed(1) })}>
                        <Box component="span" sx={{ display: "inline-flex" }}>
                          <Rating
                            value={attendant.rating}
                            max={RATING_MAX}
                            precision={0.1}
                            readOnly
                            size="small"
                            aria-label={t("dashboard.attendants.ratingValue", { value: attendant.rating.toFixed(1) })}
                          />
                        </Box>
                      </Tooltip>
                    </TableCell>
                    <TableCell align="center">{formatMinutes(attendant.avgSupportTime)}</TableCell>
                    <TableCell align="center">
                      <Box
                        component="span"
                        role="img"
                        aria-label={status}
                        title={status}
                        data-online={attendant.online}
                        sx={{
                          display: "inline-block",
                          width: 12,
                          height: 12,
                          borderRadius: "50%",
                          bgcolor: attendant.online ? "success.main" : "action.disabled",
                        }}
                      />
                    </TableCell>
                  </TableRow>
                );
              })}
            </TableBody>
          </Table>
        </TableContainer>
      )}
    </Paper>
  );
}
