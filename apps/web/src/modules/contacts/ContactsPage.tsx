import { type Contact, can, companyEvent, TOAST_DURATION_MS } from "@atendo/shared";
import ContactsOutlinedIcon from "@mui/icons-material/ContactsOutlined";
import DeleteOutlineIcon from "@mui/icons-material/DeleteOutlined";
import EditOutlinedIcon from "@mui/icons-material/EditOutlined";
import FileDownloadOutlinedIcon from "@mui/icons-material/FileDownloadOutlined";
import FileUploadOutlinedIcon from "@mui/icons-material/FileUploadOutlined";
import PersonAddAlt1Icon from "@mui/icons-material/PersonAddAlt1";
import SearchIcon from "@mui/icons-material/Search";
import WhatsAppIcon from "@mui/icons-material/WhatsApp";
import {
  Avatar,
  Box,
  Button,
  CircularProgress,
  IconButton,
  InputAdornment,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  TextField,
  Tooltip,
} from "@mui/material";
import { useInfiniteQuery, useQueryClient } from "@tanstack/react-query";
import { useCallback, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { toast } from "react-toastify";
import { toastError } from "../../api/client";
import { useSession } from "../../app/session";
import {
  ConfirmationModal,
  EmptyState,
  Loading,
  MainContainer,
  MainHeader,
  MainHeaderButtonsWrapper,
  MainPaper,
  Title,
} from "../../components";
import { useSocketEvent } from "../../realtime/socket";
import { ContactImportDialog } from "./ContactImportDialog";
import { ContactModal } from "./ContactModal";
import { type ContactEvent, contactsKeys, deleteContact, fetchAllContacts, fetchContactsPage } from "./contactsApi";
import { type ContactsPages, removeContact, upsertContact } from "./contactsCache";
import { CONTACTS_CSV_NAME, contactsCsv, downloadCsv } from "./csv";
import { uniqueById, useDebouncedSearch, useLoadMore } from "./listing";
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
  const [exporting, setExporting] = useState(false);
  // The contact stays set while the confirmation closes, so its title does not blink.
  const [deleting, setDeleting] = useState<Contact | null>(null);
  const [confirmOpen, setConfirmOpen] = useState(false);
  const paperRef = useRef<HTMLDivElement>(null);
  const conversation = useStartConversation();
  const canDelete = can(user?.profile, "contacts-page:deleteContact");

  const query = useInfiniteQuery({
    queryKey: contactsKeys.list(searchParam),
    queryFn: ({ pageParam, signal }) => fetchContactsPage(searchParam, pageParam, signal),
    initialPageParam: 1,
    getNextPageParam: (lastPage, pages) => (lastPage.hasMore ? pages.length + 1 : undefined),
  });
  const contacts = uniqueById(query.data?.pages.map((page) => page.contacts) ?? []);
  const onScroll = useLoadMore(paperRef, query, contacts.length);

  /** Applies a change to every cached list (each search has its own). */
  const updateLists = useCallback(
    (change: (data: ContactsPages, searchParam: string) => ContactsPages | undefined) => {
      for (const [key, value] of queryClient.getQueriesData<ContactsPages>({ queryKey: contactsKeys.lists() })) {
        if (!value) continue;
        queryClient.setQueryData(key, change(value, typeof key[2] === "string" ? key[2] : ""));
      }
    },
    [queryClient],
  );
  const remove = useCallback(
    (contactId: number) => updateLists((pages) => removeContact(pages, contactId)),
    [updateLists],
  );

  useSocketEvent<ContactEvent>(user ? companyEvent.contact(user.companyId) : null, (payload) => {
    if (!payload) return;
    if (payload.action === "delete") remove(payload.contactId);
    else if (payload.action === "reload") void queryClient.invalidateQueries({ queryKey: contactsKeys.lists() });
    else if (payload.contact) {
      const contact = payload.contact;
      updateLists((pages, listSearch) => upsertContact(pages, contact, listSearch));
    }
  });

  const confirmDelete = async () => {
    if (!deleting) return;
    try {
      await deleteContact(deleting.id);
      remove(deleting.id);
      toast.success(t("contacts.toasts.deleted"), { autoClose: TOAST_DURATION_MS });
    } catch (err) {
      toastError(err);
    }
  };

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

  const closeModal = useCallback(() => setModal((current) => ({ ...current, open: false })), []);

  return (
    <MainContainer>
      <MainHeader>
        <Title>{t("contacts.title")}</Title>
        <MainHeaderButtonsWrapper>
          <TextField
            size="small"
            type="search"
            placeholder={t("contacts.searchPlaceholder")}
            value={searchText}
            onChange={(event) => setSearchText(event.target.value)}
            slotProps={{
              htmlInput: { "aria-label": t("contacts.searchPlaceholder") },
              input: {
                startAdornment: (
                  <InputAdornment position="start">
                    <SearchIcon fontSize="small" color="action" />
                  </InputAdornment>
                ),
              },
            }}
            sx={{ minWidth: { xs: "100%", sm: 280 } }}
          />
          <Button variant="outlined" startIcon={<FileUploadOutlinedIcon />} onClick={() => setImportOpen(true)}>
            {t("contacts.buttons.import")}
          </Button>
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

      <MainPaper ref={paperRef} onScroll={onScroll} sx={{ p: 0 }}>
        {query.isPending ? (
          <Loading />
        ) : contacts.length === 0 ? (
          <EmptyState icon={<ContactsOutlinedIcon sx={{ fontSize: 56 }} />} title={t("contacts.empty.title")}>
            {searchParam ? t("contacts.empty.search") : null}
          </EmptyState>
        ) : (
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
                    <Tooltip title={t("contacts.buttons.conversation")}>
                      <IconButton
                        size="small"
                        aria-label={t("contacts.buttons.conversation")}
                        onClick={() => conversation.start(contact)}
                      >
                        <WhatsAppIcon fontSize="small" />
                      </IconButton>
                    </Tooltip>
                    <Tooltip title={t("contacts.buttons.edit")}>
                      <IconButton
                        size="small"
                        aria-label={t("contacts.buttons.edit")}
                        onClick={() => setModal({ open: true, contactId: contact.id })}
                      >
                        <EditOutlinedIcon fontSize="small" />
                      </IconButton>
                    </Tooltip>
                    {canDelete ? (
                      <Tooltip title={t("contacts.buttons.delete")}>
                        <IconButton
                          size="small"
                          aria-label={t("contacts.buttons.delete")}
                          onClick={() => {
                            setDeleting(contact);
                            setConfirmOpen(true);
                          }}
                        >
                          <DeleteOutlineIcon fontSize="small" />
                        </IconButton>
                      </Tooltip>
                    ) : null}
                  </TableCell>
                </TableRow>
              ))}
              {query.isFetchingNextPage ? (
                <TableRow>
                  <TableCell colSpan={5} align="center">
                    <Box sx={{ display: "inline-flex", alignItems: "center", gap: 1, color: "text.secondary" }}>
                      <CircularProgress size={16} color="inherit" />
                      {t("contacts.table.loadingMore")}
                    </Box>
                  </TableCell>
                </TableRow>
              ) : null}
            </TableBody>
          </Table>
        )}
      </MainPaper>

      <ContactModal open={modal.open} contactId={modal.contactId} onClose={closeModal} />
      <ContactImportDialog
        open={importOpen}
        onClose={() => setImportOpen(false)}
        onImported={() => void queryClient.invalidateQueries({ queryKey: contactsKeys.lists() })}
      />
      {conversation.dialog}
      <ConfirmationModal
        open={confirmOpen}
        title={deleting ? t("contacts.confirmationModal.deleteTitle", { name: deleting.name }) : ""}
        confirmLabel={t("contacts.confirmationModal.deleteConfirm")}
        onClose={() => setConfirmOpen(false)}
        onConfirm={confirmDelete}
      >
        {t("contacts.confirmationModal.deleteMessage")}
      </ConfirmationModal>
    </MainContainer>
  );
}
