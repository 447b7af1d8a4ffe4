import type { Schedule } from "@atendo/shared";
import { api } from "../../api/client";
import type { RequestBody } from "../../api/routes";

export const schedulesKeys = {
  ranges: () => ["schedules", "range"] as const,
  range: (start: string, end: string) => ["schedules", "range", start, end] as const,
  detail: (id: number) => ["schedules", "detail", id] as const,
  /** The dialog's contact search. */
  contactSearch: (term: string) => ["schedules", "contact-search", term] as const,
};

/** A calendar view never asks for more than this many pages (PAGE_SIZE each). */
const MAX_RANGE_PAGES = 50;

/** Every schedule due within [start, end), page after page, in the order they are due. */
export async function fetchSchedulesInRange(start: Date, end: Date, signal?: AbortSignal): Promise<Schedule[]> {
  const schedules: Schedule[] = [];
  for (let pageNumber = 1; pageNumber <= MAX_RANGE_PAGES; pageNumber++) {
    const page = await api.get("/schedules", {
      query: { start: start.toISOString(), end: end.toISOString(), pageNumber },
      signal,
    });
    schedules.push(...page.schedules);
    if (!page.hasMore) break;
  }
  return schedules;
}

export const fetchSchedule = (id: number, signal?: AbortSignal) =>
  api.get("/schedules/{id}", { params: { id }, signal });
export const createSchedule = (body: RequestBody<"POST /schedules">) => api.post("/schedules", { body });
export const updateSchedule = (id: number, body: RequestBody<"PUT /schedules/{id}">) =>
  api.put("/schedules/{id}", { params: { id }, body });
export const deleteSchedule = (id: number) => api.delete("/schedules/{id}", { params: { id } });

/** POST /schedules/{id}/media-upload: the image as the form's `file` part. */
export function uploadScheduleMedia(id: number, file: File) {
  const form = new FormData();
  form.append("file", file, file.name);
  return api.post("/schedules/{id}/media-upload", { params: { id }, body: form });
}
export const removeScheduleMedia = (id: number) => api.delete("/schedules/{id}/media-upload", { params: { id } });
