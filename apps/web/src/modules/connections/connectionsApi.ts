import type { ConnectionStatus, QueueSummary, Whatsapp, WhatsappBody, WhatsappUpdateBody } from "@atendo/shared";
import { ApiError, api } from "../../api/client";

/** The company's connections, shared by the page, the menu badge and the simulator page. */
export const whatsappListQueryKey = ["whatsapp", "list"] as const;
export const whatsappDetailKey = (id: number) => ["whatsapp", "detail", id] as const;
export const connectionOptionKeys = {
  queues: ["whatsapp", "options", "queues"] as const,
  prompts: ["whatsapp", "options", "prompts"] as const,
  integrations: ["whatsapp", "options", "integrations"] as const,
};

/** Realtime payload of `company-{id}-whatsapp`. */
export type WhatsappEvent = { action: "update"; whatsapp: Whatsapp } | { action: "delete"; whatsappId: number };

/** Realtime payload of `company-{id}-whatsappSession`. */
export interface SessionEvent {
  action: "update";
  session: { id: number; status: ConnectionStatus; qrcode: string; retries: number; updatedAt: string };
}

export interface NamedOption {
  id: number;
  name: string;
}

export function fetchConnections(signal?: AbortSignal): Promise<Whatsapp[]> {
  return api.get<Whatsapp[]>("/whatsapp", { params: { session: 0 }, signal });
}

export function fetchConnection(id: number, signal?: AbortSignal): Promise<Whatsapp> {
  return api.get<Whatsapp>(`/whatsapp/${id}`, { params: { session: 0 }, signal });
}

export function createConnection(body: WhatsappBody): Promise<Whatsapp> {
  return api.post<Whatsapp>("/whatsapp", body);
}

export function updateConnection(id: number, body: WhatsappUpdateBody): Promise<Whatsapp> {
  return api.put<Whatsapp>(`/whatsapp/${id}`, body);
}

export function deleteConnection(id: number): Promise<void> {
  return api.delete<void>(`/whatsapp/${id}`);
}

/** The session calls: try again (POST), new QR (PUT), disconnect (DELETE). */
export const sessionActions = {
  retry: (id: number) => api.post<void>(`/whatsappsession/${id}`),
  newQr: (id: number) => api.put<void>(`/whatsappsession/${id}`),
  disconnect: (id: number) => api.delete<void>(`/whatsappsession/${id}`),
};

/** A list route this server may not have yet (404) is an empty list, not an error. */
async function optionalList<T>(load: () => Promise<T[]>): Promise<T[]> {
  try {
    return await load();
  } catch (err) {
    if (err instanceof ApiError && err.status === 404) return [];
    throw err;
  }
}

const named = (list: unknown): NamedOption[] =>
  Array.isArray(list)
    ? list
        .filter((item): item is NamedOption => typeof item?.id === "number" && typeof item?.name === "string")
        .map(({ id, name }) => ({ id, name }))
    : [];

export function fetchQueueOptions(signal?: AbortSignal): Promise<QueueSummary[]> {
  return optionalList(async () => {
    const list = await api.get<QueueSummary[]>("/queue", { signal });
    return Array.isArray(list) ? list.map(({ id, name, color }) => ({ id, name, color })) : [];
  });
}

/** GET /prompt answers `{ prompts }` (document 2). */
export function fetchPromptOptions(signal?: AbortSignal): Promise<NamedOption[]> {
  return optionalList(async () => named((await api.get<{ prompts?: unknown }>("/prompt", { signal }))?.prompts));
}

/** GET /queueIntegration/ answers `{ queueIntegrations, hasMore }` (document 2). */
export function fetchIntegrationOptions(signal?: AbortSignal): Promise<NamedOption[]> {
  return optionalList(async () =>
    named((await api.get<{ queueIntegrations?: unknown }>("/queueIntegration/", { signal }))?.queueIntegrations),
  );
}
