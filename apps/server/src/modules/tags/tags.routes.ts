import {
  IdParams,
  KanbanTagsAnswer,
  KanbanTicketsAnswer,
  KanbanTicketsQuery,
  MessageAnswer,
  Tag,
  TagBody,
  TagListQuery,
  TagSummary,
  TagSyncBody,
  TagsListQuery,
  TagsPage,
  TagUpdateBody,
  TicketTagParams,
  TicketTagsParams,
} from "@atendo/shared";
import { z } from "zod";
import type { AppContext } from "../../context.js";
import type { App } from "../../http/app.js";
import type { AuthHooks } from "../../http/auth.js";
import {
  addTicketTag,
  createTag,
  listCompanyTags,
  listKanbanTickets,
  pageCompanyTags,
  removeTag,
  removeTicketTags,
  showTag,
  syncTicketTags,
  updateTagById,
} from "./tags.service.js";

const tags = ["tags"];

/**
 * Document 2 does not gate tag management: any user may create and edit tags
 * (the kanban flag only for admin and supervisor, checked in the service);
 * deleting a tag strips it from every ticket, so it is for admins.
 */
export function registerTagsRoutes(app: App, ctx: AppContext, auth: AuthHooks): void {
  app.get(
    "/tags",
    { onRequest: auth.user, schema: { tags, querystring: TagListQuery, response: { 200: TagsPage } } },
    async (request) => pageCompanyTags(ctx, request.auth, request.query),
  );

  app.get(
    "/tags/list",
    { onRequest: auth.user, schema: { tags, querystring: TagsListQuery, response: { 200: z.array(Tag) } } },
    async (request) => listCompanyTags(ctx, request.auth, request.query.kanban),
  );

  app.get(
    "/tags/kanban",
    { onRequest: auth.user, schema: { tags, response: { 200: KanbanTagsAnswer } } },
    async (request) => ({ lista: await listCompanyTags(ctx, request.auth, 1) }),
  );

  app.post(
    "/tags/sync",
    { onRequest: auth.user, schema: { tags, body: TagSyncBody, response: { 200: z.array(TagSummary) } } },
    async (request) => syncTicketTags(ctx, request.auth, request.body),
  );

  app.get(
    "/tags/:id",
    { onRequest: auth.user, schema: { tags, params: IdParams, response: { 200: Tag } } },
    async (request) => showTag(ctx, request.auth, request.params.id),
  );

  app.post(
    "/tags",
    { onRequest: auth.user, schema: { tags, body: TagBody, response: { 200: Tag } } },
    async (request) => createTag(ctx, request.auth, request.body),
  );

  app.put(
    "/tags/:id",
    { onRequest: auth.user, schema: { tags, params: IdParams, body: TagUpdateBody, response: { 200: Tag } } },
    async (request) => updateTagById(ctx, request.auth, request.params.id, request.body),
  );

  app.delete(
    "/tags/:id",
    { onRequest: auth.admin, schema: { tags, params: IdParams, response: { 200: MessageAnswer } } },
    async (request) => {
      await removeTag(ctx, request.auth, request.params.id);
      return { message: "tagDeleted" };
    },
  );

  app.get(
    "/ticket/kanban",
    { onRequest: auth.user, schema: { tags, querystring: KanbanTicketsQuery, response: { 200: KanbanTicketsAnswer } } },
    async (request) => ({ tickets: await listKanbanTickets(ctx, request.auth, request.query) }),
  );

  app.delete(
    "/ticket-tags/:ticketId",
    { onRequest: auth.user, schema: { tags, params: TicketTagsParams, response: { 200: MessageAnswer } } },
    async (request) => {
      await removeTicketTags(ctx, request.auth, request.params.ticketId);
      return { message: "ticketTagsRemoved" };
    },
  );

  app.put(
    "/ticket-tags/:ticketId/:tagId",
    { onRequest: auth.user, schema: { tags, params: TicketTagParams, response: { 200: MessageAnswer } } },
    async (request) => {
      await addTicketTag(ctx, request.auth, request.params.ticketId, request.params.tagId);
      return { message: "ticketTagAdded" };
    },
  );
}
