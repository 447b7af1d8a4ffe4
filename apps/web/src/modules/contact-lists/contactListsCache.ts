import type { ContactList, ContactListItem } from "@atendo/shared";
import type { ContactListItemsPages, ContactListsPages } from "./contactListsApi";

/*
 * Changes applied to the cached pages of the two lists, so saves and live events show at
 * once. A list's count moves with its items, so list updates replace the whole record.
 */

const contains = (term: string, ...values: string[]) => values.some((value) => value.toLowerCase().includes(term));

/** Whether an item belongs in a page filtered by `searchParam` (the server matches name, number or e-mail). */
export function itemMatchesSearch(item: Pick<ContactListItem, "name" | "number" | "email">, searchParam: string) {
  const term = searchParam.trim().toLowerCase();
  return !term || contains(term, item.name, item.number, item.email);
}

/** Replaces a changed list where it is cached (a new list is fetched with the pages, in the server's order). */
export function replaceContactList(
  data: ContactListsPages | undefined,
  contactList: ContactList,
): ContactListsPages | undefined {
  if (!data?.pages.some((page) => page.records.some((item) => item.id === contactList.id))) return data;
  return {
    ...data,
    pages: data.pages.map((page) => ({
      ...page,
      records: page.records.map((item) => (item.id === contactList.id ? contactList : item)),
    })),
  };
}

export function removeContactList(
  data: ContactListsPages | undefined,
  contactListId: number,
): ContactListsPages | undefined {
  if (!data?.pages.some((page) => page.records.some((item) => item.id === contactListId))) return data;
  return {
    ...data,
    pages: data.pages.map((page) => ({
      ...page,
      records: page.records.filter((item) => item.id !== contactListId),
      count: Math.max(0, page.count - 1),
    })),
  };
}

/** Replaces a changed item where it is cached, or puts a new one on top of a page list it matches. */
export function upsertContactListItem(
  data: ContactListItemsPages | undefined,
  item: ContactListItem,
  searchParam: string,
): ContactListItemsPages | undefined {
  if (!data || data.pages.length === 0) return data;
  if (data.pages.some((page) => page.contacts.some((row) => row.id === item.id))) {
    return {
      ...data,
      pages: data.pages.map((page) => ({
        ...page,
        contacts: page.contacts.map((row) => (row.id === item.id ? item : row)),
      })),
    };
  }
  if (!itemMatchesSearch(item, searchParam)) return data;
  return {
    ...data,
    pages: data.pages.map((page, index) => ({
      ...page,
      contacts: index === 0 ? [item, ...page.contacts] : page.contacts,
      count: page.count + 1,
    })),
  };
}

export function removeContactListItem(
  data: ContactListItemsPages | undefined,
  itemId: number,
): ContactListItemsPages | undefined {
  if (!data?.pages.some((page) => page.contacts.some((row) => row.id === itemId))) return data;
  return {
    ...data,
    pages: data.pages.map((page) => ({
      ...page,
      contacts: page.contacts.filter((row) => row.id !== itemId),
      count: Math.max(0, page.count - 1),
    })),
  };
}
