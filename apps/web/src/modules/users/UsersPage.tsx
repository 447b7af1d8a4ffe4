import { companyEvent, isAdmin, USER_SEARCH_MIN_CHARS, type User } from "@atendo/shared";
import DeleteOutlineIcon from "@mui/icons-material/DeleteOutlined";
import EditOutlinedIcon from "@mui/icons-material/EditOutlined";
import PeopleAltOutlinedIcon from "@mui/icons-material/PeopleAltOutlined";
import PersonAddAlt1Icon from "@mui/icons-material/PersonAddAlt1";
import { Box, Tooltip } from "@mui/material";
import { useTranslation } from "react-i18next";
import { useSession } from "../../app/session";
import {
  BreakableText,
  ConfirmationModal,
  EmptyState,
  ListPageHeader,
  MainContainer,
  NoAccessPaper,
  PagedListPaper,
  ResponsiveTable,
  RowAction,
  useConfirmDelete,
  useLiveList,
  useRecordDialog,
  useSearchedPagedList,
} from "../../components";
import { UserModal } from "./UserModal";
import { deleteUser, fetchUsersPage, usersKeys } from "./usersApi";
import { removeUser, upsertUser } from "./usersCache";
import { isSearchable, useUserSearch } from "./useUserSearch";

/**
 * /users: search, add, edit and delete the company's users; the list follows realtime changes.
 * The list is the admins' (GET /users answers 403 to anyone else): other profiles are told so.
 */
export default function UsersPage() {
  const { t } = useTranslation();
  const { user } = useSession();
  if (!isAdmin(user)) {
    return (
      <MainContainer>
        <ListPageHeader title={t("users.title")} />
        <NoAccessPaper title={t("users.noAccess.title")} hint={t("users.noAccess.hint")} />
      </MainContainer>
    );
  }
  return <UsersList />;
}

function UsersList() {
  const { t } = useTranslation();
  const { dialog: modal, openNew, openRecord, close: closeModal } = useRecordDialog();
  const list = useSearchedPagedList({
    keys: usersKeys,
    fetchPage: fetchUsersPage,
    rowsOf: (page) => page.users,
    useSearch: useUserSearch,
  });
  const { query, rows: users, searchText, setSearchText, searchParam } = list;
  // A created user has its place at the top of a list whose search it matches: no fetch needed.
  const live = useLiveList(list, {
    channel: companyEvent.user,
    read: (payload) => (payload.action === "delete" ? { removed: payload.userId } : { changed: payload.user }),
    remove: removeUser,
    replace: upsertUser,
  });

  const deletion = useConfirmDelete(async (deleted: User) => {
    await deleteUser(deleted.id);
    live.removeRow(deleted.id);
  }, t("users.toasts.deleted"));

  const searchTooShort = !isSearchable(searchText);

  return (
    <MainContainer>
      <ListPageHeader
        title={t("users.title")}
        search={{
          label: t("users.searchPlaceholder"),
          value: searchText,
          onChange: setSearchText,
          minWidth: 280,
          hint: searchTooShort ? t("users.searchHint", { count: USER_SEARCH_MIN_CHARS }) : undefined,
        }}
        primary={{ label: t("users.buttons.add"), icon: <PersonAddAlt1Icon />, onClick: openNew }}
      />

      <PagedListPaper
        list={list}
        empty={
          <EmptyState icon={<PeopleAltOutlinedIcon sx={{ fontSize: 56 }} />} title={t("users.empty.title")}>
            {searchParam ? t("users.empty.search") : null}
          </EmptyState>
        }
      >
        <ResponsiveTable
          label={t("users.title")}
          rows={users}
          rowKey={(item) => item.id}
          loadingMore={query.isFetchingNextPage && t("users.table.loadingMore")}
          columns={[
            { label: t("users.table.id"), align: "center", width: 80, render: (item) => item.id },
            {
              label: t("users.table.name"),
              card: "title",
              cellProps: (item) => ({
                "aria-description": item.online ? t("users.table.online") : t("users.table.offline"),
              }),
              render: (item) => <UserName user={item} />,
            },
            {
              // On a phone there is no tooltip to hover and no cell to describe: the card says it in words.
              label: t("users.table.presence"),
              cardOnly: true,
              render: (item) => (item.online ? t("users.table.online") : t("users.table.offline")),
            },
            { label: t("users.table.email"), render: (item) => <BreakableText>{item.email}</BreakableText> },
            { label: t("users.table.profile"), align: "center", render: (item) => t(`users.profiles.${item.profile}`) },
          ]}
          actions={{
            label: t("users.table.actions"),
            width: 120,
            render: (item) => (
              <>
                <RowAction label={t("users.buttons.edit")} onClick={() => openRecord(item.id)}>
                  <EditOutlinedIcon fontSize="small" />
                </RowAction>
                <RowAction label={t("users.buttons.delete")} onClick={() => deletion.ask(item)}>
                  <DeleteOutlineIcon fontSize="small" />
                </RowAction>
              </>
            ),
          }}
        />
      </PagedListPaper>

      <UserModal open={modal.open} userId={modal.id} onClose={closeModal} onSaved={live.replaceRow} />
      <ConfirmationModal
        {...deletion.dialog}
        title={deletion.target ? t("users.confirmationModal.deleteTitle", { name: deletion.target.name }) : ""}
        confirmLabel={t("users.confirmationModal.deleteConfirm")}
      >
        {t("users.confirmationModal.deleteMessage")}
      </ConfirmationModal>
    </MainContainer>
  );
}

/** The user's name after the dot of their presence (green online, grey offline). */
function UserName({ user }: { user: User }) {
  const { t } = useTranslation();
  const presence = user.online ? t("users.table.online") : t("users.table.offline");
  return (
    <Box sx={{ display: "inline-flex", alignItems: "center", gap: 1 }}>
      <Tooltip title={presence}>
        <Box
          component="span"
          aria-hidden
          data-online={user.online}
          sx={{
            width: 10,
            height: 10,
            borderRadius: "50%",
            flexShrink: 0,
            bgcolor: user.online ? "success.main" : "action.disabled",
          }}
        />
      </Tooltip>
      {user.name}
    </Box>
  );
}
