import { INFINITE_SCROLL_THRESHOLD_PX, SMALL_SCREEN_MAX_PX, type Ticket } from "@atendo/shared";
import InboxOutlinedIcon from "@mui/icons-material/InboxOutlined";
import { Box, CircularProgress, Typography, useMediaQuery } from "@mui/material";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { Virtuoso } from "react-virtuoso";
import { EmptyState } from "../../components/EmptyState";
import { Loading } from "../../components/Loading";
import { type TicketItemActions, TicketListItem } from "./TicketListItem";
import type { useTicketList } from "./useTicketList";

interface ListContext {
  loadingMore: boolean;
}

function LoadingMoreFooter({ context }: { context?: ListContext }) {
  const { t } = useTranslation();
  if (!context?.loadingMore) return null;
  return (
    <Box sx={{ display: "flex", justifyContent: "center", alignItems: "center", gap: 1, py: 1.5 }}>
      <CircularProgress size={18} />
      <Typography variant="caption" color="text.secondary">
        {t("ticketsList.loadingMore")}
      </Typography>
    </Box>
  );
}

/** Stable across renders: Virtuoso remounts its parts when this object changes. */
const LIST_COMPONENTS = { Footer: LoadingMoreFooter };

interface TicketsListProps extends TicketItemActions {
  list: ReturnType<typeof useTicketList>;
  selectedUuid: string | undefined;
  canPeek: boolean;
  busyIds: ReadonlySet<number>;
}

/**
 * A virtualized ticket list: only the visible rows exist in the page, and the
 * next page loads once the scroll is within 100 px of the bottom.
 */
export function TicketsList({ list, selectedUuid, canPeek, busyIds, ...actions }: TicketsListProps) {
  const { t } = useTranslation();
  const [atBottom, setAtBottom] = useState(false);
  const compact = useMediaQuery(`(max-width:${SMALL_SCREEN_MAX_PX - 1}px)`);
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = list;

  // Also after a page arrives: a short page may leave the scroll at the bottom.
  useEffect(() => {
    if (atBottom && hasNextPage && !isFetchingNextPage) void fetchNextPage();
  }, [atBottom, hasNextPage, isFetchingNextPage, fetchNextPage]);

  if (list.isPending) return <Loading />;
  if (list.tickets.length === 0) {
    return (
      <EmptyState icon={<InboxOutlinedIcon fontSize="large" />} title={t("ticketsList.empty")}>
        <Typography variant="body2">{t("ticketsList.emptyHint")}</Typography>
      </EmptyState>
    );
  }

  return (
    <Virtuoso<Ticket, ListContext>
      style={{ flex: 1 }}
      data={list.tickets}
      computeItemKey={(_, ticket) => ticket.id}
      atBottomThreshold={INFINITE_SCROLL_THRESHOLD_PX}
      atBottomStateChange={setAtBottom}
      increaseViewportBy={{ top: 200, bottom: 400 }}
      aria-label={t("ticketsList.listLabel")}
      itemContent={(_, ticket) => (
        <TicketListItem
          ticket={ticket}
          selected={ticket.uuid === selectedUuid}
          canPeek={canPeek}
          busy={busyIds.has(ticket.id)}
          compact={compact}
          {...actions}
        />
      )}
      context={{ loadingMore: isFetchingNextPage }}
      components={LIST_COMPONENTS}
    />
  );
}
