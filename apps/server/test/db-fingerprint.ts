import { readdirSync } from "node:fs";
import { join } from "node:path";
import { sql } from "drizzle-orm";
import { selectRows } from "../src/modules/presence/presence.repository.js";
import type { TestEnv } from "./harness.js";

/**
 * A checksum of every row of every table in the public schema, per table, and
 * of the files under the media folder: two equal fingerprints mean nothing was
 * written. (pg_stat_user_tables' counters are updated asynchronously, so they
 * cannot tell a write that just happened.)
 */
export async function fingerprint(env: TestEnv): Promise<Map<string, string>> {
  const tables = await selectRows<{ name: string }>(
    env.db,
    sql`SELECT table_name AS name FROM information_schema.tables
        WHERE table_schema = 'public' AND table_type = 'BASE TABLE' ORDER BY table_name`,
  );
  const checksums = tables.map(
    ({ name }) =>
      sql`SELECT ${name} AS name, md5(coalesce(string_agg(t::text, '|' ORDER BY t::text), '')) AS sum FROM ${sql.identifier(name)} t`,
  );
  const sums = await selectRows<{ name: string; sum: string }>(env.db, sql.join(checksums, sql` UNION ALL `));
  const result = new Map(sums.map((row) => [row.name, row.sum]));
  result.set("media files", listFiles(env.ctx.media.root).join("|"));
  result.set("mails", String(env.mails.length));
  return result;
}

function listFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath, entry.name))
    .sort();
}

/** The tables (or the files, or the mails) whose checksum differs. */
export function changed(before: Map<string, string>, after: Map<string, string>): string[] {
  const names = new Set([...before.keys(), ...after.keys()]);
  return [...names].filter((name) => before.get(name) !== after.get(name));
}
