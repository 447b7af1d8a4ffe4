import pg from "pg";

/**
 * Where tests find PostgreSQL: DATABASE_URL when set, else the machine's server
 * on 127.0.0.1:5432 when one answers; undefined means embedded PGlite.
 */
export async function findTestDatabaseUrl(): Promise<string | undefined> {
  // TEST_DATABASE=pglite runs the suites as a machine without PostgreSQL would.
  if (process.env.TEST_DATABASE === "pglite") return undefined;
  if (process.env.DATABASE_URL) return process.env.DATABASE_URL;
  for (const candidate of ["postgres://postgres@127.0.0.1:5432/postgres", "postgres://root@127.0.0.1:5432/postgres"]) {
    const client = new pg.Client({ connectionString: candidate, connectionTimeoutMillis: 1500 });
    try {
      await client.connect();
      await client.end();
      return candidate;
    } catch {
      await client.end().catch(() => undefined);
    }
  }
  return undefined;
}

/** The same server, another database. */
export function withDatabase(url: string, database: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
}
