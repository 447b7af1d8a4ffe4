import type { QueueSummary } from "@atendo/shared";
import { api } from "../../api/client";
import type { RequestBody } from "../../api/routes";

/** The company's connections, shared by the page, the menu badge and the simulator page. */
export const whatsappListQueryKey = ["whatsapp", "list"] as const;
export const whatsappDetailKey = (id: number) => ["whatsapp", "detail", id] as const;
export const connectionQueuesKey = ["whatsapp", "options", "queues"] as const;

export function fetchConnections(signal?: AbortSignal) {
  return api.get("/whatsapp", { query: { session: 0 }, signal });
}

export function fetchConnection(id: number, signal?: AbortSignal) {
  return api.get("/whatsapp/{id}", { params: { id }, signal });
}

export function createConnection(body: RequestBody<"POST /whatsapp">) {
  return api.post("/whatsapp", { body });
}

export function updateConnection(id: number, body: RequestBody<"PUT /whatsapp/{id}">) {
  return api.put("/whatsapp/{id}", { params: { id }, body });
}

export function deleteConnection(id: number) {
  return api.delete("/whatsapp/{id}", { params: { id } });
}

/** The session calls: try again (POST), new QR (PUT), disconnect (DELETE). */
export const sessionActions = {
  retry: (id: number) => api.post("/whatsappsession/{id}", { params: { id } }),
  newQr: (id: number) => api.put("/whatsappsession/{id}", { params: { id } }),
  disconnect: (id: number) => api.delete("/whatsappsession/{id}", { params: { id } }),
};

export async function fetchQueueOptions(signal?: AbortSignal): Promise<QueueSummary[]> {
  const list = await api.get("/queue", { signal });
  return list.map(({ id, name, color }) => ({ id, name, color }));
}
