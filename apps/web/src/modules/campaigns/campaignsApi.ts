import type { Campaign, CampaignRecord, CampaignsPage, FileList } from "@atendo/shared";
import type { InfiniteData } from "@tanstack/react-query";
import { api } from "../../api/client";
import type { RequestBody } from "../../api/routes";

export type CampaignsPages = InfiniteData<CampaignsPage, number>;

export const campaignsKeys = {
  lists: () => ["campaigns", "list"] as const,
  list: (searchParam: string) => ["campaigns", "list", searchParam] as const,
  detail: (id: number) => ["campaigns", "detail", id] as const,
  /** The report's copy: every recipient, refetched on its own schedule. */
  report: (id: number) => ["campaigns", "report", id] as const,
  options: ["campaigns", "options"] as const,
};

export function fetchCampaignsPage(searchParam: string, pageNumber: number, signal?: AbortSignal) {
  return api.get("/campaigns", { query: { searchParam, pageNumber }, signal });
}
export const fetchCampaign = (id: number, signal?: AbortSignal) =>
  api.get("/campaigns/{id}", { params: { id }, signal });
export const createCampaign = (body: RequestBody<"POST /campaigns">) => api.post("/campaigns", { body });
export const updateCampaign = (id: number, body: RequestBody<"PUT /campaigns/{id}">) =>
  api.put("/campaigns/{id}", { params: { id }, body });
export const deleteCampaign = (id: number) => api.delete("/campaigns/{id}", { params: { id } });
export const cancelCampaign = (id: number) => api.post("/campaigns/{id}/cancel", { params: { id } });
export const restartCampaign = (id: number) => api.post("/campaigns/{id}/restart", { params: { id } });
export const removeCampaignMedia = (id: number) => api.delete("/campaigns/{id}/media-upload", { params: { id } });

/** POST /campaigns/{id}/media-upload: the file as the form's `file`; the server types it by its bytes. */
export function uploadCampaignMedia(id: number, file: File) {
  const form = new FormData();
  form.append("file", file, file.name);
  return api.post("/campaigns/{id}/media-upload", { params: { id }, body: form });
}

/** What the form's selects offer: the company's connections, contact lists, tags and file lists. */
export interface CampaignOptions {
  /** With the provider: a Cloud API connection offers templates. */
  connections: { id: number; name: string; provider: string }[];
  contactLists: { id: number; name: string }[];
  tags: { id: number; name: string }[];
  fileLists: { id: number; name: string }[];
}

/** Every file list, page after page: the select offers them all. */
async function fetchAllFileLists(signal?: AbortSignal): Promise<FileList[]> {
  const lists: FileList[] = [];
  for (let pageNumber = 1; ; pageNumber++) {
    const page = await api.get("/files", { query: { searchParam: "", pageNumber }, signal });
    lists.push(...page.files);
    if (!page.hasMore) return lists;
  }
}

const named = ({ id, name }: { id: number; name: string }) => ({ id, name });

export async function fetchCampaignOptions(signal?: AbortSignal): Promise<CampaignOptions> {
  const [connections, contactLists, tags, fileLists] = await Promise.all([
    api.get("/whatsapp", { query: { session: 0 }, signal }),
    api.get("/contact-lists/list", { signal }),
    api.get("/tags/list", { signal }),
    fetchAllFileLists(signal),
  ]);
  return {
    connections: connections.map(({ id, name, provider }) => ({ id, name, provider })),
    contactLists: contactLists.map(named),
    tags: tags.map(named),
    fileLists: fileLists.map(named),
  };
}

/** The cached pages with one campaign replaced (a new campaign is fetched with the pages, in the server's order). */
export function replaceCampaign(
  data: CampaignsPages | undefined,
  campaign: CampaignRecord,
): CampaignsPages | undefined {
  if (!data?.pages.some((page) => page.records.some((item) => item.id === campaign.id))) return data;
  return {
    ...data,
    pages: data.pages.map((page) => ({
      ...page,
      records: page.records.map((item) => (item.id === campaign.id ? campaign : item)),
    })),
  };
}

export function removeCampaign(data: CampaignsPages | undefined, campaignId: number): CampaignsPages | undefined {
  if (!data?.pages.some((page) => page.records.some((item) => item.id === campaignId))) return data;
  return {
    ...data,
    pages: data.pages.map((page) => ({
      ...page,
      records: page.records.filter((item) => item.id !== campaignId),
      count: Math.max(0, page.count - 1),
    })),
  };
}

/**
 * The report's campaign with a live record's fields (status, progress, dates) laid over it;
 * the recipients and the list's contacts stay until the next fetch brings them.
 */
export function withLiveRecord(detail: Campaign | undefined, record: CampaignRecord): Campaign | undefined {
  if (!detail || detail.id !== record.id) return detail;
  return { ...detail, ...record, shipping: detail.shipping, contactList: detail.contactList };
}
