import { hasPermission, type Ticket, TOAST_DURATION_MS } from "@atendo/shared";
import { Menu, MenuItem } from "@mui/material";
import { lazy, Suspense, useState } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router-dom";
import { toast } from "react-toastify";
import { toastError } from "../../../api/client";
import { useSession } from "../../../app/session";
import { ConfirmationModal } from "../../../components/ConfirmationModal";
import { deleteTicket } from "./conversationApi";
import { TransferTicketModal } from "./TransferTicketModal";

// The schedule dialog is the schedules page's; loaded when first opened, so the tickets screen stays light.
const ScheduleModal = lazy(() =>
  import("../../schedules/ScheduleModal").then((module) => ({ default: module.ScheduleModal })),
);

interface TicketOptionsMenuProps {
  ticket: Ticket;
  anchor: HTMLElement | null;
  onClose: () => void;
  onOpenNotes: () => void;
}

/** Schedule, transfer, delete (ticket-options:deleteTicket) and contact notes. */
export function TicketOptionsMenu({ ticket, anchor, onClose, onOpenNotes }: TicketOptionsMenuProps) {
  const { t } = useTranslation();
  const { user } = useSession();
  const navigate = useNavigate();
  const [dialog, setDialog] = useState<"schedule" | "transfer" | "delete" | null>(null);
  const mayDelete = hasPermission(user, "ticket-options:deleteTicket");

  const pick = (action: () => void) => () => {
    onClose();
    action();
  };

  const remove = async () => {
    try {
      await deleteTicket(ticket.id);
      toast.success(t("conversation.options.deleted"), { autoClose: TOAST_DURATION_MS });
      navigate("/tickets", { replace: true });
    } catch (error) {
      toastError(error);
    }
  };

  return (
    <>
      <Menu
        anchorEl={anchor}
        open={!!anchor}
        onClose={onClose}
        anchorOrigin={{ vertical: "bottom", horizontal: "right" }}
        transformOrigin={{ vertical: "top", horizontal: "right" }}
      >
        <MenuItem onClick={pick(() => setDialog("schedule"))}>{t("conversation.options.schedule")}</MenuItem>
        <MenuItem onClick={pick(() => setDialog("transfer"))}>{t("conversation.options.transfer")}</MenuItem>
        <MenuItem onClick={pick(onOpenNotes)}>{t("conversation.options.contactNotes")}</MenuItem>
        {mayDelete ? (
          <MenuItem onClick={pick(() => setDialog("delete"))} sx={{ color: "error.main" }}>
            {t("conversation.options.delete")}
          </MenuItem>
        ) : null}
      </Menu>
      {dialog === "schedule" ? (
        <Suspense fallback={null}>
          <ScheduleModal
            open
            scheduleId={null}
            contactId={ticket.contact.id}
            ticketId={ticket.id}
            onClose={() => setDialog(null)}
          />
        </Suspense>
      ) : null}
      <TransferTicketModal open={dialog === "transfer"} ticket={ticket} onClose={() => setDialog(null)} />
      <ConfirmationModal
        open={dialog === "delete"}
        title={t("conversation.options.deleteTitle", { id: ticket.id, name: ticket.contact.name })}
        onClose={() => setDialog(null)}
        onConfirm={remove}
      >
        {t("conversation.options.deleteMessage")}
      </ConfirmationModal>
    </>
  );
}
