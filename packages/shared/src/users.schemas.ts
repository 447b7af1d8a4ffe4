import { z } from "zod";
import { QueueSummary } from "./auth.schemas.js";
import { Id, IsoDate, name, password } from "./common.schemas.js";
import { ALL_TICKET_VALUES, LANGUAGES, PROFILES } from "./enums.js";

export const User = z.object({
  id: z.number(),
  name: z.string(),
  email: z.string(),
  profile: z.enum(PROFILES),
  super: z.boolean(),
  companyId: z.number(),
  allTicket: z.enum(ALL_TICKET_VALUES),
  whatsappId: z.number().nullable(),
  language: z.enum(LANGUAGES).nullable(),
  online: z.boolean(),
  queues: z.array(QueueSummary),
  createdAt: IsoDate,
  updatedAt: IsoDate,
});
export type User = z.infer<typeof User>;

const queueIds = z.array(Id).max(500);
const whatsappId = z.preprocess((v) => (v === "" || v === 0 ? null : v), Id.nullable());

export const CreateUserBody = z.object({
  name: name(),
  email: z.email("invalidEmail").trim().toLowerCase(),
  password,
  profile: z.enum(PROFILES).default("user"),
  allTicket: z.enum(ALL_TICKET_VALUES).default("desabled"),
  whatsappId: whatsappId.optional(),
  queueIds: queueIds.default([]),
  /** Only a super admin may create users in another company. */
  companyId: Id.optional(),
});
export type CreateUserBody = z.infer<typeof CreateUserBody>;

export const UpdateUserBody = z.object({
  name: name().optional(),
  email: z.email("invalidEmail").trim().toLowerCase().optional(),
  password: z.union([password, z.literal("")]).optional(),
  profile: z.enum(PROFILES).optional(),
  allTicket: z.enum(ALL_TICKET_VALUES).optional(),
  whatsappId: whatsappId.optional(),
  queueIds: queueIds.optional(),
  companyId: z.coerce.number().optional(),
});
export type UpdateUserBody = z.infer<typeof UpdateUserBody>;

/** The user dialog's form; the password is optional when editing. */
export const UserForm = z.object({
  name: name(),
  email: z.email("invalidEmail"),
  password: z.union([password, z.literal("")]),
  profile: z.enum(PROFILES),
  allTicket: z.enum(ALL_TICKET_VALUES),
  whatsappId: z.number().nullable(),
  queueIds: z.array(z.number()),
});
export type UserForm = z.infer<typeof UserForm>;

export const UsersPage = z.object({ users: z.array(User), count: z.number(), hasMore: z.boolean() });
export const UsersListQuery = z.object({ companyId: Id.optional() });
export const LanguageParams = z.object({ lang: z.enum(LANGUAGES) });
