import { TOAST_DURATION_MS } from "@atendo/shared";
import BarChartIcon from "@mui/icons-material/BarChart";
import { Box, Button, Paper, Stack, Typography, useTheme } from "@mui/material";
import { useQuery } from "@tanstack/react-query";
import { type FormEvent, useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { toast } from "react-toastify";
import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";
import { EmptyState, Loading } from "../../components";
import { DateRangeFields } from "./DateRangeFields";
import {
  bucketLabel,
  type ChartRange,
  dashboardKeys,
  fetchTicketsByDay,
  fetchTicketsByUser,
  lastDays,
} from "./dashboardApi";

/** The charts open on the last 7 days; each keeps its own dates. */
const DEFAULT_CHART_DAYS = 7;

interface Point {
  label: string;
  total: number;
}

interface ChartCardProps {
  id: string;
  title: string;
  /** Shown after the title: the total of the range. */
  count?: number;
  range: ChartRange;
  onRange: (range: ChartRange) => void;
  loading: boolean;
  points: Point[];
}

/** A titled bar chart with its own start and end dates and a filter button. */
function ChartCard({ id, title, count, range, onRange, loading, points }: ChartCardProps) {
  const { t } = useTranslation();
  const theme = useTheme();
  const [draft, setDraft] = useState(range);
  const invalid = !draft.initialDate || !draft.finalDate || draft.finalDate < draft.initialDate;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!invalid) onRange(draft);
  };

  return (
    <Paper variant="outlined" sx={{ p: 2, minWidth: 0 }} data-testid={`chart-${id}`} aria-labelledby={`${id}-title`}>
      <Stack sx={{ gap: 1.5, mb: 2 }}>
        <Typography id={`${id}-title`} variant="subtitle1" component="h2" sx={{ fontWeight: 600 }}>
          {title}
          {count === undefined ? null : (
            <Typography component="span" color="text.secondary" sx={{ ml: 1 }}>
              ({t("dashboard.charts.total", { count })})
            </Typography>
          )}
        </Typography>
        <Stack component="form" direction="row" onSubmit={submit} sx={{ gap: 1, flexWrap: "wrap" }} noValidate>
          <DateRangeFields
            from={draft.initialDate}
            to={draft.finalDate}
            invalid={invalid}
            onFromChange={(initialDate) => setDraft({ ...draft, initialDate })}
            onToChange={(finalDate) => setDraft({ ...draft, finalDate })}
          />
          <Button type="submit" variant="outlined" disabled={invalid}>
            {t("dashboard.filters.filter")}
          </Button>
        </Stack>
      </Stack>
      {loading ? (
        <Box sx={{ height: 280, display: "grid", placeItems: "center" }}>
          <Loading />
        </Box>
      ) : points.every((point) => point.total === 0) ? (
        <EmptyState icon={<BarChartIcon sx={{ fontSize: 48 }} />} title={t("dashboard.charts.empty")} />
      ) : (
        <Box sx={{ height: 280 }} role="img" aria-label={title}>
          <ResponsiveContainer width="100%" height="100%">
            <BarChart data={points} margin={{ top: 8, right: 8, left: -16, bottom: 0 }}>
              <CartesianGrid strokeDasharray="3 3" stroke={theme.palette.divider} vertical={false} />
              <XAxis
                dataKey="label"
                tick={{ fill: theme.palette.text.secondary, fontSize: 12 }}
                interval="preserveStartEnd"
              />
              <YAxis allowDecimals={false} tick={{ fill: theme.palette.text.secondary, fontSize: 12 }} />
              <Tooltip
                cursor={{ fill: theme.palette.action.hover }}
                contentStyle={{ background: theme.palette.background.paper, borderColor: theme.palette.divider }}
                formatter={(value) => [value, t("dashboard.charts.tickets")]}
              />
              <Bar
                dataKey="total"
                fill={theme.palette.mode === "light" ? "#2563EB" : theme.palette.primary.main}
                radius={[4, 4, 0, 0]}
              />
            </BarChart>
          </ResponsiveContainer>
        </Box>
      )}
    </Paper>
  );
}

/** Shows a chart's load failure once per failure with the spec's toast. */
function useErrorToast(error: unknown, key: string) {
  const { t } = useTranslation();
  useEffect(() => {
    if (error) toast.error(t(key), { toastId: key, autoClose: TOAST_DURATION_MS });
  }, [error, key, t]);
}

/** The two bar charts: services per attendant and per day (per hour for a single day). */
export function TicketsCharts({ ready }: { ready: boolean }) {
  const { t } = useTranslation();
  const [userRange, setUserRange] = useState(() => lastDays(DEFAULT_CHART_DAYS));
  const [dayRange, setDayRange] = useState(() => lastDays(DEFAULT_CHART_DAYS));

  const byUser = useQuery({
    queryKey: dashboardKeys.byUser(userRange),
    queryFn: ({ signal }) => fetchTicketsByUser(userRange, signal),
    enabled: ready,
  });
  const byDay = useQuery({
    queryKey: dashboardKeys.byDay(dayRange),
    queryFn: ({ signal }) => fetchTicketsByDay(dayRange, signal),
    enabled: ready,
  });
  useErrorToast(byUser.error, "dashboard.toasts.userChartError");
  useErrorToast(byDay.error, "dashboard.toasts.dateChartError");

  return (
    <Box sx={{ display: "grid", gap: 2, gridTemplateColumns: { xs: "1fr", lg: "repeat(2, minmax(0, 1fr))" } }}>
      <ChartCard
        id="ticketsUsers"
        title={t("dashboard.charts.perUser")}
        count={byUser.data?.count}
        range={userRange}
        onRange={setUserRange}
        loading={!ready || byUser.isPending}
        points={(byUser.data?.data ?? []).map((row) => ({ label: row.name, total: row.total }))}
      />
      <ChartCard
        id="ticketsDay"
        title={byDay.data?.unit === "hour" ? t("dashboard.charts.perHour") : t("dashboard.charts.perDay")}
        count={byDay.data?.count}
        range={dayRange}
        onRange={setDayRange}
        loading={!ready || byDay.isPending}
        points={(byDay.data?.data ?? []).map((row) => ({
          label: bucketLabel(row.bucket, byDay.data?.unit ?? "day"),
          total: row.total,
        }))}
      />
    </Box>
  );
}
