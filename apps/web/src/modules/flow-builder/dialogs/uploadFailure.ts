import { ApiError } from "../../../api/client";
import type { MediaKind } from "./rules";

/**
 * The server's refusal of an upload in the words of the spec's messages (the
 * server checks size and type again, by the file's bytes): the key under
 * flowBuilder.validation, or null for any other failure.
 */
export function uploadRefusal(error: unknown, kind: MediaKind): string | null {
  if (!(error instanceof ApiError)) return null;
  if (error.code === "ERR_PAYLOAD_TOO_LARGE") return `${kind}TooLarge`;
  const fields = (error.body as { fields?: { message?: string }[] } | undefined)?.fields ?? [];
  return fields.some((field) => field.message === "unsupportedType") ? `${kind}Type` : null;
}
