import { DASHBOARD_LOAD_DELAY_MS, DASHBOARD_PERIODS, TOAST_DURATION_MS } from "@atendo/shared";
import FilterListIcon from "@mui/icons-material/FilterList";
import { Button, MenuItem, Paper, Stack, TextField } from "@mui/material";
import { useQuery } from "@tanstack/react-query";
import { type FormEvent, useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { toast } from "react-toastify";
import { toastError } from "../../api/client";
import { MainContainer, MainHeader, Title } from "../../components";
import { AttendantsTable } from "./AttendantsTable";
import { CounterCards } from "./CounterCards";
import { DateRangeFields } from "./DateRangeFields";
import { type DashboardFilter, dashboardKeys, fetchDashboard, isoDay } from "./dashboardApi";
import { TicketsCharts } from "./TicketsCharts";

type FilterType = "date" | "period";

/** The page opens on this month so far, as a date range. */
function initialRange() {
  const today = new Date();
  return { dateFrom: isoDay(new Date(today.getFullYear(), today.getMonth(), 1)), dateTo: isoDay(today) };
}

/** The filter the form describes, or undefined when it has none (document 1: at least one is needed). */
function filterOf(type: FilterType, period: number, dateFrom: string, dateTo: string): DashboardFilter | undefined {
  if (type === "period") return period > 0 ? { days: period } : undefined;
  if (!dateFrom || !dateTo || dateTo < dateFrom) return undefined;
  return { dateFrom, dateTo };
}

/** The admin's dashboard (/): six counters, the attendants and two charts; data loads 1 s after opening. */
export default function DashboardPage() {
  const { t } = useTranslation();
  const [ready, setReady] = useState(false);
  const [filterType, setFilterType] = useState<FilterType>("date");
  const [period, setPeriod] = useState(0);
  const [range, setRange] = useState(initialRange);
  const [applied, setApplied] = useState<DashboardFilter>(initialRange);

  useEffect(() => {
    const timer = setTimeout(() => setReady(true), DASHBOARD_LOAD_DELAY_MS);
    return () => clearTimeout(timer);
  }, []);

  const query = useQuery({
    queryKey: dashboardKeys.counters(applied),
    queryFn: ({ signal }) => fetchDashboard(applied, signal),
    enabled: ready,
  });
  useEffect(() => {
    if (query.error) toastError(query.error);
  }, [query.error]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const next = filterOf(filterType, period, range.dateFrom, range.dateTo);
    if (!next) {
      toast.error(t("dashboard.toasts.selectFilterError"), {
        toastId: "dashboard-filter",
        autoClose: TOAST_DURATION_MS,
      });
      return;
    }
    setApplied(next);
    // The same filter again means "refresh".
    if (JSON.stringify(next) === JSON.stringify(applied)) void query.refetch();
  };

  const loading = !ready || query.isPending || query.isFetching;

  return (
    <MainContainer>
      <MainHeader>
        <Title subtitle={t("dashboard.subtitle")}>{t("dashboard.title")}</Title>
      </MainHeader>

      <Paper variant="outlined" sx={{ p: 2 }}>
        <Stack
          component="form"
          noValidate
          onSubmit={submit}
          direction={{ xs: "column", sm: "row" }}
          sx={{ gap: 1.5, alignItems: { sm: "center" }, flexWrap: "wrap" }}
          aria-label={t("dashboard.filters.title")}
        >
          <TextField
            select
            size="small"
            fullWidth={false}
            label={t("dashboard.filters.type")}
            value={filterType}
            onChange={(event) => setFilterType(event.target.value as FilterType)}
            sx={{ minWidth: 200 }}
          >
            <MenuItem value="date">{t("dashboard.filters.byDate")}</MenuItem>
            <MenuItem value="period">{t("dashboard.filters.byPeriod")}</MenuItem>
          </TextField>
          {filterType === "period" ? (
            <TextField
              select
              size="small"
              fullWidth={false}
              label={t("dashboard.filters.period")}
              value={period}
              onChange={(event) => setPeriod(Number(event.target.value))}
              sx={{ minWidth: 200 }}
            >
              <MenuItem value={0}>{t("dashboard.filters.none")}</MenuItem>
              {DASHBOARD_PERIODS.map((days) => (
                <MenuItem key={days} value={days}>
                  {t("dashboard.filters.lastDays", { count: days })}
                </MenuItem>
              ))}
            </TextField>
          ) : (
            <DateRangeFields
              from={range.dateFrom}
              to={range.dateTo}
              invalid={Boolean(range.dateFrom && range.dateTo && range.dateTo < range.dateFrom)}
              onFromChange={(dateFrom) => setRange({ ...range, dateFrom })}
              onToChange={(dateTo) => setRange({ ...range, dateTo })}
            />
          )}
          <Button type="submit" variant="contained" startIcon={<FilterListIcon />} disabled={loading && ready}>
            {t("dashboard.filters.filter")}
          </Button>
        </Stack>
      </Paper>

      <CounterCards counters={query.data?.counters} loading={loading} />
      <AttendantsTable attendants={query.data?.attendants} loading={!ready || query.isPending} />
      <TicketsCharts ready={ready} />
    </MainContainer>
  );
}
