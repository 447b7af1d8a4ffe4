import type { ContactExtraInfo, ContactExtraInfoInput } from "@atendo/shared";
import { and, asc, count, eq, getTableColumns, ilike, inArray, ne, or, sql } from "drizzle-orm";
import type { Executor } from "../../db/client.js";
import { likePattern } from "../../db/errors.js";
import { preparedStatements, placeholder as value } from "../../db/prepared.js";
import { contactCustomFields, contacts } from "../../db/schema/index.js";

export type ContactRow = typeof contacts.$inferSelect;
export type NewContactRow = typeof contacts.$inferInsert;
export type ContactChanges = Partial<Pick<NewContactRow, "name" | "number" | "email">>;

/** Tenant-scoped lookup: another company's id is simply not found. */
export async function findContact(db: Executor, companyId: number, id: number): Promise<ContactRow | undefined> {
  const [row] = await db
    .select()
    .from(contacts)
    .where(and(eq(contacts.companyId, companyId), eq(contacts.id, id)))
    .limit(1);
  return row;
}

/**
 * Creates the contact or answers the existing one, telling whether this
 * statement created it (then it has no ticket yet). The conflict branch writes
 * the row, which locks it until the commit: two messages of one customer are
 * ingested one after the other, so they cannot open two tickets.
 * A private contact keeps the name it has (an attendant may have edited it);
 * a group follows its current subject.
 */
export async function upsertContact(
  db: Executor,
  companyId: number,
  values: { number: string; name: string; isGroup: boolean },
): Promise<{ contact: ContactRow; created: boolean }> {
  const [row] = await upsertStatements(db, values.isGroup, (built) => buildUpsert(built, values.isGroup)).execute({
    companyId,
    number: values.number,
    name: values.name,
    updatedAt: new Date(),
  });
  const { created, ...contact } = row!;
  return { contact, created: created === true };
}

/** Every inbound message upserts its contact (ingest.ts): a statement for private contacts, one for groups. */
const upsertStatements = preparedStatements<boolean, ReturnType<typeof buildUpsert>>();

function buildUpsert(db: Executor, isGroup: boolean) {
  return db
    .insert(contacts)
    .values({ companyId: value("companyId"), number: value("number"), name: value("name"), isGroup })
    .onConflictDoUpdate({
      target: [contacts.companyId, contacts.number],
      // updatedAt from a placeholder in both: Drizzle's $onUpdate default would be written into the statement once.
      set: isGroup
        ? { name: value("name"), updatedAt: value("updatedAt") }
        : { number: sql`${contacts.number}`, updatedAt: value("updatedAt") },
    })
    .returning({ ...getTableColumns(contacts), created: sql<boolean>`(xmax = 0)` })
    .prepare(isGroup ? "contacts_upsert_group" : "contacts_upsert");
}

/** Calendar days yyyy-MM-dd, both included, cut in the IANA zone `tz`; either end may be open. */
export interface CreatedDays {
  first?: string;
  last?: string;
  tz: string;
}

/**
 * One page of a company's contacts, by name, with the total that matches the
 * search and the days of creation. The days become instants in SQL, so the
 * zone's daylight-saving shifts are PostgreSQL's to apply.
 */
export async function pageContacts(
  db: Executor,
  companyId: number,
  options: { search: string; created: CreatedDays; limit: number; offset: number },
): Promise<{ rows: ContactRow[]; count: number }> {
  const pattern = likePattern(options.search);
  const { first, last, tz } = options.created;
  const where = and(
    eq(contacts.companyId, companyId),
    options.search
      ? or(ilike(contacts.name, pattern), ilike(contacts.number, pattern), ilike(contacts.email, pattern))
      : undefined,
    first ? sql`${contacts.createdAt} >= (${first}::date)::timestamp at time zone ${tz}` : undefined,
    last ? sql`${contacts.createdAt} < (${last}::date + 1)::timestamp at time zone ${tz}` : undefined,
  );
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(contacts)
      .where(where)
      .orderBy(asc(contacts.name), asc(contacts.id))
      .limit(options.limit)
      .offset(options.offset),
    db.select({ value: count() }).from(contacts).where(where),
  ]);
  return { rows, count: total?.value ?? 0 };
}

export async function listCompanyContacts(db: Executor, companyId: number) {
  return db
    .select({ id: contacts.id, name: contacts.name, number: contacts.number, email: contacts.email })
    .from(contacts)
    .where(eq(contacts.companyId, companyId))
    .orderBy(asc(contacts.name), asc(contacts.id));
}

/** Extra info of several contacts at once, keyed by contact id, in the order it was written. */
export async function extraInfoOfContacts(
  db: Executor,
  companyId: number,
  contactIds: number[],
): Promise<Map<number, ContactExtraInfo[]>> {
  const result = new Map<number, ContactExtraInfo[]>();
  if (contactIds.length === 0) return result;
  const rows = await db
    .select({
      contactId: contactCustomFields.contactId,
      id: contactCustomFields.id,
      name: contactCustomFields.name,
      value: contactCustomFields.value,
    })
    .from(contactCustomFields)
    .where(and(eq(contactCustomFields.companyId, companyId), inArray(contactCustomFields.contactId, contactIds)))
    .orderBy(asc(contactCustomFields.id));
  for (const row of rows) {
    const list = result.get(row.contactId) ?? [];
    list.push({ id: row.id, name: row.name, value: row.value });
    result.set(row.contactId, list);
  }
  return result;
}

/** Whether another contact of the company already has this number. */
export async function contactNumberTaken(
  db: Executor,
  companyId: number,
  number: string,
  exceptId?: number,
): Promise<boolean> {
  const conditions = [eq(contacts.companyId, companyId), eq(contacts.number, number)];
  if (exceptId) conditions.push(ne(contacts.id, exceptId));
  const [row] = await db
    .select({ id: contacts.id })
    .from(contacts)
    .where(and(...conditions))
    .limit(1);
  return Boolean(row);
}

export async function insertContact(db: Executor, values: NewContactRow): Promise<ContactRow> {
  const [row] = await db.insert(contacts).values(values).returning();
  return row!;
}

/** Rows per INSERT: far below PostgreSQL's 65535 parameters, and one statement for any usual address book. */
const INSERT_BATCH = 2000;

/**
 * Creates the contacts whose number the company does not have yet (ON CONFLICT DO NOTHING
 * on company and number): an existing contact is never touched. Answers the created rows.
 */
export async function insertMissingContacts(
  db: Executor,
  companyId: number,
  entries: { number: string; name: string }[],
): Promise<ContactRow[]> {
  const created: ContactRow[] = [];
  for (let start = 0; start < entries.length; start += INSERT_BATCH) {
    const batch = entries.slice(start, start + INSERT_BATCH);
    const rows = await db
      .insert(contacts)
      .values(batch.map((entry) => ({ companyId, number: entry.number, name: entry.name, isGroup: false })))
      .onConflictDoNothing({ target: [contacts.companyId, contacts.number] })
      .returning();
    created.push(...rows);
  }
  return created;
}

export async function updateContact(
  db: Executor,
  companyId: number,
  id: number,
  changes: ContactChanges,
): Promise<ContactRow | undefined> {
  if (Object.keys(changes).length === 0) return findContact(db, companyId, id);
  const [row] = await db
    .update(contacts)
    .set(changes)
    .where(and(eq(contacts.companyId, companyId), eq(contacts.id, id)))
    .returning();
  return row;
}

export async function deleteContact(db: Executor, companyId: number, id: number): Promise<boolean> {
  const rows = await db
    .delete(contacts)
    .where(and(eq(contacts.companyId, companyId), eq(contacts.id, id)))
    .returning({ id: contacts.id });
  return rows.length > 0;
}

/** Replaces a contact's extra info with exactly these entries (the contact already checked to be the company's). */
export async function setContactExtraInfo(
  db: Executor,
  companyId: number,
  contactId: number,
  items: ContactExtraInfoInput[],
): Promise<void> {
  await db
    .delete(contactCustomFields)
    .where(and(eq(contactCustomFields.companyId, companyId), eq(contactCustomFields.contactId, contactId)));
  if (items.length > 0) {
    await db
      .insert(contactCustomFields)
      .values(items.map((item) => ({ companyId, contactId, name: item.name, value: item.value })));
  }
}
