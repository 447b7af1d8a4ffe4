import { companyEvent, type Whatsapp } from "@atendo/shared";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useSession } from "../../app/session";
import { useSocketEvent } from "../../realtime/socket";
import { fetchConnections, whatsappListQueryKey } from "./connectionsApi";
import { applySessionEvent, applyWhatsappEvent } from "./connectionsCache";

/**
 * The company's connections, kept live: connection and session events are applied
 * to the cached list as they arrive (document 1 section 4: "Live events also update
 * connection lists"), so no page ever needs a reload to see a status change.
 */
export function useConnections() {
  const { user } = useSession();
  const queryClient = useQueryClient();
  const query = useQuery({
    queryKey: whatsappListQueryKey,
    queryFn: ({ signal }) => fetchConnections(signal),
    enabled: Boolean(user),
    retry: false,
    // The menu badge reads it on every page: a failure shows where the list is shown, not as a toast.
    meta: { silent: true },
  });

  useSocketEvent(user ? companyEvent.whatsapp(user.companyId) : null, (event) => {
    queryClient.setQueryData<Whatsapp[]>(whatsappListQueryKey, (list) => applyWhatsappEvent(list, event));
  });
  useSocketEvent(user ? companyEvent.whatsappSession(user.companyId) : null, (event) => {
    queryClient.setQueryData<Whatsapp[]>(whatsappListQueryKey, (list) => applySessionEvent(list, event));
  });

  return query;
}
