import { readFileSync } from "node:fs";

/**
 * The node flags of the root package.json's `start` script (`... node <flags> apps/server/dist/main.js`),
 * so a bench measures the server as `npm start` runs it (the heap cap among them).
 */
export function startScriptFlags(): string[] {
  const pkg = JSON.parse(readFileSync(new URL("../package.json", import.meta.url), "utf8")) as {
    scripts: { start: string };
  };
  const flags = /\bnode\s+(.*?)\s*apps\/server\/dist\/main\.js/.exec(pkg.scripts.start);
  if (!flags) throw new Error("the root start script no longer runs node apps/server/dist/main.js");
  return (flags[1] ?? "").split(" ").filter(Boolean);
}

/** A bench's node flags for the server: its own variable when set ("" for none), else the start script's. */
export function serverNodeArgs(variable: string | undefined): string[] {
  return variable === undefined ? startScriptFlags() : variable.split(" ").filter(Boolean);
}
