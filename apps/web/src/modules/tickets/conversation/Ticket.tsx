import {
  CLIENT_EVENTS,
  type Contact,
  companyEvent,
  type Ticket as TicketData,
  type TicketEventPayload,
  type TicketMessage,
  TOAST_DURATION_MS,
} from "@atendo/shared";
import { Box } from "@mui/material";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useCallback, useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router-dom";
import { toast } from "react-toastify";
import { ApiError, toastError } from "../../../api/client";
import { useSession } from "../../../app/session";
import { Loading } from "../../../components/Loading";
import { useSocket, useSocketEvent } from "../../../realtime/socket";
import { ContactDrawer } from "./ContactDrawer";
import { conversationKeys, fetchTicketByUuid, isLeavingHere } from "./conversationApi";
import { MessageInput } from "./MessageInput";
import { MessagesList } from "./MessagesList";
import { TicketHeader } from "./TicketHeader";
import { useTicketMessages } from "./useTicketMessages";

/** The conversation of one ticket: header, messages, composer and the contact drawer. */
export function Ticket({ ticketUuid }: { ticketUuid: string }) {
  const { t } = useTranslation();
  const { user } = useSession();
  const navigate = useNavigate();
  const socket = useSocket();
  const queryClient = useQueryClient();
  const queryKey = conversationKeys.ticket(ticketUuid);
  const { data: ticket, error } = useQuery({
    queryKey,
    queryFn: ({ signal }) => fetchTicketByUuid(ticketUuid, signal),
    meta: { silent: true },
  });
  const [drawer, setDrawer] = useState<"closed" | "contact" | "notes">("closed");
  // The reply belongs to the ticket it was picked in: another ticket starts without one.
  const [reply, setReply] = useState<{ ticketUuid: string; message: TicketMessage } | null>(null);
  const replyTo = reply?.ticketUuid === ticketUuid ? reply.message : null;
  const setReplyTo = useCallback(
    (message: TicketMessage | null) => setReply(message ? { ticketUuid, message } : null),
    [ticketUuid],
  );
  const messages = useTicketMessages(ticket?.id);

  // A ticket outside the user's queues (403) or gone (404) sends the user back to the list.
  useEffect(() => {
    if (!error) return;
    if (error instanceof ApiError && error.status === 403) {
      toast.error(t("conversation.toasts.unauthorized"), {
        toastId: "ticket-unauthorized",
        autoClose: TOAST_DURATION_MS,
      });
    } else toastError(error);
    navigate("/tickets", { replace: true });
  }, [error, navigate, t]);

  // The ticket's room (joinChatBox), joined again after a reconnection.
  const ticketId = ticket?.id;
  useEffect(() => {
    if (!socket || !ticketId) return;
    const join = () => socket.emit(CLIENT_EVENTS.joinChatBox, String(ticketId));
    join();
    socket.on("connect", join);
    return () => {
      socket.off("connect", join);
      socket.emit(CLIENT_EVENTS.leaveChatBox, String(ticketId));
    };
  }, [socket, ticketId]);

  const companyId = user?.companyId;
  useSocketEvent(companyId ? companyEvent.ticket(companyId) : null, (payload) => {
    if (!ticketId) return;
    if (payload.action === "update" && payload.ticket.id === ticketId) {
      const incoming = payload.ticket;
      // An update while the ticket is still loading may be newer than the answer on its way: ask again.
      if (!queryClient.getQueryData(queryKey)) void queryClient.invalidateQueries({ queryKey });
      else queryClient.setQueryData<TicketData>(queryKey, (old) => (old ? mergeTicket(old, incoming) : old));
    } else if (payload.action === "delete" && payload.ticketId === ticketId) {
      if (!isLeavingHere(ticketId)) {
        toast.info(t("conversation.toasts.deleted"), { toastId: "ticket-deleted", autoClose: TOAST_DURATION_MS });
      }
      navigate("/tickets", { replace: true });
    }
  });

  useSocketEvent(companyId ? companyEvent.contact(companyId) : null, (payload) => {
    if (payload.action !== "update" || payload.contact.id !== ticket?.contactId) return;
    const { contact } = payload;
    queryClient.setQueryData<TicketData>(queryKey, (old) =>
      old ? { ...old, contact: { ...old.contact, ...pickContact(contact) } } : old,
    );
    void queryClient.invalidateQueries({ queryKey: conversationKeys.contact(contact.id) });
  });

  const closeDrawer = useCallback(() => setDrawer("closed"), []);

  if (!ticket) {
    return (
      <Box data-testid="ticket-conversation" sx={{ display: "flex", flex: 1, height: "100%" }}>
        <Loading />
      </Box>
    );
  }

  return (
    <Box
      data-testid="ticket-conversation"
      data-ticket-id={ticket.id}
      sx={{ display: "flex", flexDirection: "column", flex: 1, height: "100%", minHeight: 0, minWidth: 0 }}
    >
      <TicketHeader ticket={ticket} onOpenContact={() => setDrawer("contact")} onOpenNotes={() => setDrawer("notes")} />
      <MessagesList ticket={ticket} state={messages} onReply={setReplyTo} />
      <MessageInput ticket={ticket} replyTo={replyTo} onCancelReply={() => setReplyTo(null)} onSent={messages.upsert} />
      <ContactDrawer open={drawer !== "closed"} focusNotes={drawer === "notes"} ticket={ticket} onClose={closeDrawer} />
    </Box>
  );
}

/**
 * A ticket update over the open ticket. A new message's update carries the
 * contact with null for a missing email or picture, where the ticket has ""; a
 * tag change carries only the tags.
 */
function mergeTicket(old: TicketData, incoming: Extract<TicketEventPayload, { action: "update" }>["ticket"]) {
  if (!("contact" in incoming)) return { ...old, ...incoming };
  const { contact } = incoming;
  return {
    ...old,
    ...incoming,
    contact: { ...contact, email: contact.email ?? "", profilePicUrl: contact.profilePicUrl ?? "" },
  };
}

/** The contact fields the header shows, from a realtime contact. */
function pickContact(contact: Partial<Contact>): Partial<TicketData["contact"]> {
  const picked: Partial<TicketData["contact"]> = {};
  if (contact.name !== undefined) picked.name = contact.name;
  if (contact.number !== undefined) picked.number = contact.number;
  if (contact.email !== undefined) picked.email = contact.email;
  if (contact.profilePicUrl !== undefined) picked.profilePicUrl = contact.profilePicUrl;
  return picked;
}
