import { companyEvent, isAdmin, type Tag } from "@atendo/shared";
import DeleteOutlineIcon from "@mui/icons-material/DeleteOutlined";
import EditOutlinedIcon from "@mui/icons-material/EditOutlined";
import LocalOfferOutlinedIcon from "@mui/icons-material/LocalOfferOutlined";
import ViewKanbanOutlinedIcon from "@mui/icons-material/ViewKanbanOutlined";
import { Chip, Tooltip } from "@mui/material";
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
  useChipColors,
  useConfirmDelete,
  useLiveList,
  useRecordDialog,
  useSearchedPagedList,
} from "../../components";
import { TagModal } from "./TagModal";
import { deleteTag, fetchTagsPage, removeTag, replaceTag, tagsKeys } from "./tagsApi";

/**
 * /tags: search, add, edit and delete tags, each shown as its coloured chip with its ticket count.
 * Deleting is for admins (the server answers 403 to anyone else), so only they see the button.
 */
export default function TagsPage() {
  const { t } = useTranslation();
  const chipColors = useChipColors();
  const { user } = useSession();
  const mayDelete = isAdmin(user);
  const { dialog: modal, openNew, openRecord, close: closeModal } = useRecordDialog();
  const list = useSearchedPagedList({ keys: tagsKeys, fetchPage: fetchTagsPage, rowsOf: (page) => page.tags });
  const { query, rows: tags, searchText, setSearchText, searchParam } = list;
  const live = useLiveList(list, {
    channel: companyEvent.tag,
    read: (payload) =>
      payload.action === "delete"
        ? { removed: payload.tagId }
        : payload.action === "update"
          ? { changed: payload.tag }
          : "reload",
    remove: removeTag,
    replace: replaceTag,
  });

  const deletion = useConfirmDelete(async (tag: Tag) => {
    await deleteTag(tag.id);
    live.removeRow(tag.id);
  }, t("tags.toasts.deleted"));

  return (
    <MainContainer>
      <ListPageHeader
        title={t("tags.title")}
        search={{ label: t("tags.searchPlaceholder"), value: searchText, onChange: setSearchText, minWidth: 240 }}
        primary={{ label: t("tags.buttons.add"), onClick: openNew }}
      />

      <PagedListPaper
        list={list}
        empty={
          <EmptyState icon={<LocalOfferOutlinedIcon sx={{ fontSize: 56 }} />} title={t("tags.empty.title")}>
            {searchParam ? t("tags.empty.search") : t("tags.empty.hint")}
          </EmptyState>
        }
      >
        <ResponsiveTable
          label={t("tags.title")}
          rows={tags}
          rowKey={(tag) => tag.id}
          loadingMore={query.isFetchingNextPage && t("tags.table.loadingMore")}
          columns={[
            {
              label: t("tags.table.name"),
              card: "title",
              render: (tag) => <Chip size="small" label={tag.name} sx={chipColors(tag.color)} />,
            },
            { label: t("tags.table.tickets"), align: "center", render: (tag) => tag.ticketsCount },
            {
              label: t("tags.table.kanban"),
              align: "center",
              render: (tag) =>
                tag.kanban === 1 ? (
                  <Tooltip title={t("tags.table.onKanban")}>
                    <ViewKanbanOutlinedIcon fontSize="small" color="action" aria-label={t("tags.table.onKanban")} />
                  </Tooltip>
                ) : null,
            },
          ]}
          actions={{
            label: t("tags.table.actions"),
            width: 120,
            render: (tag) => (
              <>
                <RowAction label={t("tags.buttons.edit")} onClick={() => openRecord(tag.id)}>
                  <EditOutlinedIcon fontSize="small" />
                </RowAction>
                {mayDelete ? (
                  <RowAction label={t("tags.buttons.delete")} onClick={() => deletion.ask(tag)}>
                    <DeleteOutlineIcon fontSize="small" />
                  </RowAction>
                ) : null}
              </>
            ),
          }}
        />
      </PagedListPaper>

      <TagModal
        open={modal.open}
        tagId={modal.id}
        onClose={closeModal}
        onSaved={(tag) => live.saved(tag, modal.id === null)}
      />
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
