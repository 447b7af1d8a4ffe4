import { companyEvent, type FlowCampaign, type FlowCampaignsList, hasPermission } from "@atendo/shared";
import DeleteOutlineIcon from "@mui/icons-material/DeleteOutlined";
import EditOutlinedIcon from "@mui/icons-material/EditOutlined";
import TextsmsOutlinedIcon from "@mui/icons-material/TextsmsOutlined";
import { Button, Chip, Table, TableBody, TableCell, TableHead, TableRow, Typography } from "@mui/material";
import { useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { useSession } from "../../app/session";
import {
  ConfirmationModal,
  EmptyState,
  ListPageHeader,
  Loading,
  MainContainer,
  MainPaper,
  RowAction,
  useCachedList,
  useConfirmDelete,
  useLiveList,
  useRecordDialog,
} from "../../components";
import { FlowCampaignModal } from "./FlowCampaignModal";
import {
  deleteFlowCampaign,
  fetchFlowCampaigns,
  flowCampaignsKeys,
  removeFlowCampaign,
  upsertFlowCampaign,
} from "./flowCampaignsApi";

/**
 * /phrase-lists: the company's phrase campaigns (a phrase received on a connection starts a flow),
 * with add, edit and, for profiles that may delete contacts, delete (document 2 section 6). Kept live.
 */
export default function PhraseListsPage() {
  const { t } = useTranslation();
  const { user } = useSession();
  const { dialog: modal, openNew, openRecord, close: closeModal } = useRecordDialog();
  const canDelete = hasPermission(user, "contacts-page:deleteContact");
  const query = useQuery({
    queryKey: flowCampaignsKeys.list,
    queryFn: ({ signal }) => fetchFlowCampaigns(signal),
  });
  const campaigns = query.data?.flow ?? [];

  // The server lists them by id, so a new campaign has a known place: no fetch needed.
  const live = useLiveList(useCachedList<FlowCampaignsList>(flowCampaignsKeys.list), {
    channel: companyEvent.flowcampaign,
    read: (payload) =>
      payload.action === "delete" ? { removed: payload.flowCampaignId } : { changed: payload.flowCampaign },
    remove: removeFlowCampaign,
    replace: upsertFlowCampaign,
  });

  const deletion = useConfirmDelete(async (deleted: FlowCampaign) => {
    await deleteFlowCampaign(deleted.id);
    live.removeRow(deleted.id);
  }, t("phraseLists.toasts.deleted"));

  return (
    <MainContainer>
      <ListPageHeader
        title={t("phraseLists.title")}
        subtitle={t("phraseLists.subtitle")}
        primary={{ label: t("phraseLists.buttons.add"), onClick: openNew }}
      />

      <MainPaper sx={{ p: 0 }}>
        {query.isPending ? (
          <Loading />
        ) : query.isError ? (
          <EmptyState title={t("phraseLists.empty.loadError")}>
            <Button variant="outlined" onClick={() => void query.refetch()}>
              {t("phraseLists.buttons.retry")}
            </Button>
          </EmptyState>
        ) : campaigns.length === 0 ? (
          <EmptyState icon={<TextsmsOutlinedIcon sx={{ fontSize: 56 }} />} title={t("phraseLists.empty.title")}>
            {t("phraseLists.empty.hint")}
          </EmptyState>
        ) : (
          <Table stickyHeader size="small" aria-label={t("phraseLists.title")}>
            <TableHead>
              <TableRow>
                <TableCell>{t("phraseLists.table.name")}</TableCell>
                <TableCell sx={{ display: { xs: "none", md: "table-cell" } }}>
                  {t("phraseLists.table.phrase")}
                </TableCell>
                <TableCell align="center" sx={{ width: 140 }}>
                  {t("phraseLists.table.status")}
                </TableCell>
                <TableCell align="center" sx={{ width: 120 }}>
                  {t("phraseLists.table.actions")}
                </TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {campaigns.map((campaign) => (
                <TableRow key={campaign.id} hover>
                  <TableCell sx={{ maxWidth: 360 }}>
                    <Typography variant="body2" sx={{ fontWeight: 600 }} noWrap title={campaign.name}>
                      {campaign.name}
                    </Typography>
                  </TableCell>
                  <TableCell sx={{ maxWidth: 360, display: { xs: "none", md: "table-cell" } }}>
                    <Typography variant="body2" color="text.secondary" noWrap title={campaign.phrase}>
                      {campaign.phrase}
                    </Typography>
                  </TableCell>
                  <TableCell align="center">
                    <Chip
                      size="small"
                      variant={campaign.status ? "filled" : "outlined"}
                      color={campaign.status ? "success" : "default"}
                      label={t(campaign.status ? "phraseLists.status.active" : "phraseLists.status.inactive")}
                    />
                  </TableCell>
                  <TableCell align="center" sx={{ whiteSpace: "nowrap" }}>
                    <RowAction label={t("phraseLists.buttons.edit")} onClick={() => openRecord(campaign.id)}>
                      <EditOutlinedIcon fontSize="small" />
                    </RowAction>
                    {canDelete ? (
                      <RowAction label={t("phraseLists.buttons.delete")} onClick={() => deletion.ask(campaign)}>
                        <DeleteOutlineIcon fontSize="small" />
                      </RowAction>
                    ) : null}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        )}
      </MainPaper>

      <FlowCampaignModal open={modal.open} campaignId={modal.id} onClose={closeModal} onSaved={live.replaceRow} />
      <ConfirmationModal
        {...deletion.dialog}
        title={deletion.target ? t("phraseLists.confirmationModal.deleteTitle", { name: deletion.target.name }) : ""}
        confirmLabel={t("phraseLists.confirmationModal.deleteConfirm")}
      >
        {t("phraseLists.confirmationModal.deleteMessage")}
      </ConfirmationModal>
    </MainContainer>
  );
}
