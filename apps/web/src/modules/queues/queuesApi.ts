import type {
  Queue,
  QueueBody,
  QueueOption,
  QueueOptionBody,
  QueueOptionUpdateBody,
  QueueUpdateBody,
} from "@atendo/shared";
import { api } from "../../api/client";

export const queuesKeys = {
  list: ["queues", "admin-list"] as const,
  detail: (id: number) => ["queues", "detail", id] as const,
  /** Options are fetched per parent; null is the root level. */
  options: (queueId: number, parentId: number | null) => ["queue-options", queueId, parentId] as const,
  allOptions: (queueId: number) => ["queue-options", queueId] as const,
};

export const fetchQueues = (signal?: AbortSignal) => api.get<Queue[]>("/queue", { signal });
export const fetchQueue = (id: number, signal?: AbortSignal) => api.get<Queue>(`/queue/${id}`, { signal });
export const createQueue = (body: QueueBody) => api.post<Queue>("/queue", body);
export const updateQueue = (id: number, body: QueueUpdateBody) => api.put<Queue>(`/queue/${id}`, body);
export const deleteQueue = (id: number) => api.delete<void>(`/queue/${id}`);

/** GET /queue-options: the children of one parent (-1 for the root), in option order. */
export function fetchQueueOptions(queueId: number, parentId: number | null, signal?: AbortSignal) {
  return api.get<QueueOption[]>("/queue-options", { params: { queueId, parentId: parentId ?? -1 }, signal });
}
export const createQueueOption = (body: QueueOptionBody) => api.post<QueueOption>("/queue-options", body);
export const updateQueueOption = (id: number, body: QueueOptionUpdateBody) =>
  api.put<QueueOption>(`/queue-options/${id}`, body);
export const deleteQueueOption = (id: number) => api.delete<void>(`/queue-options/${id}`);
