import { ANNOUNCEMENT_EVENT, type Announcement } from "@atendo/shared";
import CampaignOutlinedIcon from "@mui/icons-material/CampaignOutlined";
import DeleteOutlineIcon from "@mui/icons-material/DeleteOutlined";
import EditOutlinedIcon from "@mui/icons-material/EditOutlined";
import { Chip, IconButton, Tooltip } from "@mui/material";
import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { toastError } from "../../api/client";
import {
  ConfirmationModal,
  EmptyState,
  ListPageHeader,
  MainContainer,
  PagedListPaper,
  ResponsiveTable,
  useConfirmDelete,
  useSearchedPagedList,
} from "../../components";
import { useSocketEvent } from "../../realtime/socket";
import { AnnouncementModal } from "./AnnouncementModal";
import { announcementsKeys, deleteAnnouncement, fetchAnnouncementsPage } from "./announcementsApi";
import { PriorityChip } from "./PriorityChip";

// Every announcements list (this page's searches and the top bar's active ones) follows a change.
const announcementsListKeys = { lists: () => announcementsKeys.all, list: announcementsKeys.list };

/** /announcements (super users; the route guard sends everyone else away): list, create, edit, delete. */
export default function AnnouncementsPage() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [modal, setModal] = useState<{ open: boolean; announcement: Announcement | null }>({
    open: false,
    announcement: null,
  });

  const list = useSearchedPagedList({
    keys: announcementsListKeys,
    fetchPage: fetchAnnouncementsPage,
    rowsOf: (page) => page.records,
  });
  const { query, rows: records, searchText, setSearchText, searchParam } = list;
  const { error, isFetchingNextPage } = query;
  useEffect(() => {
    if (error) toastError(error);
  }, [error]);

  const refresh = () => queryClient.invalidateQueries({ queryKey: announcementsKeys.all });

  // Another super user's change (or this one's, from another tab) shows at once.
  useSocketEvent(ANNOUNCEMENT_EVENT, () => void refresh());

  const deletion = useConfirmDelete(async (record: Announcement) => {
    await deleteAnnouncement(record.id);
    await refresh();
  }, t("announcements.toasts.deleted"));

  return (
    <MainContainer>
      <ListPageHeader
        title={t("announcements.title")}
        search={{
          label: t("announcements.searchPlaceholder"),
          value: searchText,
          onChange: setSearchText,
          minWidth: 260,
        }}
        primary={{ label: t("announcements.buttons.add"), onClick: () => setModal({ open: true, announcement: null }) }}
      />

      <PagedListPaper
        list={list}
        empty={
          <EmptyState icon={<CampaignOutlinedIcon sx={{ fontSize: 56 }} />} title={t("announcements.empty.title")}>
            {searchParam ? t("announcements.empty.search") : t("announcements.empty.hint")}
          </EmptyState>
        }
      >
        <ResponsiveTable
          label={t("announcements.title")}
          rows={records}
          rowKey={(record) => record.id}
          loadingMore={isFetchingNextPage && t("announcements.loadingMore")}
          columns={[
            {
              label: t("announcements.fields.title"),
              card: "title",
              cellSx: { maxWidth: 360, wordBreak: "break-word" },
              render: (record) => record.title,
            },
            {
              label: t("announcements.fields.priority"),
              align: "center",
              render: (record) => <PriorityChip priority={record.priority} />,
            },
            {
              label: t("announcements.fields.image"),
              align: "center",
              cellSx: { color: "text.secondary" },
              render: (record) => record.mediaName ?? t("announcements.noImage"),
            },
            {
              label: t("announcements.fields.status"),
              align: "center",
              render: (record) => (
                <Chip
                  size="small"
                  variant="outlined"
                  color={record.status ? "success" : "default"}
                  label={record.status ? t("announcements.status.active") : t("announcements.status.inactive")}
                />
              ),
            },
          ]}
          actions={{
            label: t("announcements.fields.actions"),
            width: 120,
            render: (record) => (
              <>
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
                    onClick={() => deletion.ask(record)}
                  >
                    <DeleteOutlineIcon fontSize="small" />
                  </IconButton>
                </Tooltip>
              </>
            ),
          }}
        />
      </PagedListPaper>

      <AnnouncementModal
        open={modal.open}
        announcement={modal.announcement}
        onClose={() => setModal((current) => ({ ...current, open: false }))}
        onSaved={() => void refresh()}
      />
      <ConfirmationModal
        {...deletion.dialog}
        title={t("announcements.confirmationModal.deleteTitle", { title: deletion.target?.title ?? "" })}
        confirmLabel={t("announcements.buttons.delete")}
      >
        {t("announcements.confirmationModal.deleteMessage")}
      </ConfirmationModal>
    </MainContainer>
  );
}
