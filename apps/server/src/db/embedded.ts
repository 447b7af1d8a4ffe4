import { execFile } from "node:child_process";
import { existsSync } from "node:fs";
import { createRequire } from "node:module";
import { join } from "node:path";
import { promisify } from "node:util";
import { setFlagsFromString } from "node:v8";

/*
 * The embedded database (PGlite) runs PostgreSQL compiled to WebAssembly inside this process, so
 * what it costs beyond its own memory lands in the server's RSS. Two costs came from how it starts,
 * not from what it holds. Measured 2026-11-24, the quick start idle and after 50 ticket lists: the
 * first start at ~365-450 MB and the next ones at ~280-325 MB before the two steps below, ~280-330
 * and ~260-300 MB after (PostgreSQL mode: ~140-150 MB, untouched).
 */

const execFileAsync = promisify(execFile);

/**
 * V8 recompiles PGlite's hot functions with its optimizing compiler on several background threads
 * at once; what a compilation of PostgreSQL's big functions allocates stays in that thread's
 * malloc arena after it ends (~50-100 MB). One compilation at a time keeps ~20-40 MB of that off the
 * RSS. The optimized code arrives later, and runs as fast. V8 reads the flag when it schedules a
 * compilation, so setting it before PGlite compiles its module is enough; it only touches
 * WebAssembly, of which the PostgreSQL mode runs next to none.
 */
export function limitWasmCompilation(): void {
  setFlagsFromString("--wasm-num-compilation-tasks=1");
}

/** Opens a fresh data directory with PGlite's defaults, then closes it: all initdb does. */
const INITDB_SCRIPT = "require(process.argv[1]).PGlite.create(process.argv[2]).then((db) => db.close());";

/**
 * Creates the data directory in a short-lived child process when it holds no database yet.
 * PGlite's first start runs initdb through a second PGlite instance in the same process: that took a
 * bare process to ~700 MB of RSS, and it leaves ~50-65 MB of freed memory that the allocator keeps for
 * good. A child gives all of it back when it exits; the server then opens the directory as on any
 * later start.
 */
export async function initDataDirInChild(dataPath: string): Promise<void> {
  // PGlite's own test for an existing database.
  if (existsSync(join(dataPath, "PG_VERSION"))) return;
  const pglite = createRequire(import.meta.url).resolve("@electric-sql/pglite");
  try {
    await execFileAsync(process.execPath, ["-e", INITDB_SCRIPT, pglite, dataPath]);
  } catch (error) {
    const stderr = (error as { stderr?: string }).stderr?.trim();
    throw new Error(`the embedded database could not be created in ${dataPath}${stderr ? `: ${stderr}` : ""}`, {
      cause: error,
    });
  }
}
