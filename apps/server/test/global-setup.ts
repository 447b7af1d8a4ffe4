import pg from "pg";
import type { TestProject } from "vitest/node";
import { openDatabase } from "../src/db/client.js";
import { findTestDatabaseUrl, withDatabase } from "./database-url.js";

declare module "vitest" {
  export interface ProvidedContext {
    /** Server URL and a migrated template database, or null to use PGlite per file. */
    testDatabase: { url: string; template: string } | null;
  }
}

/** Migrates one template database; each test file copies it (CREATE DATABASE ... TEMPLATE). */
export default async function setup(project: TestProject) {
  const url = await findTestDatabaseUrl();
  if (!url) {
    console.log("[tests] no PostgreSQL answered: using embedded PGlite");
    project.provide("testDatabase", null);
    return;
  }
  const template = `atendo_tpl_${process.pid}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${template}`);
  await admin.query(`CREATE DATABASE ${template}`);
  const database = await openDatabase({ url: withDatabase(url, template) });
  await database.migrate();
  await database.close();
  project.provide("testDatabase", { url, template });
  console.log(`[tests] PostgreSQL at ${new URL(url).host}, template ${template}`);

  return async () => {
    // Drop this run's databases, including files that crashed before their own cleanup.
    const { rows } = await admin.query<{ datname: string }>(
      "SELECT datname FROM pg_database WHERE datname = $1 OR datname LIKE $2",
      [template, `atendo_t_${process.pid}_%`],
    );
    for (const row of rows) await admin.query(`DROP DATABASE IF EXISTS ${row.datname} WITH (FORCE)`);
    await admin.end();
  };
}
