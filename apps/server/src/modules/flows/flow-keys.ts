import type { FlowContent } from "@atendo/shared";
import { AppError } from "../../http/errors.js";
import { maskSecret, type Secrets } from "../../secrets/secrets.js";
import { isSealed, openStoredKey } from "../../secrets/stored-keys.js";

/*
 * An OpenAI node carries its service keys in the flow's document (apiKey, and voiceKey for Azure
 * speech). Like every tenant's key they are stored sealed (secrets.ts) and answered as their
 * mask; a document saved back with a mask, or with an empty voice key, keeps the key stored under
 * that mask in the flow (a node copied in the builder keeps its original's key that way too).
 */

const KEY_FIELDS = ["apiKey", "voiceKey"] as const;
/** The document's bound on a key field (shared OpenAiNodeData): the sealed form must fit it too. */
const STORED_KEY_MAX = 500;
const MASK_PREFIX = "••••";

type OpenAiData = Extract<FlowContent["nodes"][number], { type: "openai" }>["data"]["typebotIntegration"];

function openAiNodes(content: FlowContent | null | undefined) {
  return (content?.nodes ?? []).flatMap((node) => (node.type === "openai" ? [node] : []));
}

function maskOf(secrets: Pick<Secrets, "open">, stored: string): string {
  if (!stored) return "";
  try {
    return maskSecret(openStoredKey(secrets, stored));
  } catch {
    // Sealed under another server key: shown as set, never opened.
    return MASK_PREFIX;
  }
}

/** The document as answered: every stored key replaced by its mask. */
export function maskFlowKeys(secrets: Pick<Secrets, "open">, content: FlowContent | null): FlowContent | null {
  if (!content) return content;
  return {
    ...content,
    nodes: content.nodes.map((node) => {
      if (node.type !== "openai") return node;
      const data: OpenAiData = { ...node.data.typebotIntegration };
      for (const field of KEY_FIELDS) data[field] = maskOf(secrets, data[field]);
      return { ...node, data: { ...node.data, typebotIntegration: data } };
    }),
  };
}

/**
 * The document to store: each key sealed, or, when it came back as a mask (or a voice key came
 * back empty while one is stored), the stored key it stands for. Refuses a key too long to fit
 * the document once sealed.
 */
export function sealFlowKeys(secrets: Secrets, incoming: FlowContent, stored: FlowContent | null): FlowContent {
  /** Stored keys by their mask, and by node and field. */
  const byMask = new Map<string, string>();
  const byNode = new Map<string, string>();
  for (const node of openAiNodes(stored)) {
    for (const field of KEY_FIELDS) {
      const value = node.data.typebotIntegration[field];
      if (!value) continue;
      byMask.set(maskOf(secrets, value), value);
      byNode.set(`${node.id}:${field}`, value);
    }
  }
  return {
    ...incoming,
    nodes: incoming.nodes.map((node, index) => {
      if (node.type !== "openai") return node;
      const data: OpenAiData = { ...node.data.typebotIntegration };
      for (const field of KEY_FIELDS) {
        const value = data[field];
        const own = byNode.get(`${node.id}:${field}`);
        // The node's own key first: short keys share one mask.
        const kept = !value ? own : own !== undefined && maskOf(secrets, own) === value ? own : byMask.get(value);
        const key = kept ?? value;
        if (!key) continue;
        if (kept !== undefined && isSealed(kept)) {
          data[field] = kept;
          continue;
        }
        const sealed = secrets.seal(key);
        if (sealed.length > STORED_KEY_MAX) {
          throw new AppError("ERR_VALIDATION", {
            fields: [{ path: `body.nodes.${index}.data.typebotIntegration.${field}`, message: "tooLong" }],
          });
        }
        data[field] = sealed;
      }
      return { ...node, data: { ...node.data, typebotIntegration: data } };
    }),
  };
}
