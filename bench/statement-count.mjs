// Counts the statements a process sends to PostgreSQL through node-postgres (the app's pool and pg-boss's alike), by
// their first word (select, insert, update, delete, with, begin, commit, ...): pg_stat_statements is not loaded on
// the shared server, and a server restart to load it is not ours to make.
// Two uses:
//   - in process: `import { statementCounts } from "./statement-count.mjs"`, read before and after the measured part;
//   - in another process: `node --import <this file> main.js`; on SIGUSR2 the process writes its counts so far to
//     /tmp/statement-count-<pid>.json (flow.bench.ts asks at the start and the end of its run).
import { writeFileSync } from "node:fs";
import pg from "pg";

const counts = new Map();
const query = pg.Client.prototype.query;
pg.Client.prototype.query = function countedQuery(config, ...rest) {
  const text = typeof config === "string" ? config : config?.text;
  if (typeof text === "string") {
    const kind = /^\s*([a-z]+)/i.exec(text)?.[1]?.toLowerCase() ?? "other";
    counts.set(kind, (counts.get(kind) ?? 0) + 1);
  }
  return query.call(this, config, ...rest);
};

/** The statements sent so far, by their first word, and their total. */
export function statementCounts() {
  const byKind = Object.fromEntries([...counts].sort((a, b) => b[1] - a[1]));
  return { total: [...counts.values()].reduce((sum, n) => sum + n, 0), byKind };
}

process.on("SIGUSR2", () => {
  writeFileSync(`/tmp/statement-count-${process.pid}.json`, JSON.stringify(statementCounts()));
});
