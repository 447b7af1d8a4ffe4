import type { TagSummary } from "@atendo/shared";
import { api } from "../../api/client";

export const kanbanKeys = {
  tags: ["kanban", "tags"] as const,
  tickets: (queueIds: readonly number[], showAll: boolean) => ["kanban", "tickets", queueIds, showAll] as const,
  allTickets: ["kanban", "tickets"] as const,
};

/** GET /tags/kanban: the tags that are lanes. */
export async function fetchKanbanTags(signal?: AbortSignal) {
  const { lista } = await api.get("/tags/kanban", { signal });
  return lista;
}

/** GET /ticket/kanban: only an admin asks for every ticket; others ask for their queues. */
export async function fetchKanbanTickets(queueIds: readonly number[], showAll: boolean, signal?: AbortSignal) {
  const { tickets } = await api.get("/ticket/kanban", {
    query: { queueIds: JSON.stringify(queueIds), showAll },
    signal,
  });
  return tickets;
}

/** POST /tags/sync: the ticket's whole tag list, replaced in one transaction. */
export function setTicketTags(ticketId: number, tags: readonly Pick<TagSummary, "id">[]) {
  return api.post("/tags/sync", { body: { ticketId, tags: tags.map(({ id }) => ({ id })) } });
}
