import { ANNOUNCEMENT_MEDIA_EXTENSIONS } from "@atendo/shared";
import { api } from "../../api/client";
import type { RequestBody } from "../../api/routes";

export const announcementsKeys = {
  all: ["announcements"] as const,
  /** The top bar's list: the active ones. */
  active: ["announcements", "active"] as const,
  /** The super user's management list, per search. */
  list: (searchParam: string) => ["announcements", "list", searchParam] as const,
};

export function fetchActiveAnnouncements(signal?: AbortSignal) {
  return api.get("/announcements", { query: { active: true, pageNumber: 1 }, signal });
}

export function fetchAnnouncementsPage(searchParam: string, pageNumber: number, signal?: AbortSignal) {
  return api.get("/announcements", { query: { searchParam, pageNumber }, signal });
}

export function createAnnouncement(body: RequestBody<"POST /announcements">) {
  return api.post("/announcements", { body });
}

export function updateAnnouncement(id: number, body: RequestBody<"PUT /announcements/{id}">) {
  return api.put("/announcements/{id}", { params: { id }, body });
}

export function deleteAnnouncement(id: number) {
  return api.delete("/announcements/{id}", { params: { id } });
}

export function uploadAnnouncementImage(id: number, file: File) {
  const form = new FormData();
  form.append("file", file, file.name);
  return api.post("/announcements/{id}/media-upload", { params: { id }, body: form });
}

export function removeAnnouncementImage(id: number) {
  return api.delete("/announcements/{id}/media-upload", { params: { id } });
}

/** Document 2 section 5: the image is png, jpg or jpeg (the server checks the bytes too). */
export const IMAGE_ACCEPT = ANNOUNCEMENT_MEDIA_EXTENSIONS.map((extension) => `.${extension}`).join(",");
export const isAllowedImage = (file: File) =>
  ANNOUNCEMENT_MEDIA_EXTENSIONS.some((extension) => file.name.toLowerCase().endsWith(`.${extension}`));
