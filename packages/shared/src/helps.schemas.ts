import { z } from "zod";

export const Help = z.object({
  id: z.number(),
  title: z.string(),
  video: z.string(),
  description: z.string(),
});
export type Help = z.infer<typeof Help>;

export const HelpBody = z.object({
  title: z.string().trim().min(1, "required").max(200),
  video: z.string().trim().max(200).default(""),
  description: z.string().trim().max(2000).default(""),
});
export type HelpBody = z.infer<typeof HelpBody>;

export const HelpsPage = z.object({ records: z.array(Help), count: z.number(), hasMore: z.boolean() });

/** An edit changes only what it sends (HelpBody's defaults would blank the untouched fields). */
export const HelpUpdateBody = z.object({
  title: HelpBody.shape.title.optional(),
  video: z.string().trim().max(200).optional(),
  description: z.string().trim().max(2000).optional(),
});
export type HelpUpdateBody = z.infer<typeof HelpUpdateBody>;
