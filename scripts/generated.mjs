#!/usr/bin/env node
// The files generated from the code and committed beside it:
// - the migrations in apps/server/drizzle, by drizzle-kit from apps/server/src/db/schema;
// - the OpenAPI document docs/openapi.json, from the routes' zod schemas (apps/server/scripts/openapi.ts).
//
// `npm run generate` (no argument) regenerates both in place.
// `node scripts/generated.mjs --check` (a step of `npm test`) regenerates both into a temporary
// folder, leaving the repository alone, and fails when either differs from what is committed:
// a schema change without its migration, or routes whose document was not regenerated.
import { spawn } from "node:child_process";
import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, relative } from "node:path";

const root = new URL("..", import.meta.url).pathname;
const server = join(root, "apps/server");
const migrations = join(server, "drizzle");
const openapiFile = join(root, "docs/openapi.json");
const bin = (name) => join(root, "node_modules/.bin", name);
/** drizzle-kit's answer when the schema matches the last migration's snapshot. */
const NO_CHANGES = "No schema changes, nothing to migrate";

function exec(command, args, options = {}) {
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd: root, stdio: options.inherit ? "inherit" : "pipe", ...options });
    let output = "";
    child.stdout?.on("data", (chunk) => (output += chunk));
    child.stderr?.on("data", (chunk) => (output += chunk));
    child.on("close", (code) => resolve({ code, output }));
  });
}

function filesUnder(dir) {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => relative(dir, join(entry.parentPath, entry.name)))
    .sort();
}

function indent(text, lines = 40) {
  const all = text.trimEnd().split("\n");
  const shown = all.slice(0, lines).map((line) => `    ${line}`);
  if (all.length > lines) shown.push(`    ... (${all.length - lines} more lines)`);
  return shown.join("\n");
}

/** drizzle-kit generate against a copy of the migrations: anything it writes or asks is a missing migration. */
async function checkMigrations(scratch) {
  const copy = join(scratch, "drizzle");
  cpSync(migrations, copy, { recursive: true });
  const config = join(scratch, "drizzle.config.ts");
  // drizzle-kit refuses --out beside --config, and reads `out` relative to the working directory.
  writeFileSync(
    config,
    `import base from ${JSON.stringify(join(server, "drizzle.config.ts"))};\n` +
      `export default { ...base, out: ${JSON.stringify(relative(server, copy))} };\n`,
  );
  // No terminal: a question (was this column renamed?) fails instead of waiting for an answer.
  const { output } = await exec(bin("drizzle-kit"), ["generate", "--config", config], {
    cwd: server,
    stdio: ["ignore", "pipe", "pipe"],
  });
  const before = filesUnder(migrations);
  const written = filesUnder(copy).filter(
    (file) => !before.includes(file) || !readFileSync(join(copy, file)).equals(readFileSync(join(migrations, file))),
  );
  if (output.includes(NO_CHANGES) && written.length === 0) {
    console.log("✓ apps/server/drizzle: the migrations hold every schema change");
    return true;
  }
  console.error("✗ apps/server/drizzle: the schema in apps/server/src/db/schema has changes no migration holds.");
  const sql = written.filter((file) => file.endsWith(".sql"));
  if (sql.length) {
    for (const file of sql)
      console.error(`  drizzle-kit would write ${file}:\n${indent(readFileSync(join(copy, file), "utf8"))}`);
  } else {
    // It exits 0 even when it could not decide (a rename needs an answer): show what it said.
    console.error(`  drizzle-kit generate said:\n${indent(output, 12)}`);
    if (output.includes("TTY")) console.error("  It asks whether something was renamed: answer it in a terminal.");
  }
  return false;
}

/** The document regenerated next to the committed one, compared byte for byte. */
async function checkOpenapi(scratch) {
  const fresh = join(scratch, "openapi.json");
  const generated = await exec(bin("tsx"), ["apps/server/scripts/openapi.ts", fresh]);
  if (generated.code !== 0) {
    console.error(`✗ docs/openapi.json: the document could not be generated:\n${indent(generated.output)}`);
    return false;
  }
  if (!existsSync(openapiFile)) {
    console.error("✗ docs/openapi.json is missing.");
    return false;
  }
  if (readFileSync(fresh).equals(readFileSync(openapiFile))) {
    console.log("✓ docs/openapi.json: matches the routes' schemas");
    return true;
  }
  const diff = await exec("git", ["diff", "--no-index", "--no-color", "-U2", openapiFile, fresh]);
  const body = diff.output.split("\n").slice(4).join("\n"); // the header names the temporary file
  console.error(`✗ docs/openapi.json differs from the routes' schemas (- committed, + generated):\n${indent(body)}`);
  return false;
}

async function check() {
  const scratch = mkdtempSync(join(tmpdir(), "atendo-generated-"));
  try {
    const results = await Promise.all([checkMigrations(scratch), checkOpenapi(scratch)]);
    if (results.every(Boolean)) return true;
    console.error("\nGenerated files are out of date: run `npm run generate` and commit the result.");
    return false;
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}

async function generate() {
  // In a terminal: drizzle-kit may ask whether a column or table was renamed.
  const kit = await exec(bin("drizzle-kit"), ["generate"], { cwd: server, inherit: true });
  if (kit.code !== 0) return false;
  const openapi = await exec(bin("tsx"), ["apps/server/scripts/openapi.ts", openapiFile], { inherit: true });
  if (openapi.code !== 0) return false;
  console.log(`OpenAPI document written to ${relative(root, openapiFile)}`);
  return true;
}

const ok = process.argv.includes("--check") ? await check() : await generate();
process.exit(ok ? 0 : 1);
