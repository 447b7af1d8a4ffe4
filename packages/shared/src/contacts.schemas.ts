import { z } from "zod";
import { IsoDate, name } from "./common.schemas.js";
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

/** The spec's client sends companyId; the server always answers the caller's company. */
export const ContactsListQuery = z.object({ companyId: z.coerce.number().int().positive().optional() });

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
