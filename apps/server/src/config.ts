import { z } from "zod";

const onOff = z.enum(["on", "off"]);

const ConfigSchema = z
  .object({
    NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
    PORT: z.coerce.number().int().min(0).max(65535).default(8080),
    HOST: z.string().default("0.0.0.0"),
    LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
    DATABASE_URL: z.string().url().optional(),
    DATA_DIR: z.string().default("./data"),
    JWT_SECRET: z.string().min(16).optional(),
    /** 32 bytes in base64 sealing the tenants' stored service keys (secrets/secrets.ts); derived from JWT_SECRET when unset. */
    SECRETS_KEY: z
      .string()
      .refine((value) => Buffer.from(value, "base64").length === 32, "32 bytes in base64")
      .optional(),
    SEED: onOff.optional(),
    SIMULATOR: onOff.optional(),
    /** The real WhatsApp Web provider; tests turn it off, since this network never reaches WhatsApp. */
    BAILEYS: onOff.default("on"),
    WEB_ORIGIN: z.string().optional(),
    /**
     * The proxies in front of the server whose X-Forwarded-For is believed: a hop
     * count ("1") or their addresses/CIDRs ("10.0.0.1,10.0.1.0/24"). Unset, none is:
     * a client could otherwise pick its own address and dodge the per-IP limits.
     */
    TRUST_PROXY: z
      .string()
      .regex(/^(\d+|[0-9a-fA-F:./]+(\s*,\s*[0-9a-fA-F:./]+)*)$/, "a hop count or a list of addresses")
      .optional(),
    WEB_DIST: z.string().optional(),
    PUBLIC_URL: z.string().optional(),
    REDIS_URL: z.string().optional(),
    SMTP_HOST: z.string().optional(),
    SMTP_PORT: z.coerce.number().int().default(587),
    SMTP_SECURE: onOff.default("off"),
    SMTP_USER: z.string().optional(),
    SMTP_PASS: z.string().optional(),
    SMTP_FROM: z.string().default("Atendo <no-reply@atendo.dev>"),
    SUPER_ADMIN_EMAIL: z.string().email().optional(),
    SUPER_ADMIN_PASSWORD: z.string().min(8).optional(),
    LOGIN_RATE_LIMIT: z.coerce.number().int().min(1).default(10),
    /** Higher than the per-email limit: a whole office may share one address. */
    LOGIN_IP_RATE_LIMIT: z.coerce.number().int().min(1).default(100),
    LOGIN_RATE_WINDOW_SECONDS: z.coerce.number().int().min(1).default(60),
    /** Refreshes per account per LOGIN_RATE_WINDOW_SECONDS: every page load refreshes, so far above what a person reaches. */
    REFRESH_RATE_LIMIT: z.coerce.number().int().min(1).default(120),
    /** Refreshes per IP per LOGIN_RATE_WINDOW_SECONDS: a whole office reloading behind one address stays under it. */
    REFRESH_IP_RATE_LIMIT: z.coerce.number().int().min(1).default(1000),
    /** Anonymous sign-ups per IP per SIGNUP_RATE_WINDOW_SECONDS: each one creates a company. */
    SIGNUP_RATE_LIMIT: z.coerce.number().int().min(1).default(5),
    SIGNUP_RATE_WINDOW_SECONDS: z.coerce.number().int().min(1).default(3600),
    /**
     * How often the messages stored since the last round have their words indexed for ticket search
     * (search-words.ts); search reads the bodies not yet indexed, so this trades its cost, not its answer.
     */
    SEARCH_WORDS_EVERY_MS: z.coerce.number().int().min(10).default(500),
    /** How often idle job workers look for due jobs (pg-boss polling; at least 0.5). */
    JOB_POLL_SECONDS: z.coerce.number().min(0.5).default(2),
    /** The length of one "minute" of the connections' timeouts (expiresTicket, timeToTransfer...); tests shrink it. */
    TIMEOUT_UNIT_MS: z.coerce.number().int().min(1).default(60_000),
    /** The payment provider's API; point it at https://api-sandbox.asaas.com (or a fake in tests) when not live. */
    ASAAS_BASE_URL: z.string().url().default("https://api.asaas.com"),
    /** The token Asaas sends in `asaas-access-token` on every webhook; without it the webhook refuses all calls. */
    ASAAS_WEBHOOK_TOKEN: z.string().min(16).optional(),
    /** The OpenAI API the prompts answer through (chat completions, audio transcriptions); any compatible server. */
    OPENAI_BASE_URL: z.string().url().default("https://api.openai.com/v1"),
    /** How long one OpenAI call may take before it counts as failed and is retried by a later job. */
    OPENAI_TIMEOUT_MS: z.coerce.number().int().min(100).default(30_000),
    /** The model that transcribes customers' audio before it is answered. */
    OPENAI_TRANSCRIPTION_MODEL: z.string().min(1).default("whisper-1"),
    /**
     * Azure speech's text-to-speech endpoint without its path; "{region}" stands for the prompt's
     * voiceRegion. Unset: https://{region}.tts.speech.microsoft.com.
     */
    AZURE_SPEECH_BASE_URL: z
      .string()
      .regex(/^https?:\/\/\S+$/, "an http(s) URL")
      .optional(),
    /** Tries of one AI answer when the service times out, limits the rate or fails on its side. */
    AI_ANSWER_ATTEMPTS: z.coerce.number().int().min(1).max(20).default(4),
    /** The wait before the second try; it doubles with each further one. */
    AI_RETRY_MS: z.coerce.number().int().min(0).default(5_000),
    /** Tries of one flow transition's messages when the connection is down or refuses them. */
    FLOW_SEND_ATTEMPTS: z.coerce.number().int().min(1).max(20).default(4),
    /** The wait before a flow's second try to send; it doubles with each further one. */
    FLOW_RETRY_MS: z.coerce.number().int().min(0).default(5_000),
    /** Tries of one Typebot or Dialogflow turn on a timeout, 429 or 5xx (by job); the last failure leaves a note on the ticket. */
    INTEGRATION_ATTEMPTS: z.coerce.number().int().min(1).max(20).default(4),
    /** Seconds before a turn's second try; each further one waits about twice as long (pg-boss's backoff). */
    INTEGRATION_RETRY_SECONDS: z.coerce.number().int().min(0).max(3600).default(5),
    /** Dialogflow ES's REST API (detectIntent); tests point it at a local fake. */
    DIALOGFLOW_BASE_URL: z.string().url().default("https://dialogflow.googleapis.com"),
    /**
     * Where service account tokens are asked for (Google's OAuth 2.0 token endpoint). Not the
     * token_uri of the tenant's JSON: a pasted file must not choose where the server posts.
     */
    DIALOGFLOW_TOKEN_URL: z.string().url().default("https://oauth2.googleapis.com/token"),
    /** The Graph API that Cloud API connections talk to (messages, media, templates); tests point it at a fake. */
    CLOUD_API_BASE_URL: z.string().url().default("https://graph.facebook.com"),
    /** The Graph API version in every path. */
    CLOUD_API_VERSION: z
      .string()
      .regex(/^v\d+\.\d+$/, "like v21.0")
      .default("v21.0"),
    /** How long one Graph API call (a media download included) may take. */
    CLOUD_API_TIMEOUT_MS: z.coerce.number().int().min(100).default(20_000),
    /**
     * Whether URLs tenants type (n8n/webhook receivers, Typebot servers) and the media bots answer
     * with may point to loopback, private, link-local or CGNAT addresses (integrations/outbound-url.ts).
     * Unset: "deny" in production, "allow" elsewhere (tests and local setups talk to fakes on 127.0.0.1).
     */
    REMOTE_PRIVATE_TARGETS: z.enum(["allow", "deny"]).optional(),
  })
  .superRefine((env, ctx) => {
    if (env.NODE_ENV !== "production") return;
    // The Whaticket family shipped a default secret that let anyone forge an admin token.
    // (Refresh tokens need no secret: they are random and stored hashed, like API tokens.)
    if (!env.JWT_SECRET) {
      ctx.addIssue({ code: "custom", path: ["JWT_SECRET"], message: "JWT_SECRET is required in production" });
    }
  });

export type Config = Omit<z.infer<typeof ConfigSchema>, "REMOTE_PRIVATE_TARGETS"> & {
  REMOTE_PRIVATE_TARGETS: "allow" | "deny";
  jwtSecret: string;
  trustProxy: boolean | string[] | ((address: string, hop: number) => boolean);
  seed: boolean;
  simulator: boolean;
};

const DEV_SECRET = "atendo-development-secret-not-for-production";

export class ConfigError extends Error {}

/** Reads and checks the environment once at start; refuses to start on a bad value. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = ConfigSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join(".")}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join("\n")}`);
  }
  const value = parsed.data;
  const production = value.NODE_ENV === "production";
  return {
    ...value,
    jwtSecret: value.JWT_SECRET ?? DEV_SECRET,
    trustProxy: parseTrustProxy(value.TRUST_PROXY),
    seed: production ? false : value.SEED !== "off",
    simulator: value.SIMULATOR ? value.SIMULATOR === "on" : !production,
    REMOTE_PRIVATE_TARGETS: value.REMOTE_PRIVATE_TARGETS ?? (production ? "deny" : "allow"),
  };
}

function parseTrustProxy(value: string | undefined): Config["trustProxy"] {
  if (!value) return false;
  if (/^\d+$/.test(value)) {
    const hops = Number(value);
    return (_address, hop) => hop < hops;
  }
  return value.split(",").map((address) => address.trim());
}
