import { type CampaignRecord, campaignProgressPercent, companyEvent } from "@atendo/shared";
import AssessmentOutlinedIcon from "@mui/icons-material/AssessmentOutlined";
import CampaignOutlinedIcon from "@mui/icons-material/CampaignOutlined";
import DeleteOutlineIcon from "@mui/icons-material/DeleteOutlined";
import EditOutlinedIcon from "@mui/icons-material/EditOutlined";
import PauseCircleOutlineIcon from "@mui/icons-material/PauseCircleOutlined";
import PlayCircleOutlineIcon from "@mui/icons-material/PlayCircleOutlined";
import VisibilityOutlinedIcon from "@mui/icons-material/VisibilityOutlined";
import { Chip, Typography } from "@mui/material";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router-dom";
import { toast } from "react-toastify";
import { toastError } from "../../api/client";
import {
  ConfirmationModal,
  EmptyState,
  ListPageHeader,
  MainContainer,
  PagedListPaper,
  ResponsiveTable,
  RowAction,
  RowName,
  useConfirmDelete,
  useLiveList,
  useRecordDialog,
  useSearchedPagedList,
} from "../../components";
import { formatDateTime } from "../../utils/date";
import { CampaignModal } from "./CampaignModal";
import { type CampaignAction, campaignActions, STATUS_COLORS } from "./campaignStatus";
import {
  campaignsKeys,
  cancelCampaign,
  deleteCampaign,
  fetchCampaignsPage,
  removeCampaign,
  replaceCampaign,
  restartCampaign,
} from "./campaignsApi";

/** /campaigns: the company's campaigns with search, status, row actions and live progress. */
export default function CampaignsPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { dialog: modal, openNew, openRecord, close: closeModal } = useRecordDialog();
  const list = useSearchedPagedList({
    keys: campaignsKeys,
    fetchPage: fetchCampaignsPage,
    rowsOf: (page) => page.records,
  });
  const { query, rows: campaigns, searchText, setSearchText, searchParam } = list;
  // A new campaign takes its place in the server's order, so the pages are fetched again.
  const live = useLiveList(list, {
    channel: companyEvent.campaign,
    read: (payload) =>
      payload.action === "delete"
        ? { removed: payload.campaignId }
        : payload.action === "update"
          ? { changed: payload.campaign }
          : "reload",
    remove: removeCampaign,
    replace: replaceCampaign,
  });

  const deletion = useConfirmDelete(async (deleted: CampaignRecord) => {
    await deleteCampaign(deleted.id);
    live.removeRow(deleted.id);
  }, t("campaigns.toasts.deleted"));

  const move = async (change: (id: number) => Promise<CampaignRecord>, campaign: CampaignRecord, done: string) => {
    try {
      live.replaceRow(await change(campaign.id));
      toast.success(done);
    } catch (error) {
      toastError(error);
    }
  };

  const actionButton = (campaign: CampaignRecord, action: CampaignAction): ReactNode => {
    const label = t(`campaigns.buttons.${action}`);
    const icons = {
      edit: <EditOutlinedIcon fontSize="small" />,
      view: <VisibilityOutlinedIcon fontSize="small" />,
      cancel: <PauseCircleOutlineIcon fontSize="small" />,
      restart: <PlayCircleOutlineIcon fontSize="small" />,
      report: <AssessmentOutlinedIcon fontSize="small" />,
      delete: <DeleteOutlineIcon fontSize="small" />,
    };
    const run = {
      edit: () => openRecord(campaign.id),
      view: () => openRecord(campaign.id),
      cancel: () => void move(cancelCampaign, campaign, t("campaigns.toasts.cancelled")),
      restart: () => void move(restartCampaign, campaign, t("campaigns.toasts.restarted")),
      report: () => navigate(`/campaign/${campaign.id}/report`),
      delete: () => deletion.ask(campaign),
    };
    return (
      <RowAction key={action} label={label} onClick={run[action]}>
        {icons[action]}
      </RowAction>
    );
  };

  const now = Date.now();

  return (
    <MainContainer>
      <ListPageHeader
        title={t("campaigns.title")}
        subtitle={t("campaigns.subtitle")}
        search={{ label: t("campaigns.searchPlaceholder"), value: searchText, onChange: setSearchText, minWidth: 240 }}
        primary={{ label: t("campaigns.buttons.add"), onClick: openNew }}
      />

      <PagedListPaper
        list={list}
        empty={
          <EmptyState icon={<CampaignOutlinedIcon sx={{ fontSize: 56 }} />} title={t("campaigns.empty.title")}>
            {searchParam ? t("campaigns.empty.search") : t("campaigns.empty.hint")}
          </EmptyState>
        }
      >
        <ResponsiveTable
          label={t("campaigns.title")}
          rows={campaigns}
          rowKey={(campaign) => campaign.id}
          rowProps={() => ({ "data-testid": "campaign-row" })}
          loadingMore={query.isFetchingNextPage && t("campaigns.table.loadingMore")}
          columns={[
            {
              label: t("campaigns.table.name"),
              card: "title",
              cellSx: { maxWidth: 320 },
              render: (campaign) => <RowName>{campaign.name}</RowName>,
            },
            {
              label: t("campaigns.table.status"),
              align: "center",
              render: (campaign) => (
                <>
                  <Chip
                    size="small"
                    color={STATUS_COLORS[campaign.status]}
                    label={t(`campaigns.status.${campaign.status}`)}
                    data-testid="campaign-status"
                    data-status={campaign.status}
                  />
                  {campaign.status === "EM_ANDAMENTO" || campaign.status === "CANCELADA" ? (
                    <Typography variant="caption" color="text.secondary" component="p">
                      {campaignProgressPercent(campaign.progress)}%
                    </Typography>
                  ) : null}
                </>
              ),
            },
            {
              label: t("campaigns.table.contactList"),
              tableFrom: "md",
              render: (campaign) => campaign.contactList?.name ?? (campaign.tagId ? t("campaigns.table.byTag") : "—"),
            },
            {
              label: t("campaigns.table.whatsapp"),
              tableFrom: "md",
              render: (campaign) => campaign.whatsapp?.name ?? "—",
            },
            {
              label: t("campaigns.table.scheduledAt"),
              tableFrom: "lg",
              cellSx: { color: "text.secondary" },
              render: (campaign) => formatDateTime(campaign.scheduledAt) || "—",
            },
            {
              label: t("campaigns.table.completedAt"),
              tableFrom: "lg",
              cellSx: { color: "text.secondary" },
              render: (campaign) => formatDateTime(campaign.completedAt) || "—",
            },
          ]}
          actions={{
            label: t("campaigns.table.actions"),
            render: (campaign) => campaignActions(campaign, now).map((action) => actionButton(campaign, action)),
          }}
        />
      </PagedListPaper>

      <CampaignModal
        open={modal.open}
        campaignId={modal.id}
        onClose={closeModal}
        onSaved={(saved) => live.saved(saved, modal.id === null)}
      />
      <ConfirmationModal
        {...deletion.dialog}
        title={deletion.target ? t("campaigns.confirmationModal.deleteTitle", { name: deletion.target.name }) : ""}
        confirmLabel={t("campaigns.confirmationModal.deleteConfirm")}
      >
        {t("campaigns.confirmationModal.deleteMessage")}
      </ConfirmationModal>
    </MainContainer>
  );
}
