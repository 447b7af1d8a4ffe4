import { hasPermission, isAdmin, type Ticket, TOAST_DURATION_MS } from "@atendo/shared";
import AddIcon from "@mui/icons-material/Add";
import SearchIcon from "@mui/icons-material/Search";
import {
  Badge,
  Box,
  Button,
  Checkbox,
  FormControlLabel,
  InputAdornment,
  ListItemText,
  MenuItem,
  Paper,
  Select,
  Switch,
  Tab,
  Tabs,
  TextField,
} from "@mui/material";
import { skipToken, useQuery, useQueryClient } from "@tanstack/react-query";
import { lazy, type ReactNode, Suspense, useCallback, useEffect, useMemo, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router-dom";
import { toast } from "react-toastify";
import { toastError } from "../../api/client";
import { useSession } from "../../app/session";
import { useDebouncedSearch } from "../../components/listing";
import { useOpenedOnce } from "../../utils/useOpenedOnce";
import { conversationKeys } from "./conversation/conversationApi";
import { firstOpenTab, type OpenTab } from "./firstOpenTab";
import { TicketsList } from "./TicketsList";
import { viewerOf } from "./ticketPlacement";
import { fetchTags, fetchUsers, type TicketListParams, ticketsKeys, updateTicket } from "./ticketsApi";
import { useTicketList } from "./useTicketList";
import { placeTicketInLists } from "./useTicketsRealtime";

// Fetched when first opened: neither is needed to show the lists.
const NewTicketModal = lazy(() => import("./NewTicketModal").then((module) => ({ default: module.NewTicketModal })));
const PeekModal = lazy(() => import("./PeekModal").then((module) => ({ default: module.PeekModal })));
// The autocomplete filters are only needed once the search tab opens.
const SearchFilters = lazy(() => import("./SearchFilters"));

type MainTab = "open" | "closed" | "search";

function CountLabel({ label, count }: { label: string; count: number }) {
  // Not rendered at zero: a hidden MUI badge keeps its last number in the page (and in the tab's name).
  if (count <= 0) return label;
  return (
    <Badge
      badgeContent={count}
      color="primary"
      max={99_999}
      sx={{ pr: 2.5, "& .MuiBadge-badge": { right: 4, top: "50%" } }}
    >
      {label}
    </Badge>
  );
}

function FilterBar({ children }: { children: ReactNode }) {
  return <Box sx={{ display: "flex", alignItems: "center", gap: 1, px: 1.5, py: 1, flexWrap: "wrap" }}>{children}</Box>;
}

/**
 * The ticket manager's column (document 1 section 2): tabs open (assigned and
 * pending, with counts), closed and search; new ticket, show-all and queue
 * selection; the virtualized lists and their item actions.
 */
export function TicketsManager({ selectedUuid }: { selectedUuid: string | undefined }) {
  const { t } = useTranslation();
  const { user } = useSession();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const admin = isAdmin(user);
  const canShowAll = hasPermission(user, "tickets-manager:showall");

  const [tab, showTab] = useState<MainTab>("open");
  const [openTab, showOpenTab] = useState<OpenTab>("open");
  // Once the user (or a ticket's address) has chosen a tab, the first load no longer picks one.
  const tabChosen = useRef(false);
  const setTab = useCallback((value: MainTab) => {
    tabChosen.current = true;
    showTab(value);
  }, []);
  const setOpenTab = useCallback((value: OpenTab) => {
    tabChosen.current = true;
    showOpenTab(value);
  }, []);
  const [showAll, setShowAll] = useState(false);
  // A refreshed session brings a new array with the same queues: only a change of ids resets the selection.
  const userQueueKey = (user?.queues ?? []).map((queue) => queue.id).join(",");
  const userQueueIds = useMemo(() => (userQueueKey ? userQueueKey.split(",").map(Number) : []), [userQueueKey]);
  const [queueIds, setQueueIds] = useState<number[]>(userQueueIds);
  const [searchText, setSearchText] = useState("");
  const searchParam = useDebouncedSearch(searchText);
  const [tagIds, setTagIds] = useState<number[]>([]);
  const [userIds, setUserIds] = useState<number[]>([]);
  const [newTicketOpen, setNewTicketOpen] = useState(false);
  const [peeked, setPeeked] = useState<Ticket | null>(null);
  const newTicketMounted = useOpenedOnce(newTicketOpen);
  const peekMounted = useOpenedOnce(peeked !== null);
  const [busyIds, setBusyIds] = useState<ReadonlySet<number>>(new Set());

  // The user's queues changed (an admin edited them): the selection follows.
  useEffect(() => setQueueIds(userQueueIds), [userQueueIds]);

  const effectiveShowAll = canShowAll && showAll;
  const openParams = useMemo<TicketListParams>(
    () => ({ status: "open", showAll: effectiveShowAll, queueIds }),
    [effectiveShowAll, queueIds],
  );
  const pendingParams = useMemo<TicketListParams>(
    () => ({ status: "pending", showAll: effectiveShowAll, queueIds }),
    [effectiveShowAll, queueIds],
  );
  const closedParams = useMemo<TicketListParams>(
    () => ({ status: "closed", showAll: effectiveShowAll, queueIds }),
    [effectiveShowAll, queueIds],
  );
  const searchParams = useMemo<TicketListParams>(
    () => ({ searchParam, tags: tagIds, users: userIds, queueIds, showAll: true }),
    [searchParam, tagIds, userIds, queueIds],
  );

  const openList = useTicketList(openParams);
  const pendingList = useTicketList(pendingParams);
  const closedList = useTicketList(closedParams, tab === "closed");
  const firstCountsLoaded = openList.data !== undefined && pendingList.data !== undefined;
  useEffect(() => {
    if (!firstCountsLoaded || tabChosen.current) return;
    tabChosen.current = true;
    showOpenTab(firstOpenTab(openList.count, pendingList.count));
  }, [firstCountsLoaded, openList.count, pendingList.count]);
  const searchList = useTicketList(searchParams, tab === "search");

  const tagsQuery = useQuery({
    queryKey: ticketsKeys.tags,
    queryFn: ({ signal }) => fetchTags(signal),
    enabled: tab === "search",
    staleTime: 60_000,
  });
  const usersQuery = useQuery({
    queryKey: ticketsKeys.users,
    queryFn: ({ signal }) => fetchUsers(signal),
    enabled: tab === "search" && admin,
    staleTime: 60_000,
  });

  const setBusy = useCallback((id: number, busy: boolean) => {
    setBusyIds((current) => {
      const next = new Set(current);
      if (busy) next.add(id);
      else next.delete(id);
      return next;
    });
  }, []);

  /** The tab that lists a status: where a ticket just moved is found. */
  const showStatusTab = useCallback(
    (status: Ticket["status"]) => {
      if (status === "closed") setTab("closed");
      else {
        setTab("open");
        setOpenTab(status);
      }
    },
    [setOpenTab, setTab],
  );

  // The ticket on screen was reopened or accepted in the conversation: the tabs follow it, so it stays
  // in sight and selected. A search keeps its results (they hold every status).
  const { data: selectedTicket } = useQuery<Ticket>({
    queryKey: conversationKeys.ticket(selectedUuid ?? ""),
    // Read from the conversation's cache only: the conversation fetches the ticket.
    queryFn: skipToken,
  });
  const selectedStatus = selectedTicket?.status;
  const followed = useRef<{ uuid: string | undefined; status: Ticket["status"] | undefined }>({
    uuid: undefined,
    status: undefined,
  });
  useEffect(() => {
    const before = followed.current;
    followed.current = { uuid: selectedUuid, status: selectedStatus };
    if (!selectedStatus || tab === "search") return;
    // A ticket opened by its address (a link, the bell) shows in the tab that lists it; from the
    // list it already is in the tab on screen.
    if (before.uuid !== selectedUuid || !before.status) showStatusTab(selectedStatus);
    else if (before.status !== selectedStatus && selectedStatus !== "closed") showStatusTab(selectedStatus);
  }, [selectedUuid, selectedStatus, tab, showStatusTab]);

  /** One status change through PUT /tickets/{id}; the answer is placed at once, the event agrees later. */
  const transition = useCallback(
    async (ticket: Ticket, status: Ticket["status"]): Promise<Ticket | null> => {
      if (!user) return null;
      setBusy(ticket.id, true);
      try {
        const updated = await updateTicket(ticket.id, { status, userId: user.id, queueId: ticket.queueId });
        placeTicketInLists(queryClient, viewerOf(user), updated);
        return updated;
      } catch (err) {
        toastError(err);
        return null;
      } finally {
        setBusy(ticket.id, false);
      }
    },
    [user, queryClient, setBusy],
  );

  const onOpen = useCallback((ticket: Ticket) => navigate(`/tickets/${ticket.uuid}`), [navigate]);
  const onAccept = useCallback(
    async (ticket: Ticket) => {
      const updated = await transition(ticket, "open");
      if (updated) {
        setTab("open");
        setOpenTab("open");
        navigate(`/tickets/${updated.uuid}`);
      }
    },
    [transition, navigate, setTab, setOpenTab],
  );
  const onClose = useCallback(
    async (ticket: Ticket) => {
      const updated = await transition(ticket, "closed");
      if (!updated) return;
      toast.success(t("ticketsList.toasts.closed"), { autoClose: TOAST_DURATION_MS });
      if (ticket.uuid === selectedUuid) navigate("/tickets");
    },
    [transition, navigate, selectedUuid, t],
  );
  const onReopen = useCallback(
    async (ticket: Ticket) => {
      const updated = await transition(ticket, "open");
      if (!updated) return;
      showStatusTab(updated.status);
      navigate(`/tickets/${updated.uuid}`);
    },
    [transition, navigate, showStatusTab],
  );
  const onPeek = useCallback((ticket: Ticket) => setPeeked(ticket), []);
  // Stable callbacks keep the memoized rows from re-rendering on every change of the page.
  const actions = useMemo(
    () => ({
      onOpen,
      onAccept: (ticket: Ticket) => void onAccept(ticket),
      onClose: (ticket: Ticket) => void onClose(ticket),
      onReopen: (ticket: Ticket) => void onReopen(ticket),
      onPeek,
    }),
    [onOpen, onAccept, onClose, onReopen, onPeek],
  );

  const visibleList =
    tab === "closed" ? closedList : tab === "search" ? searchList : openTab === "pending" ? pendingList : openList;

  const queues = user?.queues ?? [];

  return (
    <Paper
      square
      elevation={0}
      sx={{
        display: "flex",
        flexDirection: "column",
        height: "100%",
        minHeight: 0,
        borderRight: 1,
        borderColor: "divider",
      }}
    >
      <Tabs
        value={tab}
        onChange={(_, value: MainTab) => setTab(value)}
        variant="fullWidth"
        aria-label={t("ticketsManager.tabsLabel")}
        sx={{ borderBottom: 1, borderColor: "divider", minHeight: 44 }}
      >
        <Tab value="open" label={t("ticketsManager.tabs.open")} sx={{ minHeight: 44 }} />
        <Tab value="closed" label={t("ticketsManager.tabs.closed")} sx={{ minHeight: 44 }} />
        <Tab value="search" label={t("ticketsManager.tabs.search")} sx={{ minHeight: 44 }} />
      </Tabs>

      <FilterBar>
        <Button size="small" variant="outlined" startIcon={<AddIcon />} onClick={() => setNewTicketOpen(true)}>
          {t("ticketsManager.newTicket")}
        </Button>
        {canShowAll ? (
          <FormControlLabel
            // MUI pulls a label 11 px left to line its control up with text; beside a button that is an overlap.
            sx={{ ml: 0, mr: 0 }}
            control={<Switch size="small" checked={showAll} onChange={(_, checked) => setShowAll(checked)} />}
            label={t("ticketsManager.showAll")}
          />
        ) : null}
        {queues.length > 0 ? (
          <Select
            multiple
            size="small"
            displayEmpty
            value={queueIds}
            onChange={(event) => {
              const value = event.target.value;
              setQueueIds(typeof value === "string" ? value.split(",").map(Number) : value);
            }}
            renderValue={() => `${t("ticketsManager.filterQueues")} (${queueIds.length})`}
            inputProps={{ "aria-label": t("ticketsManager.filterQueues") }}
            sx={{ ml: "auto", minWidth: 120, fontSize: 14 }}
          >
            {queues.map((queue) => (
              <MenuItem key={queue.id} value={queue.id} dense>
                <Checkbox size="small" checked={queueIds.includes(queue.id)} sx={{ color: queue.color }} />
                <ListItemText primary={queue.name} />
              </MenuItem>
            ))}
          </Select>
        ) : null}
      </FilterBar>

      {tab === "open" ? (
        <Tabs
          value={openTab}
          onChange={(_, value: OpenTab) => setOpenTab(value)}
          variant="fullWidth"
          aria-label={t("ticketsManager.subTabsLabel")}
          sx={{ borderBottom: 1, borderColor: "divider", minHeight: 40 }}
        >
          <Tab
            value="open"
            sx={{ minHeight: 40 }}
            label={<CountLabel label={t("ticketsManager.tabs.assigned")} count={openList.count} />}
          />
          <Tab
            value="pending"
            sx={{ minHeight: 40 }}
            label={<CountLabel label={t("ticketsManager.tabs.pending")} count={pendingList.count} />}
          />
        </Tabs>
      ) : null}

      {tab === "search" ? (
        <FilterBar>
          <TextField
            size="small"
            fullWidth
            autoFocus
            value={searchText}
            placeholder={t("ticketsManager.searchPlaceholder")}
            onChange={(event) => {
              setSearchText(event.target.value);
              if (event.target.value === "") setTab("open");
            }}
            slotProps={{
              htmlInput: { "aria-label": t("ticketsManager.searchPlaceholder") },
              input: {
                startAdornment: (
                  <InputAdornment position="start">
                    <SearchIcon fontSize="small" />
                  </InputAdornment>
                ),
              },
            }}
          />
          <Suspense fallback={null}>
            <SearchFilters
              tags={tagsQuery.data ?? []}
              tagIds={tagIds}
              onTagIds={setTagIds}
              users={admin ? (usersQuery.data ?? []) : null}
              userIds={userIds}
              onUserIds={setUserIds}
            />
          </Suspense>
        </FilterBar>
      ) : null}

      <Box sx={{ flex: 1, minHeight: 0, display: "flex", flexDirection: "column" }}>
        <TicketsList
          key={tab === "open" ? `open-${openTab}` : tab}
          list={visibleList}
          selectedUuid={selectedUuid}
          canPeek={admin}
          busyIds={busyIds}
          {...actions}
        />
      </Box>

      <Suspense fallback={null}>
        {newTicketMounted ? (
          <NewTicketModal
            open={newTicketOpen}
            onClose={() => setNewTicketOpen(false)}
            onOpenTicket={(ticket) => {
              setTab("open");
              setOpenTab("open");
              navigate(`/tickets/${ticket.uuid}`);
            }}
          />
        ) : null}
        {peekMounted ? <PeekModal ticket={peeked} onClose={() => setPeeked(null)} /> : null}
      </Suspense>
    </Paper>
  );
}
