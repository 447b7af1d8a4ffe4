import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { type DatabaseHandle, openDatabase } from "./client.js";
import { preparedStatement } from "./prepared.js";

// PGlite without a test database: the helper must hold for both drivers.
const open = () => {
  const url = inject("testDatabase")?.url;
  return url ? openDatabase({ url }) : openDatabase({});
};

let builds = 0;
/** The connection and transaction a statement ran in: its backend and a setting local to the transaction. */
const where = preparedStatement((db) => {
  builds += 1;
  return db
    .select({
      backend: sql<number>`pg_backend_pid()`,
      mark: sql<string | null>`current_setting('atendo.prepared_test', true)`,
      echo: sql<string>`${sql.placeholder("echo")}::text`,
    })
    .from(sql`(select 1) as one`)
    .prepare("prepared_test_where");
});

let first: DatabaseHandle;
let second: DatabaseHandle;
beforeAll(async () => {
  [first, second] = await Promise.all([open(), open()]);
});
afterAll(async () => {
  await Promise.all([first?.close(), second?.close()]);
});

describe("preparedStatement", () => {
  it("runs the statement built once inside a transaction, on the transaction's connection", async () => {
    builds = 0;
    const [outside] = await where(first.db).execute({ echo: "db" });
    expect(outside?.echo).toBe("db");
    await first.db.transaction(async (tx) => {
      await tx.execute(sql`select set_config('atendo.prepared_test', 'in the transaction', true)`);
      const [own] = await tx.select({ backend: sql<number>`pg_backend_pid()` }).from(sql`(select 1) as one`);
      const [inside] = await where(tx).execute({ echo: "tx" });
      expect(inside).toEqual({ backend: own?.backend, mark: "in the transaction", echo: "tx" });
      // A savepoint's transaction object runs on the same connection.
      await tx.transaction(async (nested) => {
        const [deeper] = await where(nested).execute({ echo: "nested" });
        expect(deeper).toEqual({ backend: own?.backend, mark: "in the transaction", echo: "nested" });
      });
    });
    expect(builds).toBe(1);
  });

  it("builds it again for another database, whose statements run on its own connections", async () => {
    builds = 0;
    await where(first.db).execute({ echo: "first" });
    const [row] = await second.db.transaction(async (tx) => {
      await tx.execute(sql`select set_config('atendo.prepared_test', 'second', true)`);
      return where(tx).execute({ echo: "second" });
    });
    expect(row).toEqual({ backend: expect.any(Number), mark: "second", echo: "second" });
    expect(builds).toBe(1);
  });
});
