import type { ContactUploadRow } from "@atendo/shared";
import { api } from "../../api/client";
import type { RequestBody } from "../../api/routes";

export const contactsKeys = {
  all: ["contacts"] as const,
  lists: () => ["contacts", "list"] as const,
  list: (searchParam: string) => ["contacts", "list", searchParam] as const,
  detail: (id: number) => ["contacts", "detail", id] as const,
};

export function fetchContactsPage(searchParam: string, pageNumber: number, signal?: AbortSignal) {
  return api.get("/contacts", { query: { searchParam, pageNumber }, signal });
}

export function fetchContact(id: number, signal?: AbortSignal) {
  return api.get("/contacts/{id}", { params: { id }, signal });
}

/** Every contact of the company, for the CSV export. */
export function fetchAllContacts(signal?: AbortSignal) {
  return api.get("/contacts/list", { signal });
}

export function createContact(body: RequestBody<"POST /contacts">) {
  return api.post("/contacts", { body });
}

export function updateContact(id: number, body: RequestBody<"PUT /contacts/{id}">) {
  return api.put("/contacts/{id}", { params: { id }, body });
}

export function deleteContact(id: number) {
  return api.delete("/contacts/{id}", { params: { id } });
}

/** POST /contacts/upload: the spreadsheet's rows, parsed in the browser. */
export function uploadContacts(contacts: ContactUploadRow[]) {
  return api.post("/contacts/upload", { body: { contacts } });
}

/** POST /contacts/import (admins): the default connection's phone contacts the company lacks. */
export function importPhoneContacts() {
  return api.post("/contacts/import");
}
