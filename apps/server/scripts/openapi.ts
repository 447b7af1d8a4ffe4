// Writes the OpenAPI document the server answers at /docs/json to the file given as the
// first argument, pretty-printed with its keys sorted so that only real changes show up.
// `npm run generate` writes docs/openapi.json with it; `npm test` fails when a fresh one
// differs from that file (scripts/generated.mjs).
//
// The app is built as the tests build it (SIMULATOR on, so the simulator's network API is
// documented too) and never listens. Its database is a scratch one on the PostgreSQL the
// tests use (seconds faster than starting PGlite), or an in-memory PGlite when none answers.
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import pg from "pg";
import { loadConfig } from "../src/config.js";
import { type DatabaseHandle, openDatabase } from "../src/db/client.js";
import { buildApp } from "../src/http/app.js";
import { findTestDatabaseUrl, withDatabase } from "../test/database-url.js";

const out = process.argv[2];
if (!out) {
  console.error("usage: tsx apps/server/scripts/openapi.ts <output.json>");
  process.exit(2);
}

const dataDir = mkdtempSync(join(tmpdir(), "atendo-openapi-"));
const scratch = await scratchDatabase();
try {
  // Sessions and job workers start on ready and read their tables.
  await scratch.database.migrate();
  const config = loadConfig({
    NODE_ENV: "test",
    LOG_LEVEL: "silent",
    SEED: "off",
    SIMULATOR: "on",
    BAILEYS: "off",
    DATA_DIR: dataDir,
  });
  const { app } = await buildApp({ config, db: scratch.database.db, logger: false });
  await app.ready();
  const document = sortKeys(app.swagger());
  await app.close();
  writeFileSync(out, `${JSON.stringify(document, null, 2)}\n`);
} finally {
  await scratch.drop();
  rmSync(dataDir, { recursive: true, force: true });
}

async function scratchDatabase(): Promise<{ database: DatabaseHandle; drop(): Promise<void> }> {
  const server = await findTestDatabaseUrl();
  if (!server) {
    const database = await openDatabase({});
    return { database, drop: () => database.close() };
  }
  const name = `atendo_openapi_${process.pid}`;
  const admin = new pg.Client({ connectionString: server });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${name}`);
  await admin.query(`CREATE DATABASE ${name}`);
  const database = await openDatabase({ url: withDatabase(server, name) });
  return {
    database,
    async drop() {
      await database.close();
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
    },
  };
}

/** Object keys in code-point order at every depth; arrays keep their order, which carries meaning. */
function sortKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortKeys);
  if (value === null || typeof value !== "object") return value;
  const entries = Object.entries(value).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return Object.fromEntries(entries.map(([key, inner]) => [key, sortKeys(inner)]));
}
