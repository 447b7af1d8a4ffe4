import type { DashboardCounters } from "@atendo/shared";
import AccessTimeIcon from "@mui/icons-material/AccessTime";
import CheckCircleOutlineIcon from "@mui/icons-material/CheckCircleOutlineOutlined";
import ForumOutlinedIcon from "@mui/icons-material/ForumOutlined";
import HourglassEmptyIcon from "@mui/icons-material/HourglassEmpty";
import PersonAddAltOutlinedIcon from "@mui/icons-material/PersonAddAltOutlined";
import TimerOutlinedIcon from "@mui/icons-material/TimerOutlined";
import { Box, Paper, Skeleton, Typography } from "@mui/material";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { formatMinutes } from "./dashboardApi";

interface CardSpec {
  key: keyof DashboardCounters;
  icon: ReactNode;
  color: string;
  format?: (value: number) => string;
}

const CARDS: CardSpec[] = [
  { key: "supportHappening", icon: <ForumOutlinedIcon />, color: "#2563EB" },
  { key: "supportPending", icon: <HourglassEmptyIcon />, color: "#D97706" },
  { key: "supportFinished", icon: <CheckCircleOutlineIcon />, color: "#16A34A" },
  { key: "newContacts", icon: <PersonAddAltOutlinedIcon />, color: "#7C3AED" },
  { key: "avgSupportTime", icon: <TimerOutlinedIcon />, color: "#0891B2", format: formatMinutes },
  { key: "avgWaitTime", icon: <AccessTimeIcon />, color: "#DC2626", format: formatMinutes },
];

/** The six counters of document 1 section 2; a skeleton while they load. */
export function CounterCards({ counters, loading }: { counters?: DashboardCounters; loading: boolean }) {
  const { t } = useTranslation();
  return (
    <Box
      sx={{
        display: "grid",
        gap: 2,
        gridTemplateColumns: { xs: "1fr", sm: "repeat(2, minmax(0, 1fr))", lg: "repeat(3, minmax(0, 1fr))" },
      }}
    >
      {CARDS.map((card) => {
        const value = counters?.[card.key];
        const label = t(`dashboard.cards.${card.key}`);
        return (
          <Paper
            key={card.key}
            variant="outlined"
            data-testid={`dashboard-card-${card.key}`}
            aria-label={label}
            sx={{ p: 2, display: "flex", alignItems: "center", gap: 2 }}
          >
            <Box
              sx={{
                width: 48,
                height: 48,
                borderRadius: 2,
                display: "grid",
                placeItems: "center",
                color: card.color,
                bgcolor: `${card.color}1A`,
                flexShrink: 0,
              }}
            >
              {card.icon}
            </Box>
            <Box sx={{ minWidth: 0 }}>
              <Typography variant="body2" color="text.secondary" noWrap>
                {label}
              </Typography>
              {loading || value === undefined ? (
                <Skeleton width={72} height={36} />
              ) : (
                <Typography variant="h5" component="p" sx={{ fontWeight: 700 }} data-testid="dashboard-card-value">
                  {card.format ? card.format(value) : value}
                </Typography>
              )}
            </Box>
          </Paper>
        );
      })}
    </Box>
  );
}
