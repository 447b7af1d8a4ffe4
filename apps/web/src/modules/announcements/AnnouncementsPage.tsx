import {
  ANNOUNCEMENT_EVENT,
  type Announcement,
  INFINITE_SCROLL_THRESHOLD_PX,
  SEARCH_DEBOUNCE_MS,
  TOAST_DURATION_MS,
} from "@atendo/shared";
import AddIcon from "@mui/icons-material/Add";
import CampaignOutlinedIcon from "@mui/icons-material/CampaignOutlined";
import DeleteOutlineIcon from "@mui/icons-material/DeleteOutlined";
import EditOutlinedIcon from "@mui/icons-material/EditOutlined";
import SearchIcon from "@mui/icons-material/Search";
import {
  Button,
  Chip,
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
import { type UIEvent, useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { toast } from "react-toastify";
import { toastError } from "../../api/client";
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
import { AnnouncementModal } from "./AnnouncementModal";
import { announcementsKeys, deleteAnnouncement, fetchAnnouncementsPage } from "./announcementsApi";
import { PriorityChip } from "./PriorityChip";

/** /announcements (super users; the route guard sends everyone else away): list, create, edit, delete. */
export default function AnnouncementsPage() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [searchText, setSearchText] = useState("");
  const [searchParam, setSearchParam] = useState("");
  const [modal, setModal] = useState<{ open: boolean; announcement: Announcement | null }>({
    open: false,
    announcement: null,
  });
  // The record stays set while the confirmation closes, so its title does not blink.
  const [deleting, setDeleting] = useState<Announcement | null>(null);
  const [confirmOpen, setConfirmOpen] = useState(false);

  useEffect(() => {
    const timer = setTimeout(() => setSearchParam(searchText.trim()), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [searchText]);

  const query = useInfiniteQuery({
    queryKey: announcementsKeys.list(searchParam),
    queryFn: ({ pageParam, signal }) => fetchAnnouncementsPage(searchParam, pageParam, signal),
    initialPageParam: 1,
    getNextPageParam: (lastPage, pages) => (lastPage.hasMore ? pages.length + 1 : undefined),
  });
  const { data, isPending, error, hasNextPage, isFetchingNextPage, fetchNextPage } = query;
  useEffect(() => {
    if (error) toastError(error);
  }, [error]);

  const records = data?.pages.flatMap((page) => page.records) ?? [];
  const refresh = () => queryClient.invalidateQueries({ queryKey: announcementsKeys.all });

  // Another super user's change (or this one's, from another tab) shows at once.
  useSocketEvent(ANNOUNCEMENT_EVENT, () => void refresh());

  const onScroll = (event: UIEvent<HTMLDivElement>) => {
    const element = event.currentTarget;
    const near = element.scrollHeight - (element.scrollTop + element.clientHeight) < INFINITE_SCROLL_THRESHOLD_PX;
    if (near && hasNextPage && !isFetchingNextPage) void fetchNextPage();
  };

  const confirmDelete = async () => {
    if (!deleting) return;
    try {
      await deleteAnnouncement(deleting.id);
      toast.success(t("announcements.toasts.deleted"), { autoClose: TOAST_DURATION_MS });
      await refresh();
    } catch (err) {
      toastError(err);
    }
  };

  return (
    <MainContainer>
      <MainHeader>
        <Title>{t("announcements.title")}</Title>
        <MainHeaderButtonsWrapper>
          <TextField
            size="small"
            fullWidth={false}
            type="search"
            placeholder={t("announcements.searchPlaceholder")}
            value={searchText}
            onChange={(event) => setSearchText(event.target.value)}
            slotProps={{
              htmlInput: { "aria-label": t("announcements.searchPlaceholder") },
              input: {
                startAdornment: (
                  <InputAdornment position="start">
                    <SearchIcon fontSize="small" color="action" />
                  </InputAdornment>
                ),
              },
            }}
            sx={{ minWidth: { xs: "100%", sm: 260 } }}
          />
          <Button
            variant="contained"
            startIcon={<AddIcon />}
            onClick={() => setModal({ open: true, announcement: null })}
          >
            {t("announcements.buttons.add")}
          </Button>
        </MainHeaderButtonsWrapper>
      </MainHeader>

      <MainPaper onScroll={onScroll} sx={{ p: 0 }}>
        {isPending ? (
          <Loading />
        ) : records.length === 0 ? (
          <EmptyState icon={<CampaignOutlinedIcon sx={{ fontSize: 56 }} />} title={t("announcements.empty.title")}>
            {searchParam ? t("announcements.empty.search") : t("announcements.empty.hint")}
          </EmptyState>
        ) : (
          <Table stickyHeader size="small" aria-label={t("announcements.title")}>
            <TableHead>
              <TableRow>
                <TableCell>{t("announcements.fields.title")}</TableCell>
                <TableCell align="center">{t("announcements.fields.priority")}</TableCell>
                <TableCell align="center">{t("announcements.fields.image")}</TableCell>
                <TableCell align="center">{t("announcements.fields.status")}</TableCell>
                <TableCell align="center" sx={{ width: 120 }}>
                  {t("announcements.fields.actions")}
                </TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {records.map((record) => (
                <TableRow key={record.id} hover>
                  <TableCell sx={{ maxWidth: 360, wordBreak: "break-word" }}>{record.title}</TableCell>
                  <TableCell align="center">
                    <PriorityChip priority={record.priority} />
                  </TableCell>
                  <TableCell align="center" sx={{ color: "text.secondary" }}>
                    {record.mediaName ?? t("announcements.noImage")}
                  </TableCell>
                  <TableCell align="center">
                    <Chip
                      size="small"
                      variant="outlined"
                      color={record.status ? "success" : "default"}
                      label={record.status ? t("announcements.status.active") : t("announcements.status.inactive")}
                    />
                  </TableCell>
                  <TableCell align="center" sx={{ whiteSpace: "nowrap" }}>
                    <Tooltip title={t("announcements.buttons.edit")}>
                      <IconButton
                        size="small"
                        aria-label={`${t("announcements.buttons.edit")} ${record.title}`}
                        onClick={() => setModal({ open: true, announcement: record })}
                      >
                        <EditOutlinedIcon fontSize="small" />
                      </IconButton>
                    </Tooltip>
                    <Tooltip title={t("announcements.buttons.delete")}>
                      <IconButton
                        size="small"
                        aria-label={`${t("announcements.buttons.delete")} ${record.title}`}
                        onClick={() => {
                          setDeleting(record);
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
                  <TableCell colSpan={5}>
                    <Loading />
                  </TableCell>
                </TableRow>
              ) : null}
            </TableBody>
          </Table>
        )}
      </MainPaper>

      <AnnouncementModal
        open={modal.open}
        announcement={modal.announcement}
        onClose={() => setModal((current) => ({ ...current, open: false }))}
        onSaved={() => void refresh()}
      />
      <ConfirmationModal
        open={confirmOpen}
        title={t("announcements.confirmationModal.deleteTitle", { title: deleting?.title ?? "" })}
        confirmLabel={t("announcements.buttons.delete")}
        onClose={() => setConfirmOpen(false)}
        onConfirm={confirmDelete}
      >
        {t("announcements.confirmationModal.deleteMessage")}
      </ConfirmationModal>
    </MainContainer>
  );
}
