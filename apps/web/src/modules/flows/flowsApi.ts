import type { FlowRecord, FlowsPage } from "@atendo/shared";
import type { InfiniteData } from "@tanstack/react-query";
import { api } from "../../api/client";

export type FlowsPages = InfiniteData<FlowsPage, number>;

export const flowsKeys = {
  lists: () => ["flows", "list"] as const,
  list: (searchParam: string) => ["flows", "list", searchParam] as const,
};

export function fetchFlowsPage(searchParam: string, pageNumber: number, signal?: AbortSignal) {
  return api.get("/flowbuilder", { query: { searchParam, pageNumber }, signal });
}
export const createFlow = (name: string) => api.post("/flowbuilder", { body: { name } });
export const renameFlow = (flowId: number, name: string) => api.put("/flowbuilder", { body: { flowId, name } });
export const deleteFlow = (id: number) => api.delete("/flowbuilder/{id}", { params: { id } });
export const duplicateFlow = (flowId: number) => api.post("/flowbuilder/duplicate", { body: { flowId } });

/** The cached pages with one flow replaced (a new flow is fetched with the pages, in the server's order). */
export function replaceFlow(data: FlowsPages | undefined, flow: FlowRecord): FlowsPages | undefined {
  if (!data?.pages.some((page) => page.flows.some((item) => item.id === flow.id))) return data;
  return {
    ...data,
    pages: data.pages.map((page) => ({
      ...page,
      flows: page.flows.map((item) => (item.id === flow.id ? flow : item)),
    })),
  };
}

export function removeFlow(data: FlowsPages | undefined, flowId: number): FlowsPages | undefined {
  if (!data?.pages.some((page) => page.flows.some((item) => item.id === flowId))) return data;
  return {
    ...data,
    pages: data.pages.map((page) => ({
      ...page,
      flows: page.flows.filter((item) => item.id !== flowId),
      count: Math.max(0, page.count - 1),
    })),
  };
}
