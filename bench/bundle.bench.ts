// The JavaScript a browser downloads to log in and open /tickets, gzip-compressed,
// against issue 4's budget of 300 KB; then every chunk by size. Reads the Vite
// manifest of a production build (`npm run build` first).
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { gzipSync } from "node:zlib";

const BUDGET_KB = 300;
const dist = process.env.WEB_DIST ?? join(import.meta.dirname, "../apps/web/dist");
const manifestPath = join(dist, ".vite/manifest.json");
if (!existsSync(manifestPath)) throw new Error("no build manifest: run `npm run build` first");

interface Chunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}
const manifest = JSON.parse(readFileSync(manifestPath, "utf8")) as Record<string, Chunk>;

const gzipKb = (file: string) => gzipSync(readFileSync(join(dist, file)), { level: 9 }).length / 1024;
const round = (kb: number) => Number(kb.toFixed(1));

/** A chunk and everything it imports statically: what loading it downloads. */
function closure(keys: string[], seen = new Set<string>()): Set<string> {
  for (const key of keys) {
    if (seen.has(key)) continue;
    const chunk = manifest[key];
    if (!chunk) throw new Error(`${key} is not in the manifest`);
    seen.add(key);
    closure(chunk.imports ?? [], seen);
  }
  return seen;
}

const entry = Object.keys(manifest).find((key) => manifest[key]!.isEntry);
if (!entry) throw new Error("no entry chunk in the manifest");
const page = (name: string) => {
  const key = Object.keys(manifest).find((candidate) => candidate.endsWith(name));
  // A page imported statically is part of the entry's closure already.
  return key ?? entry;
};

const journey = closure([entry, page("modules/auth/LoginPage.tsx"), page("modules/tickets/TicketsPage.tsx")]);
const journeyKb = [...journey].reduce((sum, key) => sum + gzipKb(manifest[key]!.file), 0);
console.log(
  JSON.stringify({
    bench: "bundle",
    route: "login + /tickets",
    chunks: journey.size,
    gzipKb: round(journeyKb),
    budgetKb: BUDGET_KB,
    withinBudget: journeyKb <= BUDGET_KB,
  }),
);

const files = new Map<string, string>();
for (const [key, chunk] of Object.entries(manifest)) if (chunk.file.endsWith(".js")) files.set(chunk.file, key);
const sizes = [...files].map(([file, key]) => ({ chunk: key, gzipKb: round(gzipKb(file)) }));
sizes.sort((a, b) => b.gzipKb - a.gzipKb);
for (const size of sizes.slice(0, 15)) console.log(JSON.stringify({ bench: "bundle-chunk", ...size }));
console.log(
  JSON.stringify({
    bench: "bundle-total",
    chunks: sizes.length,
    gzipKb: round(sizes.reduce((sum, size) => sum + size.gzipKb, 0)),
  }),
);
