import { skipToken, useQuery } from "@tanstack/react-query";
import { api } from "../api/client";
import { useSession } from "./session";

const planQueryKey = (companyId: number | undefined) => ["company-plan", companyId] as const;

/** The company's plan and its use* flags, fetched once per session (menu and page gating). */
export function usePlan() {
  const { user } = useSession();
  const companyId = user?.companyId;
  return useQuery({
    queryKey: planQueryKey(companyId),
    queryFn: companyId ? () => api.get("/companies/listPlan/{companyId}", { params: { companyId } }) : skipToken,
    staleTime: Number.POSITIVE_INFINITY,
    retry: 1,
  });
}
