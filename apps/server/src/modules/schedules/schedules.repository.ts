import type { ErrorCode, ScheduleStatus } from "@atendo/shared";
import { and, asc, count, eq, getTableColumns, gte, ilike, inArray, lt, lte, or, type SQL, sql } from "drizzle-orm";
import type { Executor } from "../../db/client.js";
import { likePattern } from "../../db/errors.js";
import { contacts, schedules, users } from "../../db/schema/index.js";

export type ScheduleRow = typeof schedules.$inferSelect;
export type NewScheduleRow = typeof schedules.$inferInsert;
export type ScheduleChanges = Partial<
  Pick<
    NewScheduleRow,
    | "body"
    | "contactId"
    | "ticketId"
    | "sendAt"
    | "status"
    | "errorCode"
    | "sendVersion"
    | "mediaPath"
    | "mediaName"
    | "template"
  >
>;

/** What a send job names: the schedule and the version it was written for. */
export interface ScheduleSendRef {
  companyId: number;
  scheduleId: number;
  version: number;
}

/** A schedule with the names the calendar shows. */
export type ScheduleWithRelations = ScheduleRow & {
  contact: { id: number; name: string; number: string; profilePicUrl: string };
  user: { id: number; name: string } | null;
};

const withRelations = {
  ...getTableColumns(schedules),
  contact: {
    id: contacts.id,
    name: contacts.name,
    number: contacts.number,
    profilePicUrl: contacts.profilePicUrl,
  },
  userName: users.name,
};

type JoinedRow = Omit<ScheduleWithRelations, "user"> & { userName: string | null };

function split({ userName, ...row }: JoinedRow): ScheduleWithRelations {
  return { ...row, user: row.userId !== null && userName !== null ? { id: row.userId, name: userName } : null };
}

function joined(db: Executor) {
  return db
    .select(withRelations)
    .from(schedules)
    .innerJoin(contacts, eq(contacts.id, schedules.contactId))
    .leftJoin(users, eq(users.id, schedules.userId));
}

export interface ScheduleFilter {
  search: string;
  contactId?: number;
  userId?: number;
  /** Due at or after. */
  start?: Date;
  /** Due before. */
  end?: Date;
}

/** One page of a company's schedules in the order they are due, with the total that matches. */
export async function pageSchedules(
  db: Executor,
  companyId: number,
  filter: ScheduleFilter,
  page: { limit: number; offset: number },
): Promise<{ rows: ScheduleWithRelations[]; count: number }> {
  const conditions: (SQL | undefined)[] = [eq(schedules.companyId, companyId)];
  if (filter.search) {
    const pattern = likePattern(filter.search);
    conditions.push(or(ilike(schedules.body, pattern), ilike(contacts.name, pattern)));
  }
  if (filter.contactId !== undefined) conditions.push(eq(schedules.contactId, filter.contactId));
  if (filter.userId !== undefined) conditions.push(eq(schedules.userId, filter.userId));
  if (filter.start) conditions.push(gte(schedules.sendAt, filter.start));
  if (filter.end) conditions.push(lt(schedules.sendAt, filter.end));
  const where = and(...conditions);
  const [rows, [total]] = await Promise.all([
    joined(db).where(where).orderBy(asc(schedules.sendAt), asc(schedules.id)).limit(page.limit).offset(page.offset),
    db
      .select({ value: count() })
      .from(schedules)
      .innerJoin(contacts, eq(contacts.id, schedules.contactId))
      .where(where),
  ]);
  return { rows: rows.map(split), count: total?.value ?? 0 };
}

export async function findScheduleWithRelations(
  db: Executor,
  companyId: number,
  id: number,
): Promise<ScheduleWithRelations | undefined> {
  const [row] = await joined(db)
    .where(and(eq(schedules.companyId, companyId), eq(schedules.id, id)))
    .limit(1);
  return row && split(row);
}

/** Tenant-scoped lookup: another company's id is simply not found. `lock` holds the row until the transaction ends. */
export async function findSchedule(
  db: Executor,
  companyId: number,
  id: number,
  options: { lock?: boolean } = {},
): Promise<ScheduleRow | undefined> {
  const query = db
    .select()
    .from(schedules)
    .where(and(eq(schedules.companyId, companyId), eq(schedules.id, id)))
    .limit(1);
  const [row] = options.lock ? await query.for("update") : await query;
  return row;
}

export async function insertSchedule(db: Executor, values: NewScheduleRow): Promise<ScheduleRow> {
  const [row] = await db.insert(schedules).values(values).returning();
  return row!;
}

export async function updateSchedule(
  db: Executor,
  companyId: number,
  id: number,
  changes: ScheduleChanges,
): Promise<ScheduleRow | undefined> {
  const [row] = await db
    .update(schedules)
    .set({ ...changes, updatedAt: new Date() })
    .where(and(eq(schedules.companyId, companyId), eq(schedules.id, id)))
    .returning();
  return row;
}

export async function deleteSchedule(db: Executor, companyId: number, id: number): Promise<ScheduleRow | undefined> {
  const [row] = await db
    .delete(schedules)
    .where(and(eq(schedules.companyId, companyId), eq(schedules.id, id)))
    .returning();
  return row;
}

const ofJob = (ref: ScheduleSendRef) =>
  and(eq(schedules.companyId, ref.companyId), eq(schedules.id, ref.scheduleId), eq(schedules.sendVersion, ref.version));

/**
 * Takes a due schedule for its one send: only the job of the current version, only while it
 * waits, only once it is due. One statement, so of any number of runs at once exactly one
 * gets the row (the others wait for its lock, then find it taken).
 */
export async function claimSchedule(db: Executor, ref: ScheduleSendRef): Promise<ScheduleRow | undefined> {
  const [row] = await db
    .update(schedules)
    .set({ status: "ENVIANDO", updatedAt: new Date() })
    .where(and(ofJob(ref), eq(schedules.status, "PENDENTE"), lte(schedules.sendAt, sql`now()`)))
    .returning();
  return row;
}

/**
 * A run that finds its own version taken (ENVIANDO) is a retry of the run that took it and
 * stopped before recording the result: whether the message left is unknown, so it is not
 * sent again and the schedule says so.
 */
export async function markInterrupted(db: Executor, ref: ScheduleSendRef): Promise<ScheduleRow | undefined> {
  const [row] = await db
    .update(schedules)
    .set({ status: "ERRO", errorCode: "ERR_SCHEDULE_INTERRUPTED", updatedAt: new Date() })
    .where(and(ofJob(ref), eq(schedules.status, "ENVIANDO")))
    .returning();
  return row;
}

/**
 * The send's result, by the run that took the schedule. ERRO is accepted as the state before,
 * for a slow run whose retry already marked it interrupted: the truth replaces the doubt.
 */
export async function recordSendResult(
  db: Executor,
  ref: ScheduleSendRef,
  result:
    | { status: Extract<ScheduleStatus, "ENVIADA">; sentAt: Date; ticketId: number | null }
    | { status: Extract<ScheduleStatus, "ERRO">; errorCode: ErrorCode },
): Promise<ScheduleRow | undefined> {
  const changes =
    result.status === "ENVIADA"
      ? { status: result.status, sentAt: result.sentAt, errorCode: null, ticketId: result.ticketId }
      : { status: result.status, errorCode: result.errorCode };
  const [row] = await db
    .update(schedules)
    .set({ ...changes, updatedAt: new Date() })
    .where(and(ofJob(ref), inArray(schedules.status, ["ENVIANDO", "ERRO"])))
    .returning();
  return row;
}
