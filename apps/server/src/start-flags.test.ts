import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";

/** The node flags of the root `start` script (`npm start`), as the campaigns bench reads them. */
function startFlags(): string[] {
  const pkg = JSON.parse(readFileSync(new URL("../../../package.json", import.meta.url), "utf8")) as {
    scripts: { start: string };
  };
  const flags = /\bnode\s+(.*?)\s*apps\/server\/dist\/main\.js/.exec(pkg.scripts.start);
  if (!flags) throw new Error("the start script no longer runs node apps/server/dist/main.js");
  return (flags[1] ?? "").split(" ").filter(Boolean);
}

describe("npm start's node flags", () => {
  it("cap V8's heap below the product's 400 MB memory target (docs/decisions.md: heap cap)", () => {
    const limit = Number(
      execFileSync(process.execPath, [
        ...startFlags(),
        "-e",
        "process.stdout.write(String(require('node:v8').getHeapStatistics().heap_size_limit))",
      ]).toString(),
    );
    const mb = limit / 1024 / 1024;
    // 256 MB of old generation plus the young generation: V8 collects before the heap passes it.
    expect(mb).toBeGreaterThan(256);
    expect(mb).toBeLessThan(400);
  });
});
