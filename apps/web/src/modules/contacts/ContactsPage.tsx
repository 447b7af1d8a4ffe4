import { type Contact, can, companyEvent, isAdmin, TOAST_DURATION_MS } from "@atendo/shared";
import ContactsOutlinedIcon from "@mui/icons-material/ContactsOutlined";
import DeleteOutlineIcon from "@mui/icons-material/DeleteOutlined";
import EditOutlinedIcon from "@mui/icons-material/EditOutlined";
import FileDownloadOutlinedIcon from "@mui/icons-material/FileDownloadOutlined";
import FileUploadOutlinedIcon from "@mui/icons-material/FileUploadOutlined";
import PersonAddAlt1Icon from "@mui/icons-material/PersonAddAlt1";
import SmartphoneOutlinedIcon from "@mui/icons-material/SmartphoneOutlined";
import WhatsAppIcon from "@mui/icons-material/WhatsApp";
import { Avatar, Button, CircularProgress, Table, TableBody, TableCell, TableHead, TableRow } from "@mui/material";
import { useQueryClient } from "@tanstack/react-query";
import { useCallback, useState } from "react";
import { useTranslation } from "react-i18next";
import { toast } from "react-toastify";
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
import { ContactImportDialog } from "./ContactImportDialog";
import { ContactModal } from "./ContactModal";
import { contactsKeys, deleteContact, fetchAllContacts, fetchContactsPage, importPhoneContacts } from "./contactsApi";
import { type ContactsPages, removeContact, upsertContact } from "./contactsCache";
import { CONTACTS_CSV_NAME, contactsCsv, downloadCsv } from "./csv";
import { useStartConversation } from "./StartConversation";

/** /contacts: search, import, export, add, edit, delete and start a conversation; the list follows realtime changes. */
export default function ContactsPage() {
  const { t } = useTranslation();
  const { user } = useSession();
  const queryClient = useQueryClient();
  const [searchText, setSearchText] = useState("");
  const searchParam = useDebouncedSearch(searchText);
  const [modal, setModal] = useState<{ open: boolean; contactId: number | null }>({ open: false, contactId: null });
  const [importOpen, setImportOpen] = useState(false);
  const [phoneImportOpen, setPhoneImportOpen] = useState(false);
  const [exporting, setExporting] = useState(false);
  const conversation = useStartConversation();
  const canDelete = can(user?.profile, "contacts-page:deleteContact");

  const list = usePagedList({
    queryKey: contactsKeys.list(searchParam),
    fetchPage: (page, signal) => fetchContactsPage(searchParam, page, signal),
    rowsOf: (page) => page.contacts,
  });
  const { query, rows: contacts } = list;
  const updateLists = useListCache<ContactsPages>(contactsKeys.lists);
  const remove = useCallback(
    (contactId: number) => updateLists((pages) => removeContact(pages, contactId)),
    [updateLists],
  );

  useSocketEvent(user ? companyEvent.contact(user.companyId) : null, (payload) => {
    if (payload.action === "delete") remove(payload.contactId);
    else if (payload.action === "reload") void queryClient.invalidateQueries({ queryKey: contactsKeys.lists() });
    else {
      const { contact } = payload;
      updateLists((pages, listSearch) => upsertContact(pages, contact, listSearch));
    }
  });

  const deletion = useConfirmDelete(async (contact: Contact) => {
    await deleteContact(contact.id);
    remove(contact.id);
  }, t("contacts.toasts.deleted"));

  const exportCsv = async () => {
    setExporting(true);
    try {
      const all = await fetchAllContacts();
      downloadCsv(contactsCsv(all), CONTACTS_CSV_NAME);
      toast.success(t("contacts.toasts.exported", { count: all.length }), { autoClose: TOAST_DURATION_MS });
    } catch (err) {
      toastError(err);
    } finally {
      setExporting(false);
    }
  };

  /** Runs from the confirmation dialog, which closes afterwards either way. */
  const importFromPhone = async () => {
    try {
      const { imported } = await importPhoneContacts();
      toast.success(
        imported > 0 ? t("contacts.toasts.phoneImported", { count: imported }) : t("contacts.toasts.phoneImportedNone"),
        { autoClose: TOAST_DURATION_MS },
      );
      if (imported > 0) void queryClient.invalidateQueries({ queryKey: contactsKeys.lists() });
    } catch (err) {
      toastError(err);
    }
  };

  const closeModal = useCallback(() => setModal((current) => ({ ...current, open: false })), []);

  return (
    <MainContainer>
      <MainHeader>
        <Title>{t("contacts.title")}</Title>
        <MainHeaderButtonsWrapper>
          <SearchField
            label={t("contacts.searchPlaceholder")}
            value={searchText}
            onChange={setSearchText}
            minWidth={280}
          />
          <Button variant="outlined" startIcon={<FileUploadOutlinedIcon />} onClick={() => setImportOpen(true)}>
            {t("contacts.buttons.import")}
          </Button>
          {isAdmin(user) ? (
            <Button variant="outlined" startIcon={<SmartphoneOutlinedIcon />} onClick={() => setPhoneImportOpen(true)}>
              {t("contacts.buttons.importPhone")}
            </Button>
          ) : null}
          <Button
            variant="outlined"
            startIcon={exporting ? <CircularProgress size={16} color="inherit" /> : <FileDownloadOutlinedIcon />}
            disabled={exporting}
            onClick={exportCsv}
          >
            {t("contacts.buttons.export")}
          </Button>
          <Button
            variant="contained"
            startIcon={<PersonAddAlt1Icon />}
            onClick={() => setModal({ open: true, contactId: null })}
          >
            {t("contacts.buttons.add")}
          </Button>
        </MainHeaderButtonsWrapper>
      </MainHeader>

      <PagedListPaper
        list={list}
        empty={
          <EmptyState icon={<ContactsOutlinedIcon sx={{ fontSize: 56 }} />} title={t("contacts.empty.title")}>
            {searchParam ? t("contacts.empty.search") : null}
          </EmptyState>
        }
      >
        <Table stickyHeader size="small" aria-label={t("contacts.title")}>
          <TableHead>
            <TableRow>
              <TableCell sx={{ width: 56 }} />
              <TableCell>{t("contacts.table.name")}</TableCell>
              <TableCell align="center">{t("contacts.table.whatsapp")}</TableCell>
              <TableCell align="center">{t("contacts.table.email")}</TableCell>
              <TableCell align="center" sx={{ width: 150 }}>
                {t("contacts.table.actions")}
              </TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {contacts.map((contact) => (
              <TableRow key={contact.id} hover>
                <TableCell>
                  <Avatar src={contact.profilePicUrl || undefined} alt="" sx={{ width: 32, height: 32 }}>
                    {contact.name.charAt(0).toUpperCase()}
                  </Avatar>
                </TableCell>
                <TableCell>{contact.name}</TableCell>
                <TableCell align="center">{contact.number}</TableCell>
                <TableCell align="center" sx={{ wordBreak: "break-all" }}>
                  {contact.email}
                </TableCell>
                <TableCell align="center" sx={{ whiteSpace: "nowrap" }}>
                  <RowAction label={t("contacts.buttons.conversation")} onClick={() => conversation.start(contact)}>
                    <WhatsAppIcon fontSize="small" />
                  </RowAction>
                  <RowAction
                    label={t("contacts.buttons.edit")}
                    onClick={() => setModal({ open: true, contactId: contact.id })}
                  >
                    <EditOutlinedIcon fontSize="small" />
                  </RowAction>
                  {canDelete ? (
                    <RowAction label={t("contacts.buttons.delete")} onClick={() => deletion.ask(contact)}>
                      <DeleteOutlineIcon fontSize="small" />
                    </RowAction>
                  ) : null}
                </TableCell>
              </TableRow>
            ))}
            {query.isFetchingNextPage ? <LoadingMoreRow colSpan={5} label={t("contacts.table.loadingMore")} /> : null}
          </TableBody>
        </Table>
      </PagedListPaper>

      <ContactModal open={modal.open} contactId={modal.contactId} onClose={closeModal} />
      <ContactImportDialog
        open={importOpen}
        onClose={() => setImportOpen(false)}
        onImported={() => void queryClient.invalidateQueries({ queryKey: contactsKeys.lists() })}
      />
      {conversation.dialog}
      <ConfirmationModal
        open={phoneImportOpen}
        onClose={() => setPhoneImportOpen(false)}
        onConfirm={importFromPhone}
        title={t("contacts.confirmationModal.importPhoneTitle")}
        confirmLabel={t("contacts.confirmationModal.importPhoneConfirm")}
        danger={false}
      >
        {t("contacts.confirmationModal.importPhoneMessage")}
      </ConfirmationModal>
      <ConfirmationModal
        {...deletion.dialog}
        title={deletion.target ? t("contacts.confirmationModal.deleteTitle", { name: deletion.target.name }) : ""}
        confirmLabel={t("contacts.confirmationModal.deleteConfirm")}
      >
        {t("contacts.confirmationModal.deleteMessage")}
      </ConfirmationModal>
    </MainContainer>
  );
}
