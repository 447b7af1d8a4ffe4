import {
  CONNECTION_ALERT_CHECK_MS,
  CONNECTION_ALERT_STATUSES,
  type ConnectionStatus,
  companyEvent,
} from "@atendo/shared";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { api } from "../../api/client";
import { useSession } from "../../app/session";
import { useSocketEvent } from "../../realtime/socket";

export const whatsappListQueryKey = ["whatsapp", "list"] as const;

interface ConnectionSummary {
  id: number;
  status: ConnectionStatus | string;
}

/**
 * True when a connection needs attention (qrcode, PAIRING, DISCONNECTED, TIMEOUT, OPENING),
 * checked 2 s after the list changes. A failing list (the endpoint may not exist yet) means no badge.
 */
export function useConnectionsAlert(): boolean {
  const { user } = useSession();
  const queryClient = useQueryClient();
  const { data } = useQuery({
    queryKey: whatsappListQueryKey,
    queryFn: () => api.get<ConnectionSummary[]>("/whatsapp", { params: { session: 0 } }),
    enabled: Boolean(user),
    retry: false,
    staleTime: 30_000,
    meta: { silent: true },
  });

  const refresh = () => void queryClient.invalidateQueries({ queryKey: whatsappListQueryKey });
  useSocketEvent(user ? companyEvent.whatsapp(user.companyId) : null, refresh);
  useSocketEvent(user ? companyEvent.whatsappSession(user.companyId) : null, refresh);

  const [alert, setAlert] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => {
      const list = Array.isArray(data) ? data : [];
      setAlert(list.some((connection) => (CONNECTION_ALERT_STATUSES as readonly string[]).includes(connection.status)));
    }, CONNECTION_ALERT_CHECK_MS);
    return () => clearTimeout(timer);
  }, [data]);
  return alert;
}
