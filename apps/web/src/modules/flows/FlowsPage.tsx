import { companyEvent, type FlowRecord, TOAST_DURATION_MS } from "@atendo/shared";
import ContentCopyIcon from "@mui/icons-material/ContentCopy";
import DeleteOutlineIcon from "@mui/icons-material/DeleteOutlined";
import DriveFileRenameOutlineIcon from "@mui/icons-material/DriveFileRenameOutline";
import EditOutlinedIcon from "@mui/icons-material/EditOutlined";
import MoreVertIcon from "@mui/icons-material/MoreVert";
import ShapeLineOutlinedIcon from "@mui/icons-material/ShapeLineOutlined";
import { IconButton, ListItemIcon, ListItemText, Menu, MenuItem } from "@mui/material";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router-dom";
import { toast } from "react-toastify";
import { toastError } from "../../api/client";
import {
  ActiveChip,
  ConfirmationModal,
  EmptyState,
  ListPageHeader,
  MainContainer,
  PagedListPaper,
  ResponsiveTable,
  RowName,
  useConfirmDelete,
  useLiveList,
  useSearchedPagedList,
} from "../../components";
import { FlowNameModal } from "./FlowNameModal";
import { deleteFlow, duplicateFlow, fetchFlowsPage, flowsKeys, removeFlow, replaceFlow } from "./flowsApi";

const builderPath = (flow: Pick<FlowRecord, "id">) => `/flowbuilder/${flow.id}`;

/**
 * /flowbuilders ('Fluxos de conversa'): the company's flows with search and infinite scroll.
 * A row opens the flow in the builder; its menu renames, opens, duplicates or deletes it. Kept live.
 */
export default function FlowsPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  // The dialog keeps its flow while it closes, so its title does not change under the animation.
  const [nameDialog, setNameDialog] = useState<{ open: boolean; flow: FlowRecord | null }>({ open: false, flow: null });
  const [menu, setMenu] = useState<{ anchor: HTMLElement; flow: FlowRecord } | null>(null);
  const list = useSearchedPagedList({
    keys: flowsKeys,
    fetchPage: fetchFlowsPage,
    rowsOf: (page) => page.flows,
  });
  const { query, rows: flows, searchText, setSearchText, searchParam, reload } = list;
  // A new flow (or a copy) takes its place in the server's order, so the pages are fetched again.
  const live = useLiveList(list, {
    channel: companyEvent.flowbuilder,
    read: (payload) =>
      payload.action === "delete"
        ? { removed: payload.flowId }
        : payload.action === "update"
          ? { changed: payload.flow }
          : "reload",
    remove: removeFlow,
    replace: replaceFlow,
  });

  const deletion = useConfirmDelete(async (deleted: FlowRecord) => {
    await deleteFlow(deleted.id);
    live.removeRow(deleted.id);
  }, t("flows.toasts.deleted"));

  const duplicate = async (flow: FlowRecord) => {
    try {
      await duplicateFlow(flow.id);
      reload();
      toast.success(t("flows.toasts.duplicated"), { autoClose: TOAST_DURATION_MS });
    } catch (error) {
      toastError(error);
    }
  };

  /** Runs a menu entry on the menu's flow, closing the menu first. */
  const fromMenu = (action: (flow: FlowRecord) => void) => () => {
    if (!menu) return;
    setMenu(null);
    action(menu.flow);
  };

  return (
    <MainContainer>
      <ListPageHeader
        title={t("flows.title")}
        subtitle={t("flows.subtitle")}
        search={{ label: t("flows.searchPlaceholder"), value: searchText, onChange: setSearchText, minWidth: 240 }}
        primary={{ label: t("flows.buttons.add"), onClick: () => setNameDialog({ open: true, flow: null }) }}
      />

      <PagedListPaper
        list={list}
        empty={
          <EmptyState icon={<ShapeLineOutlinedIcon sx={{ fontSize: 56 }} />} title={t("flows.empty.title")}>
            {searchParam ? t("flows.empty.search") : t("flows.empty.hint")}
          </EmptyState>
        }
      >
        <ResponsiveTable
          label={t("flows.title")}
          rows={flows}
          rowKey={(flow) => flow.id}
          loadingMore={query.isFetchingNextPage && t("flows.table.loadingMore")}
          rowProps={(flow) => ({
            onClick: () => navigate(builderPath(flow)),
            sx: { cursor: "pointer" },
            "data-testid": "flow-row",
          })}
          columns={[
            {
              label: t("flows.table.name"),
              card: "title",
              cellSx: { maxWidth: 480 },
              render: (flow) => <RowName>{flow.name}</RowName>,
            },
            {
              label: t("flows.table.status"),
              align: "center",
              width: 140,
              render: (flow) => (
                <ActiveChip
                  active={flow.active}
                  label={t(flow.active ? "flows.status.active" : "flows.status.inactive")}
                />
              ),
            },
          ]}
          actions={{
            label: t("flows.table.actions"),
            width: 100,
            render: (flow) => (
              <IconButton
                size="small"
                aria-label={t("flows.buttons.more", { name: flow.name })}
                aria-haspopup="menu"
                onClick={(event) => {
                  // The row opens the builder; its menu button must not.
                  event.stopPropagation();
                  setMenu({ anchor: event.currentTarget, flow });
                }}
              >
                <MoreVertIcon fontSize="small" />
              </IconButton>
            ),
          }}
        />
      </PagedListPaper>

      <Menu anchorEl={menu?.anchor} open={Boolean(menu)} onClose={() => setMenu(null)}>
        <MenuItem onClick={fromMenu((flow) => setNameDialog({ open: true, flow }))}>
          <ListItemIcon>
            <DriveFileRenameOutlineIcon fontSize="small" />
          </ListItemIcon>
          <ListItemText>{t("flows.menu.rename")}</ListItemText>
        </MenuItem>
        <MenuItem onClick={fromMenu((flow) => navigate(builderPath(flow)))}>
          <ListItemIcon>
            <EditOutlinedIcon fontSize="small" />
          </ListItemIcon>
          <ListItemText>{t("flows.menu.open")}</ListItemText>
        </MenuItem>
        <MenuItem onClick={fromMenu((flow) => void duplicate(flow))}>
          <ListItemIcon>
            <ContentCopyIcon fontSize="small" />
          </ListItemIcon>
          <ListItemText>{t("flows.menu.duplicate")}</ListItemText>
        </MenuItem>
        <MenuItem onClick={fromMenu(deletion.ask)} sx={{ color: "error.main" }}>
          <ListItemIcon sx={{ color: "inherit" }}>
            <DeleteOutlineIcon fontSize="small" />
          </ListItemIcon>
          <ListItemText>{t("flows.menu.delete")}</ListItemText>
        </MenuItem>
      </Menu>

      <FlowNameModal
        open={nameDialog.open}
        flow={nameDialog.flow}
        onClose={() => setNameDialog((current) => ({ ...current, open: false }))}
        onSaved={(saved) => live.saved(saved, nameDialog.flow === null)}
      />
      <ConfirmationModal
        {...deletion.dialog}
        title={deletion.target ? t("flows.confirmationModal.deleteTitle", { name: deletion.target.name }) : ""}
        confirmLabel={t("flows.confirmationModal.deleteConfirm")}
      >
        {t("flows.confirmationModal.deleteMessage")}
      </ConfirmationModal>
    </MainContainer>
  );
}
