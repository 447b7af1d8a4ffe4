import { STORAGE_KEYS } from "@atendo/shared";

/**
 * The answer variables questions store (document 2, section 4): the list lives in
 * local storage under `variables`, where the message fields read it to offer
 * `{{name}}` placeholders. It is rebuilt from the question nodes whenever a flow
 * loads, so it always names what the open flow's questions ask.
 */

/** The answer keys of the question nodes, each once, in the flow's order. */
export function variablesOf(answerKeys: readonly (string | undefined)[]): string[] {
  const seen = new Set<string>();
  for (const key of answerKeys) {
    const trimmed = key?.trim();
    if (trimmed) seen.add(trimmed);
  }
  return [...seen];
}

/** A created question's key added last, any earlier copy removed first. */
export function withVariable(list: readonly string[], key: string): string[] {
  return [...list.filter((item) => item !== key), key];
}

/** An edited question's old key swapped for the new one, in place; added when the old was not listed. */
export function withVariableRenamed(list: readonly string[], previous: string, next: string): string[] {
  if (!list.includes(previous)) return withVariable(list, next);
  const renamed = list.map((item) => (item === previous ? next : item));
  return renamed.filter((item, index) => renamed.indexOf(item) === index);
}

export function readVariables(): string[] {
  try {
    const parsed: unknown = JSON.parse(localStorage.getItem(STORAGE_KEYS.variables) ?? "[]");
    return Array.isArray(parsed) ? parsed.filter((item): item is string => typeof item === "string") : [];
  } catch {
    return [];
  }
}

export function storeVariables(list: readonly string[]): void {
  try {
    localStorage.setItem(STORAGE_KEYS.variables, JSON.stringify(list));
  } catch {
    // Storage may be full or blocked; the list is rebuilt on the next load anyway.
  }
}
