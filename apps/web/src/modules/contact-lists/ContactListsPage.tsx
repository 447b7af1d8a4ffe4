import { type ContactList, companyEvent } from "@atendo/shared";
import DeleteOutlineIcon from "@mui/icons-material/DeleteOutlined";
import EditOutlinedIcon from "@mui/icons-material/EditOutlined";
import FileDownloadOutlinedIcon from "@mui/icons-material/FileDownloadOutlined";
import GroupsOutlinedIcon from "@mui/icons-material/GroupsOutlined";
import PeopleOutlineIcon from "@mui/icons-material/PeopleOutlineOutlined";
import { Button, Chip, Link } from "@mui/material";
import { useTranslation } from "react-i18next";
import { Link as RouterLink, useNavigate } from "react-router-dom";
import { toastError } from "../../api/client";
import {
  ConfirmationModal,
  EmptyState,
  ListPageHeader,
  MainContainer,
  PagedListPaper,
  ResponsiveTable,
  RowAction,
  useConfirmDelete,
  useLiveList,
  useRecordDialog,
  useSearchedPagedList,
} from "../../components";
import { ContactListModal } from "./ContactListModal";
import { contactListsKeys, deleteContactList, fetchContactListsPage } from "./contactListsApi";
import { removeContactList, replaceContactList } from "./contactListsCache";
import { downloadSampleSpreadsheet } from "./sampleSpreadsheet";

const contactsPath = (id: number) => `/contact-lists/${id}/contacts`;

/**
 * /contact-lists: the company's lists with how many contacts each holds, searched and
 * scrolled page by page, the sample spreadsheet, and the way into each list's contacts.
 * A new list opens at once, ready for its spreadsheet.
 */
export default function ContactListsPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { dialog: modal, openNew, openRecord, close: closeModal } = useRecordDialog();
  const list = useSearchedPagedList({
    keys: contactListsKeys,
    fetchPage: fetchContactListsPage,
    rowsOf: (page) => page.records,
  });
  const { query, rows, searchText, setSearchText, searchParam } = list;
  const live = useLiveList(list, {
    channel: companyEvent.ContactList,
    read: (payload) =>
      payload.action === "delete"
        ? { removed: payload.contactListId }
        : payload.action === "update"
          ? { changed: payload.contactList }
          : "reload",
    remove: removeContactList,
    replace: replaceContactList,
  });

  const onSaved = (saved: ContactList) => {
    if (modal.id === null) navigate(contactsPath(saved.id));
    else live.replaceRow(saved);
  };

  const deletion = useConfirmDelete(async (row: ContactList) => {
    await deleteContactList(row.id);
    live.removeRow(row.id);
  }, t("contactLists.toasts.deleted"));

  const sample = () => {
    downloadSampleSpreadsheet(t).catch(() => toastError(t("contactLists.sample.failed")));
  };

  return (
    <MainContainer>
      <ListPageHeader
        title={t("contactLists.title")}
        search={{
          label: t("contactLists.searchPlaceholder"),
          value: searchText,
          onChange: setSearchText,
          minWidth: 220,
        }}
        actions={
          <Button variant="outlined" startIcon={<FileDownloadOutlinedIcon />} onClick={sample}>
            {t("contactLists.buttons.sample")}
          </Button>
        }
        primary={{ label: t("contactLists.buttons.add"), onClick: openNew }}
      />

      <PagedListPaper
        list={list}
        empty={
          <EmptyState icon={<GroupsOutlinedIcon sx={{ fontSize: 56 }} />} title={t("contactLists.empty.title")}>
            {searchParam ? t("contactLists.empty.search") : t("contactLists.empty.hint")}
          </EmptyState>
        }
      >
        <ResponsiveTable
          label={t("contactLists.title")}
          rows={rows}
          rowKey={(row) => row.id}
          loadingMore={query.isFetchingNextPage && t("contactLists.table.loadingMore")}
          columns={[
            {
              label: t("contactLists.table.name"),
              card: "title",
              render: (row) => (
                <Link component={RouterLink} to={contactsPath(row.id)} underline="hover" color="inherit">
                  {row.name}
                </Link>
              ),
            },
            {
              label: t("contactLists.table.contacts"),
              align: "center",
              width: 140,
              render: (row) => <Chip size="small" variant="outlined" label={row.contactsCount.toLocaleString()} />,
            },
          ]}
          actions={{
            label: t("contactLists.table.actions"),
            width: 150,
            render: (row) => (
              <>
                <RowAction label={t("contactLists.buttons.open")} onClick={() => navigate(contactsPath(row.id))}>
                  <PeopleOutlineIcon fontSize="small" />
                </RowAction>
                <RowAction label={t("contactLists.buttons.edit")} onClick={() => openRecord(row.id)}>
                  <EditOutlinedIcon fontSize="small" />
                </RowAction>
                <RowAction label={t("contactLists.buttons.delete")} onClick={() => deletion.ask(row)}>
                  <DeleteOutlineIcon fontSize="small" />
                </RowAction>
              </>
            ),
          }}
        />
      </PagedListPaper>

      <ContactListModal open={modal.open} contactListId={modal.id} onClose={closeModal} onSaved={onSaved} />
      <ConfirmationModal
        {...deletion.dialog}
        title={deletion.target ? t("contactLists.confirmationModal.deleteTitle", { name: deletion.target.name }) : ""}
        confirmLabel={t("contactLists.confirmationModal.deleteConfirm")}
      >
        {t("contactLists.confirmationModal.deleteMessage", { count: deletion.target?.contactsCount ?? 0 })}
      </ConfirmationModal>
    </MainContainer>
  );
}
