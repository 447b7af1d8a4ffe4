import ChatOutlinedIcon from "@mui/icons-material/ChatOutlined";
import { Box, Button, Tab, Tabs, Typography, useMediaQuery, useTheme } from "@mui/material";
import { lazy, type ReactNode, Suspense, useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { useParams } from "react-router-dom";
import { Loading } from "../../components/Loading";
import { Logo } from "../../components/Logo";
import { TicketsManager } from "./TicketsManager";

// The conversation pane (composer, media, recorder) is fetched once a ticket is chosen.
const Ticket = lazy(() => import("./conversation/Ticket").then((module) => ({ default: module.Ticket })));

/** The list column's width on wide screens. */
const LIST_WIDTH_PX = 420;

function Welcome({ action }: { action?: ReactNode }) {
  const { t } = useTranslation();
  return (
    <Box
      data-testid="tickets-welcome"
      sx={{
        flex: 1,
        display: "flex",
        flexDirection: "column",
        alignItems: "center",
        justifyContent: "center",
        gap: 2,
        p: 4,
        color: "text.secondary",
        textAlign: "center",
      }}
    >
      <Logo size={56} />
      <Typography variant="body1">{t("ticketsPage.welcome")}</Typography>
      {action}
    </Box>
  );
}

type NarrowTab = "ticket" | "attendance";

/**
 * /tickets/:ticketId? (document 1 section 2, ticket page): list and conversation
 * side by side on wide screens; on narrow ones two tabs, the conversation
 * shown as soon as a ticket is chosen.
 */
export default function TicketsPage() {
  const { t } = useTranslation();
  const { ticketId: ticketUuid } = useParams<{ ticketId?: string }>();
  const theme = useTheme();
  // Below md the 420 px list leaves too little room for a conversation beside it.
  const narrow = useMediaQuery(theme.breakpoints.down("md"));
  const [narrowTab, setNarrowTab] = useState<NarrowTab>(ticketUuid ? "ticket" : "attendance");

  useEffect(() => {
    setNarrowTab(ticketUuid ? "ticket" : "attendance");
  }, [ticketUuid]);

  const conversation = ticketUuid ? (
    <Suspense fallback={<Loading />}>
      <Ticket key={ticketUuid} ticketUuid={ticketUuid} />
    </Suspense>
  ) : (
    <Welcome />
  );

  if (!narrow) {
    return (
      <Box sx={{ flex: 1, display: "flex", minWidth: 0, minHeight: 0, height: "100%" }}>
        <Box sx={{ width: LIST_WIDTH_PX, flexShrink: 0, minHeight: 0, display: "flex", flexDirection: "column" }}>
          <TicketsManager selectedUuid={ticketUuid} />
        </Box>
        <Box sx={{ flex: 1, minWidth: 0, minHeight: 0, display: "flex", flexDirection: "column" }}>{conversation}</Box>
      </Box>
    );
  }

  return (
    <Box sx={{ flex: 1, display: "flex", flexDirection: "column", minWidth: 0, minHeight: 0, height: "100%" }}>
      <Tabs
        value={narrowTab}
        onChange={(_, value: NarrowTab) => setNarrowTab(value)}
        variant="fullWidth"
        sx={{ borderBottom: 1, borderColor: "divider", bgcolor: "background.paper" }}
      >
        <Tab value="ticket" label={t("ticketsPage.tabs.ticket")} />
        <Tab value="attendance" label={t("ticketsPage.tabs.attendance")} />
      </Tabs>
      {/* The manager stays mounted on the other tab so its lists, filters and scroll survive. */}
      <Box
        sx={{ flex: 1, minHeight: 0, display: narrowTab === "attendance" ? "flex" : "none", flexDirection: "column" }}
      >
        <TicketsManager selectedUuid={ticketUuid} />
      </Box>
      {narrowTab === "ticket" ? (
        <Box sx={{ flex: 1, minHeight: 0, display: "flex", flexDirection: "column" }}>
          {ticketUuid ? (
            conversation
          ) : (
            <Welcome
              action={
                <Button variant="contained" startIcon={<ChatOutlinedIcon />} onClick={() => setNarrowTab("attendance")}>
                  {t("ticketsPage.selectTicket")}
                </Button>
              }
            />
          )}
        </Box>
      ) : null}
    </Box>
  );
}
