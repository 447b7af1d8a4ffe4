import { companyEvent, type Queue, TOAST_DURATION_MS } from "@atendo/shared";
import AccountTreeOutlinedIcon from "@mui/icons-material/AccountTreeOutlined";
import AddIcon from "@mui/icons-material/Add";
import DeleteOutlineIcon from "@mui/icons-material/DeleteOutlined";
import EditOutlinedIcon from "@mui/icons-material/EditOutlined";
import {
  Box,
  Button,
  IconButton,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Tooltip,
  Typography,
} from "@mui/material";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useCallback, useState } from "react";
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
import { settingValue } from "../settings/OptionsTab";
import { fetchSettings, SILENT, settingsKeys } from "../settings/queries";
import { QueueModal } from "./QueueModal";
import { deleteQueue, fetchQueues, queuesKeys } from "./queuesApi";

/** /queues: the company's queues with add, edit (data, attendance hours, option tree) and delete. */
export default function QueuesPage() {
  const { t } = useTranslation();
  const { user } = useSession();
  const queryClient = useQueryClient();
  const [modal, setModal] = useState<{ open: boolean; queueId: number | null }>({ open: false, queueId: null });
  const [deleting, setDeleting] = useState<Queue | null>(null);
  const [confirmOpen, setConfirmOpen] = useState(false);

  const query = useQuery({ queryKey: queuesKeys.list, queryFn: ({ signal }) => fetchQueues(signal) });
  const settings = useQuery({ queryKey: settingsKeys.settings, queryFn: fetchSettings, meta: SILENT });
  // Until the settings arrive, the session's copy decides the attendance-hours tab.
  const queueSchedules = settingValue(settings.data ?? user?.company?.settings, "scheduleType") === "queue";

  // Every list of queues (this page, the user dialog's select) follows a change.
  const reload = useCallback(() => void queryClient.invalidateQueries({ queryKey: ["queues"] }), [queryClient]);
  useSocketEvent(user ? companyEvent.queue(user.companyId) : null, reload);

  const confirmDelete = async () => {
    if (!deleting) return;
    try {
      await deleteQueue(deleting.id);
      reload();
      toast.success(t("queues.toasts.deleted"), { autoClose: TOAST_DURATION_MS });
    } catch (err) {
      toastError(err);
    }
  };

  const queues = [...(query.data ?? [])].sort(
    (a, b) => (a.orderQueue ?? Number.MAX_SAFE_INTEGER) - (b.orderQueue ?? Number.MAX_SAFE_INTEGER) || a.id - b.id,
  );
  const closeModal = useCallback(() => setModal((current) => ({ ...current, open: false })), []);

  return (
    <MainContainer>
      <MainHeader>
        <Title>{t("queues.title")}</Title>
        <MainHeaderButtonsWrapper>
          <Button variant="contained" startIcon={<AddIcon />} onClick={() => setModal({ open: true, queueId: null })}>
            {t("queues.buttons.add")}
          </Button>
        </MainHeaderButtonsWrapper>
      </MainHeader>
      <MainPaper sx={{ p: 0 }}>
        {query.isPending ? (
          <Loading />
        ) : queues.length === 0 ? (
          <EmptyState icon={<AccountTreeOutlinedIcon sx={{ fontSize: 56 }} />} title={t("queues.empty.title")}>
            {t("queues.empty.hint")}
          </EmptyState>
        ) : (
          <Table stickyHeader size="small" aria-label={t("queues.title")}>
            <TableHead>
              <TableRow>
                <TableCell align="center" sx={{ width: 70 }}>
                  {t("queues.table.id")}
                </TableCell>
                <TableCell>{t("queues.table.name")}</TableCell>
                <TableCell align="center">{t("queues.table.color")}</TableCell>
                <TableCell align="center">{t("queues.table.orderQueue")}</TableCell>
                <TableCell>{t("queues.table.greeting")}</TableCell>
                <TableCell align="center" sx={{ width: 120 }}>
                  {t("queues.table.actions")}
                </TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {queues.map((queue) => (
                <TableRow key={queue.id} hover>
                  <TableCell align="center">{queue.id}</TableCell>
                  <TableCell>{queue.name}</TableCell>
                  <TableCell align="center">
                    <Box
                      role="img"
                      aria-label={queue.color}
                      title={queue.color}
                      sx={{ width: 48, height: 20, borderRadius: 1, bgcolor: queue.color, mx: "auto" }}
                    />
                  </TableCell>
                  <TableCell align="center">{queue.orderQueue ?? "—"}</TableCell>
                  <TableCell sx={{ maxWidth: 320 }}>
                    <Typography variant="body2" noWrap title={queue.greetingMessage}>
                      {queue.greetingMessage}
                    </Typography>
                  </TableCell>
                  <TableCell align="center" sx={{ whiteSpace: "nowrap" }}>
                    <Tooltip title={t("queues.buttons.edit")}>
                      <IconButton
                        size="small"
                        aria-label={t("queues.buttons.edit")}
                        onClick={() => setModal({ open: true, queueId: queue.id })}
                      >
                        <EditOutlinedIcon fontSize="small" />
                      </IconButton>
                    </Tooltip>
                    <Tooltip title={t("queues.buttons.delete")}>
                      <IconButton
                        size="small"
                        aria-label={t("queues.buttons.delete")}
                        onClick={() => {
                          setDeleting(queue);
                          setConfirmOpen(true);
                        }}
                      >
                        <DeleteOutlineIcon fontSize="small" />
                      </IconButton>
                    </Tooltip>
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        )}
      </MainPaper>
      <QueueModal
        open={modal.open}
        queueId={modal.queueId}
        queueSchedules={queueSchedules}
        onClose={closeModal}
        onSaved={reload}
      />
      <ConfirmationModal
        open={confirmOpen}
        title={deleting ? t("queues.confirmationModal.deleteTitle", { name: deleting.name }) : ""}
        confirmLabel={t("queues.confirmationModal.deleteConfirm")}
        onClose={() => setConfirmOpen(false)}
        onConfirm={confirmDelete}
      >
        {t("queues.confirmationModal.deleteMessage")}
      </ConfirmationModal>
    </MainContainer>
  );
}
