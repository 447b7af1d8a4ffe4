import type { FlowDocumentInput } from "@atendo/shared";
import { api } from "../../api/client";

export const flowBuilderKeys = {
  flow: (id: number) => ["flow-builder", "flow", id] as const,
  queues: () => ["flow-builder", "queues"] as const,
};

export const fetchFlow = (id: number, signal?: AbortSignal) =>
  api.get("/flowbuilder/flow/{id}", { params: { id }, signal });

export const saveFlow = (document: FlowDocumentInput) => api.post("/flowbuilder/flow", { body: document });

export const fetchQueues = (signal?: AbortSignal) => api.get("/queue", { signal });

/** Where each kind of media goes: the video dialog uses the audio route, as the original client does. */
export type FlowUploadRoute = "/flowbuilder/img" | "/flowbuilder/audio" | "/flowbuilder/content";

/**
 * A multipart upload in the original client's form (fromMe, body, the files under
 * `medias`); the answer names each stored file in the order sent.
 */
export function uploadFlowMedia(route: FlowUploadRoute, files: readonly File[]) {
  const form = new FormData();
  form.append("fromMe", "true");
  form.append("body", "");
  for (const file of files) form.append("medias", file, file.name);
  return api.post(route, { body: form });
}
