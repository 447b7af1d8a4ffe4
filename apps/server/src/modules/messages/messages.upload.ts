import { MESSAGE_MEDIAS_MAX } from "@atendo/shared";
import type { FastifyRequest } from "fastify";
import { AppError } from "../../http/errors.js";
import { assertStorableText } from "../../http/input-guard.js";
import { displayName } from "../../media/storage.js";
import { detectUpload, MAX_UPLOAD_BYTES, UPLOAD_LIMIT_BY_KIND } from "../../media/upload.js";
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
      assertStorableText(part.value, `body.${part.fieldname}`);
      form.fields[part.fieldname] = part.value;
    }
  }
  return form;
}

/**
 * Every file checked before any is sent: the type comes from the bytes, the
 * limit from the type (image 2 MB, audio 5 MB, video and documents 20 MB).
 */
export async function outgoingMedias(files: SendForm["files"]): Promise<NonNullable<OutgoingMessage["media"]>[]> {
  const medias: NonNullable<OutgoingMessage["media"]>[] = [];
  for (const [index, file] of files.entries()) {
    const path = `body.medias.${index}`;
    if (file.data.length === 0) throw new AppError("ERR_VALIDATION", { fields: [{ path, message: "required" }] });
    const type = await detectUpload(file.data, file.fileName);
    if (!type) throw new AppError("ERR_VALIDATION", { fields: [{ path, message: "unsupportedType" }] });
    const limit = UPLOAD_LIMIT_BY_KIND[type.kind];
    if (file.data.length > limit) {
      throw new AppError("ERR_PAYLOAD_TOO_LARGE", { data: { kind: type.kind, maxBytes: limit } });
    }
    medias.push({
      data: file.data,
      fileName: displayName(file.fileName, `file.${type.extension}`),
      mimeType: type.mimeType,
    });
  }
  return medias;
}

/** zod issues of a hand-validated body, in the error handler's `fields` shape. */
export function validationError(issues: { path: PropertyKey[]; message: string }[]): AppError {
  return new AppError("ERR_VALIDATION", {
    fields: issues.map((issue) => ({ path: ["body", ...issue.path.map(String)].join("."), message: issue.message })),
  });
}
