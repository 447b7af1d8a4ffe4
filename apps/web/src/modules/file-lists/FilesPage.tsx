import { companyEvent, type FileList } from "@atendo/shared";
import DeleteOutlineIcon from "@mui/icons-material/DeleteOutlined";
import EditOutlinedIcon from "@mui/icons-material/EditOutlined";
import FolderCopyOutlinedIcon from "@mui/icons-material/FolderCopyOutlined";
import { Chip, Typography } from "@mui/material";
import { useTranslation } from "react-i18next";
import {
  ConfirmationModal,
  EmptyState,
  ListPageHeader,
  MainContainer,
  PagedListPaper,
  ResponsiveTable,
  RowAction,
  RowName,
  useConfirmDelete,
  useLiveList,
  useRecordDialog,
  useSearchedPagedList,
} from "../../components";
import { formatShortDateTime } from "../../utils/date";
import { FileListModal } from "./FileListModal";
import { deleteFileList, fetchFileListsPage, fileListsKeys, removeFileList, replaceFileList } from "./fileListsApi";

/** /files: the company's file lists, with search, infinite scroll, add, edit and delete, kept live. */
export default function FilesPage() {
  const { t } = useTranslation();
  const { dialog: modal, openNew, openRecord, close: closeModal } = useRecordDialog();
  const list = useSearchedPagedList({
    keys: fileListsKeys,
    fetchPage: fetchFileListsPage,
    rowsOf: (page) => page.files,
  });
  const { query, rows: fileLists, searchText, setSearchText, searchParam } = list;
  // A new list takes its place in the server's order (by name), so the pages are fetched again.
  const live = useLiveList(list, {
    channel: companyEvent.file,
    read: (payload) =>
      payload.action === "delete"
        ? { removed: payload.fileId }
        : payload.action === "update"
          ? { changed: payload.file }
          : "reload",
    remove: removeFileList,
    replace: replaceFileList,
  });

  const deletion = useConfirmDelete(async (deleted: FileList) => {
    await deleteFileList(deleted.id);
    live.removeRow(deleted.id);
  }, t("files.toasts.deleted"));

  return (
    <MainContainer>
      <ListPageHeader
        title={t("files.title")}
        subtitle={t("files.subtitle")}
        search={{ label: t("files.searchPlaceholder"), value: searchText, onChange: setSearchText, minWidth: 240 }}
        primary={{ label: t("files.buttons.add"), onClick: openNew }}
      />

      <PagedListPaper
        list={list}
        empty={
          <EmptyState icon={<FolderCopyOutlinedIcon sx={{ fontSize: 56 }} />} title={t("files.empty.title")}>
            {searchParam ? t("files.empty.search") : t("files.empty.hint")}
          </EmptyState>
        }
      >
        <ResponsiveTable
          label={t("files.title")}
          rows={fileLists}
          rowKey={(item) => item.id}
          loadingMore={query.isFetchingNextPage && t("files.table.loadingMore")}
          columns={[
            {
              label: t("files.table.name"),
              card: "title",
              cellSx: { maxWidth: 480 },
              render: (item) => (
                <>
                  <RowName>{item.name}</RowName>
                  <Typography variant="caption" color="text.secondary" noWrap component="p" title={item.message}>
                    {item.message}
                  </Typography>
                </>
              ),
            },
            {
              label: t("files.table.files"),
              align: "center",
              width: 140,
              render: (item) => (
                <Chip size="small" variant="outlined" label={t("files.filesCount", { count: item.options.length })} />
              ),
            },
            {
              label: t("files.table.updatedAt"),
              width: 170,
              tableFrom: "md",
              cellSx: { color: "text.secondary" },
              render: (item) => formatShortDateTime(item.updatedAt),
            },
          ]}
          actions={{
            label: t("files.table.actions"),
            width: 120,
            render: (item) => (
              <>
                <RowAction label={t("files.buttons.edit")} onClick={() => openRecord(item.id)}>
                  <EditOutlinedIcon fontSize="small" />
                </RowAction>
                <RowAction label={t("files.buttons.delete")} onClick={() => deletion.ask(item)}>
                  <DeleteOutlineIcon fontSize="small" />
                </RowAction>
              </>
            ),
          }}
        />
      </PagedListPaper>

      <FileListModal
        open={modal.open}
        fileListId={modal.id}
        onClose={closeModal}
        onSaved={(saved) => live.saved(saved, modal.id === null)}
      />
      <ConfirmationModal
        {...deletion.dialog}
        title={deletion.target ? t("files.confirmationModal.deleteTitle", { name: deletion.target.name }) : ""}
        confirmLabel={t("files.confirmationModal.deleteConfirm")}
      >
        {t("files.confirmationModal.deleteMessage")}
      </ConfirmationModal>
    </MainContainer>
  );
}
