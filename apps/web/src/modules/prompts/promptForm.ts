import {
  PROMPT_DEFAULT_VOICE,
  PROMPT_DEFAULTS,
  PROMPT_MODELS,
  PROMPT_VOICES,
  type Prompt,
  PromptBody,
} from "@atendo/shared";
import { z } from "zod";

/** The prompt dialog's fields as the inputs hold them: numbers and the queue as text. */
const PromptFormFields = z.object({
  name: z.string(),
  prompt: z.string(),
  apiKey: z.string(),
  queueId: z.string(),
  model: z.enum(PROMPT_MODELS),
  maxTokens: z.string(),
  temperature: z.string(),
  maxMessages: z.string(),
  voice: z.enum(PROMPT_VOICES),
  voiceKey: z.string(),
  voiceRegion: z.string(),
});
export type PromptFormValues = z.input<typeof PromptFormFields>;

/**
 * The dialog is checked by the server's own rules: the shared PromptBody reads the fields as text
 * and gives the body to send; its refusals land on the fields they name.
 */
export const PromptFormSchema = PromptFormFields.transform((values, ctx): PromptBody => {
  const parsed = PromptBody.safeParse(values);
  if (parsed.success) return parsed.data;
  for (const issue of parsed.error.issues) ctx.addIssue({ code: "custom", path: issue.path, message: issue.message });
  return z.NEVER;
});

/** A new prompt: the spec's defaults (document 2 section 9). */
export function emptyPromptForm(): PromptFormValues {
  return {
    name: "",
    prompt: "",
    apiKey: "",
    queueId: "",
    model: PROMPT_DEFAULTS.model,
    maxTokens: String(PROMPT_DEFAULTS.maxTokens),
    temperature: String(PROMPT_DEFAULTS.temperature),
    maxMessages: String(PROMPT_DEFAULTS.maxMessages),
    voice: PROMPT_DEFAULT_VOICE,
    voiceKey: "",
    voiceRegion: "",
  };
}

const isModel = (value: string): value is (typeof PROMPT_MODELS)[number] =>
  (PROMPT_MODELS as readonly string[]).includes(value);
const isVoice = (value: string): value is (typeof PROMPT_VOICES)[number] =>
  (PROMPT_VOICES as readonly string[]).includes(value);

/**
 * A stored prompt in the form. The keys arrive masked ("••••abcd"): sent back unchanged, they
 * keep the stored keys. A prompt whose queue was deleted has none, and must be given one.
 */
export function toPromptForm(prompt: Prompt): PromptFormValues {
  return {
    name: prompt.name,
    prompt: prompt.prompt,
    apiKey: prompt.apiKey,
    queueId: prompt.queueId === null ? "" : String(prompt.queueId),
    model: isModel(prompt.model) ? prompt.model : PROMPT_DEFAULTS.model,
    maxTokens: String(prompt.maxTokens),
    temperature: String(prompt.temperature),
    maxMessages: String(prompt.maxMessages),
    voice: isVoice(prompt.voice) ? prompt.voice : PROMPT_DEFAULT_VOICE,
    voiceKey: prompt.voiceKey,
    voiceRegion: prompt.voiceRegion,
  };
}

/** A voice's name in the select: "pt-BR-FranciscaNeural" reads "Francisca". */
export function voiceName(voice: string): string {
  return voice.replace(/^pt-BR-/, "").replace(/Neural$/, "");
}
