import { and, asc, count, desc, eq, ilike, or, type SQL } from "drizzle-orm";
import type { Executor } from "../../db/client.js";
import { likePattern } from "../../db/errors.js";
import { announcements } from "../../db/schema/index.js";

// Announcements are platform-wide (written by the super admin, read by every
// company), so these queries are deliberately not scoped by company.

export type AnnouncementRow = typeof announcements.$inferSelect;
export type NewAnnouncementRow = typeof announcements.$inferInsert;
export type AnnouncementChanges = Partial<
  Pick<NewAnnouncementRow, "title" | "text" | "priority" | "status" | "mediaPath" | "mediaName">
>;

export async function pageAnnouncements(
  db: Executor,
  options: { search: string; activeOnly: boolean; limit: number; offset: number },
): Promise<{ rows: AnnouncementRow[]; count: number }> {
  const filters: SQL[] = [];
  if (options.activeOnly) filters.push(eq(announcements.status, true));
  if (options.search) {
    const pattern = likePattern(options.search);
    filters.push(or(ilike(announcements.title, pattern), ilike(announcements.text, pattern)) as SQL);
  }
  const where = filters.length > 0 ? and(...filters) : undefined;
  // What users read: highest priority (1) first, then newest; the management list: newest first.
  const order = options.activeOnly
    ? [asc(announcements.priority), desc(announcements.createdAt), desc(announcements.id)]
    : [desc(announcements.createdAt), desc(announcements.id)];
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(announcements)
      .where(where)
      .orderBy(...order)
      .limit(options.limit)
      .offset(options.offset),
    db.select({ value: count() }).from(announcements).where(where),
  ]);
  return { rows, count: total?.value ?? 0 };
}

/** `lock` holds the row until the transaction ends. */
export async function findAnnouncement(
  db: Executor,
  id: number,
  options: { lock?: boolean } = {},
): Promise<AnnouncementRow | undefined> {
  const query = db.select().from(announcements).where(eq(announcements.id, id)).limit(1);
  const [row] = options.lock ? await query.for("update") : await query;
  return row;
}

export async function insertAnnouncement(db: Executor, values: NewAnnouncementRow): Promise<AnnouncementRow> {
  const [row] = await db.insert(announcements).values(values).returning();
  return row!;
}

export async function updateAnnouncement(
  db: Executor,
  id: number,
  changes: AnnouncementChanges,
): Promise<AnnouncementRow | undefined> {
  const [row] = await db
    .update(announcements)
    .set({ ...changes, updatedAt: new Date() })
    .where(eq(announcements.id, id))
    .returning();
  return row;
}

export async function deleteAnnouncement(db: Executor, id: number): Promise<AnnouncementRow | undefined> {
  const [row] = await db.delete(announcements).where(eq(announcements.id, id)).returning();
  return row;
}
