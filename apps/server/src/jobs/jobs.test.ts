import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { createTestEnv, type TestEnv } from "../../test/harness.js";
import { openDatabase } from "../db/client.js";
import { ticketExpiryJob } from "../modules/tickets/tickets.jobs.js";
import { type AnyJobDefinition, defineJob } from "./define.js";
import { assertJobDefinitions, createJobs, JOB_SCHEMA } from "./jobs.js";
import { JOB_DEFINITIONS } from "./registry.js";

let env: TestEnv;
beforeAll(async () => {
  env = await createTestEnv();
});
afterAll(async () => env.close());

/** A ticket id no test file row has: the timer's handler finds no ticket and does nothing. */
let fakeTicketId = 900_000_000;

async function jobsFor(key: string): Promise<{ state: string }[]> {
  const result = await env.db.execute(
    sql`select state from ${sql.identifier(JOB_SCHEMA)}.job where name = ${ticketExpiryJob.name} and singleton_key = ${key}`,
  );
  return (result as unknown as { rows: { state: string }[] }).rows;
}

const later = () => new Date(Date.now() + 3_600_000);

describe("job registry", () => {
  const noop = async () => undefined;
  const job = (name: string) => defineJob({ name, payload: z.object({}), handler: noop });

  it("refuses a job without a handler, a name declared twice, and a name pg-boss cannot queue", () => {
    const withoutHandler = { name: "a.b", payload: z.object({}) } as unknown as AnyJobDefinition;
    expect(() => assertJobDefinitions([withoutHandler])).toThrow("job a.b has no handler");
    expect(() => assertJobDefinitions([job("a.b"), job("a.b")])).toThrow("job a.b is declared twice");
    expect(() => assertJobDefinitions([job("a b")])).toThrow("is not valid");
    expect(() => createJobs({ db: env.db, log: env.ctx.log, definitions: [withoutHandler], pollSeconds: 1 })).toThrow(
      "has no handler",
    );
  });

  it("accepts the server's registry, invoices included, and schedules its cron jobs", async () => {
    expect(() => assertJobDefinitions(JOB_DEFINITIONS)).not.toThrow();
    const names = JOB_DEFINITIONS.map((definition) => definition.name);
    expect(names).toEqual(expect.arrayContaining(["invoices.create-due", "invoices.expire-overdue"]));
    const result = await env.db.execute(
      sql`select name, cron from ${sql.identifier(JOB_SCHEMA)}.schedule order by name`,
    );
    const schedules = (result as unknown as { rows: { name: string; cron: string }[] }).rows;
    expect(schedules).toEqual(
      JOB_DEFINITIONS.filter((definition) => definition.cron)
        .map((definition) => ({ name: definition.name, cron: definition.cron }))
        .sort((a, b) => a.name.localeCompare(b.name)),
    );
  });

  it("refuses to enqueue a job that is not in the registry", async () => {
    await expect(env.ctx.jobs.enqueue(job("not.registered"), {})).rejects.toThrow("not in the registry");
  });
});

describe("enqueue", () => {
  it("writes the job with the transaction it is given: committed with it, rolled back with it", async () => {
    const committed = `test:${fakeTicketId++}`;
    await env.db.transaction(async (tx) => {
      const id = await env.ctx.jobs.enqueue(
        ticketExpiryJob,
        { companyId: 1, ticketId: fakeTicketId },
        { tx, runAt: later(), singletonKey: committed },
      );
      expect(id).toEqual(expect.any(String));
      // Not visible outside the transaction before it commits.
      expect(await jobsFor(committed)).toEqual([]);
    });
    expect(await jobsFor(committed)).toEqual([{ state: "created" }]);

    const rolledBack = `test:${fakeTicketId++}`;
    await expect(
      env.db.transaction(async (tx) => {
        await env.ctx.jobs.enqueue(
          ticketExpiryJob,
          { companyId: 1, ticketId: fakeTicketId },
          { tx, runAt: later(), singletonKey: rolledBack },
        );
        throw new Error("the row that needed the job failed");
      }),
    ).rejects.toThrow("the row that needed the job failed");
    expect(await jobsFor(rolledBack)).toEqual([]);
  });

  it("keeps one waiting job per singleton key on a short-policy queue", async () => {
    const key = `test:${fakeTicketId++}`;
    const payload = { companyId: 1, ticketId: fakeTicketId };
    const first = await env.ctx.jobs.enqueue(ticketExpiryJob, payload, { runAt: later(), singletonKey: key });
    const second = await env.ctx.jobs.enqueue(ticketExpiryJob, payload, { runAt: later(), singletonKey: key });
    expect(first).toEqual(expect.any(String));
    expect(second).toBeNull();
    expect(await jobsFor(key)).toHaveLength(1);
  });

  it("checks the payload against the job's schema", async () => {
    await expect(
      env.ctx.jobs.enqueue(ticketExpiryJob, { companyId: 0, ticketId: -1 }, { runAt: later() }),
    ).rejects.toThrow();
  });
});

describe("enqueue on the embedded database", () => {
  // PGlite is one connection: a lookup pg-boss made on its own connection while a transaction is
  // open would wait for that transaction, which waits for the lookup. Opened here whatever
  // TEST_DATABASE says, so every run checks it.
  it("writes a job inside a transaction right after a fresh start, without waiting forever", async () => {
    const handle = await openDatabase({});
    const probe = defineJob({
      name: "test.pglite-probe",
      payload: z.object({ n: z.number() }),
      handler: async () => {},
    });
    const jobs = createJobs({ db: handle.db, log: env.ctx.log, definitions: [probe], pollSeconds: 1 });
    await jobs.start();
    const hangs = new Promise<"hung">((resolve) => setTimeout(() => resolve("hung"), 5_000).unref());
    const written = handle.db.transaction(async (tx) => jobs.enqueue(probe, { n: 1 }, { tx }));
    const outcome = await Promise.race([written, hangs]);
    // Thrown rather than expect()ed: vitest's failed expect never reports while PGlite is stuck. A
    // hung database cannot be closed either, so the test leaves it behind.
    if (outcome === "hung") throw new Error("the enqueue inside the transaction still waits after 5 s");
    expect(outcome).toEqual(expect.any(String));
    const result = await handle.db.execute(
      sql`select count(*)::int as n from ${sql.identifier(JOB_SCHEMA)}.job where name = ${probe.name}`,
    );
    expect((result as unknown as { rows: { n: number }[] }).rows).toEqual([{ n: 1 }]);
    await jobs.stop();
    await handle.close();
  }, 90_000);
});
