import {
  SCHEDULE_DEFAULT_OFFSET_MS,
  SCHEDULE_MEDIA_EXTENSIONS,
  ScheduleBody,
  UPLOAD_LIMITS_BYTES,
} from "@atendo/shared";
import { z } from "zod";

/** A chosen send time may lag the clock by this much (the time it took to fill the form). */
const PAST_TOLERANCE_MS = 60_000;

const pad = (value: number) => String(value).padStart(2, "0");

/** A date as a datetime-local input writes it: yyyy-MM-ddTHH:mm, in local time. */
export function toLocalInput(date: Date): string {
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/** A new schedule's send time: now plus one hour (document 1 section 5). */
export function defaultSendAt(now = new Date()): string {
  return toLocalInput(new Date(now.getTime() + SCHEDULE_DEFAULT_OFFSET_MS));
}

const validInstant = (value: string) => value !== "" && !Number.isNaN(new Date(value).getTime());

/**
 * The schedule dialog's form: the shared body rule (at least 5 characters), a contact, and a
 * send time. A time the user picks must not be in the past; one left as it was (a failed
 * schedule saved again, whose time has passed) goes out at once.
 */
export function scheduleFormSchema(keptSendAt: string | null, now: () => number = Date.now) {
  return z
    .object({
      body: ScheduleBody.shape.body,
      contactId: z.number({ error: "required" }),
      sendAt: z.string().min(1, { error: "required", abort: true }).refine(validInstant, "invalidDate"),
    })
    .superRefine((values, ctx) => {
      if (values.sendAt === keptSendAt || !validInstant(values.sendAt)) return;
      if (new Date(values.sendAt).getTime() < now() - PAST_TOLERANCE_MS) {
        ctx.addIssue({ code: "custom", path: ["sendAt"], message: "pastDate" });
      }
    });
}
export type ScheduleFormInput = z.input<ReturnType<typeof scheduleFormSchema>>;
export type ScheduleFormValues = z.output<ReturnType<typeof scheduleFormSchema>>;

/** What the API takes: the local time as an instant. */
export function toScheduleBody(values: ScheduleFormValues) {
  return { body: values.body, contactId: values.contactId, sendAt: new Date(values.sendAt).toISOString() };
}

/** What the file input offers; the server judges the bytes again. */
export const SCHEDULE_MEDIA_ACCEPT = [
  ...SCHEDULE_MEDIA_EXTENSIONS.map((extension) => `.${extension}`),
  "image/png",
  "image/jpeg",
].join(",");

/** Why an image cannot be attached, before any upload: its type (png, jpg, jpeg) or its size (2 MB). */
export function scheduleMediaProblem(file: Pick<File, "name" | "type" | "size">): "type" | "size" | null {
  const extension = /\.([a-z0-9]+)$/i.exec(file.name)?.[1]?.toLowerCase() ?? "";
  const byName = (SCHEDULE_MEDIA_EXTENSIONS as readonly string[]).includes(extension);
  const byType = file.type === "" || file.type === "image/png" || file.type === "image/jpeg";
  if (!byName || !byType) return "type";
  return file.size > UPLOAD_LIMITS_BYTES.image ? "size" : null;
}
