import { and, asc, count, eq, gt, ilike, inArray, isNull, ne, or, type SQL, sql } from "drizzle-orm";
import type { Executor } from "../../db/client.js";
import { likePattern } from "../../db/errors.js";
import { contactListItems, contactLists } from "../../db/schema/index.js";

export type ContactListRow = typeof contactLists.$inferSelect;
export type ContactListWithCount = Pick<ContactListRow, "id" | "name"> & { contactsCount: number };
export type ContactListItemRow = typeof contactListItems.$inferSelect;
export type NewContactListItemRow = typeof contactListItems.$inferInsert;
export type ContactListItemChanges = Partial<Pick<NewContactListItemRow, "name" | "number" | "email">>;

/** Lists with how many items each holds: one aggregate, whatever the number of lists. */
function listsWithCount(db: Executor, companyId: number) {
  return db
    .select({ id: contactLists.id, name: contactLists.name, contactsCount: count(contactListItems.id) })
    .from(contactLists)
    .leftJoin(
      contactListItems,
      and(eq(contactListItems.contactListId, contactLists.id), eq(contactListItems.companyId, companyId)),
    )
    .groupBy(contactLists.id)
    .$dynamic();
}

export async function pageContactLists(
  db: Executor,
  companyId: number,
  options: { search: string; limit: number; offset: number },
): Promise<{ rows: ContactListWithCount[]; count: number }> {
  const where = options.search
    ? and(eq(contactLists.companyId, companyId), ilike(contactLists.name, likePattern(options.search)))
    : eq(contactLists.companyId, companyId);
  const [rows, [total]] = await Promise.all([
    listsWithCount(db, companyId)
      .where(where)
      .orderBy(asc(contactLists.name), asc(contactLists.id))
      .limit(options.limit)
      .offset(options.offset),
    db.select({ value: count() }).from(contactLists).where(where),
  ]);
  return { rows, count: total?.value ?? 0 };
}

export async function listContactLists(db: Executor, companyId: number): Promise<ContactListWithCount[]> {
  return listsWithCount(db, companyId)
    .where(eq(contactLists.companyId, companyId))
    .orderBy(asc(contactLists.name), asc(contactLists.id));
}

/** Tenant-scoped lookup with the count: another company's id is simply not found. */
export async function findContactListWithCount(
  db: Executor,
  companyId: number,
  id: number,
): Promise<ContactListWithCount | undefined> {
  const [row] = await listsWithCount(db, companyId).where(
    and(eq(contactLists.companyId, companyId), eq(contactLists.id, id)),
  );
  return row;
}

/**
 * Whether the list is the company's; inside a transaction it also locks the list's row, so
 * a deletion cannot slip between the check and the items written into it.
 */
export async function lockContactList(db: Executor, companyId: number, id: number): Promise<boolean> {
  const [row] = await db
    .select({ id: contactLists.id })
    .from(contactLists)
    .where(and(eq(contactLists.companyId, companyId), eq(contactLists.id, id)))
    .for("update")
    .limit(1);
  return Boolean(row);
}

export async function insertContactList(db: Executor, companyId: number, name: string): Promise<ContactListRow> {
  const [row] = await db.insert(contactLists).values({ companyId, name }).returning();
  return row!;
}

export async function renameContactList(db: Executor, companyId: number, id: number, name: string): Promise<boolean> {
  const rows = await db
    .update(contactLists)
    .set({ name })
    .where(and(eq(contactLists.companyId, companyId), eq(contactLists.id, id)))
    .returning({ id: contactLists.id });
  return rows.length > 0;
}

/** Deletes the list; its items go with it (ON DELETE CASCADE). */
export async function deleteContactList(db: Executor, companyId: number, id: number): Promise<boolean> {
  const rows = await db
    .delete(contactLists)
    .where(and(eq(contactLists.companyId, companyId), eq(contactLists.id, id)))
    .returning({ id: contactLists.id });
  return rows.length > 0;
}

/** One page of a list's items, by name, with the total that matches the search (name, number or email). */
export async function pageContactListItems(
  db: Executor,
  companyId: number,
  contactListId: number,
  options: { search: string; limit: number; offset: number },
): Promise<{ rows: ContactListItemRow[]; count: number }> {
  const conditions: SQL[] = [
    eq(contactListItems.companyId, companyId),
    eq(contactListItems.contactListId, contactListId),
  ];
  if (options.search) {
    const pattern = likePattern(options.search);
    conditions.push(
      or(
        ilike(contactListItems.name, pattern),
        ilike(contactListItems.number, pattern),
        ilike(contactListItems.email, pattern),
      )!,
    );
  }
  const where = and(...conditions);
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(contactListItems)
      .where(where)
      .orderBy(asc(contactListItems.name), asc(contactListItems.id))
      .limit(options.limit)
      .offset(options.offset),
    db.select({ value: count() }).from(contactListItems).where(where),
  ]);
  return { rows, count: total?.value ?? 0 };
}

export async function findContactListItem(
  db: Executor,
  companyId: number,
  id: number,
): Promise<ContactListItemRow | undefined> {
  const [row] = await db
    .select()
    .from(contactListItems)
    .where(and(eq(contactListItems.companyId, companyId), eq(contactListItems.id, id)))
    .limit(1);
  return row;
}

export async function itemNumberTaken(
  db: Executor,
  companyId: number,
  contactListId: number,
  number: string,
  exceptId?: number,
): Promise<boolean> {
  const conditions = [
    eq(contactListItems.companyId, companyId),
    eq(contactListItems.contactListId, contactListId),
    eq(contactListItems.number, number),
  ];
  if (exceptId) conditions.push(ne(contactListItems.id, exceptId));
  const [row] = await db
    .select({ id: contactListItems.id })
    .from(contactListItems)
    .where(and(...conditions))
    .limit(1);
  return Boolean(row);
}

/** Which of these numbers the list already holds. */
export async function numbersInList(
  db: Executor,
  companyId: number,
  contactListId: number,
  numbers: string[],
): Promise<Set<string>> {
  if (numbers.length === 0) return new Set();
  const rows = await db
    .select({ number: contactListItems.number })
    .from(contactListItems)
    .where(
      and(
        eq(contactListItems.companyId, companyId),
        eq(contactListItems.contactListId, contactListId),
        inArray(contactListItems.number, numbers),
      ),
    );
  return new Set(rows.map((row) => row.number));
}

export async function insertContactListItem(db: Executor, values: NewContactListItemRow): Promise<ContactListItemRow> {
  const [row] = await db.insert(contactListItems).values(values).returning();
  return row!;
}

/** Rows per INSERT: far below PostgreSQL's 65535 bound parameters, and one statement stays short. */
const INSERT_CHUNK = 1000;

/**
 * Inserts the items, skipping numbers the list already holds (a concurrent upload may have
 * added one since the check), and answers the numbers written.
 */
export async function insertContactListItems(db: Executor, values: NewContactListItemRow[]): Promise<Set<string>> {
  const written = new Set<string>();
  for (let start = 0; start < values.length; start += INSERT_CHUNK) {
    const rows = await db
      .insert(contactListItems)
      .values(values.slice(start, start + INSERT_CHUNK))
      .onConflictDoNothing()
      .returning({ number: contactListItems.number });
    for (const row of rows) written.add(row.number);
  }
  return written;
}

/** A changed number is no longer known to be on WhatsApp: it waits for its check again. */
export async function updateContactListItem(
  db: Executor,
  companyId: number,
  id: number,
  changes: ContactListItemChanges,
): Promise<ContactListItemRow | undefined> {
  if (Object.keys(changes).length === 0) return findContactListItem(db, companyId, id);
  const [row] = await db
    .update(contactListItems)
    .set(changes.number === undefined ? changes : { ...changes, isWhatsappValid: null })
    .where(and(eq(contactListItems.companyId, companyId), eq(contactListItems.id, id)))
    .returning();
  return row;
}

export async function deleteContactListItem(
  db: Executor,
  companyId: number,
  id: number,
): Promise<ContactListItemRow | undefined> {
  const [row] = await db
    .delete(contactListItems)
    .where(and(eq(contactListItems.companyId, companyId), eq(contactListItems.id, id)))
    .returning();
  return row;
}

/** The next items of a list whose number has not been checked, in id order after `afterId`. */
export async function uncheckedItems(
  db: Executor,
  companyId: number,
  contactListId: number,
  afterId: number,
  limit: number,
): Promise<Pick<ContactListItemRow, "id" | "number">[]> {
  return db
    .select({ id: contactListItems.id, number: contactListItems.number })
    .from(contactListItems)
    .where(
      and(
        eq(contactListItems.companyId, companyId),
        eq(contactListItems.contactListId, contactListId),
        isNull(contactListItems.isWhatsappValid),
        gt(contactListItems.id, afterId),
      ),
    )
    .orderBy(asc(contactListItems.id))
    .limit(limit);
}

/**
 * Records a check's answer, only if the item still has the number that was checked and no
 * answer yet (an edit in between asks again); answers the updated item.
 */
export async function setItemValidity(
  db: Executor,
  companyId: number,
  item: Pick<ContactListItemRow, "id" | "number">,
  valid: boolean,
): Promise<ContactListItemRow | undefined> {
  const [row] = await db
    .update(contactListItems)
    .set({ isWhatsappValid: valid })
    .where(
      and(
        eq(contactListItems.companyId, companyId),
        eq(contactListItems.id, item.id),
        eq(contactListItems.number, item.number),
        isNull(contactListItems.isWhatsappValid),
      ),
    )
    .returning();
  return row;
}

/** A campaign's recipients: every item of the list, in id order (the order they were added). */
/**
 * The campaign audience of a contact list as a query (item, number, name, position): its items in order,
 * less the numbers known to be off WhatsApp (unchecked ones are tried). The campaign planner
 * writes its recipients from it in one statement, so a large list never passes through the process.
 */
export function contactListAudienceSql(companyId: number, contactListId: number): SQL {
  return sql`
    SELECT i.id AS item, i.number, i.name, row_number() OVER (ORDER BY i.id) AS position
    FROM ${contactListItems} i
    WHERE i.company_id = ${companyId} AND i.contact_list_id = ${contactListId}
      AND i.is_whatsapp_valid IS DISTINCT FROM false`;
}

export async function contactListRecipients(
  db: Executor,
  companyId: number,
  contactListId: number,
): Promise<{ id: number; name: string; number: string; email: string; isWhatsappValid: boolean | null }[]> {
  return db
    .select({
      id: contactListItems.id,
      name: contactListItems.name,
      number: contactListItems.number,
      email: contactListItems.email,
      isWhatsappValid: contactListItems.isWhatsappValid,
    })
    .from(contactListItems)
    .where(and(eq(contactListItems.companyId, companyId), eq(contactListItems.contactListId, contactListId)))
    .orderBy(asc(contactListItems.id));
}
