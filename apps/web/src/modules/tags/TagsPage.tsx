import { companyEvent, type Tag, TOAST_DURATION_MS } from "@atendo/shared";
import AddIcon from "@mui/icons-material/Add";
import DeleteOutlineIcon from "@mui/icons-material/DeleteOutlined";
import EditOutlinedIcon from "@mui/icons-material/EditOutlined";
import LocalOfferOutlinedIcon from "@mui/icons-material/LocalOfferOutlined";
import SearchIcon from "@mui/icons-material/Search";
import ViewKanbanOutlinedIcon from "@mui/icons-material/ViewKanbanOutlined";
import {
  Box,
  Button,
  Chip,
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
  useTheme,
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
import { uniqueById, useDebouncedSearch, useLoadMore } from "../contacts/listing";
import { TagModal } from "./TagModal";
import {
  deleteTag,
  fetchTagsPage,
  removeTag,
  replaceTag,
  type TagEventPayload,
  type TagsPages,
  tagsKeys,
} from "./tagsApi";

/** /tags: search, add, edit and delete tags, each shown as its coloured chip with its ticket count. */
export default function TagsPage() {
  const { t } = useTranslation();
  const theme = useTheme();
  const { user } = useSession();
  const queryClient = useQueryClient();
  const [searchText, setSearchText] = useState("");
  const searchParam = useDebouncedSearch(searchText);
  const [modal, setModal] = useState<{ open: boolean; tagId: number | null }>({ open: false, tagId: null });
  const [deleting, setDeleting] = useState<Tag | null>(null);
  const [confirmOpen, setConfirmOpen] = useState(false);
  const paperRef = useRef<HTMLDivElement>(null);

  const query = useInfiniteQuery({
    queryKey: tagsKeys.list(searchParam),
    queryFn: ({ pageParam, signal }) => fetchTagsPage(searchParam, pageParam, signal),
    initialPageParam: 1,
    getNextPageParam: (lastPage, pages) => (lastPage.hasMore ? pages.length + 1 : undefined),
  });
  const tags = uniqueById(query.data?.pages.map((page) => page.tags) ?? []);
  const onScroll = useLoadMore(paperRef, query, tags.length);

  const updateLists = useCallback(
    (change: (data: TagsPages) => TagsPages | undefined) => {
      for (const [key, value] of queryClient.getQueriesData<TagsPages>({ queryKey: tagsKeys.lists() })) {
        if (value) queryClient.setQueryData(key, change(value));
      }
    },
    [queryClient],
  );

  useSocketEvent<TagEventPayload>(user ? companyEvent.tag(user.companyId) : null, (payload) => {
    if (!payload) return;
    if (payload.action === "delete") updateLists((pages) => removeTag(pages, payload.tagId));
    else if (payload.action === "update") updateLists((pages) => replaceTag(pages, payload.tag));
    else void queryClient.invalidateQueries({ queryKey: tagsKeys.lists() });
  });

  const onSaved = (tag: Tag) => {
    if (modal.tagId === null) void queryClient.invalidateQueries({ queryKey: tagsKeys.lists() });
    else updateLists((pages) => replaceTag(pages, tag));
  };

  const confirmDelete = async () => {
    if (!deleting) return;
    try {
      await deleteTag(deleting.id);
      updateLists((pages) => removeTag(pages, deleting.id));
      toast.success(t("tags.toasts.deleted"), { autoClose: TOAST_DURATION_MS });
    } catch (err) {
      toastError(err);
    }
  };

  const chipColors = (color: string) => {
    try {
      return { bgcolor: color, color: theme.palette.getContrastText(color) };
    } catch {
      return {};
    }
  };

  const closeModal = useCallback(() => setModal((current) => ({ ...current, open: false })), []);

  return (
    <MainContainer>
      <MainHeader>
        <Title>{t("tags.title")}</Title>
        <MainHeaderButtonsWrapper>
          <TextField
            size="small"
            type="search"
            placeholder={t("tags.searchPlaceholder")}
            value={searchText}
            onChange={(event) => setSearchText(event.target.value)}
            slotProps={{
              htmlInput: { "aria-label": t("tags.searchPlaceholder") },
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
          <Button variant="contained" startIcon={<AddIcon />} onClick={() => setModal({ open: true, tagId: null })}>
            {t("tags.buttons.add")}
          </Button>
        </MainHeaderButtonsWrapper>
      </MainHeader>

      <MainPaper ref={paperRef} onScroll={onScroll} sx={{ p: 0 }}>
        {query.isPending ? (
          <Loading />
        ) : tags.length === 0 ? (
          <EmptyState icon={<LocalOfferOutlinedIcon sx={{ fontSize: 56 }} />} title={t("tags.empty.title")}>
            {searchParam ? t("tags.empty.search") : t("tags.empty.hint")}
          </EmptyState>
        ) : (
          <Table stickyHeader size="small" aria-label={t("tags.title")}>
            <TableHead>
              <TableRow>
                <TableCell>{t("tags.table.name")}</TableCell>
                <TableCell align="center">{t("tags.table.tickets")}</TableCell>
                <TableCell align="center">{t("tags.table.kanban")}</TableCell>
                <TableCell align="center" sx={{ width: 120 }}>
                  {t("tags.table.actions")}
                </TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {tags.map((tag) => (
                <TableRow key={tag.id} hover>
                  <TableCell>
                    <Chip size="small" label={tag.name} sx={chipColors(tag.color)} />
                  </TableCell>
                  <TableCell align="center">{tag.ticketsCount}</TableCell>
                  <TableCell align="center">
                    {tag.kanban === 1 ? (
                      <Tooltip title={t("tags.table.onKanban")}>
                        <ViewKanbanOutlinedIcon fontSize="small" color="action" aria-label={t("tags.table.onKanban")} />
                      </Tooltip>
                    ) : null}
                  </TableCell>
                  <TableCell align="center" sx={{ whiteSpace: "nowrap" }}>
                    <Tooltip title={t("tags.buttons.edit")}>
                      <IconButton
                        size="small"
                        aria-label={t("tags.buttons.edit")}
                        onClick={() => setModal({ open: true, tagId: tag.id })}
                      >
                        <EditOutlinedIcon fontSize="small" />
                      </IconButton>
                    </Tooltip>
                    <Tooltip title={t("tags.buttons.delete")}>
                      <IconButton
                        size="small"
                        aria-label={t("tags.buttons.delete")}
                        onClick={() => {
                          setDeleting(tag);
                          setConfirmOpen(true);
                        }}
                      >
                        <DeleteOutlineIcon fontSize="small" />
                      </IconButton>
                    </Tooltip>
                  </TableCell>
                </TableRow>
              ))}
              {query.isFetchingNextPage ? (
                <TableRow>
                  <TableCell colSpan={4} align="center">
                    <Box sx={{ display: "inline-flex", alignItems: "center", gap: 1, color: "text.secondary" }}>
                      <CircularProgress size={16} color="inherit" />
                      {t("tags.table.loadingMore")}
                    </Box>
                  </TableCell>
                </TableRow>
              ) : null}
            </TableBody>
          </Table>
        )}
      </MainPaper>

      <TagModal open={modal.open} tagId={modal.tagId} onClose={closeModal} onSaved={onSaved} />
      <ConfirmationModal
        open={confirmOpen}
        title={deleting ? t("tags.confirmationModal.deleteTitle", { name: deleting.name }) : ""}
        confirmLabel={t("tags.confirmationModal.deleteConfirm")}
        onClose={() => setConfirmOpen(false)}
        onConfirm={confirmDelete}
      >
        {t("tags.confirmationModal.deleteMessage")}
      </ConfirmationModal>
    </MainContainer>
  );
}
