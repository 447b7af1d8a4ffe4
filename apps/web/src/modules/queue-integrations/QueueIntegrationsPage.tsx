import { companyEvent, type QueueIntegration, type QueueIntegrationSaved } from "@atendo/shared";
import DeleteOutlineIcon from "@mui/icons-material/DeleteOutlined";
import EditOutlinedIcon from "@mui/icons-material/EditOutlined";
import HubOutlinedIcon from "@mui/icons-material/HubOutlined";
import { useState } from "react";
import { useTranslation } from "react-i18next";
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
import { IntegrationTypeIcon } from "./IntegrationTypeIcon";
import { QueueIntegrationModal } from "./QueueIntegrationModal";
import {
  deleteQueueIntegration,
  fetchQueueIntegrationsPage,
  queueIntegrationsKeys,
  removeQueueIntegration,
  replaceQueueIntegration,
} from "./queueIntegrationsApi";
import { SigningSecretDialog } from "./SigningSecretDialog";

/**
 * /queue-integration: the company's integrations with search and infinite scroll, a row per
 * integration (type, id, name, edit and delete), kept live. The plan gate is the route's.
 */
export default function QueueIntegrationsPage() {
  const { t } = useTranslation();
  const { dialog: modal, openNew, openRecord, close: closeModal } = useRecordDialog();
  const [signingSecret, setSigningSecret] = useState<string | null>(null);
  const list = useSearchedPagedList({
    keys: queueIntegrationsKeys,
    fetchPage: fetchQueueIntegrationsPage,
    rowsOf: (page) => page.queueIntegrations,
  });
  const { query, rows: integrations, searchText, setSearchText, searchParam } = list;
  // A new integration takes its place in the server's order (by name), so the pages are fetched again.
  const live = useLiveList(list, {
    channel: companyEvent.queueIntegration,
    read: (payload) =>
      payload.action === "delete"
        ? { removed: payload.queueIntegrationId }
        : payload.action === "update"
          ? { changed: payload.queueIntegration }
          : "reload",
    remove: removeQueueIntegration,
    replace: replaceQueueIntegration,
  });

  const onSaved = (saved: QueueIntegrationSaved) => {
    const { signingSecret: made, ...integration } = saved;
    live.saved(integration, modal.id === null);
    if (made) setSigningSecret(made);
  };

  const deletion = useConfirmDelete(async (deleted: QueueIntegration) => {
    await deleteQueueIntegration(deleted.id);
    live.removeRow(deleted.id);
  }, t("queueIntegration.toasts.deleted"));

  return (
    <MainContainer>
      <ListPageHeader
        title={t("queueIntegration.title")}
        subtitle={t("queueIntegration.subtitle")}
        search={{
          label: t("queueIntegration.searchPlaceholder"),
          value: searchText,
          onChange: setSearchText,
          minWidth: 240,
        }}
        primary={{ label: t("queueIntegration.buttons.add"), onClick: openNew }}
      />

      <PagedListPaper
        list={list}
        empty={
          <EmptyState icon={<HubOutlinedIcon sx={{ fontSize: 56 }} />} title={t("queueIntegration.empty.title")}>
            {searchParam ? t("queueIntegration.empty.search") : t("queueIntegration.empty.hint")}
          </EmptyState>
        }
      >
        <ResponsiveTable
          label={t("queueIntegration.title")}
          rows={integrations}
          rowKey={(item) => item.id}
          rowProps={() => ({ "data-testid": "queue-integration-row" })}
          loadingMore={query.isFetchingNextPage && t("queueIntegration.table.loadingMore")}
          columns={[
            {
              label: t("queueIntegration.table.type"),
              width: 72,
              card: "leading",
              render: (item) => <IntegrationTypeIcon type={item.type} />,
            },
            {
              label: t("queueIntegration.table.id"),
              width: 90,
              cellSx: { color: "text.secondary" },
              render: (item) => item.id,
            },
            {
              label: t("queueIntegration.table.name"),
              card: "title",
              cellSx: { maxWidth: 480 },
              render: (item) => <RowName>{item.name}</RowName>,
            },
          ]}
          actions={{
            label: t("queueIntegration.table.actions"),
            width: 120,
            render: (item) => (
              <>
                <RowAction
                  label={t("queueIntegration.buttons.edit", { name: item.name })}
                  onClick={() => openRecord(item.id)}
                >
                  <EditOutlinedIcon fontSize="small" />
                </RowAction>
                <RowAction
                  label={t("queueIntegration.buttons.delete", { name: item.name })}
                  onClick={() => deletion.ask(item)}
                >
                  <DeleteOutlineIcon fontSize="small" />
                </RowAction>
              </>
            ),
          }}
        />
      </PagedListPaper>

      <QueueIntegrationModal
        open={modal.open}
        integrationId={modal.id}
        onClose={closeModal}
        onSaved={onSaved}
        onSigningSecret={setSigningSecret}
      />
      <SigningSecretDialog secret={signingSecret} onClose={() => setSigningSecret(null)} />
      <ConfirmationModal
        {...deletion.dialog}
        title={
          deletion.target ? t("queueIntegration.confirmationModal.deleteTitle", { name: deletion.target.name }) : ""
        }
        confirmLabel={t("queueIntegration.confirmationModal.deleteConfirm")}
      >
        {t("queueIntegration.confirmationModal.deleteMessage")}
      </ConfirmationModal>
    </MainContainer>
  );
}
