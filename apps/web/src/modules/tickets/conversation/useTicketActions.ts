import type { Ticket, UpdateTicketBody } from "@atendo/shared";
import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useNavigate } from "react-router-dom";
import { toastError } from "../../../api/client";
import { useSession } from "../../../app/session";
import { viewerOf } from "../ticketPlacement";
import { updateTicket } from "../ticketsApi";
import { placeTicketInLists } from "../useTicketsRealtime";
import { conversationKeys } from "./conversationApi";

export type TicketAction = "accept" | "return" | "resolve" | "reopen";

/**
 * The status transitions of document 1 section 4: accept and reopen keep the
 * ticket on screen (/tickets/{uuid}); return and resolve go back to /tickets.
 */
export function useTicketActions(ticket: Ticket) {
  const { user } = useSession();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [running, setRunning] = useState<TicketAction | null>(null);

  const bodyOf = (action: TicketAction): UpdateTicketBody => {
    const userId = user?.id ?? null;
    switch (action) {
      case "accept":
        return { status: "open", userId };
      case "return":
        return { status: "pending", userId: null };
      case "resolve":
        return { status: "closed", userId, queueId: ticket.queueId };
      case "reopen":
        return { status: "open", userId, queueId: ticket.queueId };
    }
  };

  const run = async (action: TicketAction) => {
    setRunning(action);
    try {
      const updated = await updateTicket(ticket.id, bodyOf(action));
      queryClient.setQueryData(conversationKeys.ticket(updated.uuid), updated);
      // The lists show it where it went at once; the realtime event agrees later.
      if (user) placeTicketInLists(queryClient, viewerOf(user), updated);
      if (action === "accept" || action === "reopen") navigate(`/tickets/${updated.uuid}`);
      else navigate("/tickets");
    } catch (error) {
      toastError(error);
    } finally {
      setRunning(null);
    }
  };

  return { run, running };
}
