import { z } from "zod";
import { DayOrInstant, Id, INT4_MAX, IsoDate, looseBoolean, name, password } from "./common.schemas.js";
import { WORKING_HOURS_PATTERN } from "./constants.js";
import { RECURRENCES } from "./enums.js";
import { Plan } from "./plans.schemas.js";

export const WorkingHours = z.object({
  weekday: z.string().max(30),
  weekdayEn: z.string().max(20),
  startTime: z.string().regex(WORKING_HOURS_PATTERN, "invalidTime").or(z.literal("")),
  endTime: z.string().regex(WORKING_HOURS_PATTERN, "invalidTime").or(z.literal("")),
});
export type WorkingHours = z.infer<typeof WorkingHours>;

export const Company = z.object({
  id: z.number(),
  name: z.string(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  document: z.string().nullable(),
  planId: z.number().nullable(),
  plan: Plan.pick({ id: true, name: true, value: true }).nullable(),
  status: z.boolean(),
  dueDate: IsoDate.nullable(),
  recurrence: z.enum(RECURRENCES),
  campaignsEnabled: z.boolean(),
  schedules: z.array(WorkingHours),
  billingName: z.string().nullable(),
  zipCode: z.string().nullable(),
  street: z.string().nullable(),
  state: z.string().nullable(),
  city: z.string().nullable(),
  district: z.string().nullable(),
  createdAt: IsoDate,
  updatedAt: IsoDate,
});
export type Company = z.infer<typeof Company>;

/**
 * A calendar day or an ISO instant; empty clears it. The form sends an empty or
 * invalid date as null (document 1 section 5), so anything else that arrives is
 * a client's mistake, refused rather than read as "no due date".
 */
const dueDate = z.preprocess((value) => (value === "" ? null : value), DayOrInstant.nullable());

const optionalText = (max: number) => z.string().trim().max(max).nullable().optional();

export const CompanyBody = z.object({
  name: name(1, 100),
  email: z.email("invalidEmail").trim().toLowerCase(),
  phone: optionalText(30),
  document: optionalText(30),
  planId: Id,
  status: looseBoolean.optional(),
  dueDate: dueDate.optional(),
  recurrence: z.enum(RECURRENCES).optional(),
  campaignsEnabled: looseBoolean.optional(),
  billingName: optionalText(100),
  zipCode: optionalText(20),
  street: optionalText(200),
  state: optionalText(50),
  city: optionalText(100),
  district: optionalText(100),
  /** Password of the first admin; when left out a random one is set and the admin chooses theirs through the forgot-password flow. */
  password: password.optional(),
});
export type CompanyBody = z.infer<typeof CompanyBody>;

export const CompanyUpdateBody = CompanyBody.partial().extend({ id: z.coerce.number().optional() });

export const SchedulesBody = z.object({ schedules: z.array(WorkingHours).max(7) });

/** Sign-up (anonymous). Trial, recurrence and status are decided by the server. */
export const SignupBody = z.object({
  name: name(2, 50),
  email: z.email("invalidEmail").trim().toLowerCase(),
  phone: z
    .string()
    .transform((value) => value.replace(/\D/g, ""))
    .pipe(z.string().max(11, "tooLong"))
    .optional(),
  planId: z.coerce.number({ error: "required" }).int().positive("required").max(INT4_MAX),
  password: password,
  companyId: z.coerce.number().optional(),
  recurrence: z.string().optional(),
  dueDate: z.string().optional(),
  status: z.unknown().optional(),
  campaignsEnabled: z.unknown().optional(),
});
export type SignupBody = z.infer<typeof SignupBody>;

export const CompaniesPage = z.object({ companies: z.array(Company), count: z.number(), hasMore: z.boolean() });
