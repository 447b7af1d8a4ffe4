import { type SQL, sql } from "drizzle-orm";
import type { Executor } from "./client.js";

/*
 * Statements Drizzle writes once per database and runs on whichever connection the caller holds.
 *
 * Building a statement (the query builder, then the SQL text) costs more Node CPU than sending it
 * on the message paths, and Drizzle's `.prepare(name)` keeps the result, but the prepared object
 * runs on the client of the database or transaction it was built on. A transaction is a new
 * database object around its own connection (node-postgres: a pool client; PGlite: its
 * transaction), so a statement built once runs inside a transaction through a copy that
 * only swaps that client. One drizzle() call and all its transactions share their dialect
 * object, which keys the cache: each database of a process (tests open several) builds its own.
 */

/** A Drizzle prepared query, as far as this module touches it: the driver client it runs on. */
interface OnClient {
  client: unknown;
}

function databaseOf(executor: Executor): object {
  const { dialect } = executor as unknown as { dialect?: object };
  if (!dialect) throw new Error("prepared: the executor has no Drizzle dialect");
  return dialect;
}

function clientOf(executor: Executor): unknown {
  return (executor._.session as unknown as OnClient).client;
}

/** The statement on the executor's connection: itself on the database it was built on, a copy inside a transaction. */
function onConnection<Statement extends object>(statement: Statement, executor: Executor): Statement {
  const client = clientOf(executor);
  if ((statement as unknown as OnClient).client === client) return statement;
  const bound = Object.create(statement) as Statement & OnClient;
  bound.client = client;
  return bound;
}

/**
 * Statements by key (a statement's shape, when its text varies with the call), each built by
 * `build` on its key's first use per database. The names given to `.prepare()` must differ by
 * key: PostgreSQL keeps one text per name on a connection.
 */
export function preparedStatements<Key, Statement extends object>(): (
  executor: Executor,
  key: Key,
  build: (db: Executor) => Statement,
) => Statement {
  const byDatabase = new WeakMap<object, Map<Key, Statement>>();
  return (executor, key, build) => {
    const database = databaseOf(executor);
    let byKey = byDatabase.get(database);
    if (!byKey) {
      byKey = new Map();
      byDatabase.set(database, byKey);
    }
    let statement = byKey.get(key);
    if (!statement) {
      statement = build(executor);
      byKey.set(key, statement);
    }
    return onConnection(statement, executor);
  };
}

/**
 * One statement, built on first use per database. Its values are placeholders: a column written
 * from a JavaScript value at build time (Drizzle's `$onUpdate` and `$defaultFn`) would be that
 * first call's value forever, so such columns are set from a placeholder too.
 */
export function preparedStatement<Statement extends object>(
  build: (db: Executor) => Statement,
): (executor: Executor) => Statement {
  const statements = preparedStatements<null, Statement>();
  return (executor) => statements(executor, null, build);
}

/**
 * A value sent with each execution of a prepared statement, as SQL: Drizzle takes it for any
 * column, where its bare placeholder type is refused by some (inserts, `set`).
 */
export const placeholder = (name: string): SQL => sql`${sql.placeholder(name)}`;

/** A placeholder named after each column, for a prepared insert's values. */
export function placeholders<Name extends string>(names: readonly Name[]): Record<Name, SQL> {
  return Object.fromEntries(names.map((name) => [name, placeholder(name)])) as Record<Name, SQL>;
}
