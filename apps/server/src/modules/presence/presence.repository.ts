import { type SQL, sql } from "drizzle-orm";
import type { Executor } from "../../db/client.js";
import { users } from "../../db/schema/index.js";
import { onlineSql } from "../users/online.js";

/** The rows of a raw query (the driver's result type is generic over node-postgres and PGlite). */
export async function selectRows<T>(db: Executor, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

/**
 * Applies `set` to the user's row (locked first) and answers whether the user
 * read as online before; undefined when there is no such user. Raw SQL so the
 * row's updatedAt stays the last real edit.
 */
async function updatePresence(db: Executor, companyId: number, userId: number, set: SQL): Promise<boolean | undefined> {
  const [row] = await selectRows<{ was_online: boolean }>(
    db,
    sql`
    with before as (
      select id, ${onlineSql("u")} as was_online from ${users} u
       where u.company_id = ${companyId} and u.id = ${userId}
       for update
    )
    update ${users} set ${set}
      from before where ${users}.id = before.id
    returning before.was_online`,
  );
  return row?.was_online;
}

/** A connect or a ping: online, seen now. Answers whether the user read as offline before. */
export async function markOnline(db: Executor, companyId: number, userId: number): Promise<boolean> {
  const wasOnline = await updatePresence(db, companyId, userId, sql`online = true, last_seen_at = now()`);
  return wasOnline !== undefined && !wasOnline;
}

/** The user's last socket is gone. Answers whether the user read as online before. */
export async function markOffline(db: Executor, companyId: number, userId: number): Promise<boolean> {
  return (await updatePresence(db, companyId, userId, sql`online = false`)) === true;
}
