import type { Tag, TagsPage } from "@atendo/shared";
import type { InfiniteData } from "@tanstack/react-query";
import { api } from "../../api/client";
import type { RequestBody } from "../../api/routes";

export type TagsPages = InfiniteData<TagsPage, number>;

export const tagsKeys = {
  lists: () => ["tags", "list"] as const,
  list: (searchParam: string) => ["tags", "list", searchParam] as const,
  detail: (id: number) => ["tags", "detail", id] as const,
};

export function fetchTagsPage(searchParam: string, pageNumber: number, signal?: AbortSignal) {
  return api.get("/tags", { query: { searchParam, pageNumber }, signal });
}

export function fetchTag(id: number, signal?: AbortSignal) {
  return api.get("/tags/{id}", { params: { id }, signal });
}

export function createTag(body: RequestBody<"POST /tags">) {
  return api.post("/tags", { body });
}

export function updateTag(id: number, body: RequestBody<"PUT /tags/{id}">) {
  return api.put("/tags/{id}", { params: { id }, body });
}

export function deleteTag(id: number) {
  return api.delete("/tags/{id}", { params: { id } });
}

/** Replaces a changed tag in the cached pages (a new one is fetched with the list, in the server's order). */
export function replaceTag(data: TagsPages | undefined, tag: Tag): TagsPages | undefined {
  if (!data) return data;
  return {
    ...data,
    pages: data.pages.map((page) => ({ ...page, tags: page.tags.map((item) => (item.id === tag.id ? tag : item)) })),
  };
}

export function removeTag(data: TagsPages | undefined, tagId: number): TagsPages | undefined {
  if (!data?.pages.some((page) => page.tags.some((item) => item.id === tagId))) return data;
  return {
    ...data,
    pages: data.pages.map((page) => ({
      ...page,
      tags: page.tags.filter((item) => item.id !== tagId),
      count: Math.max(0, page.count - 1),
    })),
  };
}
