import type { ContactListItem, ContactListItemsPage, ContactListsPage } from "@atendo/shared";
import { describe, expect, it } from "vitest";
import type { ContactListItemsPages, ContactListsPages } from "./contactListsApi";
import {
  itemMatchesSearch,
  removeContactList,
  removeContactListItem,
  replaceContactList,
  upsertContactListItem,
} from "./contactListsCache";

const item = (id: number, values: Partial<ContactListItem> = {}): ContactListItem => ({
  id,
  name: `Contact ${id}`,
  number: `551190000000${id}`,
  email: "",
  companyId: 1,
  contactListId: 7,
  isWhatsappValid: null,
  ...values,
});

const itemPages = (...pages: ContactListItem[][]): ContactListItemsPages => ({
  pageParams: pages.map((_, index) => index + 1),
  pages: pages.map((contacts): ContactListItemsPage => ({ contacts, count: pages.flat().length, hasMore: false })),
});

const listPages = (...records: ContactListsPage["records"]): ContactListsPages => ({
  pageParams: [1],
  pages: [{ records, count: records.length, hasMore: false }],
});

describe("contact list items in the cache", () => {
  it("matches a search on name, number or e-mail, ignoring case", () => {
    const row = item(1, { name: "Ana Souza", email: "ANA@test.dev" });
    expect(itemMatchesSearch(row, "")).toBe(true);
    expect(itemMatchesSearch(row, " souza ")).toBe(true);
    expect(itemMatchesSearch(row, "ana@")).toBe(true);
    expect(itemMatchesSearch(row, "5511900")).toBe(true);
    expect(itemMatchesSearch(row, "bruno")).toBe(false);
  });

  it("replaces a cached item in place: a number's check turns its icon without moving the row", () => {
    const data = itemPages([item(1), item(2)], [item(3)]);
    const checked = item(3, { isWhatsappValid: true });
    const next = upsertContactListItem(data, checked, "");
    expect(next?.pages[1]?.contacts).toEqual([checked]);
    expect(next?.pages[0]?.count).toBe(3);
  });

  it("puts a new item on top of a list whose search it matches, and leaves the others alone", () => {
    const data = itemPages([item(1)]);
    const added = item(9, { name: "Zeca" });
    expect(upsertContactListItem(data, added, "")?.pages[0]).toMatchObject({ contacts: [added, item(1)], count: 2 });
    expect(upsertContactListItem(data, added, "ana")).toBe(data);
    expect(upsertContactListItem(undefined, added, "")).toBeUndefined();
  });

  it("removes a deleted item and lowers the count; an item not cached changes nothing", () => {
    const data = itemPages([item(1), item(2)]);
    expect(removeContactListItem(data, 1)?.pages[0]).toMatchObject({ contacts: [item(2)], count: 1 });
    expect(removeContactListItem(data, 99)).toBe(data);
  });
});

describe("contact lists in the cache", () => {
  it("replaces a changed list (its count too) and removes a deleted one", () => {
    const data = listPages({ id: 1, name: "VIP", contactsCount: 2 }, { id: 2, name: "Leads", contactsCount: 0 });
    const grown = { id: 2, name: "Leads", contactsCount: 120 };
    expect(replaceContactList(data, grown)?.pages[0]?.records).toEqual([data.pages[0]!.records[0], grown]);
    expect(replaceContactList(data, { id: 3, name: "New", contactsCount: 0 })).toBe(data);
    expect(removeContactList(data, 1)?.pages[0]).toMatchObject({
      records: [data.pages[0]!.records[1]],
      count: 1,
    });
  });
});
