import type { QueryResult } from "pg";

/**
 * pg-boss's fetch of a key_strict_fifo queue finds every waiting key's head (its strict_fifo_heads
 * CTE) and plans that on the job table's statistics. Statistics taken while the queue was idle
 * (or none, on a fresh database) estimate one waiting job, and PostgreSQL then rescans the heads
 * for every waiting job: a backlog of 8,300 steps over 5,000 tickets took 5-10 s per fetch (29
 * million comparisons), so the steps ran at under one a second. Analyzed with the backlog in the
 * table, the same fetch takes ~20 ms. Autovacuum cannot be relied on for this: it analyzes after
 * 10% of the table changed, and the completed jobs kept for days make that a large number.
 */
const STRICT_FIFO_FETCH = "strict_fifo_heads";

/** The fetch's own table (a queue created with `partition` has its own): `UPDATE <table> j SET`. */
const FETCH_TABLE = /UPDATE\s+([\w.]+)\s+j\s+SET/;

/**
 * A fetch slower than this is taken for a plan on stale statistics: the bad plan passes it at a few
 * hundred waiting, early in a burst. A good plan on a busy machine may pass it too, which costs an
 * ANALYZE (~0.2 s of the database for 10,000 jobs) per ANALYZE_EVERY_MS at most.
 */
const SLOW_FETCH_MS = 50;

/** At most one ANALYZE of a table in this long, however many slow fetches see it. */
const ANALYZE_EVERY_MS = 30_000;

type ExecuteSql = (text: string, values?: unknown[]) => Promise<QueryResult>;

/**
 * Wraps pg-boss's statements: a slow key_strict_fifo fetch has its table analyzed (in the
 * background, throttled), so the next fetches are planned on the backlog that is really there.
 */
export function analyzeAfterSlowFetches(
  executeSql: ExecuteSql,
  onError: (error: unknown, table: string) => void,
  slowFetchMs = SLOW_FETCH_MS,
): ExecuteSql {
  const lastAnalyzed = new Map<string, number>();
  const analyze = (table: string) => {
    const now = Date.now();
    if (now - (lastAnalyzed.get(table) ?? Number.NEGATIVE_INFINITY) < ANALYZE_EVERY_MS) return;
    lastAnalyzed.set(table, now);
    // The name comes from pg-boss's own statement (schema.table, word characters only).
    executeSql(`ANALYZE ${table}`).catch((error) => onError(error, table));
  };
  return async (text, values) => {
    if (!text.includes(STRICT_FIFO_FETCH)) return executeSql(text, values);
    const started = performance.now();
    const result = await executeSql(text, values);
    if (performance.now() - started > slowFetchMs) {
      const table = FETCH_TABLE.exec(text)?.[1];
      if (table) analyze(table);
    }
    return result;
  };
}
