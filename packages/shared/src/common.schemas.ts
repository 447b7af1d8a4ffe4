import { z } from "zod";
import { ERROR_CODES } from "./errors.js";

/** PostgreSQL's integer (int4): the type of every id column and of the counters beside them. */
export const INT4_MAX = 2_147_483_647;

/**
 * A row id from a path, a query or a body. Beyond int4 no row can match and
 * PostgreSQL refuses the comparison itself, so such an id is a bad request.
 */
export const Id = z.coerce.number().int().positive().max(INT4_MAX);

export const IdParams = z.object({ id: Id });
export type IdParams = z.infer<typeof IdParams>;

/** The list query every paged list of the spec takes. */
export const ListQuery = z.object({
  searchParam: z.string().trim().max(200).optional().default(""),
  pageNumber: z.coerce.number().int().min(1).max(100_000).optional().default(1),
});
export type ListQuery = z.infer<typeof ListQuery>;

export const ErrorBodySchema = z.object({
  error: z.enum(ERROR_CODES as [string, ...string[]]),
  message: z.string().optional(),
  fields: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
  data: z.record(z.string(), z.unknown()).optional(),
});

export const MessageAnswer = z.object({ message: z.string() });

/** Dates travel as ISO strings. */
export const IsoDate = z.string();

/**
 * Years 1000 to 8999 only. PostgreSQL has no year 0, JavaScript writes a year
 * past 9999 as +010000 (which PostgreSQL cannot read), and the server adds to
 * the dates it is given (a day filter's next midnight, a renewal's months).
 */
const withinYears = (value: string) => value >= "1000" && value < "9000";

/** A calendar day, yyyy-MM-dd. */
export const CalendarDay = z.iso.date("invalidDate").refine(withinYears, "invalidDate");

/**
 * An IANA time zone (America/Sao_Paulo): days and hours are cut in the
 * viewer's zone. The web client sends its own; UTC when absent.
 */
export const TimeZone = z
  .string()
  .max(64)
  .refine((zone) => {
    try {
      new Intl.DateTimeFormat("en", { timeZone: zone });
      return true;
    } catch {
      return false;
    }
  }, "invalidTimeZone");

/** An ISO instant, with or without its offset. */
export const Instant = z.iso
  .datetime({ offset: true, local: true, error: "invalidDate" })
  .refine(withinYears, "invalidDate");

/** A calendar day or an ISO instant, with or without its offset. */
export const DayOrInstant = z
  .union([z.iso.date(), z.iso.datetime({ offset: true, local: true })], { error: "invalidDate" })
  .refine(withinYears, "invalidDate");

export const name = (min = 2, max = 50) => z.string().trim().min(min, "tooShort").max(max, "tooLong");
export const password = z.string().min(5, "tooShort").max(50, "tooLong");

/** Document 2's reset rule: 8+ characters with a digit, a lowercase and an uppercase letter. */
export const strongPassword = z
  .string()
  .min(8, "tooShort")
  .max(100, "tooLong")
  .regex(/\d/, "needsDigit")
  .regex(/[a-z]/, "needsLower")
  .regex(/[A-Z]/, "needsUpper");

/** Booleans that arrive as true/false, "true"/"false", 1/0 or "enabled"/"disabled". */
export const looseBoolean = z.preprocess((value) => {
  if (value === "true" || value === "enabled" || value === 1 || value === "1") return true;
  if (value === "false" || value === "disabled" || value === 0 || value === "0") return false;
  return value;
}, z.boolean());
