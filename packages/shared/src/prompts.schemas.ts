import { z } from "zod";
import { INT4_MAX, IsoDate } from "./common.schemas.js";
import { PROMPT_DEFAULTS, PROMPT_MODELS, PROMPT_NAME, PROMPT_TEXT_MIN } from "./constants.js";
import { FLOW_OPENAI_DEFAULT_VOICE, FLOW_OPENAI_VOICES } from "./flows.schemas.js";

/**
 * AI prompts (document 2: /prompts, sections 3, 5, 7 and 9): the instructions, model and limits
 * an OpenAI assistant answers a queue's or a connection's customers with, and the keys it calls
 * OpenAI and Azure speech with. The keys are stored sealed and never answered back: an answer
 * carries their mask (the last four characters), and an edit that sends the mask or nothing
 * keeps the stored key.
 */

/** The voice an answer is spoken in: text only ('texto'), or one of the 15 Azure neural voices of the OpenAI node. */
export const PROMPT_VOICES = FLOW_OPENAI_VOICES;
export const PROMPT_DEFAULT_VOICE = FLOW_OPENAI_DEFAULT_VOICE;

/** Bounds the spec leaves open (ours): the largest answer the models give, a prompt, the history sent. */
export const PROMPT_LIMITS = {
  text: 10_000,
  maxTokens: 16_384,
  maxMessages: 100,
  key: 500,
  voiceRegion: 50,
} as const;

/** 0 to 1 in steps of 0.1 (document 2 section 5). */
const onTenthStep = (value: number) => Math.abs(value * 10 - Math.round(value * 10)) < 1e-9;

/** Numbers arrive as numbers from the JSON client and as text from a form. */
const wholeNumber = (max: number) =>
  z.preprocess(
    (value) => (value === "" ? undefined : value),
    z.coerce.number({ error: "required" }).int("notInteger").min(1, "tooSmall").max(max, "tooLarge"),
  );

const promptFields = {
  name: z
    .string({ error: "required" })
    .trim()
    .min(1, "required")
    .min(PROMPT_NAME.min, "tooShort")
    .max(PROMPT_NAME.max, "tooLong"),
  prompt: z
    .string({ error: "required" })
    .trim()
    .min(1, "required")
    .min(PROMPT_TEXT_MIN, "tooShort")
    .max(PROMPT_LIMITS.text, "tooLong"),
  model: z.enum(PROMPT_MODELS, { error: "invalidModel" }).default(PROMPT_DEFAULTS.model),
  maxTokens: wholeNumber(PROMPT_LIMITS.maxTokens).default(PROMPT_DEFAULTS.maxTokens),
  temperature: z
    .preprocess(
      (value) => (value === "" ? undefined : value),
      z.coerce.number({ error: "required" }).min(0, "tooSmall").max(1, "tooLarge").refine(onTenthStep, "invalidStep"),
    )
    .default(PROMPT_DEFAULTS.temperature),
  /** Which queue the assistant answers in; required: submitting without one is 'set queue' (document 2 section 5). */
  queueId: z.preprocess(
    (value) => (value === "" || value === 0 || value === null ? undefined : value),
    z.coerce.number({ error: "setQueue" }).int().positive().max(INT4_MAX),
  ),
  maxMessages: wholeNumber(PROMPT_LIMITS.maxMessages).default(PROMPT_DEFAULTS.maxMessages),
  voice: z.enum(PROMPT_VOICES, { error: "invalidVoice" }).default(PROMPT_DEFAULT_VOICE),
  voiceKey: z.string().trim().max(PROMPT_LIMITS.key, "tooLong").default(""),
  voiceRegion: z.string().trim().max(PROMPT_LIMITS.voiceRegion, "tooLong").default(""),
};

const apiKey = z.string({ error: "required" }).trim().max(PROMPT_LIMITS.key, "tooLong");

/** POST /prompt: every field of the form (document 2 section 7), the API key required. */
export const PromptBody = z.object({ ...promptFields, apiKey: apiKey.min(1, "required") });
export type PromptBody = z.infer<typeof PromptBody>;

/**
 * PUT /prompt/{id}: the whole form again. An API key or voice key left empty, or sent back as the
 * mask the answer showed, keeps the stored key.
 */
export const PromptUpdateBody = z.object({ ...promptFields, apiKey: apiKey.default("") });
export type PromptUpdateBody = z.infer<typeof PromptUpdateBody>;

/** A prompt as every user of the company may see it (its live events): no key, not even masked. */
export const PromptRecord = z.object({
  id: z.number(),
  name: z.string(),
  prompt: z.string(),
  model: z.string(),
  maxTokens: z.number(),
  temperature: z.number(),
  /** Null once its queue is deleted: the prompt then waits for a new one. */
  queueId: z.number().nullable(),
  queue: z.object({ id: z.number(), name: z.string() }).nullable(),
  maxMessages: z.number(),
  voice: z.string(),
  voiceRegion: z.string(),
  createdAt: IsoDate,
  updatedAt: IsoDate,
});
export type PromptRecord = z.infer<typeof PromptRecord>;

/** A prompt as its admins get it: the keys masked ("••••abcd", "" when none), never plain. */
export const Prompt = PromptRecord.extend({ apiKey: z.string(), voiceKey: z.string() });
export type Prompt = z.infer<typeof Prompt>;

/** GET /prompt: the company's prompts by name (not paged: the connection and queue forms choose among them). */
export const PromptsList = z.object({ prompts: z.array(Prompt) });
export type PromptsList = z.infer<typeof PromptsList>;
