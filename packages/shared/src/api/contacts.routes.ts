import { z } from "zod";
import { IdParams, MessageAnswer } from "../common.schemas.js";
import {
  Contact,
  ContactBody,
  ContactImportAnswer,
  ContactSummary,
  ContactsListQuery,
  ContactsPage,
  ContactsQuery,
  ContactUpdateBody,
  ContactUploadAnswer,
  ContactUploadBody,
} from "../contacts.schemas.js";
import type { RouteGroup } from "./contract.js";

export const CONTACTS_ROUTES = {
  "GET /contacts": { query: ContactsQuery, response: ContactsPage },
  "GET /contacts/list": { query: ContactsListQuery, response: z.array(ContactSummary) },
  /** A spreadsheet's rows, parsed in the browser. */
  "POST /contacts/upload": { body: ContactUploadBody, response: ContactUploadAnswer },
  /** The default connection's phone contacts that the company lacks. */
  "POST /contacts/import": { response: ContactImportAnswer },
  "GET /contacts/{id}": { params: IdParams, response: Contact },
  "POST /contacts": { body: ContactBody, response: Contact },
  "PUT /contacts/{id}": { params: IdParams, body: ContactUpdateBody, response: Contact },
  "DELETE /contacts/{id}": { params: IdParams, response: MessageAnswer },
} satisfies RouteGroup;
