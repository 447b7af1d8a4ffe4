import { randomBytes } from "node:crypto";
import { FlowContent } from "@atendo/shared";
import { describe, expect, it } from "vitest";
import { AppError } from "../../http/errors.js";
import { createSecrets } from "../../secrets/secrets.js";
import { isSealed } from "../../secrets/stored-keys.js";
import { maskFlowKeys, sealFlowKeys } from "./flow-keys.js";

const secrets = createSecrets(randomBytes(32));

function document(nodes: { id: string; apiKey: string; voiceKey?: string }[]): FlowContent {
  return FlowContent.parse({
    nodes: [
      { id: "1", type: "start", position: { x: 0, y: 0 }, data: { label: "Inicio do fluxo" } },
      ...nodes.map(({ id, apiKey, voiceKey }) => ({
        id,
        type: "openai",
        position: { x: 100, y: 0 },
        data: { typebotIntegration: { name: "IA", apiKey, voiceKey: voiceKey ?? "", prompt: "Seja breve." } },
      })),
    ],
    connections: [],
  });
}

const keysOf = (content: FlowContent | null) =>
  (content?.nodes ?? []).flatMap((node) =>
    node.type === "openai" ? [[node.data.typebotIntegration.apiKey, node.data.typebotIntegration.voiceKey]] : [],
  );

describe("OpenAI node keys in a flow's document", () => {
  it("are stored sealed and answered as their mask", () => {
    const stored = sealFlowKeys(
      secrets,
      document([{ id: "a", apiKey: "sk-live-abcdef123456", voiceKey: "azure-987654321" }]),
      null,
    );
    const [[apiKey, voiceKey]] = keysOf(stored) as [[string, string]];
    expect(isSealed(apiKey)).toBe(true);
    expect(secrets.open(apiKey)).toBe("sk-live-abcdef123456");
    expect(secrets.open(voiceKey)).toBe("azure-987654321");
    expect(keysOf(maskFlowKeys(secrets, stored))).toEqual([["••••3456", "••••4321"]]);
  });

  it("keep the stored key when saved back as its mask or as an empty voice key, also in a copied node", () => {
    const first = sealFlowKeys(
      secrets,
      document([{ id: "a", apiKey: "sk-live-abcdef123456", voiceKey: "azure-987654321" }]),
      null,
    );
    const again = sealFlowKeys(
      secrets,
      document([
        { id: "a", apiKey: "••••3456", voiceKey: "" },
        { id: "copy", apiKey: "••••3456", voiceKey: "••••4321" },
        { id: "new", apiKey: "sk-other-key-000111" },
      ]),
      first,
    );
    const [a, copy, created] = keysOf(again) as [string, string][];
    const [[storedApi, storedVoice]] = keysOf(first) as [[string, string]];
    expect(a).toEqual([storedApi, storedVoice]);
    expect(copy).toEqual([storedApi, storedVoice]);
    expect(secrets.open(created![0])).toBe("sk-other-key-000111");
    expect(created![1]).toBe("");
  });

  it("seal a key stored plain before keys were sealed when the flow is saved again", () => {
    const legacy = document([{ id: "a", apiKey: "sk-legacy-plain-0042" }]);
    expect(keysOf(maskFlowKeys(secrets, legacy))).toEqual([["••••0042", ""]]);
    const saved = sealFlowKeys(secrets, document([{ id: "a", apiKey: "••••0042" }]), legacy);
    expect(secrets.open(keysOf(saved)[0]![0]!)).toBe("sk-legacy-plain-0042");
  });

  it("refuse a key too long to be stored sealed", () => {
    expect(() => sealFlowKeys(secrets, document([{ id: "a", apiKey: "k".repeat(400) }]), null)).toThrow(AppError);
  });
});
