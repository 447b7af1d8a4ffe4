import { companyEvent, type FlowCampaign, type FlowCampaignsList, hasPermission } from "@atendo/shared";
import DeleteOutlineIcon from "@mui/icons-material/DeleteOutlined";
import EditOutlinedIcon from "@mui/icons-material/EditOutlined";
import TextsmsOutlinedIcon from "@mui/icons-material/TextsmsOutlined";
import { Button, Typography } from "@mui/material";
import { useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { useSession } from "../../app/session";
import {
  ActiveChip,
  ConfirmationModal,
  EmptyState,
  ListPageHeader,
  Loading,
  MainContainer,
  MainPaper,
  ResponsiveTable,
  RowAction,
  RowName,
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
          <ResponsiveTable
            label={t("phraseLists.title")}
            rows={campaigns}
            rowKey={(campaign) => campaign.id}
            columns={[
              {
                label: t("phraseLists.table.name"),
                card: "title",
                cellSx: { maxWidth: 360 },
                render: (campaign) => <RowName>{campaign.name}</RowName>,
              },
              {
                label: t("phraseLists.table.phrase"),
                tableFrom: "md",
                cellSx: { maxWidth: 360 },
                render: (campaign) => (
                  <Typography variant="body2" color="text.secondary" noWrap title={campaign.phrase}>
                    {campaign.phrase}
                  </Typography>
                ),
              },
              {
                label: t("phraseLists.table.status"),
                align: "center",
                width: 140,
                render: (campaign) => (
                  <ActiveChip
                    active={campaign.status}
                    label={t(campaign.status ? "phraseLists.status.active" : "phraseLists.status.inactive")}
                  />
                ),
              },
            ]}
            actions={{
              label: t("phraseLists.table.actions"),
              width: 120,
              render: (campaign) => (
                <>
                  <RowAction label={t("phraseLists.buttons.edit")} onClick={() => openRecord(campaign.id)}>
                    <EditOutlinedIcon fontSize="small" />
                  </RowAction>
                  {canDelete ? (
                    <RowAction label={t("phraseLists.buttons.delete")} onClick={() => deletion.ask(campaign)}>
                      <DeleteOutlineIcon fontSize="small" />
                    </RowAction>
                  ) : null}
                </>
              ),
            }}
          />
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
