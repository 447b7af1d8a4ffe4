import type { Tag, TagBody, TagEventPayload, TagsPage, TagUpdateBody } from "@atendo/shared";
import type { InfiniteData } from "@tanstack/react-query";
import { api } from "../../api/client";

export type TagsPages = InfiniteData<TagsPage, number>;
export type { TagEventPayload };

export const tagsKeys = {
  lists: () => ["tags", "list"] as const,
  list: (searchParam: string) => ["tags", "list", searchParam] as const,
  detail: (id: number) => ["tags", "detail", id] as const,
};

export function fetchTagsPage(searchParam: string, pageNumber: number, signal?: AbortSignal): Promise<TagsPage> {
  return api.get<TagsPage>("/tags", { params: { searchParam, pageNumber }, signal });
}

export function fetchTag(id: number, signal?: AbortSignal): Promise<Tag> {
  return api.get<Tag>(`/tags/${id}`, { signal });
}

export function createTag(body: TagBody): Promise<Tag> {
  return api.post<Tag>("/tags", body);
}

export function updateTag(id: number, body: TagUpdateBody): Promise<Tag> {
  return api.put<Tag>(`/tags/${id}`, body);
}

export function deleteTag(id: number): Promise<void> {
  return api.delete<void>(`/tags/${id}`);
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
