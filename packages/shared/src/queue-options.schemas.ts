import { z } from "zod";
import { Id, INT4_MAX } from "./common.schemas.js";

/** One node of a queue's chatbot option tree, without its children (they are fetched per parent). */
export const QueueOption = z.object({
  id: z.number(),
  title: z.string(),
  message: z.string(),
  /** The position among its siblings, 1..n; the number the contact types. */
  option: z.number(),
  queueId: z.number(),
  parentId: z.number().nullable(),
  childrenCount: z.number(),
});
export type QueueOption = z.infer<typeof QueueOption>;

export const QUEUE_OPTION_TITLE_MAX = 200;
export const QUEUE_OPTION_MESSAGE_MAX = 5000;

/** The client writes the root level as -1; null, "", 0 and absent mean the same. */
const parentId = z.preprocess(
  (v) =>
    v === undefined || v === null || v === "" || v === "null" || v === -1 || v === "-1" || v === 0 || v === "0"
      ? null
      : v,
  Id.nullable(),
);
const title = z.string().trim().min(1, "required").max(QUEUE_OPTION_TITLE_MAX, "tooLong");
const message = z.string().max(QUEUE_OPTION_MESSAGE_MAX, "tooLong");
const position = z.coerce.number().int().min(1).max(INT4_MAX);

export const QueueOptionListQuery = z.object({ queueId: Id, parentId: parentId.optional() });
export type QueueOptionListQuery = z.infer<typeof QueueOptionListQuery>;

export const QueueOptionBody = z.object({
  queueId: Id,
  parentId: parentId.optional(),
  title,
  message: message.default(""),
  /** Absent: appended after the last sibling. */
  option: position.optional(),
});
export type QueueOptionBody = z.infer<typeof QueueOptionBody>;

export const QueueOptionUpdateBody = z.object({ title, message, option: position }).partial();
export type QueueOptionUpdateBody = z.infer<typeof QueueOptionUpdateBody>;
