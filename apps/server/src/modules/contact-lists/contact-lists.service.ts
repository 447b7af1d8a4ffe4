import {
  type ContactList,
  type ContactListBody,
  type ContactListItem,
  type ContactListItemBody,
  type ContactListItemsPage,
  type ContactListItemsQuery,
  type ContactListItemUpdateBody,
  type ContactListsPage,
  type ListQuery,
  PAGE_SIZE,
} from "@atendo/shared";
import type { AppContext } from "../../context.js";
import { uniqueViolation } from "../../db/errors.js";
import type { AuthSession } from "../../http/auth.js";
import { AppError } from "../../http/errors.js";
import { emitContactList, emitContactListItem, toContactList, toContactListItem } from "./contact-lists.events.js";
import { enqueueContactListCheck } from "./contact-lists.jobs.js";
import {
  type ContactListItemChanges,
  deleteContactList,
  deleteContactListItem,
  findContactListItem,
  findContactListWithCount,
  insertContactList,
  insertContactListItem,
  itemNumberTaken,
  listContactLists,
  lockContactList,
  pageContactListItems,
  pageContactLists,
  renameContactList,
  updateContactListItem,
} from "./contact-lists.repository.js";

type Deps = Pick<AppContext, "db" | "realtime" | "jobs">;

/** Lists and items have no code of their own in the catalogue: a missing one is ERR_NOT_FOUND. */
const notFound = () => new AppError("ERR_NOT_FOUND");
/** A number twice in one list (the unique index) is the contacts' duplicate. */
const duplicated = () => new AppError("ERR_DUPLICATED_CONTACT");

function rethrowUnique(error: unknown): never {
  if (uniqueViolation(error) === "contact_list_items_list_number_unique") throw duplicated();
  throw error;
}

export async function pageCompanyContactLists(
  deps: Deps,
  actor: AuthSession,
  query: ListQuery,
): Promise<ContactListsPage> {
  const offset = (query.pageNumber - 1) * PAGE_SIZE;
  const { rows, count } = await pageContactLists(deps.db, actor.companyId, {
    search: query.searchParam,
    limit: PAGE_SIZE,
    offset,
  });
  return { records: rows.map(toContactList), count, hasMore: offset + rows.length < count };
}

/** Every list of the company (a campaign's list picker); a companyId in the query is ignored. */
export async function listCompanyContactLists(deps: Deps, actor: AuthSession): Promise<ContactList[]> {
  return (await listContactLists(deps.db, actor.companyId)).map(toContactList);
}

export async function showContactList(deps: Deps, actor: AuthSession, id: number): Promise<ContactList> {
  const row = await findContactListWithCount(deps.db, actor.companyId, id);
  if (!row) throw notFound();
  return toContactList(row);
}

/** Emits the list as it is now: a change to its items changes its count. */
async function emitListUpdate(deps: Deps, companyId: number, id: number): Promise<void> {
  const row = await findContactListWithCount(deps.db, companyId, id);
  if (row) emitContactList(deps, companyId, { action: "update", contactList: toContactList(row) });
}

export async function createContactList(deps: Deps, actor: AuthSession, body: ContactListBody): Promise<ContactList> {
  const row = await insertContactList(deps.db, actor.companyId, body.name);
  const contactList = toContactList({ ...row, contactsCount: 0 });
  emitContactList(deps, actor.companyId, { action: "create", contactList });
  return contactList;
}

export async function renameContactListById(
  deps: Deps,
  actor: AuthSession,
  id: number,
  body: ContactListBody,
): Promise<ContactList> {
  if (!(await renameContactList(deps.db, actor.companyId, id, body.name))) throw notFound();
  const contactList = await showContactList(deps, actor, id);
  emitContactList(deps, actor.companyId, { action: "update", contactList });
  return contactList;
}

/** Its items go with it; a campaign that named it keeps its history without a list (ON DELETE SET NULL). */
export async function removeContactList(deps: Deps, actor: AuthSession, id: number): Promise<void> {
  if (!(await deleteContactList(deps.db, actor.companyId, id))) throw notFound();
  emitContactList(deps, actor.companyId, { action: "delete", contactListId: id });
}

/** Items of another company's list are not found, rather than an empty page. */
export async function pageListItems(
  deps: Deps,
  actor: AuthSession,
  query: ContactListItemsQuery,
): Promise<ContactListItemsPage> {
  const { companyId } = actor;
  if (!(await findContactListWithCount(deps.db, companyId, query.contactListId))) throw notFound();
  const offset = (query.pageNumber - 1) * PAGE_SIZE;
  const { rows, count } = await pageContactListItems(deps.db, companyId, query.contactListId, {
    search: query.searchParam,
    limit: PAGE_SIZE,
    offset,
  });
  return { contacts: rows.map(toContactListItem), count, hasMore: offset + rows.length < count };
}

export async function showContactListItem(deps: Deps, actor: AuthSession, id: number): Promise<ContactListItem> {
  const row = await findContactListItem(deps.db, actor.companyId, id);
  if (!row) throw notFound();
  return toContactListItem(row);
}

/** A new item's number is checked on WhatsApp after the commit (contact-lists.jobs.ts). */
export async function createContactListItem(
  deps: Deps,
  actor: AuthSession,
  body: ContactListItemBody,
): Promise<ContactListItem> {
  const { companyId } = actor;
  const { contactListId } = body;
  const row = await deps.db
    .transaction(async (tx) => {
      if (!(await lockContactList(tx, companyId, contactListId))) throw notFound();
      if (await itemNumberTaken(tx, companyId, contactListId, body.number)) throw duplicated();
      const item = await insertContactListItem(tx, {
        companyId,
        contactListId,
        name: body.name,
        number: body.number,
        email: body.email,
      });
      await enqueueContactListCheck(deps, tx, { companyId, contactListId });
      return item;
    })
    .catch(rethrowUnique);
  const contactListItem = toContactListItem(row);
  emitContactListItem(deps, companyId, { action: "create", contactListItem });
  await emitListUpdate(deps, companyId, contactListId);
  return contactListItem;
}

/** A changed number is unchecked again until the check after the commit answers. */
export async function updateContactListItemById(
  deps: Deps,
  actor: AuthSession,
  id: number,
  body: ContactListItemUpdateBody,
): Promise<ContactListItem> {
  const { companyId } = actor;
  const row = await deps.db
    .transaction(async (tx) => {
      const existing = await findContactListItem(tx, companyId, id);
      if (!existing) throw notFound();
      const changes: ContactListItemChanges = {};
      if (body.name !== undefined) changes.name = body.name;
      if (body.email !== undefined) changes.email = body.email;
      const numberChanged = body.number !== undefined && body.number !== existing.number;
      if (numberChanged) {
        if (await itemNumberTaken(tx, companyId, existing.contactListId, body.number!, id)) throw duplicated();
        changes.number = body.number;
      }
      const updated = await updateContactListItem(tx, companyId, id, changes);
      if (!updated) throw notFound();
      if (numberChanged) await enqueueContactListCheck(deps, tx, { companyId, contactListId: existing.contactListId });
      return updated;
    })
    .catch(rethrowUnique);
  const contactListItem = toContactListItem(row);
  emitContactListItem(deps, companyId, { action: "update", contactListItem });
  return contactListItem;
}

export async function removeContactListItem(deps: Deps, actor: AuthSession, id: number): Promise<void> {
  const { companyId } = actor;
  const row = await deleteContactListItem(deps.db, companyId, id);
  if (!row) throw notFound();
  emitContactListItem(deps, companyId, { action: "delete", contactListItemId: id, contactListId: row.contactListId });
  await emitListUpdate(deps, companyId, row.contactListId);
}
