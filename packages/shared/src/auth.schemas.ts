import { z } from "zod";
import { IsoDate, strongPassword } from "./common.schemas.js";
import { ALL_TICKET_VALUES, LANGUAGES, PROFILES } from "./enums.js";
import { SettingSchema } from "./settings.js";

export const LoginBody = z.object({
  email: z.email("invalidEmail").trim().toLowerCase(),
  password: z.string().min(1, "required").max(200),
});
export type LoginBody = z.infer<typeof LoginBody>;

export const QueueSummary = z.object({ id: z.number(), name: z.string(), color: z.string() });
export type QueueSummary = z.infer<typeof QueueSummary>;

export const SessionCompany = z.object({
  id: z.number(),
  name: z.string(),
  dueDate: IsoDate.nullable(),
  settings: z.array(SettingSchema),
});

/** The session user of document 1 section 3. */
export const SessionUser = z.object({
  id: z.number(),
  name: z.string(),
  email: z.string(),
  profile: z.enum(PROFILES),
  super: z.boolean(),
  companyId: z.number(),
  allTicket: z.enum(ALL_TICKET_VALUES),
  whatsappId: z.number().nullable(),
  language: z.enum(LANGUAGES).nullable(),
  queues: z.array(QueueSummary),
  company: SessionCompany,
});
export type SessionUser = z.infer<typeof SessionUser>;

/**
 * Login and refresh answer. `daysUntilDue` is what the 5-day warning needs
 * (negative once past due, which only the refresh of a live session can see).
 */
export const SessionAnswer = z.object({
  token: z.string(),
  user: SessionUser,
  daysUntilDue: z.number().nullable(),
});
export type SessionAnswer = z.infer<typeof SessionAnswer>;

export const ForgetPasswordParams = z.object({ email: z.email() });

export const ResetPasswordParams = z.object({
  email: z.email(),
  token: z.string().min(1).max(100),
  newPassword: strongPassword,
});

/** The safe variant the web client uses: the same data in a JSON body. */
export const ResetPasswordBody = z.object({
  email: z.email("invalidEmail").trim().toLowerCase(),
  token: z.string().trim().min(1, "required").max(100),
  password: strongPassword,
});
export type ResetPasswordBody = z.infer<typeof ResetPasswordBody>;

/** The client form of step two, with its confirmation. */
export const ResetPasswordForm = z
  .object({
    email: z.email("invalidEmail"),
    token: z.string().trim().min(1, "required"),
    password: strongPassword,
    confirmPassword: z.string().min(1, "required"),
  })
  .refine((value) => value.password === value.confirmPassword, {
    path: ["confirmPassword"],
    message: "passwordsDontMatch",
  });
