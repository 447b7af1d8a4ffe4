import { type OtherOpenTicketData, type QueueSummary, TOAST_DURATION_MS } from "@atendo/shared";
import {
  Box,
  Dialog,
  DialogContent,
  DialogTitle,
  List,
  ListItemButton,
  ListItemIcon,
  ListItemText,
} from "@mui/material";
import { useCallback, useState } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router-dom";
import { toast } from "react-toastify";
import { ApiError, api, toastError } from "../../api/client";
import { useSession } from "../../app/session";

interface ConversationContact {
  id: number;
  name: string;
}

/**
 * The contacts page's "conversation" action: opens a ticket for the contact, owned by
 * the caller and open, then goes to /tickets/{uuid}. A user in several queues picks one first.
 * An open ticket of the same contact answers ERR_OTHER_OPEN_TICKET: when it is the caller's
 * the user is taken there, otherwise the error and the ticket's user and queue are shown.
 */
export function useStartConversation() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { user } = useSession();
  const [picking, setPicking] = useState<ConversationContact | null>(null);

  const open = useCallback(
    async (contact: ConversationContact, queueId: number | null) => {
      if (!user) return;
      try {
        const ticket = await api.post("/tickets", {
          body: { contactId: contact.id, queueId, userId: user.id, status: "open" },
        });
        navigate(`/tickets/${ticket.uuid}`);
      } catch (err) {
        const other = err instanceof ApiError && err.code === "ERR_OTHER_OPEN_TICKET" ? otherTicket(err) : null;
        if (other && other.userId === user.id) {
          navigate(`/tickets/${other.uuid}`);
          return;
        }
        toastError(err);
        if (other) {
          toast.warning(
            other.user
              ? t("contacts.toasts.otherOpenTicketUser", {
                  user: other.user.name,
                  queue: other.queue?.name ?? t("contacts.toasts.noQueue"),
                })
              : t("contacts.toasts.otherOpenTicket"),
            { autoClose: TOAST_DURATION_MS * 3 },
          );
        }
      }
    },
    [navigate, t, user],
  );

  const start = useCallback(
    (contact: ConversationContact) => {
      const queues = user?.queues ?? [];
      if (queues.length > 1) setPicking(contact);
      else void open(contact, queues[0]?.id ?? null);
    },
    [open, user],
  );

  const dialog = (
    <QueuePickerDialog
      open={picking !== null}
      queues={user?.queues ?? []}
      onClose={() => setPicking(null)}
      onPick={(queueId) => {
        const contact = picking;
        setPicking(null);
        if (contact) void open(contact, queueId);
      }}
    />
  );

  return { start, dialog };
}

function otherTicket(err: ApiError): OtherOpenTicketData["ticket"] | null {
  const ticket = (err.data as Partial<OtherOpenTicketData> | undefined)?.ticket;
  return ticket && typeof ticket.uuid === "string" ? ticket : null;
}

function QueuePickerDialog({
  open,
  queues,
  onClose,
  onPick,
}: {
  open: boolean;
  queues: QueueSummary[];
  onClose: () => void;
  onPick: (queueId: number) => void;
}) {
  const { t } = useTranslation();
  return (
    <Dialog open={open} onClose={onClose} maxWidth="xs" fullWidth aria-labelledby="conversation-queue-title">
      <DialogTitle id="conversation-queue-title">{t("contacts.conversation.pickQueue")}</DialogTitle>
      <DialogContent dividers sx={{ p: 0 }}>
        <List>
          {queues.map((queue) => (
            <ListItemButton key={queue.id} onClick={() => onPick(queue.id)}>
              <ListItemIcon sx={{ minWidth: 28 }}>
                <Box aria-hidden sx={{ width: 12, height: 12, borderRadius: "50%", bgcolor: queue.color }} />
              </ListItemIcon>
              <ListItemText primary={queue.name} />
            </ListItemButton>
          ))}
        </List>
      </DialogContent>
    </Dialog>
  );
}
