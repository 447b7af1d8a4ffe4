import { type Contact, companyEvent, hasPermission, isAdmin, TOAST_DURATION_MS } from "@atendo/shared";
import ContactsOutlinedIcon from "@mui/icons-material/ContactsOutlined";
import DeleteOutlineIcon from "@mui/icons-material/DeleteOutlined";
import EditOutlinedIcon from "@mui/icons-material/EditOutlined";
import FileDownloadOutlinedIcon from "@mui/icons-material/FileDownloadOutlined";
import FileUploadOutlinedIcon from "@mui/icons-material/FileUploadOutlined";
import PersonAddAlt1Icon from "@mui/icons-material/PersonAddAlt1";
import SmartphoneOutlinedIcon from "@mui/icons-material/SmartphoneOutlined";
import WhatsAppIcon from "@mui/icons-material/WhatsApp";
import { Button, CircularProgress } from "@mui/material";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { toast } from "react-toastify";
import { toastError } from "../../api/client";
import { useSession } from "../../app/session";
import {
  BreakableText,
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
import { ContactAvatar } from "./ContactAvatar";
import { ContactImportDialog } from "./ContactImportDialog";
import { ContactModal } from "./ContactModal";
import { contactsKeys, deleteContact, fetchAllContacts, fetchContactsPage, importPhoneContacts } from "./contactsApi";
import { removeContact, upsertContact } from "./contactsCache";
import { CONTACTS_CSV_NAME, contactsCsv, downloadCsv } from "./csv";
import { useStartConversation } from "./StartConversation";

/** /contacts: search, import, export, add, edit, delete and start a conversation; the list follows realtime changes. */
export default function ContactsPage() {
  const { t } = useTranslation();
  const { user } = useSession();
  const { dialog: modal, openNew, openRecord, close: closeModal } = useRecordDialog();
  const [importOpen, setImportOpen] = useState(false);
  const [phoneImportOpen, setPhoneImportOpen] = useState(false);
  const [exporting, setExporting] = useState(false);
  const conversation = useStartConversation();
  // The server's own check (DELETE /contacts answers 403 without it).
  const canDelete = hasPermission(user, "contacts-page:deleteContact");

  const list = useSearchedPagedList({
    keys: contactsKeys,
    fetchPage: fetchContactsPage,
    rowsOf: (page) => page.contacts,
  });
  const { query, rows: contacts, searchText, setSearchText, searchParam, reload } = list;
  const live = useLiveList(list, {
    channel: companyEvent.contact,
    read: (payload) =>
      payload.action === "delete"
        ? { removed: payload.contactId }
        : payload.action === "reload"
          ? "reload"
          : { changed: payload.contact },
    remove: removeContact,
    replace: upsertContact,
  });

  const deletion = useConfirmDelete(async (contact: Contact) => {
    await deleteContact(contact.id);
    live.removeRow(contact.id);
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
      if (imported > 0) reload();
    } catch (err) {
      toastError(err);
    }
  };

  return (
    <MainContainer>
      <ListPageHeader
        title={t("contacts.title")}
        search={{
          label: t("contacts.searchPlaceholder"),
          phoneLabel: t("contacts.searchPlaceholderPhone"),
          value: searchText,
          onChange: setSearchText,
          minWidth: 280,
        }}
        actions={
          <>
            <Button variant="outlined" startIcon={<FileUploadOutlinedIcon />} onClick={() => setImportOpen(true)}>
              {t("contacts.buttons.import")}
            </Button>
            {isAdmin(user) ? (
              <Button
                variant="outlined"
                startIcon={<SmartphoneOutlinedIcon />}
                onClick={() => setPhoneImportOpen(true)}
              >
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
          </>
        }
        primary={{ label: t("contacts.buttons.add"), icon: <PersonAddAlt1Icon />, onClick: openNew }}
      />

      <PagedListPaper
        list={list}
        empty={
          <EmptyState icon={<ContactsOutlinedIcon sx={{ fontSize: 56 }} />} title={t("contacts.empty.title")}>
            {searchParam ? t("contacts.empty.search") : null}
          </EmptyState>
        }
      >
        <ResponsiveTable
          label={t("contacts.title")}
          rows={contacts}
          rowKey={(contact) => contact.id}
          loadingMore={query.isFetchingNextPage && t("contacts.table.loadingMore")}
          columns={[
            {
              // The avatar column has no header; on a card the picture goes before the name.
              label: "",
              width: 56,
              card: "leading",
              render: (contact) => <ContactAvatar name={contact.name} pictureUrl={contact.profilePicUrl} size={32} />,
            },
            { label: t("contacts.table.name"), card: "title", render: (contact) => contact.name },
            { label: t("contacts.table.whatsapp"), align: "center", render: (contact) => contact.number },
            {
              label: t("contacts.table.email"),
              align: "center",
              render: (contact) => contact.email && <BreakableText>{contact.email}</BreakableText>,
            },
          ]}
          actions={{
            label: t("contacts.table.actions"),
            width: 150,
            render: (contact) => (
              <>
                <RowAction label={t("contacts.buttons.conversation")} onClick={() => conversation.start(contact)}>
                  <WhatsAppIcon fontSize="small" />
                </RowAction>
                <RowAction label={t("contacts.buttons.edit")} onClick={() => openRecord(contact.id)}>
                  <EditOutlinedIcon fontSize="small" />
                </RowAction>
                {canDelete ? (
                  <RowAction label={t("contacts.buttons.delete")} onClick={() => deletion.ask(contact)}>
                    <DeleteOutlineIcon fontSize="small" />
                  </RowAction>
                ) : null}
              </>
            ),
          }}
        />
      </PagedListPaper>

      <ContactModal open={modal.open} contactId={modal.id} onClose={closeModal} />
      <ContactImportDialog open={importOpen} onClose={() => setImportOpen(false)} onImported={reload} />
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
