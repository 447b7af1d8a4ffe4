import type { Prompt } from "@atendo/shared";

/** A prompt as GET /prompt answers it: keys masked. */
export const samplePrompt = (id: number, name: string, values: Partial<Prompt> = {}): Prompt => ({
  id,
  name,
  prompt: "Você é a assistente da loja. Responda com educação e em poucas frases.",
  model: "gpt-3.5-turbo-1106",
  maxTokens: 100,
  temperature: 1,
  queueId: 4,
  queue: { id: 4, name: "Vendas" },
  maxMessages: 10,
  voice: "texto",
  voiceRegion: "",
  apiKey: "••••abcd",
  voiceKey: "",
  createdAt: "2026-01-01T00:00:00.000Z",
  updatedAt: "2026-01-01T00:00:00.000Z",
  ...values,
});
