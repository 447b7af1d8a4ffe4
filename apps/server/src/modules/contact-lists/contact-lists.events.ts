import {
  type ContactList,
  type ContactListEventPayload,
  type ContactListItem,
  type ContactListItemEventPayload,
  companyEvent,
} from "@atendo/shared";
import type { AppContext } from "../../context.js";
import type { ContactListItemRow, ContactListWithCount } from "./contact-lists.repository.js";

type Deps = Pick<AppContext, "realtime">;

export function toContactList(row: ContactListWithCount): ContactList {
  return { id: row.id, name: row.name, contactsCount: Number(row.contactsCount) };
}

export function toContactListItem(row: ContactListItemRow): ContactListItem {
  return {
    id: row.id,
    name: row.name,
    number: row.number,
    email: row.email,
    companyId: row.companyId,
    contactListId: row.contactListId,
    isWhatsappValid: row.isWhatsappValid,
  };
}

export function emitContactList(deps: Deps, companyId: number, payload: ContactListEventPayload): void {
  deps.realtime.toCompany(companyId, companyEvent.ContactList(companyId), payload);
}

export function emitContactListItem(deps: Deps, companyId: number, payload: ContactListItemEventPayload): void {
  deps.realtime.toCompany(companyId, companyEvent.ContactListItem(companyId), payload);
}
