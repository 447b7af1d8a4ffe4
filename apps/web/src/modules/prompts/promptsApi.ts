import type { Prompt } from "@atendo/shared";
import { useQuery } from "@tanstack/react-query";
import { api } from "../../api/client";
import type { RequestBody } from "../../api/routes";

/** One cached list for the page and for the connection and queue forms' prompt selects. */
export const promptsKeys = {
  list: () => ["prompts", "list"] as const,
  detail: (id: number) => ["prompts", "detail", id] as const,
};

export async function fetchPrompts(signal?: AbortSignal): Promise<Prompt[]> {
  return (await api.get("/prompt", { signal })).prompts;
}
export const fetchPrompt = (id: number, signal?: AbortSignal) => api.get("/prompt/{id}", { params: { id }, signal });
export const createPrompt = (body: RequestBody<"POST /prompt">) => api.post("/prompt", { body });
export const updatePrompt = (id: number, body: RequestBody<"PUT /prompt/{id}">) =>
  api.put("/prompt/{id}", { params: { id }, body });
export const deletePrompt = (id: number) => api.delete("/prompt/{id}", { params: { id } });

/**
 * The choices of a form's prompt select (connections, queues): the company's prompts by name,
 * plus the stored one while the list is loading or cannot be read, so a save sends it back unchanged.
 */
export function usePromptOptions(storedId: number | null | undefined): { id: number; name: string }[] {
  const prompts = useQuery({ queryKey: promptsKeys.list(), queryFn: ({ signal }) => fetchPrompts(signal) });
  const options = (prompts.data ?? []).map(({ id, name }) => ({ id, name }));
  if (storedId && !options.some((option) => option.id === storedId))
    options.push({ id: storedId, name: `#${storedId}` });
  return options;
}
