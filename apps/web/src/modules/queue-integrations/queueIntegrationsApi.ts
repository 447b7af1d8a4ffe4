import type { FlowRecord, QueueIntegration, QueueIntegrationsPage } from "@atendo/shared";
import type { InfiniteData } from "@tanstack/react-query";
import { api } from "../../api/client";
import type { RequestBody } from "../../api/routes";

export type QueueIntegrationsPages = InfiniteData<QueueIntegrationsPage, number>;

export const queueIntegrationsKeys = {
  lists: () => ["queue-integrations", "list"] as const,
  list: (searchParam: string) => ["queue-integrations", "list", searchParam] as const,
  detail: (id: number) => ["queue-integrations", "detail", id] as const,
  /** Every integration, for the connection and queue forms' selects. */
  options: ["queue-integrations", "options"] as const,
  flows: ["queue-integrations", "flows"] as const,
};

export function fetchQueueIntegrationsPage(searchParam: string, pageNumber: number, signal?: AbortSignal) {
  return api.get("/queueIntegration", { query: { searchParam, pageNumber }, signal });
}
export const fetchQueueIntegration = (id: number, signal?: AbortSignal) =>
  api.get("/queueIntegration/{id}", { params: { id }, signal });
export const createQueueIntegration = (body: RequestBody<"POST /queueIntegration">) =>
  api.post("/queueIntegration", { body });
export const updateQueueIntegration = (id: number, body: RequestBody<"PUT /queueIntegration/{id}">) =>
  api.put("/queueIntegration/{id}", { params: { id }, body });
export const deleteQueueIntegration = (id: number) => api.delete("/queueIntegration/{id}", { params: { id } });
export const testQueueIntegration = (body: RequestBody<"POST /queueIntegration/testSession">) =>
  api.post("/queueIntegration/testSession", { body });
export const rotateSigningSecret = (id: number) => api.post("/queueIntegration/{id}/signingSecret", { params: { id } });

/** Every page of a paged list, in order. */
async function allPages<T>(fetchPage: (pageNumber: number) => Promise<{ rows: T[]; hasMore: boolean }>): Promise<T[]> {
  const rows: T[] = [];
  for (let pageNumber = 1; ; pageNumber++) {
    const page = await fetchPage(pageNumber);
    rows.push(...page.rows);
    if (!page.hasMore) return rows;
  }
}

/** The company's integrations by name, for a select: every page. */
export function fetchAllQueueIntegrations(signal?: AbortSignal): Promise<QueueIntegration[]> {
  return allPages(async (pageNumber) => {
    const page = await fetchQueueIntegrationsPage("", pageNumber, signal);
    return { rows: page.queueIntegrations, hasMore: page.hasMore };
  });
}

/** The flows a flowbuilder integration may run: every page of GET /flowbuilder. */
export function fetchAllFlows(signal?: AbortSignal): Promise<FlowRecord[]> {
  return allPages(async (pageNumber) => {
    const page = await api.get("/flowbuilder", { query: { searchParam: "", pageNumber }, signal });
    return { rows: page.flows, hasMore: page.hasMore };
  });
}

/** The cached pages with one integration replaced (a new one is fetched with the pages, in the server's order). */
export function replaceQueueIntegration(
  data: QueueIntegrationsPages | undefined,
  integration: QueueIntegration,
): QueueIntegrationsPages | undefined {
  if (!data?.pages.some((page) => page.queueIntegrations.some((item) => item.id === integration.id))) return data;
  return {
    ...data,
    pages: data.pages.map((page) => ({
      ...page,
      queueIntegrations: page.queueIntegrations.map((item) => (item.id === integration.id ? integration : item)),
    })),
  };
}

export function removeQueueIntegration(
  data: QueueIntegrationsPages | undefined,
  integrationId: number,
): QueueIntegrationsPages | undefined {
  if (!data?.pages.some((page) => page.queueIntegrations.some((item) => item.id === integrationId))) return data;
  return {
    ...data,
    pages: data.pages.map((page) => ({
      ...page,
      queueIntegrations: page.queueIntegrations.filter((item) => item.id !== integrationId),
      count: Math.max(0, page.count - 1),
    })),
  };
}
