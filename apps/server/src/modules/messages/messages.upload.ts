import { MESSAGE_MEDIAS_MAX } from "@atendo/shared";
import type { FastifyRequest } from "fastify";
import { AppError } from "../../http/errors.js";
import {
  type DetectedType,
  detectUploadType,
  MAX_UPLOAD_BYTES,
  UPLOAD_LIMIT_BY_KIND,
} from "../quick-messages/upload-type.js";
import type { OutgoingMessage } from "./send.js";

export interface SendForm {
  fields: Record<string, string>;
  files: { data: Buffer; fileName: string }[];
}

/**
 * Reads a multipart send: text fields, and every `medias` file. A file beyond
 * the largest per-type limit stops the upload (the multipart plugin answers 413);
 * the per-type limit is checked on the bytes afterwards.
 */
export async function readSendForm(request: FastifyRequest): Promise<SendForm> {
  const form: SendForm = { fields: {}, files: [] };
  const parts = request.parts({
    limits: { fileSize: MAX_UPLOAD_BYTES, files: MESSAGE_MEDIAS_MAX, fields: 20, fieldSize: 256 * 1024 },
  });
  for await (const part of parts) {
    if (part.type === "file") {
      const data = await part.toBuffer();
      if (part.fieldname === "medias") form.files.push({ data, fileName: part.filename ?? "" });
    } else if (typeof part.value === "string") {
      form.fields[part.fieldname] = part.value;
    }
  }
  return form;
}

const MIME_BY_EXTENSION: Record<string, string> = {
  png: "image/png",
  jpg: "image/jpeg",
  ogg: "audio/ogg",
  mp3: "audio/mpeg",
  mp4: "video/mp4",
  pdf: "application/pdf",
  zip: "application/zip",
  docx: "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
  xlsx: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
  pptx: "application/vnd.openxmlformats-officedocument.presentationml.presentation",
  odt: "application/vnd.oasis.opendocument.text",
  ods: "application/vnd.oasis.opendocument.spreadsheet",
  doc: "application/msword",
  xls: "application/vnd.ms-excel",
  ppt: "application/vnd.ms-powerpoint",
  txt: "text/plain",
  csv: "text/csv",
};

/** Client file names are shown, never used as paths: the last segment, printable, bounded. */
function displayName(fileName: string, type: DetectedType): string {
  const base = (fileName.split(/[\\/]/).pop() ?? "").replace(/[\p{Cc}\p{Cf}]/gu, "").trim();
  return (base || `file.${type.extension}`).slice(0, 200);
}

/**
 * Every file checked before any is sent: the type comes from the bytes
 * (quick messages' detector), the limit from the type (image 2 MB, audio 5 MB,
 * video and documents 20 MB).
 */
export function outgoingMedias(files: SendForm["files"]): NonNullable<OutgoingMessage["media"]>[] {
  return files.map((file, index) => {
    const path = `body.medias.${index}`;
    if (file.data.length === 0) throw new AppError("ERR_VALIDATION", { fields: [{ path, message: "required" }] });
    const type = detectUploadType(file.data, file.fileName);
    if (!type) throw new AppError("ERR_VALIDATION", { fields: [{ path, message: "unsupportedType" }] });
    const limit = UPLOAD_LIMIT_BY_KIND[type.kind];
    if (file.data.length > limit) {
      throw new AppError("ERR_PAYLOAD_TOO_LARGE", { data: { kind: type.kind, maxBytes: limit } });
    }
    return {
      data: file.data,
      fileName: displayName(file.fileName, type),
      mimeType: MIME_BY_EXTENSION[type.extension] ?? "application/octet-stream",
    };
  });
}

/** zod issues of a hand-validated body, in the error handler's `fields` shape. */
export function validationError(issues: { path: PropertyKey[]; message: string }[]): AppError {
  return new AppError("ERR_VALIDATION", {
    fields: issues.map((issue) => ({ path: ["body", ...issue.path.map(String)].join("."), message: issue.message })),
  });
}
