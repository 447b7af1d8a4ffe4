import type { QuickMessagesPage } from "@atendo/shared";
import type { InfiniteData } from "@tanstack/react-query";
import { api } from "../../api/client";
import type { RequestBody } from "../../api/routes";

export type QuickMessagesPages = InfiniteData<QuickMessagesPage, number>;

export const quickMessagesKeys = {
  lists: () => ["quick-messages", "list"] as const,
  list: (searchParam: string) => ["quick-messages", "list", searchParam] as const,
  detail: (id: number) => ["quick-messages", "detail", id] as const,
};

export function fetchQuickMessagesPage(searchParam: string, pageNumber: number, signal?: AbortSignal) {
  return api.get("/quick-messages", { query: { searchParam, pageNumber }, signal });
}
export const fetchQuickMessage = (id: number, signal?: AbortSignal) =>
  api.get("/quick-messages/{id}", { params: { id }, signal });
export const createQuickMessage = (body: RequestBody<"POST /quick-messages">) => api.post("/quick-messages", { body });
export const updateQuickMessage = (id: number, body: RequestBody<"PUT /quick-messages/{id}">) =>
  api.put("/quick-messages/{id}", { params: { id }, body });
export const deleteQuickMessage = (id: number) => api.delete("/quick-messages/{id}", { params: { id } });

/** POST /quick-messages/{id}/media-upload: multipart with the file and typeArch. */
export function uploadQuickMessageMedia(id: number, file: File) {
  const form = new FormData();
  form.append("typeArch", "quickMessage");
  form.append("file", file, file.name);
  return api.post("/quick-messages/{id}/media-upload", { params: { id }, body: form });
}
export const removeQuickMessageMedia = (id: number) =>
  api.delete("/quick-messages/{id}/media-upload", { params: { id } });
