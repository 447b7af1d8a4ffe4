import { readdirSync } from "node:fs";
import type { IncomingMessage } from "node:http";
import { fileURLToPath } from "node:url";
import react from "@vitejs/plugin-react";
import { defineConfig, type Plugin, runnerImport } from "vite";
import type { resources as Resources } from "./src/i18n/resources";

const root = fileURLToPath(new URL(".", import.meta.url));
const backend = process.env.ATENDO_BACKEND ?? "http://localhost:8080";

/** Files of public/ are Vite's to serve (favicon, logos). */
const publicFiles = new Set(readdirSync(new URL("./public", import.meta.url)).map((name) => `/${name}`));

/** Pages the server itself answers even to a browser navigation (its API docs, uploaded media), as in production. */
const SERVER_PAGES = ["/docs", "/public/"];

/** Paths Vite itself answers in development: its client, modules, dependencies and files. */
const VITE_PREFIXES = ["/@", "/src/", "/node_modules/", "/__vite", "/.vite/"];

/**
 * The same rule the production server applies: a browser navigation (GET or HEAD
 * asking for text/html) gets the single-page app, everything else reaches the API.
 * Returning the URL hands the request back to Vite; returning undefined proxies it.
 */
function servedByVite(req: IncomingMessage): string | undefined {
  const url = req.url ?? "/";
  const path = url.split("?")[0] ?? "/";
  if (VITE_PREFIXES.some((prefix) => path.startsWith(prefix))) return url;
  if (SERVER_PAGES.some((prefix) => path.startsWith(prefix))) return undefined;
  if (publicFiles.has(path) || path === "/index.html") return url;
  const isRead = req.method === "GET" || req.method === "HEAD";
  if (isRead && (req.headers.accept ?? "").includes("text/html")) return url;
  return undefined;
}

/** `import("virtual:locale/en")`: one language's merged translations (core + every module). */
const PREFIX = "virtual:locale/";
const RESOURCES = fileURLToPath(new URL("./src/i18n/resources.ts", import.meta.url));

interface Loaded {
  resources: typeof Resources;
  files: string[];
}

/**
 * Serves each language's translations as a module of its own, so the browser
 * downloads only the language it shows (src/i18n/index.ts loads them on demand).
 * The trees are the ones resources.ts merges, which the locales test checks.
 */
export function localeBundles(): Plugin {
  let loaded: Promise<Loaded> | undefined;
  const load = () => {
    loaded ??= runnerImport<{ resources: typeof Resources }>(RESOURCES, { configFile: false, logLevel: "silent" }).then(
      ({ module, dependencies }) => ({ resources: module.resources, files: [RESOURCES, ...dependencies] }),
    );
    return loaded;
  };

  return {
    name: "atendo-locale-bundles",
    resolveId(id) {
      return id.startsWith(PREFIX) ? `\0${id}` : undefined;
    },
    async load(id) {
      if (!id.startsWith(`\0${PREFIX}`)) return undefined;
      const language = id.slice(PREFIX.length + 1);
      const { resources, files } = await load();
      // Editing a translation file in development reloads the language modules.
      for (const file of files) this.addWatchFile(file);
      const tree = (resources as Record<string, object>)[language];
      if (!tree) this.error(`no translations for language "${language}"`);
      // JSON.parse of a string literal parses faster than the same object literal.
      return `export default JSON.parse(${JSON.stringify(JSON.stringify(tree))});`;
    },
    watchChange() {
      loaded = undefined;
    },
  };
}

/** React, the styling engine under MUI, the router, translations, queries and toasts: needed by every screen. */
const FRAMEWORK_MODULES =
  /node_modules[\\/](react|react-dom|scheduler|@emotion|@mui[\\/](system|utils|styled-engine|private-theming)|react-is|hoist-non-react-statics|stylis|clsx|@babel[\\/]runtime|react-router|react-router-dom|i18next|react-i18next|@tanstack|react-toastify|use-sync-external-store)[\\/]/;

export default defineConfig({
  root,
  plugins: [react(), localeBundles()],
  build: {
    outDir: "dist",
    emptyOutDir: true,
    chunkSizeWarningLimit: 700,
    // dist/.vite/manifest.json: which chunks each page needs (bench/bundle.bench.ts reads it).
    manifest: true,
    rolldownOptions: {
      output: {
        codeSplitting: {
          // The libraries every screen runs on, in one chunk. Left to the automatic splitting, they
          // were cut into many small chunks by the sets of lazy pages sharing them, each compressed
          // on its own (login + /tickets 302.0 KB gzip in 36 chunks, 297.5 KB in 21 with this group).
          // MUI's components stay out: one chunk of them all would bring every page's to the first.
          groups: [{ name: "framework", test: FRAMEWORK_MODULES }],
        },
      },
    },
  },
  server: {
    port: 5173,
    strictPort: true,
    proxy: {
      "/socket.io": { target: backend, ws: true, changeOrigin: true },
      "^/.*": { target: backend, changeOrigin: true, bypass: (req) => servedByVite(req) },
    },
  },
  preview: { port: 4173 },
});
