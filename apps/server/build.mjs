// Bundles the server into dist/main.js. The shared contract is compiled in;
// every npm dependency stays external and is loaded from node_modules.
import { readFileSync } from "node:fs";
import { build } from "esbuild";

const pkg = JSON.parse(readFileSync(new URL("./package.json", import.meta.url), "utf8"));
const external = Object.keys(pkg.dependencies).filter((name) => name !== "@atendo/shared");

await build({
  entryPoints: ["src/main.ts"],
  // SERVER_OUT lets parallel work build to its own file.
  outfile: process.env.SERVER_OUT ?? "dist/main.js",
  bundle: true,
  platform: "node",
  target: "node20",
  format: "esm",
  sourcemap: true,
  external: [...external, ...external.map((name) => `${name}/*`)],
  logLevel: "warning",
});
console.log(`server built: ${process.env.SERVER_OUT ?? "apps/server/dist/main.js"}`);
