import type { QueueIntegration } from "@atendo/shared";

/** An integration as the server answers it: a typebot unless told otherwise. */
export function sampleIntegration(overrides: Partial<QueueIntegration> = {}): QueueIntegration {
  return {
    id: 7,
    type: "typebot",
    name: "Bot de vendas",
    projectName: "Bot de vendas",
    jsonContent: "",
    language: "",
    urlN8N: "https://typebot.io",
    typebotSlug: "vendas",
    typebotExpires: 1,
    typebotDelayMessage: 1000,
    typebotKeywordFinish: "",
    typebotKeywordRestart: "",
    typebotUnknownMessage: "",
    typebotRestartMessage: "",
    flowId: null,
    hasSigningSecret: false,
    createdAt: "2026-01-01T00:00:00.000Z",
    updatedAt: "2026-01-01T00:00:00.000Z",
    ...overrides,
  };
}
