import {
  CreateUserBody,
  IdParams,
  LanguageParams,
  ListQuery,
  MessageAnswer,
  UpdateUserBody,
  User,
  UsersListQuery,
  UsersPage,
} from "@atendo/shared";
import { z } from "zod";
import type { AppContext } from "../../context.js";
import type { App } from "../../http/app.js";
import type { AuthHooks } from "../../http/auth.js";
import {
  createUser,
  listUsers,
  listUsersPage,
  removeUser,
  setLanguage,
  showUser,
  updateUserById,
} from "./users.service.js";

const tags = ["users"];

export function registerUsersRoutes(app: App, ctx: AppContext, auth: AuthHooks): void {
  // The spec writes the paged list as GET /users/; the router answers both spellings.
  app.get(
    "/users",
    { onRequest: auth.admin, schema: { tags, querystring: ListQuery, response: { 200: UsersPage } } },
    async (request) => listUsersPage(ctx, request.auth, request.query),
  );

  app.get(
    "/users/list",
    { onRequest: auth.user, schema: { tags, querystring: UsersListQuery, response: { 200: z.array(User) } } },
    async (request) => listUsers(ctx, request.auth, request.query.companyId),
  );

  app.get(
    "/users/:id",
    { onRequest: auth.user, schema: { tags, params: IdParams, response: { 200: User } } },
    async (request) => showUser(ctx, request.auth, request.params.id),
  );

  app.post(
    "/users",
    { onRequest: auth.admin, schema: { tags, body: CreateUserBody, response: { 200: User } } },
    async (request) => createUser(ctx, request.auth, request.body),
  );

  app.put(
    "/users/:id",
    { onRequest: auth.user, schema: { tags, params: IdParams, body: UpdateUserBody, response: { 200: User } } },
    async (request) => updateUserById(ctx, request.auth, request.params.id, request.body),
  );

  app.delete(
    "/users/:id",
    { onRequest: auth.admin, schema: { tags, params: IdParams, response: { 200: MessageAnswer } } },
    async (request) => {
      await removeUser(ctx, request.auth, request.params.id);
      return { message: "userDeleted" };
    },
  );

  app.post(
    "/users/set-language/:lang",
    { onRequest: auth.user, schema: { tags, params: LanguageParams, response: { 200: MessageAnswer } } },
    async (request) => {
      await setLanguage(ctx, request.auth, request.params.lang);
      return { message: "languageUpdated" };
    },
  );
}
