import type { Config } from "../../config.js";
import { RemoteHttpError } from "./ai-logic.js";

type SpeechConfig = Pick<Config, "AZURE_SPEECH_BASE_URL" | "OPENAI_TIMEOUT_MS">;

/** Ogg/Opus: what WhatsApp plays as a voice note. */
export const SPEECH_OUTPUT_FORMAT = "ogg-24khz-16bit-mono-opus";
export const SPEECH_MIME_TYPE = "audio/ogg";

const escapeXml = (text: string) =>
  text.replace(/[<>&'"]/g, (c) => ({ "<": "&lt;", ">": "&gt;", "&": "&amp;", "'": "&apos;", '"': "&quot;" })[c]!);

/** Azure's region names ("brazilsouth", "eastus2"): nothing else may become part of the host. */
const REGION = /^[a-z0-9-]{1,50}$/i;

/** The endpoint of a region: AZURE_SPEECH_BASE_URL with {region} filled, or Azure's own. */
export function speechEndpoint(config: SpeechConfig, region: string): string {
  const base = config.AZURE_SPEECH_BASE_URL ?? "https://{region}.tts.speech.microsoft.com";
  return `${base.replace("{region}", region).replace(/\/+$/, "")}/cognitiveservices/v1`;
}

/**
 * The answer spoken by one of the pt-BR neural voices, through Azure speech's text-to-speech
 * REST API (POST {region}.tts.speech.microsoft.com/cognitiveservices/v1, SSML in, audio out).
 * Throws RemoteHttpError on a refusal, a timeout or a lost connection.
 */
export async function synthesize(
  config: SpeechConfig,
  voice: { name: string; key: string; region: string },
  text: string,
): Promise<Buffer> {
  // Refused like Azure refuses an unknown region, before any request is made.
  if (!REGION.test(voice.region)) throw new RemoteHttpError(400);
  const ssml = `<speak version="1.0" xml:lang="pt-BR"><voice xml:lang="pt-BR" name="${escapeXml(voice.name)}">${escapeXml(text)}</voice></speak>`;
  let response: Response;
  try {
    response = await fetch(speechEndpoint(config, voice.region), {
      method: "POST",
      headers: {
        "Ocp-Apim-Subscription-Key": voice.key,
        "Content-Type": "application/ssml+xml",
        "X-Microsoft-OutputFormat": SPEECH_OUTPUT_FORMAT,
        "User-Agent": "atendo",
      },
      body: ssml,
      signal: AbortSignal.timeout(config.OPENAI_TIMEOUT_MS),
    });
  } catch (error) {
    const timedOut = error instanceof DOMException && error.name === "TimeoutError";
    throw new RemoteHttpError(undefined, timedOut);
  }
  if (!response.ok) {
    await response.body?.cancel();
    throw new RemoteHttpError(response.status);
  }
  return Buffer.from(await response.arrayBuffer());
}
