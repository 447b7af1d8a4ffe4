import { type ContactListItem, companyEvent, Id, TOAST_DURATION_MS } from "@atendo/shared";
import ArrowBackIcon from "@mui/icons-material/ArrowBack";
import DeleteOutlineIcon from "@mui/icons-material/DeleteOutlined";
import EditOutlinedIcon from "@mui/icons-material/EditOutlined";
import FileUploadOutlinedIcon from "@mui/icons-material/FileUploadOutlined";
import PersonAddAlt1Icon from "@mui/icons-material/PersonAddAlt1";
import PersonOutlineIcon from "@mui/icons-material/PersonOutlineOutlined";
import { Button, IconButton, Stack, Tooltip } from "@mui/material";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useCallback, useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { Navigate, useNavigate, useParams } from "react-router-dom";
import { toast } from "react-toastify";
import { toastError } from "../../api/client";
import { useSession } from "../../app/session";
import {
  BreakableText,
  ConfirmationModal,
  EmptyState,
  ListPageHeader,
  Loading,
  MainContainer,
  PagedListPaper,
  ResponsiveTable,
  RowAction,
  useConfirmDelete,
  useDebouncedSearch,
  useListCache,
  usePagedList,
} from "../../components";
import { useSocketEvent } from "../../realtime/socket";
import { ContactListImportDialog } from "./ContactListImportDialog";
import { ContactListItemModal } from "./ContactListItemModal";
import {
  type ContactListItemsPages,
  contactListItemsKeys,
  contactListsKeys,
  deleteContactListItem,
  fetchContactList,
  fetchContactListItemsPage,
} from "./contactListsApi";
import { removeContactListItem, upsertContactListItem } from "./contactListsCache";
import { WhatsappValidity } from "./WhatsappValidity";

const LISTS_PATH = "/contact-lists";

/** /contact-lists/:contactListId/contacts; an id that cannot be one goes back to the lists. */
export default function ContactListItemsPage() {
  const parsed = Id.safeParse(useParams().contactListId);
  if (!parsed.success) return <Navigate to={LISTS_PATH} replace />;
  return <ListContacts key={parsed.data} contactListId={parsed.data} />;
}

/**
 * One list's contacts: search, infinite scroll, import a spreadsheet, add, edit and delete,
 * each row with the icon of its number's check on WhatsApp. Live events keep the rows,
 * the icons and the header's count current; a list deleted elsewhere sends the user back.
 */
function ListContacts({ contactListId }: { contactListId: number }) {
  const { t } = useTranslation();
  const { user } = useSession();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [searchText, setSearchText] = useState("");
  const searchParam = useDebouncedSearch(searchText);
  const [modal, setModal] = useState<{ open: boolean; itemId: number | null }>({ open: false, itemId: null });
  const [importOpen, setImportOpen] = useState(false);

  const header = useQuery({
    queryKey: contactListsKeys.detail(contactListId),
    queryFn: ({ signal }) => fetchContactList(contactListId, signal),
  });
  useEffect(() => {
    if (!header.isError) return;
    toastError(header.error);
    navigate(LISTS_PATH, { replace: true });
  }, [header.isError, header.error, navigate]);

  const list = usePagedList({
    queryKey: contactListItemsKeys.list(contactListId, searchParam),
    fetchPage: (page, signal) => fetchContactListItemsPage(contactListId, searchParam, page, signal),
    rowsOf: (page) => page.contacts,
  });
  const { query, rows } = list;
  const itemsKey = useCallback(() => contactListItemsKeys.lists(contactListId), [contactListId]);
  const updateItems = useListCache<ContactListItemsPages>(itemsKey);

  useSocketEvent(user ? companyEvent.ContactListItem(user.companyId) : null, (payload) => {
    if (payload.action === "delete") {
      if (payload.contactListId === contactListId)
        updateItems((pages) => removeContactListItem(pages, payload.contactListItemId));
    } else if (payload.action === "reload") {
      if (payload.contactListId === contactListId) void queryClient.invalidateQueries({ queryKey: itemsKey() });
    } else if (payload.contactListItem.contactListId === contactListId) {
      const item = payload.contactListItem;
      updateItems((pages, listSearch) => upsertContactListItem(pages, item, listSearch));
    }
  });

  useSocketEvent(user ? companyEvent.ContactList(user.companyId) : null, (payload) => {
    if (payload.action === "delete") {
      if (payload.contactListId !== contactListId) return;
      toast.info(t("contactListItems.toasts.listDeleted"), { autoClose: TOAST_DURATION_MS });
      navigate(LISTS_PATH, { replace: true });
    } else if (payload.contactList.id === contactListId) {
      queryClient.setQueryData(contactListsKeys.detail(contactListId), payload.contactList);
    }
  });

  const onSaved = (item: ContactListItem) => {
    updateItems((pages, listSearch) => upsertContactListItem(pages, item, listSearch));
  };

  const deletion = useConfirmDelete(async (item: ContactListItem) => {
    await deleteContactListItem(item.id);
    updateItems((pages) => removeContactListItem(pages, item.id));
  }, t("contactListItems.toasts.deleted"));

  const closeModal = useCallback(() => setModal((current) => ({ ...current, open: false })), []);
  const closeImport = useCallback(() => setImportOpen(false), []);

  if (header.isPending) return <Loading />;
  const contactList = header.data;

  return (
    <MainContainer>
      <ListPageHeader
        leading={
          <Tooltip title={t("contactListItems.back")}>
            <IconButton aria-label={t("contactListItems.back")} onClick={() => navigate(LISTS_PATH)}>
              <ArrowBackIcon />
            </IconButton>
          </Tooltip>
        }
        title={contactList?.name}
        subtitle={contactList ? t("contactListItems.count", { count: contactList.contactsCount }) : undefined}
        search={{
          label: t("contactListItems.searchPlaceholder"),
          phoneLabel: t("contactListItems.searchPlaceholderPhone"),
          value: searchText,
          onChange: setSearchText,
          minWidth: 300,
        }}
        actions={
          <Button variant="outlined" startIcon={<FileUploadOutlinedIcon />} onClick={() => setImportOpen(true)}>
            {t("contactListItems.buttons.import")}
          </Button>
        }
        primary={{
          label: t("contactListItems.buttons.add"),
          icon: <PersonAddAlt1Icon />,
          onClick: () => setModal({ open: true, itemId: null }),
        }}
      />

      <PagedListPaper
        list={list}
        empty={
          <EmptyState icon={<PersonOutlineIcon sx={{ fontSize: 56 }} />} title={t("contactListItems.empty.title")}>
            {searchParam ? (
              t("contactListItems.empty.search")
            ) : (
              <>
                {t("contactListItems.empty.hint")}
                <Stack direction="row" spacing={1} sx={{ mt: 1, justifyContent: "center" }}>
                  <Button
                    variant="contained"
                    startIcon={<FileUploadOutlinedIcon />}
                    onClick={() => setImportOpen(true)}
                  >
                    {t("contactListItems.buttons.import")}
                  </Button>
                </Stack>
              </>
            )}
          </EmptyState>
        }
      >
        <ResponsiveTable
          label={contactList?.name}
          rows={rows}
          rowKey={(item) => item.id}
          loadingMore={query.isFetchingNextPage && t("contactListItems.table.loadingMore")}
          columns={[
            {
              label: t("contactListItems.table.whatsapp"),
              align: "center",
              width: 96,
              card: "leading",
              render: (item) => <WhatsappValidity valid={item.isWhatsappValid} />,
            },
            { label: t("contactListItems.table.name"), card: "title", render: (item) => item.name },
            {
              label: t("contactListItems.table.number"),
              cellSx: { fontVariantNumeric: "tabular-nums" },
              render: (item) => item.number,
            },
            {
              label: t("contactListItems.table.email"),
              cellSx: { color: "text.secondary" },
              render: (item) => item.email && <BreakableText>{item.email}</BreakableText>,
            },
          ]}
          actions={{
            label: t("contactListItems.table.actions"),
            width: 110,
            render: (item) => (
              <>
                <RowAction
                  label={t("contactListItems.buttons.edit")}
                  onClick={() => setModal({ open: true, itemId: item.id })}
                >
                  <EditOutlinedIcon fontSize="small" />
                </RowAction>
                <RowAction label={t("contactListItems.buttons.delete")} onClick={() => deletion.ask(item)}>
                  <DeleteOutlineIcon fontSize="small" />
                </RowAction>
              </>
            ),
          }}
        />
      </PagedListPaper>

      <ContactListItemModal
        open={modal.open}
        contactListId={contactListId}
        itemId={modal.itemId}
        onClose={closeModal}
        onSaved={onSaved}
      />
      <ContactListImportDialog open={importOpen} contactListId={contactListId} onClose={closeImport} />
      <ConfirmationModal
        {...deletion.dialog}
        title={
          deletion.target ? t("contactListItems.confirmationModal.deleteTitle", { name: deletion.target.name }) : ""
        }
        confirmLabel={t("contactListItems.confirmationModal.deleteConfirm")}
      >
        {t("contactListItems.confirmationModal.deleteMessage")}
      </ConfirmationModal>
    </MainContainer>
  );
}
