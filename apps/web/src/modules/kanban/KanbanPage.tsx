import { companyEvent, type KanbanTicket, type Tag, TOAST_DURATION_MS } from "@atendo/shared";
import ViewKanbanOutlinedIcon from "@mui/icons-material/ViewKanbanOutlined";
import { Box, Chip, Paper, Stack, Typography } from "@mui/material";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { type DragEvent, useCallback, useEffect, useMemo, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router-dom";
import { toast } from "react-toastify";
import { toastError } from "../../api/client";
import { useSession } from "../../app/session";
import { Loading, MainContainer, MainHeader, Title } from "../../components";
import { useSocketEvent } from "../../realtime/socket";
import { DRAG_TYPE, type DragPayload, KanbanCard } from "./KanbanCard";
import { fetchKanbanTags, fetchKanbanTickets, kanbanKeys, setTicketTags } from "./kanbanApi";
import { buildLanes, type Lane, laneKey, tagsAfterMove } from "./lanes";

const LANE_WIDTH = 300;
/** How long the board waits after a live event before fetching the cards again. */
const LIVE_RELOAD_DELAY_MS = 500;

/**
 * /kanban: a lane for tickets without a board tag, then one lane per kanban tag. A card
 * dragged to another lane (or moved with its "move to" menu, for the keyboard) swaps
 * the source lane's tag for the target's; the ticket's other tags stay.
 */
export default function KanbanPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { user } = useSession();
  const showAll = user?.profile === "admin";
  // The server filters the board as the ticket list (queueIds included, under showAll too):
  // an admin's board holds every ticket, so it asks for no queue; others ask for their queues.
  const queueIds = useMemo(
    () => (showAll ? [] : (user?.queues ?? []).map((queue) => queue.id)),
    [showAll, user?.queues],
  );
  const ticketsKey = kanbanKeys.tickets(queueIds, showAll);
  const [dropTarget, setDropTarget] = useState<string | null>(null);

  const tagsQuery = useQuery({ queryKey: kanbanKeys.tags, queryFn: ({ signal }) => fetchKanbanTags(signal) });
  const ticketsQuery = useQuery({
    queryKey: ticketsKey,
    queryFn: ({ signal }) => fetchKanbanTickets(queueIds, showAll, signal),
    enabled: Boolean(user),
  });
  const tags = tagsQuery.data ?? [];
  const lanes = useMemo(() => buildLanes(tags, ticketsQuery.data ?? []), [tags, ticketsQuery.data]);

  const reloadTickets = useCallback(
    () => void queryClient.invalidateQueries({ queryKey: kanbanKeys.allTickets }),
    [queryClient],
  );
  // A busy company sends a ticket event per message: the board reloads once per burst.
  const reloadTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const reloadSoon = () => {
    clearTimeout(reloadTimer.current);
    reloadTimer.current = setTimeout(reloadTickets, LIVE_RELOAD_DELAY_MS);
  };
  useEffect(() => () => clearTimeout(reloadTimer.current), []);
  useSocketEvent(user ? companyEvent.ticket(user.companyId) : null, reloadSoon);
  useSocketEvent(user ? companyEvent.tag(user.companyId) : null, () => {
    void queryClient.invalidateQueries({ queryKey: kanbanKeys.tags });
    reloadSoon();
  });

  const move = async (ticket: KanbanTicket, from: Tag | null, to: Tag | null) => {
    if (laneKey(from) === laneKey(to)) return;
    const next = tagsAfterMove(
      ticket,
      tags,
      from,
      to ? { id: to.id, name: to.name, color: to.color, kanban: to.kanban } : null,
    );
    // The card moves at once; a refusal puts the board back as the server has it.
    queryClient.setQueryData<KanbanTicket[]>(ticketsKey, (current) =>
      current?.map((item) => (item.id === ticket.id ? { ...item, tags: next } : item)),
    );
    try {
      await setTicketTags(ticket.id, next);
      toast.success(to ? t("kanban.toasts.added", { tag: to.name }) : t("kanban.toasts.removed"), {
        autoClose: TOAST_DURATION_MS,
      });
    } catch (err) {
      toastError(err);
      reloadTickets();
    }
  };

  const findTicket = (id: number) => ticketsQuery.data?.find((ticket) => ticket.id === id);
  const laneTag = (key: string) => lanes.find((lane) => laneKey(lane.tag) === key)?.tag ?? null;

  const onDrop = (lane: Lane) => (event: DragEvent<HTMLElement>) => {
    setDropTarget(null);
    const raw = event.dataTransfer.getData(DRAG_TYPE);
    if (!raw) return;
    event.preventDefault();
    const payload = JSON.parse(raw) as DragPayload;
    const ticket = findTicket(payload.ticketId);
    if (ticket) void move(ticket, laneTag(payload.from), lane.tag);
  };

  const loading = tagsQuery.isPending || ticketsQuery.isPending;

  return (
    <MainContainer>
      <MainHeader>
        <Title>{t("kanban.title")}</Title>
      </MainHeader>
      {loading ? (
        <Loading />
      ) : (
        <>
          {tags.length === 0 ? <NoKanbanTags /> : null}
          <Box
            sx={{ display: "flex", gap: 2, overflowX: "auto", flex: 1, minHeight: 0, pb: 1, alignItems: "stretch" }}
            aria-label={t("kanban.title")}
          >
            {lanes.map((lane) => {
              const key = laneKey(lane.tag);
              const title = lane.tag?.name ?? t("kanban.openLane");
              return (
                <Paper
                  key={key}
                  variant="outlined"
                  component="section"
                  aria-label={title}
                  data-testid={`kanban-lane-${key}`}
                  onDragOver={(event: DragEvent<HTMLElement>) => {
                    if (!event.dataTransfer.types.includes(DRAG_TYPE)) return;
                    event.preventDefault();
                    event.dataTransfer.dropEffect = "move";
                    if (dropTarget !== key) setDropTarget(key);
                  }}
                  onDragLeave={(event: DragEvent<HTMLElement>) => {
                    if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setDropTarget(null);
                  }}
                  onDrop={onDrop(lane)}
                  sx={{
                    width: LANE_WIDTH,
                    flex: `0 0 ${LANE_WIDTH}px`,
                    display: "flex",
                    flexDirection: "column",
                    bgcolor: dropTarget === key ? "action.hover" : "background.default",
                    borderTop: 4,
                    borderTopColor: lane.tag?.color ?? "grey.500",
                  }}
                >
                  <Stack direction="row" sx={{ alignItems: "center", justifyContent: "space-between", px: 1.5, py: 1 }}>
                    <Typography variant="subtitle1" component="h2" noWrap title={title}>
                      {title}
                    </Typography>
                    <Chip
                      size="small"
                      label={lane.tickets.length}
                      aria-label={t("kanban.count", { count: lane.tickets.length })}
                    />
                  </Stack>
                  <Stack spacing={1} sx={{ px: 1, pb: 1, overflowY: "auto", flex: 1, minHeight: 80 }}>
                    {lane.tickets.length === 0 ? (
                      <Typography variant="body2" color="text.secondary" sx={{ textAlign: "center", py: 2 }}>
                        {t("kanban.emptyLane")}
                      </Typography>
                    ) : (
                      lane.tickets.map((ticket) => (
                        <KanbanCard
                          key={ticket.id}
                          ticket={ticket}
                          lane={lane}
                          lanes={lanes}
                          onOpen={() => navigate(`/tickets/${ticket.uuid}`)}
                          onMove={(to) => void move(ticket, lane.tag, to)}
                        />
                      ))
                    )}
                  </Stack>
                </Paper>
              );
            })}
          </Box>
        </>
      )}
    </MainContainer>
  );
}

/**
 * Said above the board rather than as a column beside the open lane: there it started past a
 * phone's width and was cut at the screen's edge.
 */
function NoKanbanTags() {
  const { t } = useTranslation();
  return (
    <Paper
      variant="outlined"
      role="status"
      data-testid="kanban-no-tags"
      sx={{ display: "flex", alignItems: "center", gap: 2, px: 2, py: 1.5, mb: 2, color: "text.secondary" }}
    >
      <ViewKanbanOutlinedIcon sx={{ fontSize: 40, flexShrink: 0 }} />
      <Box sx={{ minWidth: 0 }}>
        <Typography variant="subtitle1" component="h2" color="text.primary">
          {t("kanban.noTags")}
        </Typography>
        <Typography variant="body2">{t("kanban.noTagsHint")}</Typography>
      </Box>
    </Paper>
  );
}
