import { existsSync, mkdirSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { PGlite } from "@electric-sql/pglite";
import { btree_gin } from "@electric-sql/pglite/contrib/btree_gin";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import pg from "pg";
import { initDataDirInChild, limitWasmCompilation } from "./embedded.js";
import { PreparingClient } from "./prepared-client.js";
import * as schema from "./schema/index.js";

export type Schema = typeof schema;
/** One type for both drivers: services never know which one runs. */
export type Database = PgDatabase<PgQueryResultHKT, Schema>;
export type Tx = Parameters<Parameters<Database["transaction"]>[0]>[0];
/** A function that accepts the database or an open transaction. */
export type Executor = Database | Tx;

export interface DatabaseHandle {
  db: Database;
  kind: "postgres" | "pglite";
  migrate(): Promise<void>;
  close(): Promise<void>;
}

/** The committed migrations, found from the source tree and from the bundle alike. */
export function migrationsFolder(): string {
  let dir = dirname(fileURLToPath(import.meta.url));
  for (let i = 0; i < 5; i++) {
    const candidate = join(dir, "drizzle");
    if (existsSync(join(candidate, "meta", "_journal.json"))) return candidate;
    dir = dirname(dir);
  }
  throw new Error("drizzle migrations folder not found");
}

const casing = "snake_case" as const;

/**
 * The embedded database's settings (PGlite writes them to its postgresql.conf on each start). Its
 * Postgres runs inside this process and allocates its shared buffers up front, so PostgreSQL's default
 * 128 MB would all be this process's memory; the files stay in the operating system's cache either
 * way. PostgreSQL touches all of them at start: each MB here is a MB of RSS (16 MB: 18 MB less). Measured
 * 2026-11-24 with 32 MB: PGlite alone opens the demo's data directory at ~190-210 MB of RSS, of which
 * its WebAssembly memory, reserved at the module's minimum of 128 MB, has ~50 MB touched; embedded.ts
 * says what the rest of the quick start's was and how it was lowered.
 */
const PGLITE_CONF = ["shared_buffers = 32MB"];

export async function openDatabase(options: {
  url?: string;
  dataDir?: string;
  onIdleError?: (error: Error) => void;
}): Promise<DatabaseHandle> {
  if (options.url) {
    const pool = new pg.Pool({ connectionString: options.url, max: 20, Client: PreparingClient });
    // An idle connection dropped by the server (restart, admin command) must not crash the process;
    // the pool replaces it on the next query.
    pool.on("error", (error) => options.onIdleError?.(error));
    const db = drizzlePg(pool, { schema, casing }) as unknown as Database;
    return {
      db,
      kind: "postgres",
      migrate: () => migratePg(drizzlePg(pool, { casing }), { migrationsFolder: migrationsFolder() }),
      close: () => pool.end(),
    };
  }
  limitWasmCompilation();
  let dataPath: string | undefined;
  if (options.dataDir) {
    dataPath = resolve(options.dataDir, "pglite");
    mkdirSync(dataPath, { recursive: true });
    await initDataDirInChild(dataPath);
  }
  const client = await PGlite.create(dataPath, { extensions: { pg_trgm, btree_gin }, postgresqlconf: PGLITE_CONF });
  const db = drizzlePglite(client, { schema, casing }) as unknown as Database;
  return {
    db,
    kind: "pglite",
    migrate: () => migratePglite(drizzlePglite(client, { casing }), { migrationsFolder: migrationsFolder() }),
    close: () => client.close(),
  };
}
