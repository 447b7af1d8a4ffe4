import {
  CONTACT_NUMBER_MAX,
  CONTACT_NUMBER_MIN,
  type Contact,
  ContactBody,
  type ContactImportAnswer,
  type ContactSummary,
  type ContactsQuery,
  type ContactUpdateBody,
  type ContactUploadAnswer,
  type ContactUploadBody,
  companyEvent,
  hasPermission,
  NAME_MAX,
  PAGE_SIZE,
} from "@atendo/shared";
import type { PhoneContact } from "../../channels/provider.js";
import type { AppContext } from "../../context.js";
import { pgErrorOf, uniqueViolation } from "../../db/errors.js";
import type { AuthSession } from "../../http/auth.js";
import { AppError } from "../../http/errors.js";
import { connectedProvider } from "../whatsapps/connected-provider.js";
import { findDefaultWhatsapp } from "../whatsapps/whatsapps.repository.js";
import {
  type ContactChanges,
  type ContactRow,
  type CreatedDays,
  contactNumberTaken,
  deleteContact,
  extraInfoOfContacts,
  findContact,
  insertContact,
  insertMissingContacts,
  listCompanyContacts,
  pageContacts,
  setContactExtraInfo,
  updateContact,
} from "./contacts.repository.js";

/**
 * Asks the messaging provider whether a number exists on WhatsApp.
 * The routes ask the default connection (contacts.number-check.ts); without a checker nothing is checked.
 * When it answers false the contact is refused with ERR_WAPP_INVALID_CONTACT.
 */
export type CheckContactNumber = (companyId: number, number: string) => Promise<boolean>;

type Deps = Pick<AppContext, "db" | "realtime"> & { checkNumber?: CheckContactNumber };

async function toContacts(deps: Deps, companyId: number, rows: ContactRow[]): Promise<Contact[]> {
  const extraInfo = await extraInfoOfContacts(
    deps.db,
    companyId,
    rows.map((row) => row.id),
  );
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    number: row.number,
    email: row.email,
    profilePicUrl: row.profilePicUrl,
    isGroup: row.isGroup,
    extraInfo: extraInfo.get(row.id) ?? [],
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  }));
}

async function toContact(deps: Deps, row: ContactRow): Promise<Contact> {
  const [contact] = await toContacts(deps, row.companyId, [row]);
  return contact!;
}

function emitContact(deps: Deps, companyId: number, contact: Contact) {
  deps.realtime.toCompany(companyId, companyEvent.contact(companyId), { action: "update", contact });
}

/**
 * The days of creation GET /contacts asks for: `date` and the range both hold,
 * so the latest start and the earliest end win (an empty list when they cross).
 */
function createdDays(query: ContactsQuery): CreatedDays {
  const latest = (days: (string | undefined)[]) => days.filter(Boolean).sort().at(-1);
  const earliest = (days: (string | undefined)[]) => days.filter(Boolean).sort().at(0);
  return { first: latest([query.date, query.dateStart]), last: earliest([query.date, query.dateEnd]), tz: query.tz };
}

export async function listContactsPage(
  deps: Deps,
  actor: AuthSession,
  query: ContactsQuery,
): Promise<{ contacts: Contact[]; count: number; hasMore: boolean }> {
  const offset = (query.pageNumber - 1) * PAGE_SIZE;
  const { rows, count } = await pageContacts(deps.db, actor.companyId, {
    search: query.searchParam,
    created: createdDays(query),
    limit: PAGE_SIZE,
    offset,
  }).catch((error: unknown) => {
    // A zone the JavaScript runtime knows but PostgreSQL does not (22023) is the caller's mistake.
    if (pgErrorOf(error)?.code === "22023") {
      throw new AppError("ERR_VALIDATION", { fields: [{ path: "querystring.tz", message: "invalidTimeZone" }] });
    }
    throw error;
  });
  return {
    contacts: await toContacts(deps, actor.companyId, rows),
    count,
    hasMore: offset + rows.length < count,
  };
}

/** The whole company's contacts; a companyId in the query is ignored, even for a super admin. */
export async function listContacts(deps: Deps, actor: AuthSession): Promise<ContactSummary[]> {
  return listCompanyContacts(deps.db, actor.companyId);
}

export async function showContact(deps: Deps, actor: AuthSession, id: number): Promise<Contact> {
  const row = await findContact(deps.db, actor.companyId, id);
  if (!row) throw new AppError("ERR_NO_CONTACT_FOUND");
  return toContact(deps, row);
}

async function assertValidOnWhatsapp(deps: Deps, companyId: number, number: string) {
  if (deps.checkNumber && !(await deps.checkNumber(companyId, number))) {
    throw new AppError("ERR_WAPP_INVALID_CONTACT");
  }
}

/** A unique violation that slipped past the check (two requests racing) answers the same code. */
function rethrowUnique(error: unknown): never {
  if (uniqueViolation(error) === "contacts_company_number_unique") throw new AppError("ERR_DUPLICATED_CONTACT");
  throw error;
}

/** Contacts made here are never groups: groups come from the messaging service. */
export async function createContact(deps: Deps, actor: AuthSession, body: ContactBody): Promise<Contact> {
  const { companyId } = actor;
  if (await contactNumberTaken(deps.db, companyId, body.number)) throw new AppError("ERR_DUPLICATED_CONTACT");
  await assertValidOnWhatsapp(deps, companyId, body.number);
  const row = await deps.db
    .transaction(async (tx) => {
      const contact = await insertContact(tx, {
        companyId,
        name: body.name,
        number: body.number,
        email: body.email,
        isGroup: false,
      });
      await setContactExtraInfo(tx, companyId, contact.id, body.extraInfo);
      return contact;
    })
    .catch(rethrowUnique);
  const contact = await toContact(deps, row);
  emitContact(deps, companyId, contact);
  return contact;
}

export async function updateContactById(
  deps: Deps,
  actor: AuthSession,
  id: number,
  body: ContactUpdateBody,
): Promise<Contact> {
  const { companyId } = actor;
  const existing = await findContact(deps.db, companyId, id);
  if (!existing) throw new AppError("ERR_NO_CONTACT_FOUND");

  const changes: ContactChanges = {};
  if (body.name !== undefined) changes.name = body.name;
  if (body.email !== undefined) changes.email = body.email;
  // A group's number is the provider's group id: it is not ours to rewrite.
  const numberChanged = body.number !== undefined && body.number !== existing.number && !existing.isGroup;
  if (numberChanged) {
    if (await contactNumberTaken(deps.db, companyId, body.number!, id)) throw new AppError("ERR_DUPLICATED_CONTACT");
    await assertValidOnWhatsapp(deps, companyId, body.number!);
    changes.number = body.number;
  }

  const row = await deps.db
    .transaction(async (tx) => {
      const updated = await updateContact(tx, companyId, id, changes);
      if (!updated) throw new AppError("ERR_NO_CONTACT_FOUND");
      if (body.extraInfo) await setContactExtraInfo(tx, companyId, id, body.extraInfo);
      return updated;
    })
    .catch(rethrowUnique);
  const contact = await toContact(deps, row);
  emitContact(deps, companyId, contact);
  return contact;
}

export async function removeContact(deps: Deps, actor: AuthSession, id: number): Promise<void> {
  if (!hasPermission(actor, "contacts-page:deleteContact")) throw new AppError("ERR_NO_PERMISSION");
  const { companyId } = actor;
  if (!(await deleteContact(deps.db, companyId, id))) throw new AppError("ERR_NO_CONTACT_FOUND");
  deps.realtime.toCompany(companyId, companyEvent.contact(companyId), { action: "delete", contactId: id });
}

type UploadError = ContactUploadAnswer["errorBag"][number]["error"];
const UPLOAD_FIELDS = new Set(["name", "number", "email"]);

/** The first reason a row cannot become a contact, as the import dialog lists it. */
function rowValidationError(issues: { path: PropertyKey[]; message: string }[]): UploadError {
  const [issue] = issues;
  const field = String(issue?.path[0] ?? "");
  return UPLOAD_FIELDS.has(field)
    ? { message: issue!.message, field: field as "name" | "number" | "email" }
    : { message: "ERR_VALIDATION" };
}

/**
 * POST /contacts/upload: the spreadsheet's rows, read by the browser. Each row is
 * checked and saved on its own, so a bad row is reported in errorBag while the good
 * ones are created; a number already in the company (or twice in the file) is a duplicate.
 */
export async function uploadContacts(
  deps: Deps,
  actor: AuthSession,
  body: ContactUploadBody,
): Promise<ContactUploadAnswer> {
  const { companyId } = actor;
  const rows = Array.isArray(body) ? body : body.contacts;
  const answer: ContactUploadAnswer = { newContacts: [], errorBag: [] };

  for (const [index, row] of rows.entries()) {
    const reject = (error: UploadError) =>
      answer.errorBag.push({ row: index + 1, contactName: row.name.trim(), number: row.number.trim(), error });
    const parsed = ContactBody.safeParse({ name: row.name, number: row.number, email: row.email ?? "" });
    if (!parsed.success) {
      reject(rowValidationError(parsed.error.issues));
      continue;
    }
    const { name, number, email } = parsed.data;
    if (await contactNumberTaken(deps.db, companyId, number)) {
      reject({ message: "ERR_DUPLICATED_CONTACT" });
      continue;
    }
    if (deps.checkNumber && !(await deps.checkNumber(companyId, number))) {
      reject({ message: "ERR_WAPP_INVALID_CONTACT" });
      continue;
    }
    try {
      const contact = await insertContact(deps.db, { companyId, name, number, email, isGroup: false });
      answer.newContacts.push({ contactId: contact.id, contactName: contact.name });
    } catch (error) {
      if (uniqueViolation(error) !== "contacts_company_number_unique") throw error;
      reject({ message: "ERR_DUPLICATED_CONTACT" });
    }
  }

  // One reload instead of an event per row: an import may carry thousands.
  if (answer.newContacts.length > 0) {
    deps.realtime.toCompany(companyId, companyEvent.contact(companyId), { action: "reload" });
  }
  return answer;
}

/** The phone's entries as contacts: valid numbers once each, the number standing for a missing name. */
function importableContacts(entries: PhoneContact[]): { number: string; name: string }[] {
  const byNumber = new Map<string, string>();
  for (const entry of entries) {
    const number = entry.number.replace(/\D/g, "");
    if (number.length < CONTACT_NUMBER_MIN || number.length > CONTACT_NUMBER_MAX || byNumber.has(number)) continue;
    byNumber.set(number, entry.name.trim().slice(0, NAME_MAX) || number);
  }
  return [...byNumber].map(([number, name]) => ({ number, name }));
}

/**
 * POST /contacts/import (admins): the contacts of the phone behind the company's default
 * connection become the company's contacts. Numbers the company already has are left as
 * they are (names included); the answer lists only the contacts created.
 */
export async function importPhoneContacts(
  deps: Deps & Pick<AppContext, "sessions">,
  actor: AuthSession,
): Promise<ContactImportAnswer> {
  const { companyId } = actor;
  const whatsapp = await findDefaultWhatsapp(deps.db, companyId);
  if (!whatsapp) throw new AppError("ERR_NO_DEF_WAPP_FOUND");
  const phoneContacts = await connectedProvider(deps, whatsapp).listContacts();
  const entries = importableContacts(phoneContacts);
  // A very large address book takes several statements: all or none of them.
  const rows = await deps.db.transaction((tx) => insertMissingContacts(tx, companyId, entries));
  rows.sort((a, b) => a.name.localeCompare(b.name) || a.id - b.id);
  // One reload instead of an event per contact, as the spreadsheet upload does.
  if (rows.length > 0) deps.realtime.toCompany(companyId, companyEvent.contact(companyId), { action: "reload" });
  return { imported: rows.length, contacts: await toContacts(deps, companyId, rows) };
}
