import type { ContactListItemsPage, ContactListsPage } from "@atendo/shared";
import type { InfiniteData } from "@tanstack/react-query";
import { api, type UploadProgress } from "../../api/client";
import type { RequestBody } from "../../api/routes";

export type ContactListsPages = InfiniteData<ContactListsPage, number>;
export type ContactListItemsPages = InfiniteData<ContactListItemsPage, number>;

export const contactListsKeys = {
  lists: () => ["contact-lists", "list"] as const,
  list: (searchParam: string) => ["contact-lists", "list", searchParam] as const,
  detail: (id: number) => ["contact-lists", "detail", id] as const,
};

/** One list's items, each search cached apart (`useListCache` reads the search at index 2). */
export const contactListItemsKeys = {
  lists: (contactListId: number) => ["contact-list-items", contactListId] as const,
  list: (contactListId: number, searchParam: string) => ["contact-list-items", contactListId, searchParam] as const,
  detail: (id: number) => ["contact-list-items", "detail", id] as const,
};

export function fetchContactListsPage(searchParam: string, pageNumber: number, signal?: AbortSignal) {
  return api.get("/contact-lists", { query: { searchParam, pageNumber }, signal });
}
export const fetchContactList = (id: number, signal?: AbortSignal) =>
  api.get("/contact-lists/{id}", { params: { id }, signal });
export const createContactList = (body: RequestBody<"POST /contact-lists">) => api.post("/contact-lists", { body });
export const renameContactList = (id: number, body: RequestBody<"PUT /contact-lists/{id}">) =>
  api.put("/contact-lists/{id}", { params: { id }, body });
export const deleteContactList = (id: number) => api.delete("/contact-lists/{id}", { params: { id } });

/** POST /contact-lists/{id}/upload: the spreadsheet as the form's `file`, reporting the upload's progress. */
export function uploadContactListSpreadsheet(contactListId: number, file: File, onProgress: UploadProgress) {
  const form = new FormData();
  form.append("file", file, file.name);
  return api.post("/contact-lists/{id}/upload", {
    params: { id: contactListId },
    body: form,
    onUploadProgress: onProgress,
  });
}

export function fetchContactListItemsPage(
  contactListId: number,
  searchParam: string,
  pageNumber: number,
  signal?: AbortSignal,
) {
  return api.get("/contact-list-items", { query: { contactListId, searchParam, pageNumber }, signal });
}
export const fetchContactListItem = (id: number, signal?: AbortSignal) =>
  api.get("/contact-list-items/{id}", { params: { id }, signal });
export const createContactListItem = (body: RequestBody<"POST /contact-list-items">) =>
  api.post("/contact-list-items", { body });
export const updateContactListItem = (id: number, body: RequestBody<"PUT /contact-list-items/{id}">) =>
  api.put("/contact-list-items/{id}", { params: { id }, body });
export const deleteContactListItem = (id: number) => api.delete("/contact-list-items/{id}", { params: { id } });
