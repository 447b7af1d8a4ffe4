import type { FileList, FileListsPage } from "@atendo/shared";
import type { InfiniteData } from "@tanstack/react-query";
import { api, type UploadProgress } from "../../api/client";
import type { RequestBody } from "../../api/routes";

export type FileListsPages = InfiniteData<FileListsPage, number>;

export const fileListsKeys = {
  lists: () => ["file-lists", "list"] as const,
  list: (searchParam: string) => ["file-lists", "list", searchParam] as const,
  detail: (id: number) => ["file-lists", "detail", id] as const,
};

export function fetchFileListsPage(searchParam: string, pageNumber: number, signal?: AbortSignal) {
  return api.get("/files", { query: { searchParam, pageNumber }, signal });
}
export const fetchFileList = (id: number, signal?: AbortSignal) => api.get("/files/{id}", { params: { id }, signal });
export const createFileList = (body: RequestBody<"POST /files">) => api.post("/files", { body });
export const updateFileList = (id: number, body: RequestBody<"PUT /files/{id}">) =>
  api.put("/files/{id}", { params: { id }, body });
export const deleteFileList = (id: number) => api.delete("/files/{id}", { params: { id } });

/**
 * POST /files/uploadList/{id}, one entry's file: the form the original client
 * sends (`files`, `mediaType` and the entry's `id`), reporting its progress.
 */
export function uploadFileListFile(
  fileListId: number,
  upload: { optionId: number; file: File },
  onProgress: UploadProgress,
) {
  const form = new FormData();
  form.append("typeArch", "fileList");
  form.append("fileId", String(fileListId));
  form.append("files", upload.file, upload.file.name);
  form.append("mediaType", upload.file.type);
  form.append("id", String(upload.optionId));
  return api.post("/files/uploadList/{id}", { params: { id: fileListId }, body: form, onUploadProgress: onProgress });
}

/** The cached pages with one list replaced (a new list is fetched with the pages, in the server's order). */
export function replaceFileList(data: FileListsPages | undefined, fileList: FileList): FileListsPages | undefined {
  if (!data?.pages.some((page) => page.files.some((item) => item.id === fileList.id))) return data;
  return {
    ...data,
    pages: data.pages.map((page) => ({
      ...page,
      files: page.files.map((item) => (item.id === fileList.id ? fileList : item)),
    })),
  };
}

export function removeFileList(data: FileListsPages | undefined, fileListId: number): FileListsPages | undefined {
  if (!data?.pages.some((page) => page.files.some((item) => item.id === fileListId))) return data;
  return {
    ...data,
    pages: data.pages.map((page) => ({
      ...page,
      files: page.files.filter((item) => item.id !== fileListId),
      count: Math.max(0, page.count - 1),
    })),
  };
}
