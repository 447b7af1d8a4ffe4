import {
  CONTACT_LIST_UPLOAD_MAX_BYTES,
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
  IdParams,
  ListQuery,
  MessageAnswer,
} from "@atendo/shared";
import { z } from "zod";
import type { AppContext } from "../../context.js";
import type { App } from "../../http/app.js";
import type { AuthHooks } from "../../http/auth.js";
import { readFilePart } from "../../media/upload.js";
import {
  createContactList,
  createContactListItem,
  listCompanyContactLists,
  pageCompanyContactLists,
  pageListItems,
  removeContactList,
  removeContactListItem,
  renameContactListById,
  showContactList,
  showContactListItem,
  updateContactListItemById,
} from "./contact-lists.service.js";
import { uploadToContactList } from "./contact-lists.upload.js";

const tags = ["contact-lists"];

/** Contact lists feed campaigns, which are the admins' (the Administration menu): every route is for admins. */
export function registerContactListsRoutes(app: App, ctx: AppContext, auth: AuthHooks): void {
  // Under the plan's campaigns flag, like the menu entries that lead here.
  const admin = auth.adminWithPlan("useCampaigns");
  // Document 2 writes GET /contact-lists/: the router answers both spellings.
  app.get(
    "/contact-lists",
    { onRequest: admin, schema: { tags, querystring: ListQuery, response: { 200: ContactListsPage } } },
    async (request) => pageCompanyContactLists(ctx, request.auth, request.query),
  );

  app.get(
    "/contact-lists/list",
    {
      onRequest: admin,
      schema: { tags, querystring: ContactListsListQuery, response: { 200: z.array(ContactList) } },
    },
    async (request) => listCompanyContactLists(ctx, request.auth),
  );

  app.get(
    "/contact-lists/:id",
    { onRequest: admin, schema: { tags, params: IdParams, response: { 200: ContactList } } },
    async (request) => showContactList(ctx, request.auth, request.params.id),
  );

  app.post(
    "/contact-lists",
    { onRequest: admin, schema: { tags, body: ContactListBody, response: { 200: ContactList } } },
    async (request) => createContactList(ctx, request.auth, request.body),
  );

  app.put(
    "/contact-lists/:id",
    {
      onRequest: admin,
      schema: { tags, params: IdParams, body: ContactListBody, response: { 200: ContactList } },
    },
    async (request) => renameContactListById(ctx, request.auth, request.params.id, request.body),
  );

  app.delete(
    "/contact-lists/:id",
    { onRequest: admin, schema: { tags, params: IdParams, response: { 200: MessageAnswer } } },
    async (request) => {
      await removeContactList(ctx, request.auth, request.params.id);
      return { message: "contactListDeleted" };
    },
  );

  app.post(
    "/contact-lists/:id/upload",
    {
      onRequest: admin,
      schema: {
        tags,
        description:
          "multipart/form-data with the spreadsheet (.xls or .xlsx, judged by its bytes) as `file`: a header row " +
          "naming the columns name, number and email, then one contact per row. Answers the rows read, the items " +
          "added, and each refused row with its line and reason; the numbers are checked on WhatsApp afterwards.",
        params: IdParams,
        consumes: ["multipart/form-data"],
        response: { 200: ContactListUploadAnswer },
      },
    },
    async (request) =>
      uploadToContactList(ctx, request.auth, request.params.id, () =>
        readFilePart(request, CONTACT_LIST_UPLOAD_MAX_BYTES),
      ),
  );

  app.get(
    "/contact-list-items",
    {
      onRequest: admin,
      schema: { tags, querystring: ContactListItemsQuery, response: { 200: ContactListItemsPage } },
    },
    async (request) => pageListItems(ctx, request.auth, request.query),
  );

  app.get(
    "/contact-list-items/:id",
    { onRequest: admin, schema: { tags, params: IdParams, response: { 200: ContactListItem } } },
    async (request) => showContactListItem(ctx, request.auth, request.params.id),
  );

  app.post(
    "/contact-list-items",
    { onRequest: admin, schema: { tags, body: ContactListItemBody, response: { 200: ContactListItem } } },
    async (request) => createContactListItem(ctx, request.auth, request.body),
  );

  app.put(
    "/contact-list-items/:id",
    {
      onRequest: admin,
      schema: { tags, params: IdParams, body: ContactListItemUpdateBody, response: { 200: ContactListItem } },
    },
    async (request) => updateContactListItemById(ctx, request.auth, request.params.id, request.body),
  );

  app.delete(
    "/contact-list-items/:id",
    { onRequest: admin, schema: { tags, params: IdParams, response: { 200: MessageAnswer } } },
    async (request) => {
      await removeContactListItem(ctx, request.auth, request.params.id);
      return { message: "contactListItemDeleted" };
    },
  );
}
