import { z } from "zod";
import { IdParams, ListQuery, MessageAnswer } from "../common.schemas.js";
import {
  ContactList,
  ContactListBody,
  ContactListItem,
  ContactListItemBody,
  ContactListItemsPage,
  ContactListItemsQuery,
  ContactListItemUpdateBody,
  ContactListsListQuery,
  ContactListsPage,
  ContactListUploadAnswer,
} from "../contact-lists.schemas.js";
import type { RouteGroup } from "./contract.js";

export const CONTACT_LISTS_ROUTES = {
  "GET /contact-lists": { query: ListQuery, response: ContactListsPage },
  "GET /contact-lists/list": { query: ContactListsListQuery, response: z.array(ContactList) },
  "GET /contact-lists/{id}": { params: IdParams, response: ContactList },
  "POST /contact-lists": { body: ContactListBody, response: ContactList },
  "PUT /contact-lists/{id}": { params: IdParams, body: ContactListBody, response: ContactList },
  "DELETE /contact-lists/{id}": { params: IdParams, response: MessageAnswer },
  /** The spreadsheet (.xls or .xlsx), as the form's `file` part. */
  "POST /contact-lists/{id}/upload": { params: IdParams, multipart: true, response: ContactListUploadAnswer },
  "GET /contact-list-items": { query: ContactListItemsQuery, response: ContactListItemsPage },
  "GET /contact-list-items/{id}": { params: IdParams, response: ContactListItem },
  "POST /contact-list-items": { body: ContactListItemBody, response: ContactListItem },
  "PUT /contact-list-items/{id}": { params: IdParams, body: ContactListItemUpdateBody, response: ContactListItem },
  "DELETE /contact-list-items/{id}": { params: IdParams, response: MessageAnswer },
} satisfies RouteGroup;
