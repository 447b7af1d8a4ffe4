/**
 * The error catalogue. Codes from both spec documents come first; the ones
 * below the marker are ours, for cases the spec names without a code.
 * Each code carries the HTTP status the server answers it with.
 */
export const ERRORS = {
  ERR_INTERNAL_SERVER_ERROR: 500,
  ERR_NO_OTHER_WHATSAPP: 400,
  ERR_NO_DEF_WAPP_FOUND: 404,
  ERR_WAPP_NOT_INITIALIZED: 400,
  ERR_WAPP_CHECK_CONTACT: 400,
  ERR_WAPP_INVALID_CONTACT: 400,
  ERR_WAPP_DOWNLOAD_MEDIA: 400,
  ERR_INVALID_CREDENTIALS: 401,
  ERR_USER_DONT_EXISTS: 404,
  ERR_SENDING_WAPP_MSG: 400,
  ERR_DELETE_WAPP_MSG: 400,
  ERR_OTHER_OPEN_TICKET: 409,
  ERR_SESSION_EXPIRED: 403,
  ERR_USER_CREATION_DISABLED: 403,
  ERR_NO_PERMISSION: 403,
  ERR_DUPLICATED_CONTACT: 409,
  ERR_NO_SETTING_FOUND: 404,
  ERR_NO_CONTACT_FOUND: 404,
  ERR_NO_TICKET_FOUND: 404,
  ERR_NO_USER_FOUND: 404,
  ERR_NO_WAPP_FOUND: 404,
  ERR_CREATING_MESSAGE: 400,
  ERR_CREATING_TICKET: 400,
  ERR_FETCH_WAPP_MSG: 400,
  ERR_QUEUE_COLOR_ALREADY_EXISTS: 409,
  ERR_WAPP_GREETING_REQUIRED: 400,
  // ---- ours: cases the spec describes without naming a code ----
  ERR_VALIDATION: 400,
  ERR_NOT_FOUND: 404,
  /** No route at that method and path (as opposed to a missing record). */
  ERR_ROUTE_NOT_FOUND: 404,
  ERR_INVALID_TOKEN: 401,
  ERR_SUBSCRIPTION_EXPIRED: 402,
  ERR_TOO_MANY_REQUESTS: 429,
  ERR_EMAIL_ALREADY_EXISTS: 409,
  ERR_COMPANY_EMAIL_ALREADY_EXISTS: 409,
  ERR_PLAN_NAME_ALREADY_EXISTS: 409,
  ERR_QUEUE_NAME_ALREADY_EXISTS: 409,
  ERR_PLAN_IN_USE: 409,
  ERR_NO_PLAN_FOUND: 404,
  ERR_NO_COMPANY_FOUND: 404,
  ERR_NO_HELP_FOUND: 404,
  ERR_NO_QUEUE_FOUND: 404,
  ERR_PLAN_USERS_LIMIT: 403,
  ERR_PLAN_QUEUES_LIMIT: 403,
  ERR_PLAN_CONNECTIONS_LIMIT: 403,
  ERR_TAG_NAME_ALREADY_EXISTS: 409,
  ERR_INVALID_RESET_CODE: 400,
  ERR_CANNOT_DELETE_SELF: 400,
  ERR_CANNOT_DELETE_OWN_COMPANY: 400,
  ERR_PAYLOAD_TOO_LARGE: 413,
  ERR_NO_INVOICE_FOUND: 404,
  ERR_INVOICE_ALREADY_PAID: 409,
  ERR_PAYMENT_NOT_CONFIGURED: 503,
  ERR_PAYMENT_PROVIDER: 502,
  /** A schedule that was sent (or is being sent) is no longer changed. */
  ERR_SCHEDULE_ALREADY_SENT: 409,
  /**
   * Stored as a schedule's failure, never answered: its sender stopped between taking it and
   * recording the result, so the message may or may not have left (it is not sent again).
   */
  ERR_SCHEDULE_INTERRUPTED: 500,
  ERR_INVALID_WEBHOOK_TOKEN: 401,
  ERR_CAMPAIGN_NOT_EDITABLE: 409,
  ERR_CAMPAIGN_INVALID_STATUS: 409,
  /**
   * An integration test that did not get through (the original product's codes): Dialogflow
   * refused the service account or could not be reached (SESSION), or took it and failed the
   * greeting (REPLY); Typebot did not start the bot's chat. The service's word is in `message`.
   */
  ERR_TEST_SESSION_DIALOG: 400,
  ERR_TEST_REPLY_DIALOG: 400,
  ERR_TEST_SESSION_TYPEBOT: 400,
  /**
   * WhatsApp Cloud API: free text (or media) to a contact whose last message is more than 24 hours
   * old; only an approved template may open the conversation again (Graph error 131047).
   */
  ERR_OUTSIDE_WINDOW: 422,
  /** WhatsApp Cloud API: the network could not deliver to that number (Graph error 131026). */
  ERR_WAPP_UNDELIVERABLE: 400,
  /** WhatsApp Cloud API: Meta's rate limits (130429, 131056, 80007, 4): try again later. */
  ERR_WAPP_RATE_LIMITED: 429,
  /** WhatsApp Cloud API: no approved template of that name and language on the business account. */
  ERR_NO_TEMPLATE_FOUND: 404,
} as const;

export type ErrorCode = keyof typeof ERRORS;
export const ERROR_CODES = Object.keys(ERRORS) as ErrorCode[];

/** What every failed call answers. `fields` lists failing inputs on ERR_VALIDATION. */
export interface ErrorBody {
  error: ErrorCode;
  message?: string;
  fields?: { path: string; message: string }[];
  data?: Record<string, unknown>;
}

/** An own key only: `in` also answers true for `toString`, `constructor`, `__proto__`... */
export function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === "string" && Object.hasOwn(ERRORS, value);
}

/** Compile-time exhaustiveness for switches over codes and enums. */
export function assertUnreachable(value: never): never {
  throw new Error(`Unexpected value: ${String(value)}`);
}
