import pg from "pg";
import { describe, expect, inject, it } from "vitest";
import { isTransientConflict, retryTransientConflicts } from "./errors.js";

/** A promise and the function that resolves it. */
function signal(): { promise: Promise<void>; resolve: () => void } {
  let resolve = () => {};
  const promise = new Promise<void>((done) => {
    resolve = done;
  });
  return { promise, resolve };
}

describe("retryTransientConflicts", () => {
  it("runs the work again after a deadlock or a serialization failure, and not after other errors", async () => {
    for (const code of ["40P01", "40001"]) {
      let calls = 0;
      // Drizzle wraps the driver's error in `cause`.
      const result = await retryTransientConflicts(async () => {
        calls += 1;
        if (calls === 1) throw new Error("failed query", { cause: { code } });
        return "written";
      });
      expect({ code, result, calls }).toEqual({ code, result: "written", calls: 2 });
    }
    let calls = 0;
    const unique = retryTransientConflicts(async () => {
      calls += 1;
      throw Object.assign(new Error("duplicate"), { code: "23505" });
    });
    await expect(unique).rejects.toThrow("duplicate");
    expect(calls).toBe(1);
  });

  it("gives up after the attempts it was given", async () => {
    let calls = 0;
    const always = retryTransientConflicts(async () => {
      calls += 1;
      throw Object.assign(new Error("deadlock"), { code: "40P01" });
    }, 3);
    await expect(always).rejects.toThrow("deadlock");
    expect(calls).toBe(3);
  });

  // Two connections locking two rows in opposite orders: PostgreSQL only (PGlite is one connection).
  it.skipIf(!inject("testDatabase"))(
    "sees PostgreSQL's own deadlock victim as transient, and its retry commits",
    { timeout: 30_000 },
    async () => {
      const url = inject("testDatabase")!.url;
      const table = `deadlock_probe_${process.pid}`;
      const [a, b] = [new pg.Client({ connectionString: url }), new pg.Client({ connectionString: url })];
      await Promise.all([a.connect(), b.connect()]);
      try {
        await a.query(`create table ${table} (id int primary key, n int not null)`);
        await a.query(`insert into ${table} values (1, 0), (2, 0)`);
        const lockedOne = signal();
        const lockedTwo = signal();
        const crosswise = async (client: pg.Client, first: number, second: number, mine: typeof lockedOne) => {
          await client.query("begin");
          try {
            await client.query(`update ${table} set n = n + 1 where id = $1`, [first]);
            mine.resolve();
            await Promise.all([lockedOne.promise, lockedTwo.promise]);
            await client.query(`update ${table} set n = n + 1 where id = $1`, [second]);
            await client.query("commit");
          } catch (error) {
            await client.query("rollback");
            throw error;
          }
        };
        let attempts = 0;
        const outcomes = await Promise.allSettled([
          crosswise(a, 1, 2, lockedOne),
          retryTransientConflicts(() => {
            attempts += 1;
            return crosswise(b, 2, 1, lockedTwo);
          }),
        ]);
        const rejected = outcomes.filter((outcome) => outcome.status === "rejected");
        // Whichever side PostgreSQL picked: a's error is transient; b's retry ran and committed.
        for (const outcome of rejected) expect(isTransientConflict(outcome.reason)).toBe(true);
        const { rows } = await a.query<{ total: number }>(`select sum(n)::int as total from ${table}`);
        expect(rows[0]!.total).toBe(2 * (2 - rejected.length));
        if (rejected.length === 0) expect(attempts).toBe(2);
      } finally {
        await a.query(`drop table if exists ${table}`);
        await Promise.all([a.end(), b.end()]);
      }
    },
  );
});
