import {
  ANNOUNCEMENT_MEDIA_EXTENSIONS,
  type Announcement,
  type AnnouncementBody,
  type AnnouncementsPage,
  type AnnouncementUpdateBody,
} from "@atendo/shared";
import { api } from "../../api/client";

export const announcementsKeys = {
  all: ["announcements"] as const,
  /** The top bar's list: the active ones. */
  active: ["announcements", "active"] as const,
  /** The super user's management list, per search. */
  list: (searchParam: string) => ["announcements", "list", searchParam] as const,
};

export function fetchActiveAnnouncements(signal?: AbortSignal): Promise<AnnouncementsPage> {
  return api.get<AnnouncementsPage>("/announcements/", { params: { active: true, pageNumber: 1 }, signal });
}

export function fetchAnnouncementsPage(
  searchParam: string,
  pageNumber: number,
  signal?: AbortSignal,
): Promise<AnnouncementsPage> {
  return api.get<AnnouncementsPage>("/announcements/", { params: { searchParam, pageNumber }, signal });
}

export function createAnnouncement(body: AnnouncementBody): Promise<Announcement> {
  return api.post<Announcement>("/announcements", body);
}

export function updateAnnouncement(id: number, body: AnnouncementUpdateBody): Promise<Announcement> {
  return api.put<Announcement>(`/announcements/${id}`, body);
}

export function deleteAnnouncement(id: number): Promise<void> {
  return api.delete<void>(`/announcements/${id}`);
}

export function uploadAnnouncementImage(id: number, file: File): Promise<Announcement> {
  const form = new FormData();
  form.append("file", file, file.name);
  return api.post<Announcement>(`/announcements/${id}/media-upload`, form);
}

export function removeAnnouncementImage(id: number): Promise<Announcement> {
  return api.delete<Announcement>(`/announcements/${id}/media-upload`);
}

/** Document 2 section 5: the image is png, jpg or jpeg (the server checks the bytes too). */
export const IMAGE_ACCEPT = ANNOUNCEMENT_MEDIA_EXTENSIONS.map((extension) => `.${extension}`).join(",");
export const isAllowedImage = (file: File) =>
  ANNOUNCEMENT_MEDIA_EXTENSIONS.some((extension) => file.name.toLowerCase().endsWith(`.${extension}`));
