import { companyEvent, USER_SEARCH_MIN_CHARS, type User } from "@atendo/shared";
import DeleteOutlineIcon from "@mui/icons-material/DeleteOutlined";
import EditOutlinedIcon from "@mui/icons-material/EditOutlined";
import PeopleAltOutlinedIcon from "@mui/icons-material/PeopleAltOutlined";
import PersonAddAlt1Icon from "@mui/icons-material/PersonAddAlt1";
import { Box, Button, Table, TableBody, TableCell, TableHead, TableRow, Tooltip } from "@mui/material";
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
  useConfirmDelete,
  useListCache,
  usePagedList,
} from "../../components";
import { useSocketEvent } from "../../realtime/socket";
import { UserModal } from "./UserModal";
import { deleteUser, fetchUsersPage, usersKeys } from "./usersApi";
import { removeUser, upsertUser } from "./usersCache";
import { isSearchable, useUserSearch } from "./useUserSearch";

type UsersPages = NonNullable<Parameters<typeof upsertUser>[0]>;

/** /users: search, add, edit and delete the company's users; the list follows realtime changes. */
export default function UsersPage() {
  const { t } = useTranslation();
  const { user: sessionUser } = useSession();
  const [searchText, setSearchText] = useState("");
  const searchParam = useUserSearch(searchText);
  const [modal, setModal] = useState<{ open: boolean; userId: number | null }>({ open: false, userId: null });

  const list = usePagedList({
    queryKey: usersKeys.list(searchParam),
    fetchPage: (page, signal) => fetchUsersPage(searchParam, page, signal),
    rowsOf: (page) => page.users,
  });
  const { query, rows: users } = list;
  const updateLists = useListCache<UsersPages>(usersKeys.lists);

  const upsert = useCallback(
    (user: User) => updateLists((pages, listSearch) => upsertUser(pages, user, listSearch)),
    [updateLists],
  );
  const remove = useCallback((userId: number) => updateLists((pages) => removeUser(pages, userId)), [updateLists]);

  useSocketEvent(sessionUser ? companyEvent.user(sessionUser.companyId) : null, (payload) => {
    if (payload.action === "delete") remove(payload.userId);
    else upsert(payload.user);
  });

  const openModal = (userId: number | null) => setModal({ open: true, userId });
  const closeModal = useCallback(() => setModal((current) => ({ ...current, open: false })), []);

  const deletion = useConfirmDelete(async (deleted: User) => {
    await deleteUser(deleted.id);
    remove(deleted.id);
  }, t("users.toasts.deleted"));

  const searchTooShort = !isSearchable(searchText);

  return (
    <MainContainer>
      <MainHeader>
        <Title>{t("users.title")}</Title>
        <MainHeaderButtonsWrapper>
          <SearchField
            label={t("users.searchPlaceholder")}
            value={searchText}
            onChange={setSearchText}
            minWidth={280}
            hint={searchTooShort ? t("users.searchHint", { count: USER_SEARCH_MIN_CHARS }) : undefined}
          />
          <Button variant="contained" startIcon={<PersonAddAlt1Icon />} onClick={() => openModal(null)}>
            {t("users.buttons.add")}
          </Button>
        </MainHeaderButtonsWrapper>
      </MainHeader>

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
                  <RowAction label={t("users.buttons.edit")} onClick={() => openModal(item.id)}>
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

      <UserModal open={modal.open} userId={modal.userId} onClose={closeModal} onSaved={upsert} />
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
