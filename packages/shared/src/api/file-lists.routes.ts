import { IdParams, MessageAnswer } from "../common.schemas.js";
import { FileList, FileListBody, FileListListQuery, FileListsPage, FileListUpdateBody } from "../file-lists.schemas.js";
import type { RouteGroup } from "./contract.js";

/** File lists (document 2, /files): the lists campaigns send with their messages. */
export const FILE_LISTS_ROUTES = {
  "GET /files": { query: FileListListQuery, response: FileListsPage },
  "GET /files/{id}": { params: IdParams, response: FileList },
  "POST /files": { body: FileListBody, response: FileList },
  "PUT /files/{id}": { params: IdParams, body: FileListUpdateBody, response: FileList },
  "DELETE /files/{id}": { params: IdParams, response: MessageAnswer },
  /** The entries' files: each `files` part goes to the entry named by the `id` field of the same rank. */
  "POST /files/uploadList/{id}": { params: IdParams, multipart: true, response: FileList },
} satisfies RouteGroup;
