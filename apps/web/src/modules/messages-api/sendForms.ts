import { EXTERNAL_API_NUMBER, MESSAGE_BODY_MAX, MESSAGE_MEDIAS_MAX } from "@atendo/shared";
import { z } from "zod";
import { mediaTooLarge } from "../../utils/uploadLimits";

const body = z.string().max(MESSAGE_BODY_MAX, "tooLong");

/** The shared rule (digits only with the country code), told apart from a number not typed at all. */
const number = z.string().trim().min(1, { error: "required", abort: true }).regex(EXTERNAL_API_NUMBER, "invalidNumber");

/** JSON: the text is the message, so it is required (the server refuses a blank one without files). */
export const JsonSendForm = z.object({
  number,
  body: body.refine((value) => value.trim() !== "", "required"),
});
export type JsonSendValues = z.infer<typeof JsonSendForm>;

/** The first file over its type's limit (image 2 MB, audio 5 MB, video and documents 20 MB), if any. */
export function oversizedMedia(files: readonly File[]): { file: File; limit: number } | undefined {
  for (const file of files) {
    const limit = mediaTooLarge(file);
    if (limit !== null) return { file, limit };
  }
  return undefined;
}

/** Multipart: one file at least (the form exists to send files), the text is the caption. */
export const MultipartSendForm = z
  .object({
    number,
    body,
    medias: z
      .array(z.custom<File>((value) => value instanceof File))
      .min(1, "fileRequired")
      .max(MESSAGE_MEDIAS_MAX, "tooMany"),
  })
  .superRefine((values, ctx) => {
    if (oversizedMedia(values.medias)) ctx.addIssue({ code: "custom", path: ["medias"], message: "tooLarge" });
  });
export type MultipartSendValues = z.infer<typeof MultipartSendForm>;
