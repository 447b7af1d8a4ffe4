import type {
  Contact,
  ContactBody,
  ContactImportAnswer,
  ContactSummary,
  ContactsPage,
  ContactUpdateBody,
  ContactUploadAnswer,
  ContactUploadRow,
} from "@atendo/shared";
import { api } from "../../api/client";

/** Realtime payload of `company-{id}-contact`; an import sends one reload instead of a create per row. */
export type ContactEvent =
  | { action: "create" | "update"; contact: Contact }
  | { action: "delete"; contactId: number }
  | { action: "reload" };

export const contactsKeys = {
  all: ["contacts"] as const,
  lists: () => ["contacts", "list"] as const,
  list: (searchParam: string) => ["contacts", "list", searchParam] as const,
  detail: (id: number) => ["contacts", "detail", id] as const,
};

export function fetchContactsPage(
  searchParam: string,
  pageNumber: number,
  signal?: AbortSignal,
): Promise<ContactsPage> {
  return api.get<ContactsPage>("/contacts/", { params: { searchParam, pageNumber }, signal });
}

export function fetchContact(id: number, signal?: AbortSignal): Promise<Contact> {
  return api.get<Contact>(`/contacts/${id}`, { signal });
}

/** Every contact of the company, for the CSV export. */
export function fetchAllContacts(signal?: AbortSignal): Promise<ContactSummary[]> {
  return api.get<ContactSummary[]>("/contacts/list", { signal });
}

export function createContact(body: ContactBody): Promise<Contact> {
  return api.post<Contact>("/contacts", body);
}

export function updateContact(id: number, body: ContactUpdateBody): Promise<Contact> {
  return api.put<Contact>(`/contacts/${id}`, body);
}

export function deleteContact(id: number): Promise<void> {
  return api.delete<void>(`/contacts/${id}`);
}

/** POST /contacts/upload: the spreadsheet's rows, parsed in the browser. */
export function uploadContacts(contacts: ContactUploadRow[]): Promise<ContactUploadAnswer> {
  return api.post<ContactUploadAnswer>("/contacts/upload", { contacts });
}

/** POST /contacts/import (admins): the default connection's phone contacts the company lacks. */
export function importPhoneContacts(): Promise<ContactImportAnswer> {
  return api.post<ContactImportAnswer>("/contacts/import");
}
