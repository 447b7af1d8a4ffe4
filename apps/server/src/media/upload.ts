import type { UploadKind } from "@atendo/shared";
import { UPLOAD_LIMITS_BYTES } from "@atendo/shared";
import type { FastifyRequest } from "fastify";
import { AppError } from "../http/errors.js";
import { type DetectedFile, detectFile, type StoredExtension } from "./file-kind.js";

/** Document 2 gives image, audio and video limits; documents share the largest (20 MB). */
export const UPLOAD_LIMIT_BY_KIND: Record<UploadKind, number> = {
  image: UPLOAD_LIMITS_BYTES.image,
  audio: UPLOAD_LIMITS_BYTES.audio,
  video: UPLOAD_LIMITS_BYTES.video,
  document: UPLOAD_LIMITS_BYTES.video,
};
export const MAX_UPLOAD_BYTES = Math.max(...Object.values(UPLOAD_LIMIT_BY_KIND));

/**
 * What people may upload (document 2 section 5): images png/jpg, audio
 * ogg/mp3 (opus travels in ogg), video mp4; documents pdf, office files,
 * zip and plain text. Narrower than what customers may send us.
 */
const UPLOADABLE: ReadonlySet<StoredExtension> = new Set<StoredExtension>([
  "png",
  "jpg",
  "ogg",
  "mp3",
  "mp4",
  "pdf",
  "zip",
  "docx",
  "xlsx",
  "pptx",
  "odt",
  "ods",
  "doc",
  "xls",
  "ppt",
  "txt",
  "csv",
]);

/** An upload's type from its bytes, or undefined when it is not one people may upload. */
export async function detectUpload(data: Buffer, fileName: string): Promise<DetectedFile | undefined> {
  const detected = await detectFile(data, fileName);
  return UPLOADABLE.has(detected.extension) ? detected : undefined;
}

/** A file as it arrived in a request. */
export interface UploadedFile {
  data: Buffer;
  /** As the client named it: kept for display only. */
  fileName: string;
}

/**
 * The multipart body's `file` part (other parts are read past), at most `maxBytes`:
 * beyond it the multipart plugin answers 413. A body that is not multipart is a 400.
 */
export async function readFilePart(
  request: FastifyRequest,
  maxBytes: number = MAX_UPLOAD_BYTES,
): Promise<UploadedFile | undefined> {
  if (!request.isMultipart()) {
    throw new AppError("ERR_VALIDATION", { fields: [{ path: "body", message: "multipartRequired" }] });
  }
  let upload: UploadedFile | undefined;
  for await (const part of request.parts({ limits: { fileSize: maxBytes, files: 1, fields: 10 } })) {
    if (part.type !== "file") continue;
    const data = await part.toBuffer();
    if (part.fieldname === "file") upload = { data, fileName: part.filename ?? "" };
  }
  return upload;
}
