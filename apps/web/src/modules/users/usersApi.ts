import type { QueueSummary, Whatsapp } from "@atendo/shared";
import { api } from "../../api/client";
import type { Answer, RequestBody } from "../../api/routes";

export type UsersPageData = Answer<"GET /users">;

/** A connection as the default-connection select needs it. */
export type ConnectionOption = Pick<Whatsapp, "id" | "name">;

export const usersKeys = {
  all: ["users"] as const,
  lists: () => ["users", "list"] as const,
  list: (searchParam: string) => ["users", "list", searchParam] as const,
  detail: (id: number) => ["users", "detail", id] as const,
};

export const queuesKey = ["queues"] as const;
export const connectionsKey = ["whatsapp", "options"] as const;

export function fetchUsersPage(searchParam: string, pageNumber: number, signal?: AbortSignal) {
  return api.get("/users", { query: { searchParam, pageNumber }, signal });
}

export function fetchUser(id: number, signal?: AbortSignal) {
  return api.get("/users/{id}", { params: { id }, signal });
}

/** The server fills profile, allTicket and queueIds with defaults when absent. */
export function createUser(body: RequestBody<"POST /users">) {
  return api.post("/users", { body });
}

/** Every field optional; no password means unchanged. */
export function updateUser(id: number, body: RequestBody<"PUT /users/{id}">) {
  return api.put("/users/{id}", { params: { id }, body });
}

export function deleteUser(id: number) {
  return api.delete("/users/{id}", { params: { id } });
}

export async function fetchQueues(signal?: AbortSignal): Promise<QueueSummary[]> {
  const queues = await api.get("/queue", { signal });
  return queues.map(({ id, name, color }) => ({ id, name, color }));
}

export async function fetchConnectionOptions(signal?: AbortSignal): Promise<ConnectionOption[]> {
  const list = await api.get("/whatsapp", { signal });
  return list.map(({ id, name }) => ({ id, name }));
}
