import { z } from "zod";
import { CalendarDay, Id, IsoDate, ListQuery, name, TimeZone } from "./common.schemas.js";
import { CONTACT_NUMBER_MAX, CONTACT_NUMBER_MIN } from "./constants.js";

export const ContactExtraInfo = z.object({ id: z.number(), name: z.string(), value: z.string() });
export type ContactExtraInfo = z.infer<typeof ContactExtraInfo>;

export const Contact = z.object({
  id: z.number(),
  name: z.string(),
  number: z.string(),
  email: z.string(),
  profilePicUrl: z.string(),
  isGroup: z.boolean(),
  extraInfo: z.array(ContactExtraInfo),
  createdAt: IsoDate,
  updatedAt: IsoDate,
});
export type Contact = z.infer<typeof Contact>;

/** What GET /contacts/list answers: enough to pick a contact. */
export const ContactSummary = z.object({ id: z.number(), name: z.string(), number: z.string(), email: z.string() });
export type ContactSummary = z.infer<typeof ContactSummary>;

export const ContactsPage = z.object({ contacts: z.array(Contact), count: z.number(), hasMore: z.boolean() });
export type ContactsPage = z.infer<typeof ContactsPage>;

/** "" from a cleared date field means no filter. */
const contactsDay = CalendarDay.optional().or(z.literal("").transform(() => undefined));

/**
 * GET /contacts: the list query, narrowed by the day each contact was created
 * (createdAt, calendar days yyyy-MM-dd cut in `tz`). `date` keeps that one
 * day; dateStart..dateEnd, both included, a range (either end may be left
 * out). Given together, both hold.
 */
export const ContactsQuery = ListQuery.extend({
  date: contactsDay,
  dateStart: contactsDay,
  dateEnd: contactsDay,
  tz: TimeZone.optional().default("UTC"),
}).superRefine((query, context) => {
  if (query.dateStart && query.dateEnd && query.dateEnd < query.dateStart) {
    context.addIssue({ code: "custom", path: ["dateEnd"], message: "beforeStart" });
  }
});
export type ContactsQuery = z.infer<typeof ContactsQuery>;

/** The spec's client sends companyId; the server always answers the caller's company. */
export const ContactsListQuery = z.object({ companyId: Id.optional() });

/** A number is kept as its digits only: "+55 (11) 99999-8888" is stored as "5511999998888". */
export const contactNumber = z.preprocess(
  (value) => (typeof value === "string" || typeof value === "number" ? String(value).replace(/\D/g, "") : value),
  z.string().min(CONTACT_NUMBER_MIN, "tooShort").max(CONTACT_NUMBER_MAX, "tooLong"),
);

export const contactEmail = z.union([z.literal(""), z.email("invalidEmail").max(255, "tooLong")]);

export const ContactExtraInfoInput = z.object({
  name: z.string().trim().min(1, "required").max(100, "tooLong"),
  value: z.string().trim().max(5000, "tooLong").default(""),
});
export type ContactExtraInfoInput = z.infer<typeof ContactExtraInfoInput>;

const contactFields = {
  name: name(),
  number: contactNumber,
  email: z.string().trim().pipe(contactEmail),
  extraInfo: z.array(ContactExtraInfoInput).max(100),
};

export const ContactBody = z.object({
  ...contactFields,
  email: contactFields.email.default(""),
  extraInfo: contactFields.extraInfo.default([]),
});
export type ContactBody = z.infer<typeof ContactBody>;

/** Without defaults: a field left out stays as it is; extraInfo, when sent, replaces the whole list. */
export const ContactUpdateBody = z.object(contactFields).partial();
export type ContactUpdateBody = z.infer<typeof ContactUpdateBody>;

/** The contact dialog's form: empty name and number say "required" rather than "too short". */
export const ContactForm = z.object({
  name: z.string().trim().min(1, "required").pipe(name()),
  number: z
    .string()
    .trim()
    .min(1, "required")
    .transform((value) => value.replace(/\D/g, ""))
    .pipe(z.string().min(CONTACT_NUMBER_MIN, "tooShort").max(CONTACT_NUMBER_MAX, "tooLong")),
  email: z.string().trim().pipe(contactEmail),
  extraInfo: z.array(ContactExtraInfoInput).max(100),
});
export type ContactFormInput = z.input<typeof ContactForm>;
export type ContactFormValues = z.output<typeof ContactForm>;

/** The most rows one spreadsheet upload may carry. */
export const CONTACT_UPLOAD_MAX_ROWS = 5000;

const cell = z.preprocess(
  (value) => (value === undefined || value === null ? "" : String(value)),
  z.string().max(5000),
);

/** One spreadsheet row as the browser read it; each row is validated on its own, so a bad one cannot sink the rest. */
export const ContactUploadRow = z.object({ name: cell, number: cell, email: cell.optional() });
export type ContactUploadRow = z.infer<typeof ContactUploadRow>;

/** POST /contacts/upload: the rows as an array, or wrapped in { contacts }. */
export const ContactUploadBody = z.union([
  z.array(ContactUploadRow).max(CONTACT_UPLOAD_MAX_ROWS),
  z.object({ contacts: z.array(ContactUploadRow).max(CONTACT_UPLOAD_MAX_ROWS) }),
]);
export type ContactUploadBody = z.infer<typeof ContactUploadBody>;

export const ContactUploadAnswer = z.object({
  newContacts: z.array(z.object({ contactId: z.number(), contactName: z.string() })),
  errorBag: z.array(
    z.object({
      /** 1-based position of the row among the rows sent. */
      row: z.number(),
      contactName: z.string(),
      number: z.string(),
      /** message: an ERR_* code, or a validation reason (tooShort, invalidEmail...) of `field`. */
      error: z.object({ message: z.string(), field: z.enum(["name", "number", "email"]).optional() }),
    }),
  ),
});
export type ContactUploadAnswer = z.infer<typeof ContactUploadAnswer>;

/** POST /contacts/import: the phone's contacts the company did not have yet, now created. */
export const ContactImportAnswer = z.object({ imported: z.number(), contacts: z.array(Contact) });
export type ContactImportAnswer = z.infer<typeof ContactImportAnswer>;
