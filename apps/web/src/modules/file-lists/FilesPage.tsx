import { companyEvent, type FileList } from "@atendo/shared";
import AddIcon from "@mui/icons-material/Add";
import DeleteOutlineIcon from "@mui/icons-material/DeleteOutlined";
import EditOutlinedIcon from "@mui/icons-material/EditOutlined";
import FolderCopyOutlinedIcon from "@mui/icons-material/FolderCopyOutlined";
import { Button, Chip, Table, TableBody, TableCell, TableHead, TableRow, Typography } from "@mui/material";
import { useTranslation } from "react-i18next";
import { useSession } from "../../app/session";
import {
  ConfirmationModal,
  EmptyState,
  LoadingMoreRow,
  MainContainer,
  MainHeader,
  MainHeaderButtonsWrapper,
  PagedListPaper,
  RowAction,
  SearchField,
  Title,
  useConfirmDelete,
  useRecordDialog,
  useSearchedPagedList,
} from "../../components";
import { useSocketEvent } from "../../realtime/socket";
import { formatShortDateTime } from "../../utils/date";
import { FileListModal } from "./FileListModal";
import { deleteFileList, fetchFileListsPage, fileListsKeys, removeFileList, replaceFileList } from "./fileListsApi";

/** /files: the company's file lists, with search, infinite scroll, add, edit and delete, kept live. */
export default function FilesPage() {
  const { t } = useTranslation();
  const { user } = useSession();
  const { dialog: modal, openNew, openRecord, close: closeModal } = useRecordDialog();
  const list = useSearchedPagedList({
    keys: fileListsKeys,
    fetchPage: fetchFileListsPage,
    rowsOf: (page) => page.files,
  });
  const { query, rows: fileLists, searchText, setSearchText, searchParam, updateLists, reload } = list;

  // A new list takes its place in the server's order (by name), so the pages are fetched again.
  useSocketEvent(user ? companyEvent.file(user.companyId) : null, (payload) => {
    if (payload.action === "delete") updateLists((pages) => removeFileList(pages, payload.fileId));
    else if (payload.action === "update") updateLists((pages) => replaceFileList(pages, payload.file));
    else reload();
  });

  const onSaved = (saved: FileList) => {
    if (modal.id === null) reload();
    else updateLists((pages) => replaceFileList(pages, saved));
  };

  const deletion = useConfirmDelete(async (deleted: FileList) => {
    await deleteFileList(deleted.id);
    updateLists((pages) => removeFileList(pages, deleted.id));
  }, t("files.toasts.deleted"));

  return (
    <MainContainer>
      <MainHeader>
        <Title subtitle={t("files.subtitle")}>{t("files.title")}</Title>
        <MainHeaderButtonsWrapper>
          <SearchField
            label={t("files.searchPlaceholder")}
            value={searchText}
            onChange={setSearchText}
            minWidth={240}
          />
          <Button variant="contained" startIcon={<AddIcon />} onClick={openNew}>
            {t("files.buttons.add")}
          </Button>
        </MainHeaderButtonsWrapper>
      </MainHeader>

      <PagedListPaper
        list={list}
        empty={
          <EmptyState icon={<FolderCopyOutlinedIcon sx={{ fontSize: 56 }} />} title={t("files.empty.title")}>
            {searchParam ? t("files.empty.search") : t("files.empty.hint")}
          </EmptyState>
        }
      >
        <Table stickyHeader size="small" aria-label={t("files.title")}>
          <TableHead>
            <TableRow>
              <TableCell>{t("files.table.name")}</TableCell>
              <TableCell align="center" sx={{ width: 140 }}>
                {t("files.table.files")}
              </TableCell>
              <TableCell sx={{ width: 170, display: { xs: "none", md: "table-cell" } }}>
                {t("files.table.updatedAt")}
              </TableCell>
              <TableCell align="center" sx={{ width: 120 }}>
                {t("files.table.actions")}
              </TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {fileLists.map((item) => (
              <TableRow key={item.id} hover>
                <TableCell sx={{ maxWidth: 480 }}>
                  <Typography variant="body2" sx={{ fontWeight: 600 }} noWrap title={item.name}>
                    {item.name}
                  </Typography>
                  <Typography variant="caption" color="text.secondary" noWrap component="p" title={item.message}>
                    {item.message}
                  </Typography>
                </TableCell>
                <TableCell align="center">
                  <Chip size="small" variant="outlined" label={t("files.filesCount", { count: item.options.length })} />
                </TableCell>
                <TableCell sx={{ display: { xs: "none", md: "table-cell" }, color: "text.secondary" }}>
                  {formatShortDateTime(item.updatedAt)}
                </TableCell>
                <TableCell align="center" sx={{ whiteSpace: "nowrap" }}>
                  <RowAction label={t("files.buttons.edit")} onClick={() => openRecord(item.id)}>
                    <EditOutlinedIcon fontSize="small" />
                  </RowAction>
                  <RowAction label={t("files.buttons.delete")} onClick={() => deletion.ask(item)}>
                    <DeleteOutlineIcon fontSize="small" />
                  </RowAction>
                </TableCell>
              </TableRow>
            ))}
            {query.isFetchingNextPage ? <LoadingMoreRow colSpan={4} label={t("files.table.loadingMore")} /> : null}
          </TableBody>
        </Table>
      </PagedListPaper>

      <FileListModal open={modal.open} fileListId={modal.id} onClose={closeModal} onSaved={onSaved} />
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
