import {
  CONTACT_LIST_UPLOAD_REASONS,
  ContactListItemForm,
  type ContactListItemFormValues,
  type ContactListUploadAnswer,
  type ContactListUploadError,
  type ContactListUploadReason,
  type SheetContactRow,
} from "@atendo/shared";
import type { AppContext } from "../../context.js";
import type { AuthSession } from "../../http/auth.js";
import { AppError } from "../../http/errors.js";
import type { UploadedFile } from "../../media/upload.js";
import { emitContactList, emitContactListItem, toContactList } from "./contact-lists.events.js";
import { enqueueContactListCheck } from "./contact-lists.jobs.js";
import {
  findContactListWithCount,
  insertContactListItems,
  lockContactList,
  numbersInList,
} from "./contact-lists.repository.js";
import { readContactSheet, spreadsheetError } from "./contact-lists.spreadsheet.js";

type Deps = Pick<AppContext, "db" | "realtime" | "jobs">;

/** A row that passed the item rules: the item it makes, and the row as the sheet has it. */
export interface AcceptedRow {
  item: ContactListItemFormValues;
  row: SheetContactRow;
}

const FIELDS = new Set(["name", "number", "email"]);

function refused(row: SheetContactRow, reason: ContactListUploadReason, extra: Partial<ContactListUploadError> = {}) {
  return { row: row.line, name: row.name, number: row.number, email: row.email, reason, ...extra };
}

/** The item rules' messages are the validation reasons of the report (required, tooShort...). */
function validationReason(message: string): ContactListUploadReason {
  if (!(CONTACT_LIST_UPLOAD_REASONS as readonly string[]).includes(message)) {
    throw new Error(`the item rules gave a message the upload report lacks: ${message}`);
  }
  return message as ContactListUploadReason;
}

/**
 * Splits a sheet's rows into those that may become items (the item dialog's rule) and
 * those that may not, with the first reason each fails; a number an earlier row already
 * has is a duplicate of that row.
 */
export function sortSheetRows(rows: SheetContactRow[]): { accepted: AcceptedRow[]; errors: ContactListUploadError[] } {
  const accepted: AcceptedRow[] = [];
  const errors: ContactListUploadError[] = [];
  const firstLineOf = new Map<string, number>();
  for (const row of rows) {
    const parsed = ContactListItemForm.safeParse(row);
    if (!parsed.success) {
      const [issue] = parsed.error.issues;
      const field = String(issue?.path[0] ?? "");
      errors.push(
        refused(row, validationReason(issue?.message ?? ""), {
          ...(FIELDS.has(field) ? { field: field as "name" | "number" | "email" } : {}),
        }),
      );
      continue;
    }
    const firstLine = firstLineOf.get(parsed.data.number);
    if (firstLine !== undefined) {
      errors.push(refused(row, "duplicateInFile", { field: "number", firstRow: firstLine }));
      continue;
    }
    firstLineOf.set(parsed.data.number, row.line);
    accepted.push({ item: parsed.data, row });
  }
  return { accepted, errors };
}

/**
 * POST /contact-lists/{id}/upload: the rows of a spreadsheet become items of the list. Rows
 * that break the item rules, repeat a number of the file, or bring a number the list holds
 * are reported with their line and reason; the others are added in one transaction, and
 * their numbers are checked on WhatsApp afterwards (contact-lists.jobs.ts). The list is
 * looked up before the file is read, so another company's list answers 404 whatever is sent.
 */
export async function uploadToContactList(
  deps: Deps,
  actor: AuthSession,
  contactListId: number,
  readFile: () => Promise<UploadedFile | undefined>,
): Promise<ContactListUploadAnswer> {
  const { companyId } = actor;
  if (!(await findContactListWithCount(deps.db, companyId, contactListId))) throw new AppError("ERR_NOT_FOUND");
  const file = await readFile();
  if (!file || file.data.length === 0) throw spreadsheetError("required");
  const rows = await readContactSheet(file);
  const { accepted, errors } = sortSheetRows(rows);

  const imported = await deps.db.transaction(async (tx) => {
    if (!(await lockContactList(tx, companyId, contactListId))) throw new AppError("ERR_NOT_FOUND");
    const held = await numbersInList(
      tx,
      companyId,
      contactListId,
      accepted.map(({ item }) => item.number),
    );
    const fresh = accepted.filter(({ item }) => !held.has(item.number));
    const written = await insertContactListItems(
      tx,
      fresh.map(({ item }) => ({ companyId, contactListId, ...item })),
    );
    // Held before, or added by a concurrent request since the check: either way already in the list.
    for (const { item, row } of accepted) {
      if (!written.has(item.number)) errors.push(refused(row, "duplicateInList", { field: "number" }));
    }
    if (written.size > 0) await enqueueContactListCheck(deps, tx, { companyId, contactListId });
    return written.size;
  });

  if (imported > 0) {
    const list = await findContactListWithCount(deps.db, companyId, contactListId);
    if (list) emitContactList(deps, companyId, { action: "update", contactList: toContactList(list) });
    // One reload instead of an event per row: an upload may carry thousands.
    emitContactListItem(deps, companyId, { action: "reload", contactListId });
  }
  errors.sort((a, b) => a.row - b.row);
  return { rows: rows.length, imported, errors };
}
