import OpenAI, { toFile } from "openai";
import type { Config } from "../../config.js";
import type { ContextMessage } from "./ai-logic.js";

type OpenAiConfig = Pick<Config, "OPENAI_BASE_URL" | "OPENAI_TIMEOUT_MS" | "OPENAI_TRANSCRIPTION_MODEL">;

/**
 * The official client, one per call (each tenant has its own key), at OPENAI_BASE_URL. It
 * retries nothing itself: a failed answer is retried by a later job (ai.jobs.ts), which a
 * restart does not lose. Its own logging is off, so nothing it knows of the request (the key
 * among it) reaches a log.
 */
function client(config: OpenAiConfig, apiKey: string): OpenAI {
  return new OpenAI({
    apiKey,
    baseURL: config.OPENAI_BASE_URL,
    timeout: config.OPENAI_TIMEOUT_MS,
    maxRetries: 0,
    logLevel: "off",
  });
}

export interface ChatSettings {
  apiKey: string;
  model: string;
  temperature: number;
  maxTokens: number;
}

/** The model's answer to the conversation (chat completions); empty when it gave none. */
export async function chatAnswer(
  config: OpenAiConfig,
  settings: ChatSettings,
  system: string,
  conversation: ContextMessage[],
): Promise<string> {
  const completion = await client(config, settings.apiKey).chat.completions.create({
    model: settings.model,
    temperature: settings.temperature,
    // max_tokens rather than max_completion_tokens: every OpenAI-compatible server knows it.
    max_tokens: settings.maxTokens,
    messages: [{ role: "system", content: system }, ...conversation],
  });
  return completion.choices[0]?.message?.content?.trim() ?? "";
}

/** The text of a customer's audio (audio transcriptions). */
export async function transcribe(
  config: OpenAiConfig,
  apiKey: string,
  audio: { data: Buffer; fileName: string; mimeType: string },
): Promise<string> {
  const file = await toFile(audio.data, audio.fileName, { type: audio.mimeType });
  const result = await client(config, apiKey).audio.transcriptions.create({
    file,
    model: config.OPENAI_TRANSCRIPTION_MODEL,
  });
  return result.text.trim();
}
