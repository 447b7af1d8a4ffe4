import {
  companyEvent,
  INFINITE_SCROLL_THRESHOLD_PX,
  TOAST_DURATION_MS,
  USER_SEARCH_MIN_CHARS,
  type User,
} from "@atendo/shared";
import DeleteOutlineIcon from "@mui/icons-material/DeleteOutlined";
import EditOutlinedIcon from "@mui/icons-material/EditOutlined";
import PeopleAltOutlinedIcon from "@mui/icons-material/PeopleAltOutlined";
import PersonAddAlt1Icon from "@mui/icons-material/PersonAddAlt1";
import SearchIcon from "@mui/icons-material/Search";
import {
  Box,
  Button,
  CircularProgress,
  IconButton,
  InputAdornment,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  TextField,
  Tooltip,
} from "@mui/material";
import { useInfiniteQuery, useQueryClient } from "@tanstack/react-query";
import { type UIEvent, useCallback, useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { toast } from "react-toastify";
import { toastError } from "../../api/client";
import { useSession } from "../../app/session";
import {
  ConfirmationModal,
  EmptyState,
  Loading,
  MainContainer,
  MainHeader,
  MainHeaderButtonsWrapper,
  MainPaper,
  Title,
} from "../../components";
import { useSocketEvent } from "../../realtime/socket";
import { UserModal } from "./UserModal";
import { deleteUser, fetchUsersPage, type UserEvent, type UsersPageData, usersKeys } from "./usersApi";
import { removeUser, upsertUser } from "./usersCache";
import { isSearchable, useUserSearch } from "./useUserSearch";

type UsersPages = Parameters<typeof upsertUser>[0];

/** Whether a scrolled element is within the infinite-scroll threshold of its bottom. */
export function nearBottom(element: Pick<HTMLElement, "scrollHeight" | "scrollTop" | "clientHeight">): boolean {
  return element.scrollHeight - (element.scrollTop + element.clientHeight) < INFINITE_SCROLL_THRESHOLD_PX;
}

/** /users: search, add, edit and delete the company's users; the list follows realtime changes. */
export default function UsersPage() {
  const { t } = useTranslation();
  const { user: sessionUser } = useSession();
  const queryClient = useQueryClient();
  const [searchText, setSearchText] = useState("");
  const searchParam = useUserSearch(searchText);
  const [modal, setModal] = useState<{ open: boolean; userId: number | null }>({ open: false, userId: null });
  // The user stays set while the confirmation closes, so its title does not blink.
  const [deleting, setDeleting] = useState<User | null>(null);
  const [confirmOpen, setConfirmOpen] = useState(false);
  const paperRef = useRef<HTMLDivElement>(null);

  const query = useInfiniteQuery({
    queryKey: usersKeys.list(searchParam),
    queryFn: ({ pageParam, signal }) => fetchUsersPage(searchParam, pageParam, signal),
    initialPageParam: 1,
    getNextPageParam: (lastPage: UsersPageData, pages) => (lastPage.hasMore ? pages.length + 1 : undefined),
  });
  const { data, isPending, hasNextPage, isFetchingNextPage, fetchNextPage } = query;

  // Users can appear in several pages when rows move between fetches: show each once.
  const users: User[] = [];
  const seen = new Set<number>();
  for (const page of data?.pages ?? []) {
    for (const item of page.users) {
      if (seen.has(item.id)) continue;
      seen.add(item.id);
      users.push(item);
    }
  }

  /** Applies a change to every cached list (each search has its own). */
  const updateLists = useCallback(
    (change: (data: UsersPages, searchParam: string) => UsersPages) => {
      for (const [key, value] of queryClient.getQueriesData<NonNullable<UsersPages>>({ queryKey: usersKeys.lists() })) {
        if (!value) continue;
        const listSearch = typeof key[2] === "string" ? key[2] : "";
        queryClient.setQueryData(key, change(value, listSearch));
      }
    },
    [queryClient],
  );

  const upsert = useCallback(
    (user: User) => updateLists((pages, listSearch) => upsertUser(pages, user, listSearch)),
    [updateLists],
  );
  const remove = useCallback((userId: number) => updateLists((pages) => removeUser(pages, userId)), [updateLists]);

  useSocketEvent<UserEvent>(sessionUser ? companyEvent.user(sessionUser.companyId) : null, (payload) => {
    if (!payload) return;
    if (payload.action === "delete") remove(payload.userId);
    else if ((payload.action === "create" || payload.action === "update") && payload.user) upsert(payload.user);
  });

  const loadMoreIfNear = useCallback(
    (element: HTMLElement | null) => {
      if (!element || !hasNextPage || isFetchingNextPage) return;
      if (nearBottom(element)) void fetchNextPage();
    },
    [hasNextPage, isFetchingNextPage, fetchNextPage],
  );

  const onScroll = (event: UIEvent<HTMLDivElement>) => loadMoreIfNear(event.currentTarget);

  // A first page that does not fill the box cannot be scrolled: load on until it does.
  // biome-ignore lint/correctness/useExhaustiveDependencies: re-check whenever the rows change
  useEffect(() => {
    loadMoreIfNear(paperRef.current);
  }, [loadMoreIfNear, users.length]);

  const openModal = (userId: number | null) => setModal({ open: true, userId });
  const closeModal = useCallback(() => setModal((current) => ({ ...current, open: false })), []);

  const confirmDelete = async () => {
    if (!deleting) return;
    try {
      await deleteUser(deleting.id);
      remove(deleting.id);
      toast.success(t("users.toasts.deleted"), { autoClose: TOAST_DURATION_MS });
    } catch (err) {
      toastError(err);
    }
  };

  const searchTooShort = !isSearchable(searchText);

  return (
    <MainContainer>
      <MainHeader>
        <Title>{t("users.title")}</Title>
        <MainHeaderButtonsWrapper>
          <TextField
            size="small"
            type="search"
            placeholder={t("users.searchPlaceholder")}
            value={searchText}
            onChange={(event) => setSearchText(event.target.value)}
            helperText={searchTooShort ? t("users.searchHint", { count: USER_SEARCH_MIN_CHARS }) : undefined}
            slotProps={{
              htmlInput: { "aria-label": t("users.searchPlaceholder") },
              input: {
                startAdornment: (
                  <InputAdornment position="start">
                    <SearchIcon fontSize="small" color="action" />
                  </InputAdornment>
                ),
              },
              formHelperText: { sx: { position: "absolute", top: "100%", m: 0, mt: 0.25 } },
            }}
            sx={{ minWidth: { xs: "100%", sm: 280 }, position: "relative" }}
          />
          <Button variant="contained" startIcon={<PersonAddAlt1Icon />} onClick={() => openModal(null)}>
            {t("users.buttons.add")}
          </Button>
        </MainHeaderButtonsWrapper>
      </MainHeader>

      <MainPaper ref={paperRef} onScroll={onScroll} sx={{ p: 0 }}>
        {isPending ? (
          <Loading />
        ) : users.length === 0 ? (
          <EmptyState icon={<PeopleAltOutlinedIcon sx={{ fontSize: 56 }} />} title={t("users.empty.title")}>
            {searchParam ? t("users.empty.search") : null}
          </EmptyState>
        ) : (
          <Table stickyHeader size="small" aria-label={t("users.title")}>
            <TableHead>
              <TableRow>
                <TableCell align="center" sx={{ width: 80 }}>
                  {t("users.table.id")}
                </TableCell>
                <TableCell>{t("users.table.name")}</TableCell>
                <TableCell>{t("users.table.email")}</TableCell>
                <TableCell align="center">{t("users.table.profile")}</TableCell>
                <TableCell align="center" sx={{ width: 120 }}>
                  {t("users.table.actions")}
                </TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {users.map((item) => (
                <TableRow key={item.id} hover>
                  <TableCell align="center">{item.id}</TableCell>
                  <TableCell aria-description={item.online ? t("users.table.online") : t("users.table.offline")}>
                    <Box sx={{ display: "inline-flex", alignItems: "center", gap: 1 }}>
                      <Tooltip title={item.online ? t("users.table.online") : t("users.table.offline")}>
                        <Box
                          component="span"
                          aria-hidden
                          data-online={item.online}
                          sx={{
                            width: 10,
                            height: 10,
                            borderRadius: "50%",
                            flexShrink: 0,
                            bgcolor: item.online ? "success.main" : "action.disabled",
                          }}
                        />
                      </Tooltip>
                      {item.name}
                    </Box>
                  </TableCell>
                  <TableCell sx={{ wordBreak: "break-all" }}>{item.email}</TableCell>
                  <TableCell align="center">{t(`users.profiles.${item.profile}`)}</TableCell>
                  <TableCell align="center" sx={{ whiteSpace: "nowrap" }}>
                    <Tooltip title={t("users.buttons.edit")}>
                      <IconButton size="small" aria-label={t("users.buttons.edit")} onClick={() => openModal(item.id)}>
                        <EditOutlinedIcon fontSize="small" />
                      </IconButton>
                    </Tooltip>
                    <Tooltip title={t("users.buttons.delete")}>
                      <IconButton
                        size="small"
                        aria-label={t("users.buttons.delete")}
                        onClick={() => {
                          setDeleting(item);
                          setConfirmOpen(true);
                        }}
                      >
                        <DeleteOutlineIcon fontSize="small" />
                      </IconButton>
                    </Tooltip>
                  </TableCell>
                </TableRow>
              ))}
              {isFetchingNextPage ? (
                <TableRow>
                  <TableCell colSpan={5} align="center">
                    <Box sx={{ display: "inline-flex", alignItems: "center", gap: 1, color: "text.secondary" }}>
                      <CircularProgress size={16} color="inherit" />
                      {t("users.table.loadingMore")}
                    </Box>
                  </TableCell>
                </TableRow>
              ) : null}
            </TableBody>
          </Table>
        )}
      </MainPaper>

      <UserModal open={modal.open} userId={modal.userId} onClose={closeModal} onSaved={upsert} />
      <ConfirmationModal
        open={confirmOpen}
        title={deleting ? t("users.confirmationModal.deleteTitle", { name: deleting.name }) : ""}
        confirmLabel={t("users.confirmationModal.deleteConfirm")}
        onClose={() => setConfirmOpen(false)}
        onConfirm={confirmDelete}
      >
        {t("users.confirmationModal.deleteMessage")}
      </ConfirmationModal>
    </MainContainer>
  );
}
