import type { FlowCampaign, FlowCampaignsList, FlowRecord } from "@atendo/shared";
import { api } from "../../api/client";
import type { RequestBody } from "../../api/routes";

export const flowCampaignsKeys = {
  list: ["flow-campaigns", "list"] as const,
  detail: (id: number) => ["flow-campaigns", "detail", id] as const,
  options: ["flow-campaigns", "options"] as const,
};

export const fetchFlowCampaigns = (signal?: AbortSignal) => api.get("/flowcampaign", { signal });
export const fetchFlowCampaign = (id: number, signal?: AbortSignal) =>
  api.get("/flowcampaign/{id}", { params: { id }, signal });
export const createFlowCampaign = (body: RequestBody<"POST /flowcampaign">) => api.post("/flowcampaign", { body });
export const updateFlowCampaign = (body: RequestBody<"PUT /flowcampaign">) => api.put("/flowcampaign", { body });
export const deleteFlowCampaign = (id: number) => api.delete("/flowcampaign/{id}", { params: { id } });

/** What the dialog's selects offer: the company's flows and connections. */
export interface FlowCampaignOptions {
  flows: { id: number; name: string }[];
  connections: { id: number; name: string }[];
}

/** Every flow, page after page: the select offers them all. */
async function fetchAllFlows(signal?: AbortSignal): Promise<FlowRecord[]> {
  const flows: FlowRecord[] = [];
  for (let pageNumber = 1; ; pageNumber++) {
    const page = await api.get("/flowbuilder", { query: { searchParam: "", pageNumber }, signal });
    flows.push(...page.flows);
    if (!page.hasMore) return flows;
  }
}

const named = ({ id, name }: { id: number; name: string }) => ({ id, name });

export async function fetchFlowCampaignOptions(signal?: AbortSignal): Promise<FlowCampaignOptions> {
  const [flows, connections] = await Promise.all([
    fetchAllFlows(signal),
    api.get("/whatsapp", { query: { session: 0 }, signal }),
  ]);
  return { flows: flows.map(named), connections: connections.map(named) };
}

/** The cached list with one campaign added or replaced (the server lists them by id). */
export function upsertFlowCampaign(
  data: FlowCampaignsList | undefined,
  campaign: FlowCampaign,
): FlowCampaignsList | undefined {
  if (!data) return data;
  const others = data.flow.filter((item) => item.id !== campaign.id);
  return { flow: [...others, campaign].sort((a, b) => a.id - b.id) };
}

export function removeFlowCampaign(data: FlowCampaignsList | undefined, id: number): FlowCampaignsList | undefined {
  if (!data?.flow.some((item) => item.id === id)) return data;
  return { flow: data.flow.filter((item) => item.id !== id) };
}
