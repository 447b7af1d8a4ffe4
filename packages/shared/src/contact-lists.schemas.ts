import { z } from "zod";
import { Id, ListQuery, name } from "./common.schemas.js";
import { CONTACT_NUMBER_MAX, CONTACT_NUMBER_MIN } from "./constants.js";
import { contactEmail } from "./contacts.schemas.js";

/*
 * Contact lists and their items (document 2 sections 2, 3, 5 and 7): the recipients of
 * campaigns, typed in or imported from a spreadsheet, each number checked on WhatsApp.
 */

/** The most rows one spreadsheet may carry (ours: the spec gives none). */
export const CONTACT_LIST_UPLOAD_MAX_ROWS = 10_000;
/**
 * The largest spreadsheet accepted: 10,000 rows of name, number and e-mail take well under
 * 1 MB as .xlsx and about 2 MB as .xls, so 5 MB leaves room for formatting while a file
 * never costs the server more than a moment to read.
 */
export const CONTACT_LIST_UPLOAD_MAX_BYTES = 5 * 1024 * 1024;
/** Document 2 section 5: the spreadsheet upload accepts these. */
export const CONTACT_LIST_SPREADSHEET_EXTENSIONS = [".xls", ".xlsx"] as const;

export const ContactList = z.object({
  id: z.number(),
  name: z.string(),
  /** How many items the list holds. */
  contactsCount: z.number(),
});
export type ContactList = z.infer<typeof ContactList>;

export const ContactListsPage = z.object({ records: z.array(ContactList), count: z.number(), hasMore: z.boolean() });
export type ContactListsPage = z.infer<typeof ContactListsPage>;

/** The spec's client sends companyId; the server always answers the caller's company. */
export const ContactListsListQuery = z.object({ companyId: Id.optional() });

/** Empty says "required" rather than "too short". */
const requiredName = z.string().trim().min(1, "required").pipe(name());

/** Contact list: name required, 2 to 50 (document 2 section 5). */
export const ContactListBody = z.object({ name: requiredName });
export type ContactListBody = z.infer<typeof ContactListBody>;

export const ContactListItem = z.object({
  id: z.number(),
  name: z.string(),
  number: z.string(),
  email: z.string(),
  companyId: z.number(),
  contactListId: z.number(),
  /** Whether the number is on WhatsApp; null until the company's connection has checked it. */
  isWhatsappValid: z.boolean().nullable(),
});
export type ContactListItem = z.infer<typeof ContactListItem>;

export const ContactListItemsQuery = ListQuery.extend({ contactListId: Id });
export type ContactListItemsQuery = z.infer<typeof ContactListItemsQuery>;

export const ContactListItemsPage = z.object({
  contacts: z.array(ContactListItem),
  count: z.number(),
  hasMore: z.boolean(),
});
export type ContactListItemsPage = z.infer<typeof ContactListItemsPage>;

/**
 * A number keeps its digits only ("+55 (11) 99999-8888" is "5511999998888"), 8 to 50 of
 * them; a spreadsheet cell may hold it as a number.
 */
const itemNumber = z.preprocess(
  (value) => (typeof value === "number" ? String(value) : value),
  z
    .string()
    .trim()
    .min(1, "required")
    .transform((value) => value.replace(/\D/g, ""))
    .pipe(z.string().min(CONTACT_NUMBER_MIN, "tooShort").max(CONTACT_NUMBER_MAX, "tooLong")),
);

/** Contact list item: name required, 2 to 50; number 8 to 50; email valid or empty (document 2 section 5). */
const itemFields = {
  name: requiredName,
  number: itemNumber,
  email: z.string().trim().pipe(contactEmail),
};

/** The item dialog's form, and one spreadsheet row: the same rule. */
export const ContactListItemForm = z.object(itemFields);
export type ContactListItemFormInput = z.input<typeof ContactListItemForm>;
export type ContactListItemFormValues = z.output<typeof ContactListItemForm>;

export const ContactListItemBody = z.object({
  ...itemFields,
  email: itemFields.email.default(""),
  contactListId: Id,
});
export type ContactListItemBody = z.infer<typeof ContactListItemBody>;

/** Without defaults: a field left out stays as it is. An item stays in its list. */
export const ContactListItemUpdateBody = z.object(itemFields).partial();
export type ContactListItemUpdateBody = z.infer<typeof ContactListItemUpdateBody>;

/** Why a spreadsheet row was not imported: a field's validation message, or a duplicate. */
export const CONTACT_LIST_UPLOAD_REASONS = [
  "required",
  "tooShort",
  "tooLong",
  "invalidEmail",
  /** The list already holds the number. */
  "duplicateInList",
  /** An earlier row of the file has the number (`firstRow`). */
  "duplicateInFile",
] as const;
export type ContactListUploadReason = (typeof CONTACT_LIST_UPLOAD_REASONS)[number];

export const ContactListUploadError = z.object({
  /** The row as the spreadsheet numbers it (the header is row 1). */
  row: z.number(),
  name: z.string(),
  number: z.string(),
  email: z.string(),
  reason: z.enum(CONTACT_LIST_UPLOAD_REASONS),
  /** The field a validation reason is about. */
  field: z.enum(["name", "number", "email"]).optional(),
  /** For duplicateInFile: the row that has the number first. */
  firstRow: z.number().optional(),
});
export type ContactListUploadError = z.infer<typeof ContactListUploadError>;

/** POST /contact-lists/{id}/upload: the rows read, the items created, and every row refused with its reason. */
export const ContactListUploadAnswer = z.object({
  rows: z.number(),
  imported: z.number(),
  errors: z.array(ContactListUploadError),
});
export type ContactListUploadAnswer = z.infer<typeof ContactListUploadAnswer>;
