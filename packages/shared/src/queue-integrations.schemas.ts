import { z } from "zod";
import { Id, IsoDate } from "./common.schemas.js";
import { DIALOGFLOW_LANGUAGES, INTEGRATION_NAME, TYPEBOT_DEFAULTS } from "./constants.js";
import { INTEGRATION_TYPES, type IntegrationType } from "./enums.js";

/**
 * Queue integrations (document 2: /queue-integration, sections 3, 4, 5 and 7): what answers a
 * queue's or a connection's customers instead of a person. Each type has its own fields:
 * - dialogflow: the Google project (projectName), the agent's language and the service account
 *   JSON (jsonContent) the server signs its token requests with;
 * - n8n and webhook: the URL (urlN8N) the conversation is posted to, signed with a key of the
 *   integration's own;
 * - typebot: the Typebot server's URL (urlN8N, as in the original product), the bot's public id
 *   (typebotSlug) and how the session behaves;
 * - flowbuilder: the company's flow to run (flowId).
 * For every type but dialogflow, projectName is the name (document 2 section 5).
 *
 * Secrets are never answered: jsonContent comes back as its mask ("••••" and the last four
 * characters), and an edit that sends nothing or the mask keeps the stored one. The signing key
 * is answered once, when it is made (on create, or by POST /queueIntegration/{id}/signingSecret).
 */

/** Bounds the spec leaves open (ours). */
export const QUEUE_INTEGRATION_LIMITS = {
  projectName: 100,
  /** A service account JSON is about 2.3 KB. */
  jsonContent: 20_000,
  url: 2000,
  slug: 200,
  keyword: 100,
  message: 5000,
  /** Minutes a Typebot session lasts without an answer (a week). */
  typebotExpires: 10_080,
  /** Milliseconds between the bot's messages. */
  typebotDelayMessage: 60_000,
} as const;

/** The types that post to a URL of the tenant's and sign what they post. */
export const SIGNED_INTEGRATION_TYPES = ["n8n", "webhook"] as const satisfies readonly IntegrationType[];
export const isSignedIntegrationType = (type: IntegrationType): boolean =>
  (SIGNED_INTEGRATION_TYPES as readonly IntegrationType[]).includes(type);

/** The types whose projectName is their name (document 2 section 5). */
export const projectNameIsName = (type: IntegrationType): boolean => type !== "dialogflow";

/** What an answer shows of a stored secret starts with this: sent back, it means "keep the stored one". */
export const SECRET_MASK_PREFIX = "••••";
export const isSecretMask = (value: string): boolean => value.startsWith(SECRET_MASK_PREFIX);

/** The parts of a Google service account key (the JSON file Google Cloud hands out) the server uses. */
export const DialogflowServiceAccount = z.object({
  client_email: z.string().min(3).max(320),
  private_key: z.string().includes("PRIVATE KEY").max(10_000),
  project_id: z.string().max(100).optional(),
});
export type DialogflowServiceAccount = z.infer<typeof DialogflowServiceAccount>;

/** The service account in a pasted JSON text, or null when the text is not one. */
export function parseServiceAccount(text: string): DialogflowServiceAccount | null {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return null;
  }
  const parsed = DialogflowServiceAccount.safeParse(value);
  return parsed.success ? parsed.data : null;
}

function isHttpUrl(text: string): boolean {
  try {
    const url = new URL(text);
    return (url.protocol === "http:" || url.protocol === "https:") && url.hostname !== "";
  } catch {
    return false;
  }
}

/** A Google Cloud project id, or an older "domain:project" one; it goes into the Dialogflow URL. */
const PROJECT_ID = /^[a-z0-9][a-z0-9.:-]*$/i;
/** A Typebot public id: letters, digits, dashes and underscores; it goes into the Typebot URL. */
const TYPEBOT_SLUG = /^[A-Za-z0-9][A-Za-z0-9_-]*$/;

const text = (max: number) => z.string().trim().max(max, "tooLong");

/** Numbers arrive as numbers from the JSON client and as text from a form; "" takes the default. */
const wholeNumber = (max: number, fallback: number) =>
  z
    .preprocess(
      (value) => (value === "" || value === null ? undefined : value),
      z.coerce.number({ error: "invalidNumber" }).int("notInteger").min(0, "tooSmall").max(max, "tooLarge"),
    )
    .default(fallback);

const fields = {
  type: z.enum(INTEGRATION_TYPES, { error: "required" }),
  name: z
    .string({ error: "required" })
    .trim()
    .min(1, "required")
    // An empty name is only "required", not also too short.
    .refine((value) => value === "" || value.length >= INTEGRATION_NAME.min, "tooShort")
    .max(INTEGRATION_NAME.max, "tooLong"),
  /** dialogflow: the Google project; the other types: ignored, the name is stored. */
  projectName: text(QUEUE_INTEGRATION_LIMITS.projectName).default(""),
  /** dialogflow: the service account JSON; "" or the mask keeps the stored one. */
  jsonContent: text(QUEUE_INTEGRATION_LIMITS.jsonContent).default(""),
  language: z.enum(["", ...DIALOGFLOW_LANGUAGES] as const, { error: "invalidLanguage" }).default(""),
  /** n8n and webhook: where calls are posted; typebot: the Typebot server (https://typebot.io, or its own). */
  urlN8N: text(QUEUE_INTEGRATION_LIMITS.url).default(""),
  typebotSlug: text(QUEUE_INTEGRATION_LIMITS.slug).default(""),
  typebotExpires: wholeNumber(QUEUE_INTEGRATION_LIMITS.typebotExpires, TYPEBOT_DEFAULTS.typebotExpires),
  typebotDelayMessage: wholeNumber(QUEUE_INTEGRATION_LIMITS.typebotDelayMessage, TYPEBOT_DEFAULTS.typebotDelayMessage),
  typebotKeywordFinish: text(QUEUE_INTEGRATION_LIMITS.keyword).default(""),
  typebotKeywordRestart: text(QUEUE_INTEGRATION_LIMITS.keyword).default(""),
  typebotUnknownMessage: text(QUEUE_INTEGRATION_LIMITS.message).default(""),
  typebotRestartMessage: text(QUEUE_INTEGRATION_LIMITS.message).default(""),
  /** flowbuilder: the flow to run; a select sends "" for none. */
  flowId: z
    .preprocess((value) => (value === "" || value === undefined ? null : value), z.union([z.null(), Id]))
    .default(null),
};

interface TypedValues {
  type: IntegrationType;
  projectName: string;
  jsonContent: string;
  language: string;
  urlN8N: string;
  typebotSlug: string;
  flowId: number | null;
}

/**
 * What each type requires (document 2 section 5: typebot needs name, url and slug; dialogflow
 * its language; ours: dialogflow its project, n8n and webhook their URL, flowbuilder its flow).
 * `newJsonContent`: the service account is required too (on create; an edit keeps the stored one).
 */
function requireTypeFields(values: TypedValues, ctx: z.RefinementCtx, newJsonContent: boolean) {
  const refuse = (path: keyof TypedValues, message: string) => ctx.addIssue({ code: "custom", path: [path], message });
  const url = () => {
    if (!values.urlN8N) refuse("urlN8N", "required");
    else if (!isHttpUrl(values.urlN8N)) refuse("urlN8N", "invalidUrl");
  };
  switch (values.type) {
    case "dialogflow": {
      if (!values.projectName) refuse("projectName", "required");
      else if (!PROJECT_ID.test(values.projectName)) refuse("projectName", "invalidProject");
      if (!values.language) refuse("language", "required");
      const kept = values.jsonContent === "" || isSecretMask(values.jsonContent);
      if (kept && newJsonContent) refuse("jsonContent", "required");
      if (!kept && !parseServiceAccount(values.jsonContent)) refuse("jsonContent", "invalidServiceAccount");
      return;
    }
    case "n8n":
    case "webhook":
      url();
      return;
    case "typebot":
      url();
      if (!values.typebotSlug) refuse("typebotSlug", "required");
      else if (!TYPEBOT_SLUG.test(values.typebotSlug)) refuse("typebotSlug", "invalidSlug");
      return;
    case "flowbuilder":
      if (values.flowId === null) refuse("flowId", "required");
      return;
  }
}

/**
 * The type's requirements are checked even when another field is refused (a bad name), so a
 * form shows every missing field at once; only the fields they read must have parsed.
 */
const TYPED_FIELDS: readonly PropertyKey[] = [
  "type",
  "projectName",
  "jsonContent",
  "language",
  "urlN8N",
  "typebotSlug",
  "flowId",
];
const typedFieldsParsed = {
  when: (payload: z.core.ParsePayload) =>
    !payload.issues.some((issue) => {
      const field = issue.path?.[0];
      // A body that is no object at all has its issue at the root.
      return field === undefined || TYPED_FIELDS.includes(field);
    }),
};

/** POST /queueIntegration: the dialog's fields; the ones another type uses are ignored. */
export const QueueIntegrationBody = z
  .object(fields)
  .superRefine((values, ctx) => requireTypeFields(values, ctx, true), typedFieldsParsed);
export type QueueIntegrationBody = z.infer<typeof QueueIntegrationBody>;

/** PUT /queueIntegration/{id}: the whole dialog again; jsonContent "" or the mask keeps the stored one. */
export const QueueIntegrationUpdateBody = z
  .object(fields)
  .superRefine((values, ctx) => requireTypeFields(values, ctx, false), typedFieldsParsed);
export type QueueIntegrationUpdateBody = z.infer<typeof QueueIntegrationUpdateBody>;

/** A queue integration as answered, and as its live events carry it: no secret, only masks and flags. */
export const QueueIntegration = z.object({
  id: z.number(),
  type: z.enum(INTEGRATION_TYPES),
  name: z.string(),
  projectName: z.string(),
  /** The service account's mask ("••••" and its last four characters), "" when none is stored. */
  jsonContent: z.string(),
  language: z.string(),
  urlN8N: z.string(),
  typebotSlug: z.string(),
  typebotExpires: z.number(),
  typebotDelayMessage: z.number(),
  typebotKeywordFinish: z.string(),
  typebotKeywordRestart: z.string(),
  typebotUnknownMessage: z.string(),
  typebotRestartMessage: z.string(),
  flowId: z.number().nullable(),
  /** n8n and webhook: a signing key is stored (it is shown only when made). */
  hasSigningSecret: z.boolean(),
  createdAt: IsoDate,
  updatedAt: IsoDate,
});
export type QueueIntegration = z.infer<typeof QueueIntegration>;

/**
 * What a create or an edit answers: the integration, and the signing key when this call made
 * one (creating an n8n or webhook integration, or turning another type into one). It is not
 * shown again: a lost key is replaced with POST /queueIntegration/{id}/signingSecret.
 */
export const QueueIntegrationSaved = QueueIntegration.extend({ signingSecret: z.string().optional() });
export type QueueIntegrationSaved = z.infer<typeof QueueIntegrationSaved>;

/** GET /queueIntegration: the company's integrations by name, paged. */
export const QueueIntegrationsPage = z.object({
  queueIntegrations: z.array(QueueIntegration),
  count: z.number(),
  hasMore: z.boolean(),
});
export type QueueIntegrationsPage = z.infer<typeof QueueIntegrationsPage>;

/** POST /queueIntegration/{id}/signingSecret: a new key replaces the old one, shown this once. */
export const SigningSecretAnswer = z.object({ signingSecret: z.string() });
export type SigningSecretAnswer = z.infer<typeof SigningSecretAnswer>;

/** The integration types the dialog's test button tries. */
export const TESTABLE_INTEGRATION_TYPES = ["dialogflow", "typebot"] as const satisfies readonly IntegrationType[];
export type TestableIntegrationType = (typeof TESTABLE_INTEGRATION_TYPES)[number];

/**
 * POST /queueIntegration/testSession: a real conversation opened with the service, from the
 * dialog's fields as they stand. Without `type`, Dialogflow (the spec's call: projectName,
 * jsonContent, language): a detectIntent call with a greeting. `id` names the integration being
 * edited, whose stored service account is used when jsonContent is "" or the mask. Typebot
 * (ours): the bot's chat is started (urlN8N, typebotSlug) and its first messages read.
 */
export const QueueIntegrationTestBody = z
  .object({
    type: z.enum(TESTABLE_INTEGRATION_TYPES, { error: "notTestable" }).default("dialogflow"),
    id: Id.optional(),
    projectName: fields.projectName,
    jsonContent: fields.jsonContent,
    language: fields.language,
    urlN8N: fields.urlN8N,
    typebotSlug: fields.typebotSlug,
  })
  .superRefine((values, ctx) =>
    requireTypeFields({ ...values, flowId: null }, ctx, values.type === "dialogflow" && values.id === undefined),
  );
export type QueueIntegrationTestBody = z.infer<typeof QueueIntegrationTestBody>;

/** The test's outcome: what the bot answered (its text messages, in order). */
export const QueueIntegrationTestAnswer = z.object({
  message: z.literal("testSession"),
  type: z.enum(TESTABLE_INTEGRATION_TYPES),
  reply: z.array(z.string()),
  /** Dialogflow: the intent the greeting matched, when any. */
  intent: z.string().optional(),
});
export type QueueIntegrationTestAnswer = z.infer<typeof QueueIntegrationTestAnswer>;
