import type { Contact, ContactsPage } from "@atendo/shared";
import type { InfiniteData } from "@tanstack/react-query";

export type ContactsPages = InfiniteData<ContactsPage, number>;

/** Whether a contact belongs in a list filtered by `searchParam` (the server matches name, number or email). */
export function matchesSearch(contact: Pick<Contact, "name" | "number" | "email">, searchParam: string): boolean {
  const term = searchParam.trim().toLowerCase();
  if (!term) return true;
  return [contact.name, contact.number, contact.email].some((value) => value.toLowerCase().includes(term));
}

/** Replaces a changed contact where it is cached, or puts a new one on top of a list it matches. */
export function upsertContact(
  data: ContactsPages | undefined,
  contact: Contact,
  searchParam: string,
): ContactsPages | undefined {
  if (!data || data.pages.length === 0) return data;
  const found = data.pages.some((page) => page.contacts.some((item) => item.id === contact.id));
  if (found) {
    return {
      ...data,
      pages: data.pages.map((page) => ({
        ...page,
        contacts: page.contacts.map((item) => (item.id === contact.id ? contact : item)),
      })),
    };
  }
  if (!matchesSearch(contact, searchParam)) return data;
  return {
    ...data,
    pages: data.pages.map((page, index) => ({
      ...page,
      contacts: index === 0 ? [contact, ...page.contacts] : page.contacts,
      count: page.count + 1,
    })),
  };
}

/** Takes a deleted contact out of the cached pages. */
export function removeContact(data: ContactsPages | undefined, contactId: number): ContactsPages | undefined {
  if (!data?.pages.some((page) => page.contacts.some((item) => item.id === contactId))) return data;
  return {
    ...data,
    pages: data.pages.map((page) => ({
      ...page,
      contacts: page.contacts.filter((item) => item.id !== contactId),
      count: Math.max(0, page.count - 1),
    })),
  };
}
