import {
  assertUnreachable,
  CONTACT_LIST_SPREADSHEET_EXTENSIONS,
  CONTACT_LIST_UPLOAD_MAX_BYTES,
  CONTACT_LIST_UPLOAD_MAX_ROWS,
  type ContactListUploadError,
  type ErrorBody,
} from "@atendo/shared";
import type { TFunction } from "i18next";
import { ApiError } from "../../api/client";

export const SPREADSHEET_ACCEPT = CONTACT_LIST_SPREADSHEET_EXTENSIONS.join(",");
export const MAX_MEGABYTES = CONTACT_LIST_UPLOAD_MAX_BYTES / (1024 * 1024);

/** What the dialog can tell before sending: the spec's extensions, and the size the server takes. */
export function fileProblem(file: Pick<File, "name" | "size">, t: TFunction): string | null {
  const name = file.name.toLowerCase();
  if (!CONTACT_LIST_SPREADSHEET_EXTENSIONS.some((extension) => name.endsWith(extension))) {
    return t("contactListItems.import.wrongType");
  }
  if (file.size > CONTACT_LIST_UPLOAD_MAX_BYTES) return t("contactListItems.import.tooLarge", { size: MAX_MEGABYTES });
  return null;
}

/** Why a row was refused, in words: the field and its rule, or the duplicate it is. */
export function rowReason(error: ContactListUploadError, t: TFunction): string {
  const field = error.field ? t(`contactListItems.import.fields.${error.field}`) : "";
  switch (error.reason) {
    case "required":
    case "tooShort":
    case "tooLong":
      return t(`contactListItems.import.reasons.${error.reason}`, { field });
    case "invalidEmail":
    case "duplicateInList":
      return t(`contactListItems.import.reasons.${error.reason}`);
    case "duplicateInFile":
      return t("contactListItems.import.reasons.duplicateInFile", { firstRow: error.firstRow });
    default:
      return assertUnreachable(error.reason);
  }
}

const FILE_PROBLEMS = new Set(["required", "unsupportedType", "unreadable", "noRows", "tooManyRows"]);

/**
 * The server's refusal of the whole file (a field error on `body.file`) in words, or
 * null for any other failure, which the usual error toast reports.
 */
export function uploadRefusal(err: unknown, t: TFunction): string | null {
  if (!(err instanceof ApiError)) return null;
  if (err.code === "ERR_PAYLOAD_TOO_LARGE") return t("contactListItems.import.tooLarge", { size: MAX_MEGABYTES });
  const fields = (err.body as Partial<ErrorBody> | undefined)?.fields ?? [];
  const problem = fields.find((field) => field.path === "body.file" && FILE_PROBLEMS.has(field.message));
  return problem
    ? t(`contactListItems.import.problems.${problem.message}`, { max: CONTACT_LIST_UPLOAD_MAX_ROWS })
    : null;
}
