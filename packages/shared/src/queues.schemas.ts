import { z } from "zod";
import { Id, INT4_MAX, IsoDate } from "./common.schemas.js";
import { WorkingHours } from "./companies.schemas.js";
import { QUEUE_COLOR_MAX, QUEUE_COLOR_MIN } from "./constants.js";

export const Queue = z.object({
  id: z.number(),
  name: z.string(),
  color: z.string(),
  greetingMessage: z.string(),
  outOfHoursMessage: z.string(),
  orderQueue: z.number().nullable(),
  integrationId: z.number().nullable(),
  promptId: z.number().nullable(),
  schedules: z.array(WorkingHours),
  companyId: z.number(),
  createdAt: IsoDate,
  updatedAt: IsoDate,
});
export type Queue = z.infer<typeof Queue>;

const optionalId = z.preprocess((v) => (v === "" || v === 0 || v === "0" ? null : v), Id.nullable());

const queueFields = {
  name: z.string().trim().min(1, "nameRequired").min(2, "nameShort").max(50, "nameLong"),
  color: z.string().trim().min(QUEUE_COLOR_MIN, "colorShort").max(QUEUE_COLOR_MAX, "colorLong"),
  greetingMessage: z.string().max(5000),
  outOfHoursMessage: z.string().max(5000),
  orderQueue: z
    .preprocess((v) => (v === "" ? null : v), z.coerce.number().int().min(0).max(INT4_MAX).nullable())
    .optional(),
  integrationId: optionalId.optional(),
  promptId: optionalId.optional(),
  schedules: z.array(WorkingHours).max(7).optional(),
};

export const QueueBody = z.object({
  ...queueFields,
  greetingMessage: queueFields.greetingMessage.default(""),
  outOfHoursMessage: queueFields.outOfHoursMessage.default(""),
});
export type QueueBody = z.infer<typeof QueueBody>;
/** Without defaults: a field left out of an update stays as it is. */
export const QueueUpdateBody = z.object(queueFields).partial();
export type QueueUpdateBody = z.infer<typeof QueueUpdateBody>;

export const QueueListQuery = z.object({ companyId: Id.optional() });
