import { UPLOAD_LIMITS_BYTES } from "@atendo/shared";

/**
 * Document 2 section 5: images up to 2 MB, audio 5 MB, video 20 MB, read from the
 * file's declared type; anything else gets the largest limit. The server checks
 * the bytes again, so this only spares a doomed upload. Answers the limit the file
 * exceeds, or null.
 */
export function mediaTooLarge(
  file: Pick<File, "type" | "size">,
  limits: { image: number; audio: number; video: number } = UPLOAD_LIMITS_BYTES,
): number | null {
  const family = file.type.split("/")[0];
  const limit = family === "image" ? limits.image : family === "audio" ? limits.audio : limits.video;
  return file.size > limit ? limit : null;
}

/** Whole megabytes, as the spec's messages write limits ("2MB máximo"). */
export const megabytes = (bytes: number) => Math.round(bytes / 1024 / 1024);
