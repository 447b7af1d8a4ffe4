import { useQuery } from "@tanstack/react-query";
import { api } from "../../api/client";
import { fetchConnections, whatsappListQueryKey } from "../connections/connectionsApi";

/**
 * The connection a schedule will go out on, as the server picks it: the connection of the ticket
 * it was scheduled from, else the company's default one. Undefined while unknown.
 */
export function useSendingConnection(ticketId: number | null) {
  const ticket = useQuery({
    queryKey: ["schedules", "origin-ticket", ticketId ?? 0],
    queryFn: ({ signal }) => api.get("/tickets/{id}", { params: { id: ticketId ?? 0 }, signal }),
    enabled: ticketId !== null,
    staleTime: 30_000,
  });
  const connections = useQuery({
    queryKey: whatsappListQueryKey,
    queryFn: ({ signal }) => fetchConnections(signal),
    staleTime: 30_000,
  });
  const list = connections.data ?? [];
  const ticketWhatsappId = ticketId === null ? null : ticket.data?.whatsappId;
  if (ticketWhatsappId === undefined) return undefined;
  return (
    list.find((connection) => connection.id === ticketWhatsappId) ?? list.find((connection) => connection.isDefault)
  );
}
