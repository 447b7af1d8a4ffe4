import { z } from "zod";
import { IdParams, ListQuery, MessageAnswer } from "../common.schemas.js";
import { CreateUserBody, LanguageParams, UpdateUserBody, User, UsersListQuery, UsersPage } from "../users.schemas.js";
import type { RouteGroup } from "./contract.js";

export const USERS_ROUTES = {
  "GET /users": { query: ListQuery, response: UsersPage },
  "GET /users/list": { query: UsersListQuery, response: z.array(User) },
  "GET /users/{id}": { params: IdParams, response: User },
  "POST /users": { body: CreateUserBody, response: User },
  "PUT /users/{id}": { params: IdParams, body: UpdateUserBody, response: User },
  "DELETE /users/{id}": { params: IdParams, response: MessageAnswer },
  "POST /users/set-language/{lang}": { params: LanguageParams, response: MessageAnswer },
} satisfies RouteGroup;
