import { useQuery } from "@tanstack/react-query";
import { api } from "../../api/client";
import { useSession } from "../../app/session";

const simulatorStatusKey = ["simulator", "status"] as const;

/** Whether this server runs the simulator (the menu entry and the page exist only then). A failure means off. */
export function useSimulatorStatus() {
  const { user } = useSession();
  return useQuery({
    queryKey: simulatorStatusKey,
    queryFn: ({ signal }) => api.get("/simulator/status", { signal }),
    enabled: Boolean(user),
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
    meta: { silent: true },
  });
}

export function useSimulatorEnabled(): boolean {
  return useSimulatorStatus().data?.enabled === true;
}
