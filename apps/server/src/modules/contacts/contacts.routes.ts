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
  IdParams,
  MessageAnswer,
} from "@atendo/shared";
import { z } from "zod";
import type { AppContext } from "../../context.js";
import type { App } from "../../http/app.js";
import type { AuthHooks } from "../../http/auth.js";
import { providerNumberCheck } from "./contacts.number-check.js";
import {
  createContact,
  importPhoneContacts,
  listContacts,
  listContactsPage,
  removeContact,
  showContact,
  updateContactById,
  uploadContacts,
} from "./contacts.service.js";

const tags = ["contacts"];

export function registerContactsRoutes(app: App, ctx: AppContext, auth: AuthHooks): void {
  // Writes that take a number ask WhatsApp whether it exists (ERR_WAPP_INVALID_CONTACT).
  const checked = { db: ctx.db, realtime: ctx.realtime, checkNumber: providerNumberCheck(ctx) };
  // Document 1 writes GET /contacts, document 2 GET /contacts/: the router answers both spellings.
  app.get(
    "/contacts",
    { onRequest: auth.user, schema: { tags, querystring: ContactsQuery, response: { 200: ContactsPage } } },
    async (request) => listContactsPage(ctx, request.auth, request.query),
  );

  app.get(
    "/contacts/list",
    {
      onRequest: auth.user,
      schema: { tags, querystring: ContactsListQuery, response: { 200: z.array(ContactSummary) } },
    },
    async (request) => listContacts(ctx, request.auth),
  );

  app.post(
    "/contacts/upload",
    {
      onRequest: auth.user,
      // Thousands of rows of a few fields: more than the default 1 MB body.
      bodyLimit: 8 * 1024 * 1024,
      schema: { tags, body: ContactUploadBody, response: { 200: ContactUploadAnswer } },
    },
    async (request) => uploadContacts(checked, request.auth, request.body),
  );

  app.post(
    "/contacts/import",
    {
      onRequest: auth.admin,
      schema: {
        tags,
        description:
          "Creates the contacts of the phone behind the company's default connection that the company does not have yet.",
        response: { 200: ContactImportAnswer },
      },
    },
    async (request) => importPhoneContacts(ctx, request.auth),
  );

  app.get(
    "/contacts/:id",
    { onRequest: auth.user, schema: { tags, params: IdParams, response: { 200: Contact } } },
    async (request) => showContact(ctx, request.auth, request.params.id),
  );

  app.post(
    "/contacts",
    { onRequest: auth.user, schema: { tags, body: ContactBody, response: { 200: Contact } } },
    async (request) => createContact(checked, request.auth, request.body),
  );

  app.put(
    "/contacts/:id",
    { onRequest: auth.user, schema: { tags, params: IdParams, body: ContactUpdateBody, response: { 200: Contact } } },
    async (request) => updateContactById(checked, request.auth, request.params.id, request.body),
  );

  // Gated by the permission contacts-page:deleteContact (admins), checked in the service.
  app.delete(
    "/contacts/:id",
    { onRequest: auth.user, schema: { tags, params: IdParams, response: { 200: MessageAnswer } } },
    async (request) => {
      await removeContact(ctx, request.auth, request.params.id);
      return { message: "contactDeleted" };
    },
  );
}
