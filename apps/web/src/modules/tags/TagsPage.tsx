import { companyEvent, type Tag } from "@atendo/shared";
import AddIcon from "@mui/icons-material/Add";
import DeleteOutlineIcon from "@mui/icons-material/DeleteOutlined";
import EditOutlinedIcon from "@mui/icons-material/EditOutlined";
import LocalOfferOutlinedIcon from "@mui/icons-material/LocalOfferOutlined";
import ViewKanbanOutlinedIcon from "@mui/icons-material/ViewKanbanOutlined";
import { Button, Chip, Table, TableBody, TableCell, TableHead, TableRow, Tooltip } from "@mui/material";
import { useQueryClient } from "@tanstack/react-query";
import { useCallback, useState } from "react";
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
  useChipColors,
  useConfirmDelete,
  useDebouncedSearch,
  useListCache,
  usePagedList,
} from "../../components";
import { useSocketEvent } from "../../realtime/socket";
import { TagModal } from "./TagModal";
import { deleteTag, fetchTagsPage, removeTag, replaceTag, type TagsPages, tagsKeys } from "./tagsApi";

/** /tags: search, add, edit and delete tags, each shown as its coloured chip with its ticket count. */
export default function TagsPage() {
  const { t } = useTranslation();
  const chipColors = useChipColors();
  const { user } = useSession();
  const queryClient = useQueryClient();
  const [searchText, setSearchText] = useState("");
  const searchParam = useDebouncedSearch(searchText);
  const [modal, setModal] = useState<{ open: boolean; tagId: number | null }>({ open: false, tagId: null });

  const list = usePagedList({
    queryKey: tagsKeys.list(searchParam),
    fetchPage: (page, signal) => fetchTagsPage(searchParam, page, signal),
    rowsOf: (page) => page.tags,
  });
  const { query, rows: tags } = list;
  const updateLists = useListCache<TagsPages>(tagsKeys.lists);

  useSocketEvent(user ? companyEvent.tag(user.companyId) : null, (payload) => {
    if (payload.action === "delete") updateLists((pages) => removeTag(pages, payload.tagId));
    else if (payload.action === "update") updateLists((pages) => replaceTag(pages, payload.tag));
    else void queryClient.invalidateQueries({ queryKey: tagsKeys.lists() });
  });

  const onSaved = (tag: Tag) => {
    if (modal.tagId === null) void queryClient.invalidateQueries({ queryKey: tagsKeys.lists() });
    else updateLists((pages) => replaceTag(pages, tag));
  };

  const deletion = useConfirmDelete(async (tag: Tag) => {
    await deleteTag(tag.id);
    updateLists((pages) => removeTag(pages, tag.id));
  }, t("tags.toasts.deleted"));

  const closeModal = useCallback(() => setModal((current) => ({ ...current, open: false })), []);

  return (
    <MainContainer>
      <MainHeader>
        <Title>{t("tags.title")}</Title>
        <MainHeaderButtonsWrapper>
          <SearchField label={t("tags.searchPlaceholder")} value={searchText} onChange={setSearchText} minWidth={240} />
          <Button variant="contained" startIcon={<AddIcon />} onClick={() => setModal({ open: true, tagId: null })}>
            {t("tags.buttons.add")}
          </Button>
        </MainHeaderButtonsWrapper>
      </MainHeader>

      <PagedListPaper
        list={list}
        empty={
          <EmptyState icon={<LocalOfferOutlinedIcon sx={{ fontSize: 56 }} />} title={t("tags.empty.title")}>
            {searchParam ? t("tags.empty.search") : t("tags.empty.hint")}
          </EmptyState>
        }
      >
        <Table stickyHeader size="small" aria-label={t("tags.title")}>
          <TableHead>
            <TableRow>
              <TableCell>{t("tags.table.name")}</TableCell>
              <TableCell align="center">{t("tags.table.tickets")}</TableCell>
              <TableCell align="center">{t("tags.table.kanban")}</TableCell>
              <TableCell align="center" sx={{ width: 120 }}>
                {t("tags.table.actions")}
              </TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {tags.map((tag) => (
              <TableRow key={tag.id} hover>
                <TableCell>
                  <Chip size="small" label={tag.name} sx={chipColors(tag.color)} />
                </TableCell>
                <TableCell align="center">{tag.ticketsCount}</TableCell>
                <TableCell align="center">
                  {tag.kanban === 1 ? (
                    <Tooltip title={t("tags.table.onKanban")}>
                      <ViewKanbanOutlinedIcon fontSize="small" color="action" aria-label={t("tags.table.onKanban")} />
                    </Tooltip>
                  ) : null}
                </TableCell>
                <TableCell align="center" sx={{ whiteSpace: "nowrap" }}>
                  <RowAction label={t("tags.buttons.edit")} onClick={() => setModal({ open: true, tagId: tag.id })}>
                    <EditOutlinedIcon fontSize="small" />
                  </RowAction>
                  <RowAction label={t("tags.buttons.delete")} onClick={() => deletion.ask(tag)}>
                    <DeleteOutlineIcon fontSize="small" />
                  </RowAction>
                </TableCell>
              </TableRow>
            ))}
            {query.isFetchingNextPage ? <LoadingMoreRow colSpan={4} label={t("tags.table.loadingMore")} /> : null}
          </TableBody>
        </Table>
      </PagedListPaper>

      <TagModal open={modal.open} tagId={modal.tagId} onClose={closeModal} onSaved={onSaved} />
      <ConfirmationModal
        {...deletion.dialog}
        title={deletion.target ? t("tags.confirmationModal.deleteTitle", { name: deletion.target.name }) : ""}
        confirmLabel={t("tags.confirmationModal.deleteConfirm")}
      >
        {t("tags.confirmationModal.deleteMessage")}
      </ConfirmationModal>
    </MainContainer>
  );
}
