import { PRESENCE_TIMEOUT_MS } from "@atendo/shared";
import { type SQL, sql } from "drizzle-orm";

/* The online rule over a users row: presence marks it, users and the dashboard read it. */

/**
 * Whether a users row reads as online: marked so by its sockets and pinged
 * within the timeout (a process that died never marked its users offline).
 */
export function isOnline(row: { online: boolean; lastSeenAt: Date | null }, now = Date.now()): boolean {
  return row.online && row.lastSeenAt !== null && now - row.lastSeenAt.getTime() < PRESENCE_TIMEOUT_MS;
}

/** The same rule in SQL, for queries that answer many users (the dashboard). */
export function onlineSql(alias = "users"): SQL {
  const column = (name: string) => sql.raw(`${alias}.${name}`);
  return sql`(${column("online")} and ${column("last_seen_at")} > now() - make_interval(secs => ${PRESENCE_TIMEOUT_MS / 1000}))`;
}
