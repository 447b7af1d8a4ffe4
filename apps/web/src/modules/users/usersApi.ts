import type { CreateUserBody, QueueSummary, UpdateUserBody, User, UsersPage } from "@atendo/shared";
import type { z } from "zod";
import { api } from "../../api/client";

export type UsersPageData = z.infer<typeof UsersPage>;

/** PUT /users/{id} body: every field optional, no password means unchanged. */
export type UpdateUserPayload = UpdateUserBody;
/** POST /users body: the server fills profile, allTicket and queueIds with defaults when absent. */
export type CreateUserPayload = UpdateUserBody & Pick<CreateUserBody, "name" | "email" | "password">;

/** A connection as the default-connection select needs it. */
export interface ConnectionOption {
  id: number;
  name: string;
}

/** Realtime payload of `company-{id}-user`. */
export type UserEvent = { action: "create" | "update"; user: User } | { action: "delete"; userId: number };

export const usersKeys = {
  all: ["users"] as const,
  lists: () => ["users", "list"] as const,
  list: (searchParam: string) => ["users", "list", searchParam] as const,
  detail: (id: number) => ["users", "detail", id] as const,
};

export const queuesKey = ["queues"] as const;
export const connectionsKey = ["whatsapp", "options"] as const;

export function fetchUsersPage(searchParam: string, pageNumber: number, signal?: AbortSignal): Promise<UsersPageData> {
  return api.get<UsersPageData>("/users/", { params: { searchParam, pageNumber }, signal });
}

export function fetchUser(id: number, signal?: AbortSignal): Promise<User> {
  return api.get<User>(`/users/${id}`, { signal });
}

export function createUser(body: CreateUserPayload): Promise<User> {
  return api.post<User>("/users", body);
}

export function updateUser(id: number, body: UpdateUserPayload): Promise<User> {
  return api.put<User>(`/users/${id}`, body);
}

export function deleteUser(id: number): Promise<void> {
  return api.delete<void>(`/users/${id}`);
}

export async function fetchQueues(signal?: AbortSignal): Promise<QueueSummary[]> {
  const queues = await api.get<QueueSummary[]>("/queue", { signal });
  return Array.isArray(queues) ? queues.map(({ id, name, color }) => ({ id, name, color })) : [];
}

/** GET /whatsapp may not exist yet (404): any failure gives an empty list. */
export async function fetchConnectionOptions(signal?: AbortSignal): Promise<ConnectionOption[]> {
  try {
    const list = await api.get<ConnectionOption[]>("/whatsapp", { signal });
    return Array.isArray(list) ? list.map(({ id, name }) => ({ id, name })) : [];
  } catch {
    return [];
  }
}
