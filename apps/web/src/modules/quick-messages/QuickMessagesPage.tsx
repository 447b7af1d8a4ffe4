import { type QuickMessage, TOAST_DURATION_MS } from "@atendo/shared";
import AddIcon from "@mui/icons-material/Add";
import AttachFileIcon from "@mui/icons-material/AttachFile";
import DeleteOutlineIcon from "@mui/icons-material/DeleteOutlined";
import EditOutlinedIcon from "@mui/icons-material/EditOutlined";
import QuickreplyOutlinedIcon from "@mui/icons-material/QuickreplyOutlined";
import SearchIcon from "@mui/icons-material/Search";
import {
  Box,
  Button,
  CircularProgress,
  IconButton,
  InputAdornment,
  Link,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  TextField,
  Tooltip,
  Typography,
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
import { uniqueById, useDebouncedSearch, useLoadMore } from "../contacts/listing";
import { QuickMessageModal } from "./QuickMessageModal";
import {
  deleteQuickMessage,
  fetchQuickMessagesPage,
  type QuickMessagesPages,
  quickMessagesKeys,
} from "./quickMessagesApi";

/** /quick-messages: the user's and the company-wide quick messages, with search, add, edit and delete. */
export default function QuickMessagesPage() {
  const { t } = useTranslation();
  const { user } = useSession();
  const queryClient = useQueryClient();
  const [searchText, setSearchText] = useState("");
  const searchParam = useDebouncedSearch(searchText);
  const [modal, setModal] = useState<{ open: boolean; id: number | null }>({ open: false, id: null });
  const [deleting, setDeleting] = useState<QuickMessage | null>(null);
  const [confirmOpen, setConfirmOpen] = useState(false);
  const paperRef = useRef<HTMLDivElement>(null);
  const isAdmin = user?.profile === "admin" || user?.super === true;

  const query = useInfiniteQuery({
    queryKey: quickMessagesKeys.list(searchParam),
    queryFn: ({ pageParam, signal }) => fetchQuickMessagesPage(searchParam, pageParam, signal),
    initialPageParam: 1,
    getNextPageParam: (lastPage, pages) => (lastPage.hasMore ? pages.length + 1 : undefined),
  });
  const records = uniqueById(query.data?.pages.map((page) => page.records) ?? []);
  const onScroll = useLoadMore(paperRef, query, records.length);

  const reload = useCallback(
    () => void queryClient.invalidateQueries({ queryKey: quickMessagesKeys.lists() }),
    [queryClient],
  );

  const confirmDelete = async () => {
    if (!deleting) return;
    try {
      await deleteQuickMessage(deleting.id);
      for (const [key, value] of queryClient.getQueriesData<QuickMessagesPages>({
        queryKey: quickMessagesKeys.lists(),
      })) {
        if (!value) continue;
        queryClient.setQueryData<QuickMessagesPages>(key, {
          ...value,
          pages: value.pages.map((page) => ({
            ...page,
            records: page.records.filter((item) => item.id !== deleting.id),
          })),
        });
      }
      toast.success(t("quickMessages.toasts.deleted"), { autoClose: TOAST_DURATION_MS });
    } catch (err) {
      toastError(err);
    }
  };

  const closeModal = useCallback(() => setModal((current) => ({ ...current, open: false })), []);
  const mayWrite = (item: QuickMessage) => isAdmin || item.userId === user?.id;

  return (
    <MainContainer>
      <MainHeader>
        <Title>{t("quickMessages.title")}</Title>
        <MainHeaderButtonsWrapper>
          <TextField
            size="small"
            type="search"
            placeholder={t("quickMessages.searchPlaceholder")}
            value={searchText}
            onChange={(event) => setSearchText(event.target.value)}
            slotProps={{
              htmlInput: { "aria-label": t("quickMessages.searchPlaceholder") },
              input: {
                startAdornment: (
                  <InputAdornment position="start">
                    <SearchIcon fontSize="small" color="action" />
                  </InputAdornment>
                ),
              },
            }}
            sx={{ minWidth: { xs: "100%", sm: 240 } }}
          />
          <Button variant="contained" startIcon={<AddIcon />} onClick={() => setModal({ open: true, id: null })}>
            {t("quickMessages.buttons.add")}
          </Button>
        </MainHeaderButtonsWrapper>
      </MainHeader>

      <MainPaper ref={paperRef} onScroll={onScroll} sx={{ p: 0 }}>
        {query.isPending ? (
          <Loading />
        ) : records.length === 0 ? (
          <EmptyState icon={<QuickreplyOutlinedIcon sx={{ fontSize: 56 }} />} title={t("quickMessages.empty.title")}>
            {searchParam ? t("quickMessages.empty.search") : t("quickMessages.empty.hint")}
          </EmptyState>
        ) : (
          <Table stickyHeader size="small" aria-label={t("quickMessages.title")}>
            <TableHead>
              <TableRow>
                <TableCell>{t("quickMessages.table.shortcode")}</TableCell>
                <TableCell>{t("quickMessages.table.message")}</TableCell>
                <TableCell>{t("quickMessages.table.mediaName")}</TableCell>
                <TableCell align="center" sx={{ width: 120 }}>
                  {t("quickMessages.table.actions")}
                </TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {records.map((item) => (
                <TableRow key={item.id} hover>
                  <TableCell sx={{ fontWeight: 600 }}>/{item.shortcode}</TableCell>
                  <TableCell sx={{ maxWidth: 360 }}>
                    <Typography variant="body2" noWrap title={item.message}>
                      {item.message}
                    </Typography>
                  </TableCell>
                  <TableCell>
                    {item.mediaPath ? (
                      <Link
                        href={item.mediaPath}
                        target="_blank"
                        rel="noopener noreferrer"
                        sx={{ display: "inline-flex", alignItems: "center", gap: 0.5 }}
                      >
                        <AttachFileIcon fontSize="inherit" />
                        {item.mediaName}
                      </Link>
                    ) : (
                      "—"
                    )}
                  </TableCell>
                  <TableCell align="center" sx={{ whiteSpace: "nowrap" }}>
                    {mayWrite(item) ? (
                      <>
                        <Tooltip title={t("quickMessages.buttons.edit")}>
                          <IconButton
                            size="small"
                            aria-label={t("quickMessages.buttons.edit")}
                            onClick={() => setModal({ open: true, id: item.id })}
                          >
                            <EditOutlinedIcon fontSize="small" />
                          </IconButton>
                        </Tooltip>
                        <Tooltip title={t("quickMessages.buttons.delete")}>
                          <IconButton
                            size="small"
                            aria-label={t("quickMessages.buttons.delete")}
                            onClick={() => {
                              setDeleting(item);
                              setConfirmOpen(true);
                            }}
                          >
                            <DeleteOutlineIcon fontSize="small" />
                          </IconButton>
                        </Tooltip>
                      </>
                    ) : null}
                  </TableCell>
                </TableRow>
              ))}
              {query.isFetchingNextPage ? (
                <TableRow>
                  <TableCell colSpan={4} align="center">
                    <Box sx={{ display: "inline-flex", alignItems: "center", gap: 1, color: "text.secondary" }}>
                      <CircularProgress size={16} color="inherit" />
                      {t("quickMessages.table.loadingMore")}
                    </Box>
                  </TableCell>
                </TableRow>
              ) : null}
            </TableBody>
          </Table>
        )}
      </MainPaper>

      <QuickMessageModal open={modal.open} quickMessageId={modal.id} onClose={closeModal} onSaved={reload} />
      <ConfirmationModal
        open={confirmOpen}
        title={deleting ? t("quickMessages.confirmationModal.deleteTitle", { shortcode: deleting.shortcode }) : ""}
        confirmLabel={t("quickMessages.confirmationModal.deleteConfirm")}
        onClose={() => setConfirmOpen(false)}
        onConfirm={confirmDelete}
      >
        {t("quickMessages.confirmationModal.deleteMessage")}
      </ConfirmationModal>
    </MainContainer>
  );
}
