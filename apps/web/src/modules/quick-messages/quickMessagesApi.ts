import type { QuickMessage, QuickMessageBody, QuickMessagesPage, QuickMessageUpdateBody } from "@atendo/shared";
import type { InfiniteData } from "@tanstack/react-query";
import { api } from "../../api/client";

export type QuickMessagesPages = InfiniteData<QuickMessagesPage, number>;

export const quickMessagesKeys = {
  lists: () => ["quick-messages", "list"] as const,
  list: (searchParam: string) => ["quick-messages", "list", searchParam] as const,
  detail: (id: number) => ["quick-messages", "detail", id] as const,
};

export function fetchQuickMessagesPage(searchParam: string, pageNumber: number, signal?: AbortSignal) {
  return api.get<QuickMessagesPage>("/quick-messages", { params: { searchParam, pageNumber }, signal });
}
export const fetchQuickMessage = (id: number, signal?: AbortSignal) =>
  api.get<QuickMessage>(`/quick-messages/${id}`, { signal });
export const createQuickMessage = (body: QuickMessageBody) => api.post<QuickMessage>("/quick-messages", body);
export const updateQuickMessage = (id: number, body: QuickMessageUpdateBody) =>
  api.put<QuickMessage>(`/quick-messages/${id}`, body);
export const deleteQuickMessage = (id: number) => api.delete<void>(`/quick-messages/${id}`);

/** POST /quick-messages/{id}/media-upload: multipart with the file and typeArch. */
export function uploadQuickMessageMedia(id: number, file: File): Promise<QuickMessage> {
  const form = new FormData();
  form.append("typeArch", "quickMessage");
  form.append("file", file, file.name);
  return api.post<QuickMessage>(`/quick-messages/${id}/media-upload`, form);
}
export const removeQuickMessageMedia = (id: number) => api.delete<QuickMessage>(`/quick-messages/${id}/media-upload`);

/** Document 2 section 5: images up to 2 MB, audio 5 MB, video 20 MB (the server checks the bytes again). */
export function mediaTooLarge(
  file: Pick<File, "type" | "size">,
  limits: { image: number; audio: number; video: number },
) {
  const family = file.type.split("/")[0];
  const limit = family === "image" ? limits.image : family === "audio" ? limits.audio : limits.video;
  return file.size > limit ? limit : null;
}
