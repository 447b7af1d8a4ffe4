import { type ContactList, companyEvent } from "@atendo/shared";
import AddIcon from "@mui/icons-material/Add";
import DeleteOutlineIcon from "@mui/icons-material/DeleteOutlined";
import EditOutlinedIcon from "@mui/icons-material/EditOutlined";
import FileDownloadOutlinedIcon from "@mui/icons-material/FileDownloadOutlined";
import GroupsOutlinedIcon from "@mui/icons-material/GroupsOutlined";
import PeopleOutlineIcon from "@mui/icons-material/PeopleOutlineOutlined";
import { Button, Chip, Link, Table, TableBody, TableCell, TableHead, TableRow } from "@mui/material";
import { useQueryClient } from "@tanstack/react-query";
import { useCallback, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link as RouterLink, useNavigate } from "react-router-dom";
import { toastError } from "../../api/client";
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
  useDebouncedSearch,
  useListCache,
  usePagedList,
} from "../../components";
import { useSocketEvent } from "../../realtime/socket";
import { ContactListModal } from "./ContactListModal";
import { type ContactListsPages, contactListsKeys, deleteContactList, fetchContactListsPage } from "./contactListsApi";
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
  const { user } = useSession();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [searchText, setSearchText] = useState("");
  const searchParam = useDebouncedSearch(searchText);
  const [modal, setModal] = useState<{ open: boolean; id: number | null }>({ open: false, id: null });

  const list = usePagedList({
    queryKey: contactListsKeys.list(searchParam),
    fetchPage: (page, signal) => fetchContactListsPage(searchParam, page, signal),
    rowsOf: (page) => page.records,
  });
  const { query, rows } = list;
  const updateLists = useListCache<ContactListsPages>(contactListsKeys.lists);

  useSocketEvent(user ? companyEvent.ContactList(user.companyId) : null, (payload) => {
    if (payload.action === "delete") updateLists((pages) => removeContactList(pages, payload.contactListId));
    else if (payload.action === "update") updateLists((pages) => replaceContactList(pages, payload.contactList));
    else void queryClient.invalidateQueries({ queryKey: contactListsKeys.lists() });
  });

  const onSaved = (saved: ContactList) => {
    if (modal.id === null) navigate(contactsPath(saved.id));
    else updateLists((pages) => replaceContactList(pages, saved));
  };

  const deletion = useConfirmDelete(async (row: ContactList) => {
    await deleteContactList(row.id);
    updateLists((pages) => removeContactList(pages, row.id));
  }, t("contactLists.toasts.deleted"));

  const closeModal = useCallback(() => setModal((current) => ({ ...current, open: false })), []);
  const sample = () => {
    downloadSampleSpreadsheet(t).catch(() => toastError(t("contactLists.sample.failed")));
  };

  return (
    <MainContainer>
      <MainHeader>
        <Title>{t("contactLists.title")}</Title>
        <MainHeaderButtonsWrapper>
          <SearchField
            label={t("contactLists.searchPlaceholder")}
            value={searchText}
            onChange={setSearchText}
            minWidth={220}
          />
          <Button variant="outlined" startIcon={<FileDownloadOutlinedIcon />} onClick={sample}>
            {t("contactLists.buttons.sample")}
          </Button>
          <Button variant="contained" startIcon={<AddIcon />} onClick={() => setModal({ open: true, id: null })}>
            {t("contactLists.buttons.add")}
          </Button>
        </MainHeaderButtonsWrapper>
      </MainHeader>

      <PagedListPaper
        list={list}
        empty={
          <EmptyState icon={<GroupsOutlinedIcon sx={{ fontSize: 56 }} />} title={t("contactLists.empty.title")}>
            {searchParam ? t("contactLists.empty.search") : t("contactLists.empty.hint")}
          </EmptyState>
        }
      >
        <Table stickyHeader size="small" aria-label={t("contactLists.title")}>
          <TableHead>
            <TableRow>
              <TableCell>{t("contactLists.table.name")}</TableCell>
              <TableCell align="center" sx={{ width: 140 }}>
                {t("contactLists.table.contacts")}
              </TableCell>
              <TableCell align="center" sx={{ width: 150 }}>
                {t("contactLists.table.actions")}
              </TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {rows.map((row) => (
              <TableRow key={row.id} hover>
                <TableCell>
                  <Link component={RouterLink} to={contactsPath(row.id)} underline="hover" color="inherit">
                    {row.name}
                  </Link>
                </TableCell>
                <TableCell align="center">
                  <Chip size="small" variant="outlined" label={row.contactsCount.toLocaleString()} />
                </TableCell>
                <TableCell align="center" sx={{ whiteSpace: "nowrap" }}>
                  <RowAction label={t("contactLists.buttons.open")} onClick={() => navigate(contactsPath(row.id))}>
                    <PeopleOutlineIcon fontSize="small" />
                  </RowAction>
                  <RowAction
                    label={t("contactLists.buttons.edit")}
                    onClick={() => setModal({ open: true, id: row.id })}
                  >
                    <EditOutlinedIcon fontSize="small" />
                  </RowAction>
                  <RowAction label={t("contactLists.buttons.delete")} onClick={() => deletion.ask(row)}>
                    <DeleteOutlineIcon fontSize="small" />
                  </RowAction>
                </TableCell>
              </TableRow>
            ))}
            {query.isFetchingNextPage ? (
              <LoadingMoreRow colSpan={3} label={t("contactLists.table.loadingMore")} />
            ) : null}
          </TableBody>
        </Table>
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
