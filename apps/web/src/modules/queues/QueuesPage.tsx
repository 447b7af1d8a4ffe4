import { companyEvent, isAdmin, type Queue } from "@atendo/shared";
import AccountTreeOutlinedIcon from "@mui/icons-material/AccountTreeOutlined";
import DeleteOutlineIcon from "@mui/icons-material/DeleteOutlined";
import EditOutlinedIcon from "@mui/icons-material/EditOutlined";
import { Box, Typography } from "@mui/material";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useCallback } from "react";
import { useTranslation } from "react-i18next";
import { useSession } from "../../app/session";
import {
  ConfirmationModal,
  EmptyState,
  ListPageHeader,
  Loading,
  MainContainer,
  MainPaper,
  ResponsiveTable,
  RowAction,
  useConfirmDelete,
  useRecordDialog,
} from "../../components";
import { useSocketEvent } from "../../realtime/socket";
import { settingValue } from "../settings/OptionsTab";
import { fetchSettings, SILENT, settingsKeys } from "../settings/queries";
import { QueueModal } from "./QueueModal";
import { deleteQueue, fetchQueues, queuesKeys } from "./queuesApi";

/**
 * /queues: the company's queues with add, edit (data, attendance hours, option tree) and delete.
 * Everyone may read them; writing is for admins (the server answers 403 to anyone else), so only
 * they see the buttons.
 */
export default function QueuesPage() {
  const { t } = useTranslation();
  const { user } = useSession();
  const queryClient = useQueryClient();
  const mayWrite = isAdmin(user);
  const { dialog: modal, openNew, openRecord, close: closeModal } = useRecordDialog();

  const query = useQuery({ queryKey: queuesKeys.list, queryFn: ({ signal }) => fetchQueues(signal) });
  // Only the queue dialog reads the settings, and GET /settings is for admins.
  const settings = useQuery({
    queryKey: settingsKeys.settings,
    queryFn: fetchSettings,
    meta: SILENT,
    enabled: mayWrite,
  });
  // Until the settings arrive, the session's copy decides the attendance-hours tab.
  const queueSchedules = settingValue(settings.data ?? user?.company?.settings, "scheduleType") === "queue";

  // Every list of queues (this page, the user dialog's select) follows a change.
  const reload = useCallback(() => void queryClient.invalidateQueries({ queryKey: ["queues"] }), [queryClient]);
  useSocketEvent(user ? companyEvent.queue(user.companyId) : null, reload);

  const deletion = useConfirmDelete(async (queue: Queue) => {
    await deleteQueue(queue.id);
    reload();
  }, t("queues.toasts.deleted"));

  const queues = [...(query.data ?? [])].sort(
    (a, b) => (a.orderQueue ?? Number.MAX_SAFE_INTEGER) - (b.orderQueue ?? Number.MAX_SAFE_INTEGER) || a.id - b.id,
  );

  return (
    <MainContainer>
      <ListPageHeader
        title={t("queues.title")}
        primary={mayWrite ? { label: t("queues.buttons.add"), onClick: openNew } : undefined}
      />
      <MainPaper sx={{ p: 0 }}>
        {query.isPending ? (
          <Loading />
        ) : queues.length === 0 ? (
          <EmptyState icon={<AccountTreeOutlinedIcon sx={{ fontSize: 56 }} />} title={t("queues.empty.title")}>
            {mayWrite ? t("queues.empty.hint") : null}
          </EmptyState>
        ) : (
          <ResponsiveTable
            label={t("queues.title")}
            rows={queues}
            rowKey={(queue) => queue.id}
            columns={[
              { label: t("queues.table.id"), align: "center", width: 70, render: (queue) => queue.id },
              { label: t("queues.table.name"), card: "title", render: (queue) => queue.name },
              {
                label: t("queues.table.color"),
                align: "center",
                render: (queue) => (
                  <Box
                    role="img"
                    aria-label={queue.color}
                    title={queue.color}
                    sx={{ width: 48, height: 20, borderRadius: 1, bgcolor: queue.color, mx: { xs: 0, sm: "auto" } }}
                  />
                ),
              },
              {
                label: t("queues.table.orderQueue"),
                align: "center",
                render: (queue) => queue.orderQueue ?? "—",
              },
              {
                label: t("queues.table.greeting"),
                cellSx: { maxWidth: 320 },
                render: (queue) =>
                  queue.greetingMessage && (
                    <Typography variant="body2" noWrap title={queue.greetingMessage}>
                      {queue.greetingMessage}
                    </Typography>
                  ),
              },
            ]}
            // Only admins write queues: the others get no "Ações" column.
            actions={
              mayWrite
                ? {
                    label: t("queues.table.actions"),
                    width: 120,
                    render: (queue) => (
                      <>
                        <RowAction label={t("queues.buttons.edit")} onClick={() => openRecord(queue.id)}>
                          <EditOutlinedIcon fontSize="small" />
                        </RowAction>
                        <RowAction label={t("queues.buttons.delete")} onClick={() => deletion.ask(queue)}>
                          <DeleteOutlineIcon fontSize="small" />
                        </RowAction>
                      </>
                    ),
                  }
                : undefined
            }
          />
        )}
      </MainPaper>
      <QueueModal
        open={modal.open}
        queueId={modal.id}
        queueSchedules={queueSchedules}
        onClose={closeModal}
        onSaved={reload}
      />
      <ConfirmationModal
        {...deletion.dialog}
        title={deletion.target ? t("queues.confirmationModal.deleteTitle", { name: deletion.target.name }) : ""}
        confirmLabel={t("queues.confirmationModal.deleteConfirm")}
      >
        {t("queues.confirmationModal.deleteMessage")}
      </ConfirmationModal>
    </MainContainer>
  );
}
