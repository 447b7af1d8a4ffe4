import { randomBytes } from "node:crypto";
import { sql } from "drizzle-orm";
import type { QueryResult } from "pg";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { type DatabaseHandle, openDatabase } from "../db/client.js";
import { analyzeAfterSlowFetches } from "./fetch-statistics.js";

let handle: DatabaseHandle;
beforeAll(async () => {
  const url = inject("testDatabase")?.url;
  handle = url ? await openDatabase({ url }) : await openDatabase({});
});
afterAll(async () => {
  await handle?.close();
});

/** The database's own statements, with a record of each one's text; `failAnalyze` makes ANALYZE fail. */
function recordedDatabase(failAnalyze = false) {
  const statements: string[] = [];
  const executeSql = async (text: string): Promise<QueryResult> => {
    statements.push(text);
    if (failAnalyze && text.startsWith("ANALYZE")) throw new Error("ANALYZE refused");
    return (await handle.db.execute(sql.raw(text))) as unknown as QueryResult;
  };
  return { statements, executeSql, analyzed: () => statements.filter((text) => text.startsWith("ANALYZE")) };
}

/**
 * A table of `rows` rows that only an explicit ANALYZE measures (autovacuum is off for it), and a
 * statement shaped like pg-boss's key_strict_fifo fetch on it that takes at least `sleepMs`.
 */
async function jobTable(rows: number) {
  const table = `fifo_stats_${randomBytes(4).toString("hex")}`;
  await handle.db.execute(sql.raw(`CREATE TABLE ${table} (n int) WITH (autovacuum_enabled = false)`));
  await handle.db.execute(sql.raw(`INSERT INTO ${table} SELECT generate_series(1, ${rows})`));
  const fetch = (sleepMs: number) =>
    `WITH strict_fifo_heads AS MATERIALIZED (SELECT 1 AS one FROM pg_sleep(${sleepMs / 1000})) ` +
    `UPDATE ${table} j SET n = j.n FROM strict_fifo_heads WHERE j.n = -strict_fifo_heads.one`;
  const measuredRows = async () => {
    const { rows } = (await handle.db.execute(
      sql.raw(`SELECT reltuples::int AS estimate FROM pg_class WHERE relname = '${table}'`),
    )) as unknown as { rows: Array<{ estimate: number }> };
    return rows[0]?.estimate;
  };
  return { table, fetch, measuredRows };
}

const until = async (check: () => Promise<boolean>) => {
  for (let tries = 0; tries < 100 && !(await check()); tries += 1) {
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
};

describe("analyzeAfterSlowFetches", () => {
  it("analyzes the table of a slow key_strict_fifo fetch, then not again within its interval", async () => {
    const database = recordedDatabase();
    const executeSql = analyzeAfterSlowFetches(database.executeSql, () => {}, 10);
    const jobs = await jobTable(1_000);
    expect(await jobs.measuredRows()).toBeLessThan(1_000);

    await executeSql(jobs.fetch(30));
    await until(async () => (await jobs.measuredRows()) === 1_000);
    expect(await jobs.measuredRows()).toBe(1_000);

    await executeSql(jobs.fetch(30));
    expect(database.analyzed()).toEqual([`ANALYZE ${jobs.table}`]);
  });

  it("leaves fast fetches and every other statement alone", async () => {
    const database = recordedDatabase();
    const jobs = await jobTable(1_000);
    await analyzeAfterSlowFetches(database.executeSql, () => {}, 5_000)(jobs.fetch(0));
    await analyzeAfterSlowFetches(
      database.executeSql,
      () => {},
      10,
    )(`SELECT pg_sleep(0.03), 'UPDATE ${jobs.table} j SET'`);
    expect(database.analyzed()).toEqual([]);
    expect(await jobs.measuredRows()).toBeLessThan(1_000);
  });

  it("reports an ANALYZE that fails without failing the fetch", async () => {
    const database = recordedDatabase(true);
    const failures: string[] = [];
    const executeSql = analyzeAfterSlowFetches(database.executeSql, (_error, table) => failures.push(table), 10);
    const jobs = await jobTable(10);
    await expect(executeSql(jobs.fetch(30))).resolves.toBeDefined();
    await until(async () => failures.length > 0);
    expect(failures).toEqual([jobs.table]);
  });
});
