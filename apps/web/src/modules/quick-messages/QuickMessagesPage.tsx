import { isAdmin, type QuickMessage } from "@atendo/shared";
import AttachFileIcon from "@mui/icons-material/AttachFile";
import DeleteOutlineIcon from "@mui/icons-material/DeleteOutlined";
import EditOutlinedIcon from "@mui/icons-material/EditOutlined";
import QuickreplyOutlinedIcon from "@mui/icons-material/QuickreplyOutlined";
import { Link, Typography } from "@mui/material";
import { useTranslation } from "react-i18next";
import { useSession } from "../../app/session";
import {
  ConfirmationModal,
  EmptyState,
  ListPageHeader,
  MainContainer,
  PagedListPaper,
  ResponsiveTable,
  RowAction,
  useConfirmDelete,
  useRecordDialog,
  useSearchedPagedList,
} from "../../components";
import { QuickMessageModal } from "./QuickMessageModal";
import { deleteQuickMessage, fetchQuickMessagesPage, quickMessagesKeys } from "./quickMessagesApi";

/** /quick-messages: the user's and the company-wide quick messages, with search, add, edit and delete. */
export default function QuickMessagesPage() {
  const { t } = useTranslation();
  const { user } = useSession();
  const { dialog: modal, openNew, openRecord, close: closeModal } = useRecordDialog();
  const admin = isAdmin(user);
  const list = useSearchedPagedList({
    keys: quickMessagesKeys,
    fetchPage: fetchQuickMessagesPage,
    rowsOf: (page) => page.records,
  });
  const { query, rows: records, searchText, setSearchText, searchParam, updateLists, reload } = list;

  const deletion = useConfirmDelete(async (deleted: QuickMessage) => {
    await deleteQuickMessage(deleted.id);
    updateLists((data) => ({
      ...data,
      pages: data.pages.map((page) => ({ ...page, records: page.records.filter((item) => item.id !== deleted.id) })),
    }));
  }, t("quickMessages.toasts.deleted"));

  const mayWrite = (item: QuickMessage) => admin || item.userId === user?.id;

  return (
    <MainContainer>
      <ListPageHeader
        title={t("quickMessages.title")}
        search={{
          label: t("quickMessages.searchPlaceholder"),
          value: searchText,
          onChange: setSearchText,
          minWidth: 240,
        }}
        primary={{ label: t("quickMessages.buttons.add"), onClick: openNew }}
      />

      <PagedListPaper
        list={list}
        empty={
          <EmptyState icon={<QuickreplyOutlinedIcon sx={{ fontSize: 56 }} />} title={t("quickMessages.empty.title")}>
            {searchParam ? t("quickMessages.empty.search") : t("quickMessages.empty.hint")}
          </EmptyState>
        }
      >
        <ResponsiveTable
          label={t("quickMessages.title")}
          rows={records}
          rowKey={(item) => item.id}
          loadingMore={query.isFetchingNextPage && t("quickMessages.table.loadingMore")}
          columns={[
            {
              label: t("quickMessages.table.shortcode"),
              card: "title",
              cellSx: { fontWeight: 600 },
              render: (item) => `/${item.shortcode}`,
            },
            {
              label: t("quickMessages.table.message"),
              cellSx: { maxWidth: 360 },
              render: (item) => (
                <Typography variant="body2" noWrap title={item.message}>
                  {item.message}
                </Typography>
              ),
            },
            {
              label: t("quickMessages.table.mediaName"),
              render: (item) =>
                item.mediaPath ? (
                  <Link
                    href={item.mediaPath}
                    target="_blank"
                    rel="noopener noreferrer"
                    sx={{ display: "inline-flex", alignItems: "center", gap: 0.5, overflowWrap: "anywhere" }}
                  >
                    <AttachFileIcon fontSize="inherit" />
                    {item.mediaName}
                  </Link>
                ) : (
                  "—"
                ),
            },
          ]}
          actions={{
            label: t("quickMessages.table.actions"),
            width: 120,
            // Others' company-wide messages are read-only for non-admins: their row has no buttons.
            render: (item) =>
              mayWrite(item) ? (
                <>
                  <RowAction label={t("quickMessages.buttons.edit")} onClick={() => openRecord(item.id)}>
                    <EditOutlinedIcon fontSize="small" />
                  </RowAction>
                  <RowAction label={t("quickMessages.buttons.delete")} onClick={() => deletion.ask(item)}>
                    <DeleteOutlineIcon fontSize="small" />
                  </RowAction>
                </>
              ) : null,
          }}
        />
      </PagedListPaper>

      <QuickMessageModal open={modal.open} quickMessageId={modal.id} onClose={closeModal} onSaved={reload} />
      <ConfirmationModal
        {...deletion.dialog}
        title={
          deletion.target
            ? t("quickMessages.confirmationModal.deleteTitle", { shortcode: deletion.target.shortcode })
            : ""
        }
        confirmLabel={t("quickMessages.confirmationModal.deleteConfirm")}
      >
        {t("quickMessages.confirmationModal.deleteMessage")}
      </ConfirmationModal>
    </MainContainer>
  );
}
