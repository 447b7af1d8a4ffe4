import { finished } from "node:stream/promises";
import {
  FILE_LIST_MAX_OPTIONS,
  FileList,
  FileListBody,
  FileListListQuery,
  FileListsPage,
  FileListUpdateBody,
  IdParams,
  MessageAnswer,
} from "@atendo/shared";
import type { FastifyRequest } from "fastify";
import type { AppContext } from "../../context.js";
import type { App } from "../../http/app.js";
import type { AuthHooks } from "../../http/auth.js";
import { AppError } from "../../http/errors.js";
import { assertStorableText } from "../../http/input-guard.js";
import { MAX_UPLOAD_BYTES } from "../../media/upload.js";
import {
  createFileList,
  pageCompanyFileLists,
  removeFileList,
  showFileList,
  type UploadPart,
  updateFileListById,
  uploadFileListFiles,
} from "./file-lists.service.js";

const tags = ["files"];

/**
 * The upload form's parts, one at a time: a file beyond the largest per-type
 * limit stops the upload (the multipart plugin answers 413), and a list never
 * takes more files than it may have entries.
 */
async function* uploadParts(request: FastifyRequest): AsyncIterable<UploadPart> {
  if (!request.isMultipart()) {
    throw new AppError("ERR_VALIDATION", { fields: [{ path: "body", message: "multipartRequired" }] });
  }
  const parts = request.parts({
    limits: {
      fileSize: MAX_UPLOAD_BYTES,
      files: FILE_LIST_MAX_OPTIONS,
      fields: 4 * FILE_LIST_MAX_OPTIONS + 10,
      fieldSize: 1024,
    },
  });
  for await (const part of parts) {
    if (part.type === "file") {
      yield {
        type: "file",
        field: part.fieldname,
        fileName: part.filename ?? "",
        read: () => part.toBuffer(),
        discard: () => {
          part.file.resume();
          return finished(part.file);
        },
      };
    } else if (typeof part.value === "string") {
      assertStorableText(part.value, `body.${part.fieldname}`);
      yield { type: "field", field: part.fieldname, value: part.value };
    }
  }
}

/** File lists are an administration screen (the menu's admin group), used by campaigns. */
export function registerFileListsRoutes(app: App, ctx: AppContext, auth: AuthHooks): void {
  // companyId, which the campaign form sends, is the session's: another value changes nothing.
  app.get(
    "/files",
    { onRequest: auth.admin, schema: { tags, querystring: FileListListQuery, response: { 200: FileListsPage } } },
    async (request) => pageCompanyFileLists(ctx, request.auth, request.query),
  );

  app.get(
    "/files/:id",
    { onRequest: auth.admin, schema: { tags, params: IdParams, response: { 200: FileList } } },
    async (request) => showFileList(ctx, request.auth, request.params.id),
  );

  app.post(
    "/files",
    { onRequest: auth.admin, schema: { tags, body: FileListBody, response: { 200: FileList } } },
    async (request) => createFileList(ctx, request.auth, request.body),
  );

  app.put(
    "/files/:id",
    {
      onRequest: auth.admin,
      schema: { tags, params: IdParams, body: FileListUpdateBody, response: { 200: FileList } },
    },
    async (request) => updateFileListById(ctx, request.auth, request.params.id, request.body),
  );

  app.delete(
    "/files/:id",
    { onRequest: auth.admin, schema: { tags, params: IdParams, response: { 200: MessageAnswer } } },
    async (request) => {
      await removeFileList(ctx, request.auth, request.params.id);
      return { message: "fileListDeleted" };
    },
  );

  app.post(
    "/files/uploadList/:id",
    {
      onRequest: auth.admin,
      schema: { tags, params: IdParams, consumes: ["multipart/form-data"], response: { 200: FileList } },
    },
    async (request) => uploadFileListFiles(ctx, request.auth, request.params.id, () => uploadParts(request)),
  );
}
