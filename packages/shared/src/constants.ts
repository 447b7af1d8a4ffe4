/**
 * Every limit and default of section 9 of both spec documents, in one place.
 * Times are milliseconds unless the name says otherwise.
 */
import type { Recurrence } from "./enums.js";

export const APP_VERSION = "8.0.1";
/** Document 2 also carries a bootstrap version constant; both readings hold. */
export const BOOTSTRAP_VERSION = "6.0.0";

// Session and subscription
export const DUE_DATE_WARNING_DAYS = 5;
export const SIGNUP_TRIAL_DAYS = 3;
export const SIGNUP_RECURRENCE: Recurrence = "MENSAL";
export const ACCESS_TOKEN_TTL_SECONDS = 15 * 60;
export const REFRESH_TOKEN_TTL_SECONDS = 7 * 24 * 60 * 60;
/**
 * A cookie the page may read, set and cleared with the httpOnly refresh cookie: it says only that
 * a refresh cookie may be there, so a visit without a session skips the refresh call (and its 401).
 */
export const SESSION_HINT_COOKIE = "atendo_session";
export const RESET_CODE_TTL_MINUTES = 30;
export const RELOAD_AFTER_AUTH_EVENT_MS = 1000;

// Company row colours (days until due date)
export const COMPANY_DUE_YELLOW_DAYS = 5;
export const COMPANY_DUE_ORANGE_RANGE = { from: -3, to: 4 } as const;
export const COMPANY_DUE_RED_DAYS = -4;

// Realtime
export const SOCKET_PING_INTERVAL_MS = 18_000;
export const SOCKET_PING_TIMEOUT_MS = 18_000;
export const USER_STATUS_PING_MS = 300_000;
/** A user stays online this long after their last ping (two missed pings: a process that died never said offline). */
export const PRESENCE_TIMEOUT_MS = 2 * USER_STATUS_PING_MS;

// Dashboard
export const DASHBOARD_PERIODS = [3, 7, 15, 30, 60, 90] as const;
export const RATING_MAX = 3;
export const RATING_LABELS = { 1: "unsatisfied", 2: "satisfied", 3: "very satisfied" } as const;
export const DASHBOARD_LOAD_DELAY_MS = 1000;
/** The longest range the dashboard and its charts take (ours: the spec gives none). */
export const DASHBOARD_MAX_RANGE_DAYS = 366;

// Lists and forms
export const SEARCH_DEBOUNCE_MS = 500;
export const USER_SEARCH_MIN_CHARS = 3;
export const CONTACT_SEARCH_MIN_CHARS = 3;
export const FORM_SUBMIT_DELAY_MS = 400;
export const CONNECTION_ALERT_CHECK_MS = 2000;
export const INFINITE_SCROLL_THRESHOLD_PX = 100;
export const MESSAGES_LOAD_OLDER_THRESHOLD_PX = 50;
export const CHAT_MESSAGES_LOAD_OLDER_THRESHOLD_PX = 600;
/** The spec does not give a page size; we chose these (docs/decisions.md). */
export const PAGE_SIZE = 20;
export const MESSAGES_PAGE_SIZE = 20;
export const TOAST_DURATION_MS = 2000;
export const FLOW_TOAST_DURATION_MS = 3000;

// Composer and notifications
export const COMPOSER_MAX_ROWS = 5;
export const QUICK_ANSWER_PREVIEW_CHARS = 35;
export const QUICK_ANSWER_MIN_CHARS = 2;
export const AUDIO_MIN_BYTES = 10_000;
export const AUDIO_BITRATE_KBPS = 128;
export const VOLUME = { min: 0, max: 1, step: 0.1, default: 1 } as const;
export const SMALL_SCREEN_NAME_CHARS = 10;

// Screen sizes
export const SMALL_SCREEN_MAX_PX = 600;
export const DRAWER_OPEN_MIN_PX = 1200;

// Formats
export const DATE_FORMAT = "dd/MM/yyyy";
export const TIME_FORMAT = "HH:mm";
export const CONNECTION_UPDATE_FORMAT = "dd/MM/yy HH:mm";
export const CURRENCY_LOCALE = "pt-BR";
export const CURRENCY = "BRL";

// Checkout
export const DEFAULT_CHECKOUT_PRICE = 49;
export const CHECKOUT_COUNTRIES = ["Brasil", "United States"] as const;
export const PAYMENT_REDIRECT_DELAY_MS = 4000;
/** How long before its due date a company's invoice is issued (docs/decisions.md). */
export const INVOICE_LEAD_DAYS = 10;

// Connections
export const CONNECTION_DEFAULTS = {
  provider: "beta",
  maxUseBotQueues: 3,
  expiresTicket: 0,
  timeUseBotQueues: 0,
} as const;
export const QR_CODE_SIZE = 256;

// Validation bounds
export const NAME_MIN = 2;
export const NAME_MAX = 50;
export const PASSWORD_MIN = 5;
export const PASSWORD_MAX = 50;
/** Document 2's rule for a new password chosen in the reset flow. */
export const RESET_PASSWORD_MIN = 8;
export const PHONE_MAX_DIGITS = 11;
export const CONTACT_NUMBER_MIN = 8;
export const CONTACT_NUMBER_MAX = 50;
export const TICKET_NOTE_MIN = 2;
export const SCHEDULE_BODY_MIN = 5;
export const SCHEDULE_DEFAULT_OFFSET_MS = 60 * 60 * 1000;
export const SCHEDULE_MEDIA_EXTENSIONS = ["png", "jpg", "jpeg"] as const;
export const QUEUE_COLOR_MIN = 3;
export const QUEUE_COLOR_MAX = 9;
export const TAG_NAME_MIN = 3;
export const FILE_LIST_NAME_MIN = 3;
/** Files in one list (ours: the spec gives none); a campaign sends every one of them to each contact. */
export const FILE_LIST_MAX_OPTIONS = 20;
export const PROMPT_NAME = { min: 5, max: 100 } as const;
export const PROMPT_TEXT_MIN = 50;
export const INTEGRATION_NAME = { min: 2, max: 50 } as const;
export const FLOW_NAME = { min: 2, max: 50 } as const;

// Queues and working hours
export const DEFAULT_WEEK_SCHEDULE = [
  { weekday: "Segunda-feira", weekdayEn: "monday", startTime: "08:00", endTime: "18:00" },
  { weekday: "Terça-feira", weekdayEn: "tuesday", startTime: "08:00", endTime: "18:00" },
  { weekday: "Quarta-feira", weekdayEn: "wednesday", startTime: "08:00", endTime: "18:00" },
  { weekday: "Quinta-feira", weekdayEn: "thursday", startTime: "08:00", endTime: "18:00" },
  { weekday: "Sexta-feira", weekdayEn: "friday", startTime: "08:00", endTime: "18:00" },
  { weekday: "Sábado", weekdayEn: "saturday", startTime: "08:00", endTime: "12:00" },
  { weekday: "Domingo", weekdayEn: "sunday", startTime: "00:00", endTime: "00:00" },
] as const;
export const WORKING_HOURS_PATTERN = /^\d{2}:\d{2}$/;

// Campaigns
export const CAMPAIGN_MESSAGE_VARIANTS = 5;
export const CAMPAIGN_NEW_TAG_LIST = "Nenhuma";
export const CAMPAIGN_EDITABLE_LEAD_MS = 60 * 60 * 1000;
export const CAMPAIGN_SETTINGS_DEFAULTS = {
  messageInterval: 20,
  longerIntervalAfter: 20,
  greaterInterval: 60,
} as const;
export const CAMPAIGN_MESSAGE_INTERVAL_OPTIONS = [0, 5, 10, 15, 20] as const;
export const CAMPAIGN_LONGER_INTERVAL_OPTIONS = [0, 1, 5, 10, 15, 20, 30, 40, 60, 80, 100, 120] as const;
export const CAMPAIGN_REPORT_RELOAD_MS = 5000;

// Announcements and tags
export const ANNOUNCEMENT_DEFAULTS = { priority: 3, status: true } as const;
export const ANNOUNCEMENT_MEDIA_EXTENSIONS = ["png", "jpg", "jpeg"] as const;
export const TAG_DEFAULT_KANBAN = 0;

// Exports and imports
export const CONTACTS_CSV_SEPARATOR = ";";
export const CONTACTS_CSV_FILE_NAME = "contatos.csv";

// AI prompts and integrations
export const PROMPT_DEFAULTS = {
  model: "gpt-3.5-turbo-1106",
  maxTokens: 100,
  temperature: 1,
  maxMessages: 10,
} as const;
export const PROMPT_MODELS = ["gpt-3.5-turbo-1106", "gpt-4o-mini"] as const;
export const TYPEBOT_DEFAULTS = { typebotDelayMessage: 1000, typebotExpires: 1 } as const;
export const DIALOGFLOW_LANGUAGES = ["pt-BR", "en", "es"] as const;

// Flow builder
export const FLOW_LOAD_DELAY_MS = 500;
export const FLOW_INTERVAL_MAX_SECONDS = 120;
export const FLOW_RANDOMIZER = { min: 0, max: 100, step: 10 } as const;
export const FLOW_NODE_ID_LENGTH = 30;
export const FLOW_NEW_NODE_GAP = 40;
export const FLOW_DUPLICATE_OFFSET = 240;
export const FLOW_CONTENT_UPLOAD_DELAY_MS = 1500;
export const FLOW_IMAGE_QUALITY = 0.7;

// Uploads
export const UPLOAD_LIMITS_BYTES = { image: 2 * 1024 * 1024, audio: 5 * 1024 * 1024, video: 20 * 1024 * 1024 } as const;

// Local storage keys used by the web client
export const STORAGE_KEYS = {
  token: "token",
  companyId: "companyId",
  userId: "userId",
  companyDueDate: "companyDueDate",
  cshow: "cshow",
  tasks: "tasks",
  volume: "volume",
  signOption: "signOption",
  variables: "variables",
  preferredTheme: "preferredTheme",
  language: "i18nextLng",
} as const;
