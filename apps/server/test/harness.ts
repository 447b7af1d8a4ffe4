import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import pg from "pg";
import { afterAll, inject } from "vitest";
import { type Config, loadConfig } from "../src/config.js";
import { type DatabaseHandle, openDatabase } from "../src/db/client.js";
import { buildApp } from "../src/http/app.js";
import type { Mail, Mailer } from "../src/mail/mailer.js";
import { withDatabase } from "./database-url.js";

export interface TestEnv {
  app: Awaited<ReturnType<typeof buildApp>>["app"];
  ctx: Awaited<ReturnType<typeof buildApp>>["ctx"];
  db: DatabaseHandle["db"];
  /** The test database's URL on a PostgreSQL server (undefined on PGlite). */
  databaseUrl?: string;
  /** Mails the app sent, when no real mailer was given. */
  mails: Mail[];
  /** Closes the app and builds a new one on the same database (a server restart); app and ctx are replaced. */
  restartApp(): Promise<void>;
  close(): Promise<void>;
}

/** A new PostgreSQL database copied from the migrated template: its URL, and how to drop it. */
export async function copyTemplateDatabase(
  target: { url: string; template: string },
  tag = "",
): Promise<{ url: string; drop(): Promise<void> }> {
  // The parent pid ties the database to this run (see global-setup's cleanup).
  const name = `atendo_t_${process.ppid}_${tag}${randomBytes(4).toString("hex")}`;
  const admin = new pg.Client({ connectionString: target.url });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name} TEMPLATE ${target.template}`);
  await admin.end();
  return {
    url: withDatabase(target.url, name),
    async drop() {
      const client = new pg.Client({ connectionString: target.url });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await client.end();
    },
  };
}

/** A fresh database for one test file, copied from the migrated template (or an in-memory PGlite). */
async function freshDatabase(): Promise<{ handle: DatabaseHandle; url?: string; drop(): Promise<void> }> {
  const target = inject("testDatabase");
  if (!target) {
    const handle = await openDatabase({});
    await handle.migrate();
    return { handle, drop: async () => undefined };
  }
  const { url, drop } = await copyTemplateDatabase(target);
  return { handle: await openDatabase({ url }), url, drop };
}

/**
 * Data directories the harness made: a test environment removes its own when it closes, and the
 * ones made for a test's other apps (`testConfig()` called directly) are removed once the file is done.
 */
const madeDataDirs = new Set<string>();

function removeDataDir(dir: string): void {
  if (madeDataDirs.delete(dir)) rmSync(dir, { recursive: true, force: true });
}

// Registered as this module loads, while its test file is collected: the file's own hooks come
// after it, so it runs after them (hooks run as a stack), once the apps that used these directories are closed.
afterAll(() => {
  for (const dir of madeDataDirs) removeDataDir(dir);
});

function newDataDir(): string {
  const dir = mkdtempSync(join(tmpdir(), "atendo-test-data-"));
  madeDataDirs.add(dir);
  return dir;
}

export function testConfig(overrides: Record<string, string> = {}): Config {
  return loadConfig({
    NODE_ENV: "test",
    LOG_LEVEL: "silent",
    SEED: "off",
    SIMULATOR: "on",
    BAILEYS: "off",
    // A caller's own directory is used as given: no empty one made beside it.
    DATA_DIR: overrides.DATA_DIR ?? newDataDir(),
    LOGIN_RATE_LIMIT: "1000",
    LOGIN_IP_RATE_LIMIT: "100000",
    ...overrides,
  });
}

export async function createTestEnv(
  options: {
    config?: Record<string, string>;
    mailer?: Mailer;
    listen?: boolean;
    /** Fastify's logger options (a stream to capture the log lines); silent when left out. */
    logger?: object;
  } = {},
): Promise<TestEnv> {
  const { handle, url, drop } = await freshDatabase();
  const mails: Mail[] = [];
  const mailer: Mailer = options.mailer ?? { send: async (mail) => void mails.push(mail) };
  const config = testConfig(options.config);
  const start = async () => {
    const built = await buildApp({ config, db: handle.db, mailer, logger: options.logger ?? false });
    if (options.listen) await built.app.listen({ port: 0, host: "127.0.0.1" });
    else await built.app.ready();
    return built;
  };
  const { app, ctx } = await start();
  const env: TestEnv = {
    app,
    ctx,
    db: handle.db,
    databaseUrl: url,
    mails,
    async restartApp() {
      await env.app.close();
      Object.assign(env, await start());
    },
    async close() {
      await env.app.close();
      await handle.close();
      await drop();
      // Last, once the app (its media and jobs) can no longer write there; a caller's own directory stays.
      removeDataDir(config.DATA_DIR);
    },
  };
  return env;
}
