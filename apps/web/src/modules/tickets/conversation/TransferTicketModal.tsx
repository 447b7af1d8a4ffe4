import { type Ticket, TOAST_DURATION_MS, type UpdateTicketBody } from "@atendo/shared";
import { Button, Dialog, DialogActions, DialogContent, DialogTitle, MenuItem, Stack, TextField } from "@mui/material";
import { useQuery } from "@tanstack/react-query";
import { type FormEvent, useEffect, useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router-dom";
import { toast } from "react-toastify";
import { toastError } from "../../../api/client";
import { SubmitButton } from "../../../components/SubmitButton";
import { fetchConnections } from "../../connections/connectionsApi";
import { fetchQueues, fetchUsers, ticketsKeys } from "../ticketsApi";
import { transferTicket } from "./conversationApi";

interface TransferTicketModalProps {
  open: boolean;
  ticket: Ticket;
  onClose: () => void;
}

/**
 * Transfer (document 1 section 4): a queue is required; with a user the
 * ticket goes to them open, without one it waits in the queue as pending.
 * The connection is optional.
 */
export function TransferTicketModal({ open, ticket, onClose }: TransferTicketModalProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [queueId, setQueueId] = useState<number | "">("");
  const [userId, setUserId] = useState<number | "">("");
  const [whatsappId, setWhatsappId] = useState<number | "">("");
  const [submitted, setSubmitted] = useState(false);
  const [submitting, setSubmitting] = useState(false);

  const queues = useQuery({
    queryKey: ticketsKeys.queues,
    queryFn: ({ signal }) => fetchQueues(signal),
    enabled: open,
  });
  const users = useQuery({
    queryKey: ticketsKeys.users,
    queryFn: ({ signal }) => fetchUsers(signal),
    enabled: open,
  });
  const connections = useQuery({
    queryKey: ticketsKeys.connections,
    queryFn: ({ signal }) => fetchConnections(signal),
    enabled: open,
  });

  useEffect(() => {
    if (!open) return;
    setQueueId("");
    setUserId("");
    setWhatsappId("");
    setSubmitted(false);
  }, [open]);

  const queueUsers = useMemo(
    () =>
      queueId === "" ? [] : (users.data ?? []).filter((user) => user.queues.some((queue) => queue.id === queueId)),
    [users.data, queueId],
  );

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    if (queueId === "") return;
    const body: UpdateTicketBody = {
      queueId,
      userId: userId === "" ? null : userId,
      status: userId === "" ? "pending" : "open",
    };
    if (whatsappId !== "") body.whatsappId = whatsappId;
    setSubmitting(true);
    try {
      await transferTicket(ticket.id, body);
      toast.success(t("conversation.transfer.success"), { autoClose: TOAST_DURATION_MS });
      onClose();
      navigate("/tickets");
    } catch (error) {
      toastError(error);
    } finally {
      setSubmitting(false);
    }
  };

  const queueMissing = submitted && queueId === "";

  return (
    <Dialog
      open={open}
      onClose={submitting ? undefined : onClose}
      maxWidth="xs"
      fullWidth
      aria-labelledby="transfer-title"
    >
      <form onSubmit={submit} noValidate>
        <DialogTitle id="transfer-title">{t("conversation.transfer.title")}</DialogTitle>
        <DialogContent dividers>
          <Stack spacing={2}>
            <TextField
              select
              required
              label={t("conversation.transfer.queue")}
              value={queueId}
              error={queueMissing}
              helperText={queueMissing ? t("validation.required") : undefined}
              onChange={(event) => {
                setQueueId(Number(event.target.value));
                setUserId("");
              }}
            >
              {(queues.data ?? []).map((queue) => (
                <MenuItem key={queue.id} value={queue.id}>
                  {queue.name}
                </MenuItem>
              ))}
            </TextField>
            <TextField
              select
              label={t("conversation.transfer.user")}
              value={userId}
              disabled={queueId === ""}
              onChange={(event) => setUserId(event.target.value === "" ? "" : Number(event.target.value))}
            >
              <MenuItem value="">
                <em>{t("conversation.transfer.noUser")}</em>
              </MenuItem>
              {queueUsers.map((user) => (
                <MenuItem key={user.id} value={user.id}>
                  {user.name}
                </MenuItem>
              ))}
            </TextField>
            <TextField
              select
              label={t("conversation.transfer.connection")}
              value={whatsappId}
              onChange={(event) => setWhatsappId(event.target.value === "" ? "" : Number(event.target.value))}
            >
              <MenuItem value="">
                <em>{t("conversation.transfer.sameConnection")}</em>
              </MenuItem>
              {(connections.data ?? []).map((connection) => (
                <MenuItem key={connection.id} value={connection.id}>
                  {connection.name}
                </MenuItem>
              ))}
            </TextField>
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} color="inherit" disabled={submitting}>
            {t("common.cancel")}
          </Button>
          <SubmitButton submitting={submitting}>{t("conversation.transfer.submit")}</SubmitButton>
        </DialogActions>
      </form>
    </Dialog>
  );
}
