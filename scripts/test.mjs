#!/usr/bin/env node
// `npm test`: lint, the server's module graph (no import cycle between folders) and
// type-check, the generated files against the code (migrations, OpenAPI document), every
// unit and integration suite (Vitest, on the real PostgreSQL when one answers, embedded
// PGlite otherwise), then a production build and the browser tests (Playwright in
// Debian's Chromium against the real server).
import { spawn, spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createInterface } from "node:readline";
import pg from "pg";

const root = new URL("..", import.meta.url).pathname;
const reports = mkdtempSync(join(tmpdir(), "atendo-test-"));
const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

function run(label, command, args, env = {}) {
  console.log(`\n▶ ${label}`);
  const result = spawnSync(command, args, { cwd: root, stdio: "inherit", env: { ...process.env, ...env } });
  return result.status === 0;
}

async function findPostgres() {
  if (process.env.DATABASE_URL) return process.env.DATABASE_URL;
  for (const url of ["postgres://postgres@127.0.0.1:5432/postgres", "postgres://root@127.0.0.1:5432/postgres"]) {
    const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 1500 });
    try {
      await client.connect();
      await client.end();
      return url;
    } catch {
      await client.end().catch(() => {});
    }
  }
  return undefined;
}

function ensureChromium() {
  if (existsSync(CHROMIUM)) return true;
  const isRoot = typeof process.getuid === "function" && process.getuid() === 0;
  const hasApt = spawnSync("sh", ["-c", "command -v apt-get"]).status === 0;
  if (isRoot && hasApt) {
    console.log(
      "\nChromium is missing: installing Debian's chromium package (apt-get install chromium) for the browser tests.",
    );
    spawnSync("apt-get", ["update", "-qq"], { stdio: "inherit" });
    const install = spawnSync("apt-get", ["install", "-y", "-qq", "chromium"], {
      stdio: "inherit",
      env: { ...process.env, DEBIAN_FRONTEND: "noninteractive" },
    });
    if (install.status === 0 && existsSync(CHROMIUM)) return true;
  }
  console.error(
    `\nThe browser tests need Chromium at ${CHROMIUM}. Install it with:\n  sudo apt-get install chromium\n` +
      "or point CHROMIUM_PATH at a Chromium binary.",
  );
  return false;
}

function vitestCounts() {
  try {
    const report = JSON.parse(readFileSync(join(reports, "vitest.json"), "utf8"));
    return { passed: report.numPassedTests, failed: report.numFailedTests, skipped: report.numPendingTests ?? 0 };
  } catch {
    return { passed: 0, failed: 1, skipped: 0 };
  }
}

function playwrightCounts(file) {
  try {
    const report = JSON.parse(readFileSync(file, "utf8"));
    return {
      passed: report.stats.expected,
      failed: report.stats.unexpected + report.stats.flaky,
      skipped: report.stats.skipped,
    };
  } catch {
    return { passed: 0, failed: 1, skipped: 0 };
  }
}

/**
 * The browser tests run as two Playwright shards side by side, each with its own server, port range and
 * database: the specs spend most of their time waiting on the server and the browser, so two shards on
 * two cores take a little over half the time of one.
 */
const E2E_SHARDS = [
  { index: 1, total: 2, port: 18080 },
  { index: 2, total: 2, port: 18090 },
];

async function createDatabase(postgres, name) {
  const admin = new pg.Client({ connectionString: postgres });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${name}`);
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(postgres);
  url.pathname = `/${name}`;
  return url.toString();
}

async function dropDatabase(postgres, name) {
  const client = new pg.Client({ connectionString: postgres });
  await client.connect();
  await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await client.end();
}

/** Runs one shard, its output prefixed with the shard's label so the two can be told apart. */
async function runBrowserShard({ index, total, port }, postgres) {
  const label = `e2e ${index}/${total}`;
  const report = join(reports, `playwright-${index}.json`);
  const env = {
    ...process.env,
    PLAYWRIGHT_JSON_OUTPUT_NAME: report,
    CHROMIUM_PATH: CHROMIUM,
    E2E_PORT: String(port),
  };
  const database = `atendo_e2e_${process.pid}_${index}`;
  if (postgres) env.E2E_DATABASE_URL = await createDatabase(postgres, database);
  else env.E2E_DATA_DIR = mkdtempSync(join(tmpdir(), "atendo-e2e-data-"));
  console.log(`\n▶ browser tests (Playwright, Chromium), shard ${index} of ${total}`);
  const child = spawn(
    "npx",
    ["playwright", "test", "-c", "e2e", `--shard=${index}/${total}`, "--output", join(reports, `results-${index}`)],
    { cwd: root, env, stdio: ["ignore", "pipe", "pipe"] },
  );
  for (const stream of [child.stdout, child.stderr]) {
    createInterface({ input: stream }).on("line", (line) => console.log(`[${label}] ${line}`));
  }
  const code = await new Promise((resolve) => child.on("close", resolve));
  const counts = playwrightCounts(report);
  if (postgres) await dropDatabase(postgres, database);
  if (env.E2E_DATA_DIR) rmSync(env.E2E_DATA_DIR, { recursive: true, force: true });
  return { ok: code === 0, counts };
}

const started = Date.now();
let ok = run("lint and format check (Biome)", "npx", ["biome", "check", "."]);
ok = run("module graph has no cycles (dependency-cruiser)", "npm", ["run", "--silent", "check:cycles"]) && ok;
ok = run("type-check (TypeScript, strict)", "npm", ["run", "--silent", "typecheck"]) && ok;
ok = run("generated files are up to date (migrations, OpenAPI)", "node", ["scripts/generated.mjs", "--check"]) && ok;

const postgres = await findPostgres();
ok =
  run("unit and integration tests (Vitest)", "npx", [
    "vitest",
    "run",
    "--reporter=default",
    "--reporter=json",
    `--outputFile.json=${join(reports, "vitest.json")}`,
  ]) && ok;
const unit = vitestCounts();

let browser = { passed: 0, failed: 0, skipped: 0 };
if (!ensureChromium()) {
  browser.failed = 1;
  ok = false;
} else if (!run("production build", "npm", ["run", "--silent", "build"])) {
  browser.failed = 1;
  ok = false;
} else {
  const results = await Promise.all(E2E_SHARDS.map((shard) => runBrowserShard(shard, postgres)));
  ok = results.every((result) => result.ok) && ok;
  browser = results.reduce(
    (sum, { counts }) => ({
      passed: sum.passed + counts.passed,
      failed: sum.failed + counts.failed,
      skipped: sum.skipped + counts.skipped,
    }),
    browser,
  );
}

rmSync(reports, { recursive: true, force: true });
const passed = unit.passed + browser.passed;
const failed = unit.failed + browser.failed;
const skipped = unit.skipped + browser.skipped;
const seconds = Math.round((Date.now() - started) / 1000);
console.log(
  `\nVitest: ${unit.passed} passed, ${unit.failed} failed; Playwright: ${browser.passed} passed, ${browser.failed} failed; ${seconds}s`,
);
console.log(`${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ""}`);
process.exit(ok && failed === 0 ? 0 : 1);
