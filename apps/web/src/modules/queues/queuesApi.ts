import { api } from "../../api/client";
import type { RequestBody } from "../../api/routes";

export const queuesKeys = {
  list: ["queues", "admin-list"] as const,
  detail: (id: number) => ["queues", "detail", id] as const,
  /** Options are fetched per parent; null is the root level. */
  options: (queueId: number, parentId: number | null) => ["queue-options", queueId, parentId] as const,
  allOptions: (queueId: number) => ["queue-options", queueId] as const,
};

export const fetchQueues = (signal?: AbortSignal) => api.get("/queue", { signal });
export const fetchQueue = (id: number, signal?: AbortSignal) => api.get("/queue/{id}", { params: { id }, signal });
export const createQueue = (body: RequestBody<"POST /queue">) => api.post("/queue", { body });
export const updateQueue = (id: number, body: RequestBody<"PUT /queue/{id}">) =>
  api.put("/queue/{id}", { params: { id }, body });
export const deleteQueue = (id: number) => api.delete("/queue/{id}", { params: { id } });

/** GET /queue-options: the children of one parent (-1 for the root), in option order. */
export function fetchQueueOptions(queueId: number, parentId: number | null, signal?: AbortSignal) {
  return api.get("/queue-options", { query: { queueId, parentId: parentId ?? -1 }, signal });
}
export const createQueueOption = (body: RequestBody<"POST /queue-options">) => api.post("/queue-options", { body });
export const updateQueueOption = (id: number, body: RequestBody<"PUT /queue-options/{id}">) =>
  api.put("/queue-options/{id}", { params: { id }, body });
export const deleteQueueOption = (id: number) => api.delete("/queue-options/{id}", { params: { id } });
