import { companyEvent, isAdmin, USER_SEARCH_MIN_CHARS, type User } from "@atendo/shared";
import DeleteOutlineIcon from "@mui/icons-material/DeleteOutlined";
import EditOutlinedIcon from "@mui/icons-material/EditOutlined";
import PeopleAltOutlinedIcon from "@mui/icons-material/PeopleAltOutlined";
import PersonAddAlt1Icon from "@mui/icons-material/PersonAddAlt1";
import { Box, Table, TableBody, TableCell, TableHead, TableRow, Tooltip } from "@mui/material";
import { useTranslation } from "react-i18next";
import { useSession } from "../../app/session";
import {
  ConfirmationModal,
  EmptyState,
  ListPageHeader,
  LoadingMoreRow,
  MainContainer,
  NoAccessPaper,
  PagedListPaper,
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
        <Table stickyHeader size="small" aria-label={t("users.title")}>
          <TableHead>
            <TableRow>
              <TableCell align="center" sx={{ width: 80 }}>
                {t("users.table.id")}
              </TableCell>
              <TableCell>{t("users.table.name")}</TableCell>
              <TableCell>{t("users.table.email")}</TableCell>
              <TableCell align="center">{t("users.table.profile")}</TableCell>
              <TableCell align="center" sx={{ width: 120 }}>
                {t("users.table.actions")}
              </TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {users.map((item) => (
              <TableRow key={item.id} hover>
                <TableCell align="center">{item.id}</TableCell>
                <TableCell aria-description={item.online ? t("users.table.online") : t("users.table.offline")}>
                  <Box sx={{ display: "inline-flex", alignItems: "center", gap: 1 }}>
                    <Tooltip title={item.online ? t("users.table.online") : t("users.table.offline")}>
                      <Box
                        component="span"
                        aria-hidden
                        data-online={item.online}
                        sx={{
                          width: 10,
                          height: 10,
                          borderRadius: "50%",
                          flexShrink: 0,
                          bgcolor: item.online ? "success.main" : "action.disabled",
                        }}
                      />
                    </Tooltip>
                    {item.name}
                  </Box>
                </TableCell>
                <TableCell sx={{ wordBreak: "break-all" }}>{item.email}</TableCell>
                <TableCell align="center">{t(`users.profiles.${item.profile}`)}</TableCell>
                <TableCell align="center" sx={{ whiteSpace: "nowrap" }}>
                  <RowAction label={t("users.buttons.edit")} onClick={() => openRecord(item.id)}>
                    <EditOutlinedIcon fontSize="small" />
                  </RowAction>
                  <RowAction label={t("users.buttons.delete")} onClick={() => deletion.ask(item)}>
                    <DeleteOutlineIcon fontSize="small" />
                  </RowAction>
                </TableCell>
              </TableRow>
            ))}
            {query.isFetchingNextPage ? <LoadingMoreRow colSpan={5} label={t("users.table.loadingMore")} /> : null}
          </TableBody>
        </Table>
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
