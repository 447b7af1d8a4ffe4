import { z } from "zod";
import { Id, IsoDate, ListQuery, looseBoolean } from "./common.schemas.js";

export const QUICK_MESSAGE_SHORTCODE_MAX = 100;
export const QUICK_MESSAGE_TEXT_MAX = 5000;

export const QuickMessage = z.object({
  id: z.number(),
  shortcode: z.string(),
  message: z.string(),
  /** Shared with the whole company rather than the author only. */
  geral: z.boolean(),
  status: z.boolean(),
  userId: z.number().nullable(),
  isMedia: z.boolean(),
  /** Public URL of the attached file (served under /public/), or null. */
  mediaPath: z.string().nullable(),
  mediaName: z.string().nullable(),
  createdAt: IsoDate,
  updatedAt: IsoDate,
});
export type QuickMessage = z.infer<typeof QuickMessage>;

const quickMessageFields = {
  shortcode: z.string().trim().min(1, "required").max(QUICK_MESSAGE_SHORTCODE_MAX, "tooLong"),
  message: z.string().max(QUICK_MESSAGE_TEXT_MAX, "tooLong"),
  geral: looseBoolean,
  status: looseBoolean,
};

export const QuickMessageBody = z.object({
  shortcode: quickMessageFields.shortcode,
  message: quickMessageFields.message.default(""),
  geral: quickMessageFields.geral.default(false),
  status: quickMessageFields.status.default(true),
});
export type QuickMessageBody = z.infer<typeof QuickMessageBody>;
/** Without defaults: a field left out of an update stays as it is. */
export const QuickMessageUpdateBody = z.object(quickMessageFields).partial();
export type QuickMessageUpdateBody = z.infer<typeof QuickMessageUpdateBody>;
/** The quick message dialog's form (its switches give real booleans). */
export const QuickMessageForm = z.object({
  shortcode: quickMessageFields.shortcode,
  message: quickMessageFields.message,
  geral: z.boolean(),
  status: z.boolean(),
});
export type QuickMessageForm = z.infer<typeof QuickMessageForm>;

/** userId is accepted for the original client's sake; the list is always the caller's view. */
export const QuickMessageListQuery = ListQuery.extend({ userId: Id.optional() });
export const QuickMessagesPage = z.object({ records: z.array(QuickMessage), count: z.number(), hasMore: z.boolean() });
export type QuickMessagesPage = z.infer<typeof QuickMessagesPage>;
export const QuickMessagesListQuery = z.object({
  companyId: Id.optional(),
  userId: Id.optional(),
});

/** What an upload's content turned out to be; the limit follows the kind. */
export const UPLOAD_KINDS = ["image", "audio", "video", "document"] as const;
export type UploadKind = (typeof UPLOAD_KINDS)[number];
